//! The search loop: Knuth's Algorithm X over the links, iterative, resumable, with
//! hooks. `next`, `count` and `enumerate` (no hooks), `split` (a leaf at a depth)
//! and `maximize` (a bound at every level, a value per row, a test per solution)
//! all run this one loop, so they choose, cover and count exactly alike.
//!
//! The state between calls is the header's phase and level and the level stack:
//! `stack[l]` is the node of level `l`'s current row (or its column header once the
//! column's rows are all tried). The loop counts nodes and updates as DLX1 does: a
//! node per column chosen and per solution, an update per column unlinked and per
//! node hidden.

use super::{at, choose_first, choose_random, cover, cover_rest, fuel_for, fuel_used};
use super::{uncover, uncover_rest, Links, Rows, View, DOWN, ROOT, SHORT, SPACERS, THREE};
use crate::core::header::{Header, Phase};
use crate::rng;

/// What [`Hooks::enter`] decides for a level about to choose its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::core) enum Enter {
    /// Choose a column and branch on it.
    Go,
    /// Cut this node off (the bound says nothing better lies below) and go on.
    Prune,
    /// Do not branch here: stop the loop and report the node ([`Stop::Leaf`]).
    Leaf,
}

/// Where one run of the loop stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::core) enum Stop {
    /// A solution of that many search rows (`stack[..n]`), accepted by
    /// [`Hooks::solution`]; the search resumes after it.
    Solution(u32),
    /// A node with that many search rows that [`Hooks::enter`] made a leaf.
    Leaf(u32),
    /// The tree is finished.
    Exhausted,
    /// The update budget ran out; the next run resumes exactly here.
    BudgetSpent,
}

/// What a search adds to the plain loop. Every method has a default that adds
/// nothing, and the loop is generic over the hooks, so the plain path compiles to
/// the loop alone.
pub(in crate::core) trait Hooks {
    /// Levels `0..level` are chosen and `level` is about to choose its column (the
    /// bound check). Called again for the same node after a budget stop there.
    #[inline(always)]
    fn enter(&mut self, _links: View<'_>, _level: u32) -> Enter {
        Enter::Go
    }

    /// The row of node `x` was just chosen at `level` (levels `0..=level` chosen).
    #[inline(always)]
    fn chose(&mut self, _links: View<'_>, _level: u32, _x: u32) {}

    /// A solution of `depth` search rows, the `solutions`-th of the search (it is
    /// counted in the figures): true stops the loop with [`Stop::Solution`], false
    /// goes on past it.
    #[inline(always)]
    fn solution(&mut self, _depth: u32, _solutions: u64) -> bool {
        true
    }
}

/// No hooks: stop at every solution (`next`).
pub(in crate::core) struct Plain;

impl Hooks for Plain {}

/// Go on past solutions until the `n`-th of the search (`count`; `u64::MAX` for all).
pub(in crate::core) struct Until(pub(in crate::core) u64);

impl Hooks for Until {
    #[inline(always)]
    fn solution(&mut self, _depth: u32, solutions: u64) -> bool {
        solutions >= self.0
    }
}

/// How the loop reaches the links.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::core) enum Access {
    /// Every link access bounds-checked and every walk fuelled: safe for any block
    /// contents.
    Checked,
    /// Without bounds checks and fuel, for a block that [`Solver::validate`] has
    /// just accepted: such a block is exactly a state the search can reach, and the
    /// search keeps it one (see `links::trusted`). Nothing may have changed the
    /// block since the validation.
    ///
    /// The rows' shape is the one the validation found.
    ///
    /// [`Solver::validate`]: crate::core::Solver::validate
    Validated(Rows),
}

/// Steps back without an update since the update figure was `mark`, weighed by the
/// link steps of their uncovers (uncovers spend no update), kept across the runs of
/// one call so that a stream of solutions that spends no update (a damaged block can
/// report one row as a solution for ever) is counted too. A sound block takes fewer
/// than three node counts of them in a row: each undoes what earlier covers did, each
/// node and row at most once, with a step per row and column.
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::core) struct Idle {
    steps: u64,
    mark: u64,
}

impl Idle {
    /// The weighted steps back without an update past which a checked run on a
    /// block of `nodes` nodes stops (four node counts; a sound block takes fewer
    /// than three). A trusted run (`T`) has a sound block and counts none.
    #[inline(always)]
    pub(in crate::core) fn limit<const T: bool>(nodes: usize) -> u64 {
        if T {
            u64::MAX
        } else {
            4 * nodes as u64
        }
    }

    /// Counts a step back that took `steps` link steps, at the update figure
    /// `updates`: one more without an update, or the first since one.
    #[inline(always)]
    pub(in crate::core) fn step(&mut self, updates: u64, steps: u64) {
        if updates == self.mark {
            self.steps += 1 + steps;
        } else {
            *self = Idle {
                steps: 0,
                mark: updates,
            };
        }
    }

    /// Adds the link steps of an uncover (which spends no update) when no update
    /// came since the last step back.
    #[inline(always)]
    pub(in crate::core) fn uncovered(&mut self, updates: u64, steps: u64) {
        if updates == self.mark {
            self.steps += steps;
        }
    }

    /// Whether the count is past `limit`.
    #[inline(always)]
    pub(in crate::core) fn over(&self, limit: u64) -> bool {
        self.steps > limit
    }
}

/// Runs the search from the phase in `h` until the hooks stop it, the tree is
/// finished, or at least `budget` link updates were spent by this run (0 = no
/// limit). The search must have been started (phase `Start` or later); `stack` has
/// a word per primary column and `columns` is the number of columns. A checked run
/// also stops, as if its budget were spent, once `idle` passes four node counts
/// (only a damaged block gets there; the search resumes exactly where it stood).
pub(in crate::core) fn run<H: Hooks>(
    h: &mut Header,
    links: &mut Links<'_>,
    stack: &mut [u32],
    budget: u64,
    hooks: &mut H,
    idle: &mut Idle,
    access: Access,
) -> Stop {
    match access {
        Access::Checked => {
            run_on::<H, false, SPACERS>(h, links, stack, budget, hooks, idle, Rows::MIXED)
        }
        Access::Validated(rows) => match rows.walk() {
            THREE => run_on::<H, true, THREE>(h, links, stack, budget, hooks, idle, rows),
            SHORT => {
                // The places go into the `top` words for this run only.
                let first_spacer = h.dims.primary + h.dims.secondary + 1;
                links.place_rows(first_spacer, h.rows, true);
                let stop = run_on::<H, true, SHORT>(h, links, stack, budget, hooks, idle, rows);
                links.place_rows(first_spacer, h.rows, false);
                stop
            }
            _ => run_on::<H, true, SPACERS>(h, links, stack, budget, hooks, idle, rows),
        },
    }
}

/// The loop of [`run`], for [`Access::Checked`] (`T` false) or [`Access::Validated`].
///
/// About 100 lines kept in one piece, and not inlined into its callers: the figures
/// live in locals (registers) for the whole loop. Measured with callgrind on
/// scott8x8-sym: keeping them in a local copy of the header instead (13 lines
/// shorter) costs 1.6% more instructions, and inlining the loop into `count` 1.8%
/// more (register pressure); the helpers it calls are `inline(always)` and cost
/// nothing.
#[inline(never)]
fn run_on<H: Hooks, const T: bool, const W: u8>(
    h: &mut Header,
    links: &mut Links<'_>,
    stack: &mut [u32],
    budget: u64,
    hooks: &mut H,
    idle_in: &mut Idle,
    rows: Rows,
) -> Stop {
    if let Some(stop) = begin(h, links, hooks) {
        return stop;
    }
    let limit = crate::outcome::update_limit(h.updates, budget);
    // Links scribbled into a cycle could make steps back without an update endless,
    // and damaged rows long, holding a call for ever or for a node count squared
    // (see `Idle`). A trusted run has a sound block and counts none.
    let idle_limit = Idle::limit::<T>(links.nodes.len());
    let mut idle = *idle_in;
    let columns = h.dims.primary + h.dims.secondary;
    let random = h.seed != 0;
    // Everything the loop touches lives in locals (registers) until it ends.
    let Links { items, nodes } = links;
    let (items, nodes) = (&mut **items, &mut **nodes);
    let mut level = h.level;
    let mut updates = h.updates;
    let mut tree = h.nodes;
    let mut solutions = h.solutions;
    let mut max_depth = h.max_depth;
    // With a seed, the random state the column choices draw from along their path.
    let base = random.then_some(h.rng);
    // The phase is only written down when the loop stops; inside, it is where the
    // code is. `enter` says where to resume.
    let mut enter = h.phase;
    let (phase, stop) = 'search: loop {
        if enter == Phase::Recover {
            // Levels 0..=level are chosen: take back the row of `level`.
            let steps = next_row::<T, W>(items, nodes, stack, level, rows);
            enter = Phase::Advance;
            // (A trusted run counts none, see `idle_limit`.)
            if !T {
                idle.step(updates, steps);
            }
            if updates >= limit || idle.over(idle_limit) {
                break 'search (Phase::Advance, Stop::BudgetSpent);
            }
        }
        if enter == Phase::Forward {
            // Levels 0..level are chosen: choose and cover the column of `level`.
            let cut = hooks.enter(View { items, nodes }, level);
            if cut != Enter::Go {
                // No branching here: the node is pruned, or a leaf to report.
                let stop = (cut == Enter::Leaf).then_some(Stop::Leaf(level));
                if level == 0 {
                    break 'search (Phase::Done, stop.unwrap_or(Stop::Exhausted));
                }
                level -= 1;
                if let Some(stop) = stop {
                    break 'search (Phase::Recover, stop);
                }
                enter = Phase::Recover;
                continue;
            }
            tree = tree.wrapping_add(1);
            let updates_here = branch::<T, W>(items, nodes, stack, level, base, rows);
            updates = updates.saturating_add(updates_here);
            if updates >= limit {
                break 'search (Phase::Advance, Stop::BudgetSpent);
            }
        }
        // Advance: the column of `level` is covered; try its next row.
        let cur = entry::<T>(stack, level);
        if cur <= columns {
            // Every row of this column was tried: back up.
            let fuel = &mut fuel_for(nodes);
            uncover::<T, W>(items, nodes, cur, fuel, rows);
            if !T {
                idle.uncovered(updates, fuel_used(nodes, *fuel));
            }
            if level == 0 {
                break 'search (Phase::Done, Stop::Exhausted);
            }
            level -= 1;
            enter = Phase::Recover;
            continue;
        }
        updates = updates.saturating_add(cover_rest::<T, W>(items, nodes, cur, rows));
        hooks.chose(View { items, nodes }, level, cur);
        if level + 1 > max_depth {
            max_depth = level + 1;
        }
        if (View { items, nodes }).solved() {
            // DLX1 counts a solution as a node of the search tree too.
            tree = tree.wrapping_add(1);
            solutions = solutions.wrapping_add(1);
            if hooks.solution(level + 1, solutions) {
                break 'search (Phase::Recover, Stop::Solution(level + 1));
            }
            enter = Phase::Recover;
        } else if (level as usize + 1) < stack.len() {
            level += 1;
            enter = Phase::Forward;
        } else {
            // Every level covers a primary column, so a sound block never gets
            // here; a damaged one backs up instead of indexing past the stack.
            enter = Phase::Recover;
        }
        if updates >= limit {
            break 'search (enter, Stop::BudgetSpent);
        }
    };
    h.phase = phase;
    h.level = level;
    h.updates = updates;
    h.nodes = tree;
    h.solutions = solutions;
    h.max_depth = max_depth;
    *idle_in = idle;
    stop
}

/// Takes back the row of `level` (its other columns) and moves the level on to the
/// next row of its column; returns the link steps taken (checked loop only).
#[inline(always)]
fn next_row<const T: bool, const W: u8>(
    items: &mut [[u32; 2]],
    nodes: &mut [[u32; 3]],
    stack: &mut [u32],
    level: u32,
    rows: Rows,
) -> u64 {
    let cur = entry::<T>(stack, level);
    let steps = uncover_rest::<T, W>(items, nodes, cur, rows);
    set_entry::<T>(stack, level, at::<T, 3>(nodes, cur)[DOWN]);
    steps
}

/// Chooses the column of `level` (with a seed's random state `base`, ties at random
/// from the state it gives along the rows above, else the first), covers it and
/// puts its first row on the stack; returns the updates.
#[inline(always)]
fn branch<const T: bool, const W: u8>(
    items: &mut [[u32; 2]],
    nodes: &mut [[u32; 3]],
    stack: &mut [u32],
    level: u32,
    base: Option<u64>,
    rows: Rows,
) -> u64 {
    let best = match base {
        Some(base) => choose_random(items, nodes, &mut draw_state(base, stack, level)),
        None => choose_first::<T, W>(items, nodes),
    };
    let updates = cover::<T, W>(items, nodes, best, &mut fuel_for(nodes), rows);
    set_entry::<T>(stack, level, at::<T, 3>(nodes, best)[DOWN]);
    updates
}

/// The entries of the levels above `level` (the rows chosen on the way to it), which
/// a seeded search's draws there depend on ([`rng::along`]); every engine's. A level
/// past a damaged stack takes the whole stack.
#[inline(always)]
fn path(stack: &[u32], level: u32) -> &[u32] {
    stack.get(..level as usize).unwrap_or(stack)
}

/// The state a seeded search draws from to break a tie at `level`: [`rng::along`]
/// the entries above from `base`, the search's random state; every engine's. Not
/// inlined, so that the search loops stay the same without a seed (measured with
/// callgrind: inlined, unseeded searches cost 0.4% more instructions, 1.4% with
/// colours).
#[inline(never)]
pub(in crate::core) fn draw_state(base: u64, stack: &[u32], level: u32) -> u64 {
    rng::along(base, path(stack, level))
}

/// The stack entry of `level`. A checked run reads a level past the stack as the
/// root (which backs the level up) and drops a write there: only a damaged block
/// gets there (a primary list scribbled non-empty in a block without primary
/// columns, whose stack is empty), and it must not panic.
#[inline(always)]
fn entry<const T: bool>(stack: &[u32], level: u32) -> u32 {
    if T {
        stack[level as usize]
    } else {
        stack.get(level as usize).copied().unwrap_or(ROOT)
    }
}

/// Sets the stack entry of `level` (see [`entry`]).
#[inline(always)]
fn set_entry<const T: bool>(stack: &mut [u32], level: u32, x: u32) {
    if T {
        stack[level as usize] = x;
    } else if let Some(e) = stack.get_mut(level as usize) {
        *e = x;
    }
}

/// Leaves the `Start` phase (the search's first call), or stops a search that is not
/// under way. `None`: go on into the loop.
fn begin<H: Hooks>(h: &mut Header, links: &Links<'_>, hooks: &mut H) -> Option<Stop> {
    match h.phase {
        Phase::Fresh | Phase::Done => Some(Stop::Exhausted),
        Phase::Start if links.view().solved() => {
            // Nothing to cover: the forced rows alone are the one solution.
            h.phase = Phase::Done;
            h.nodes = h.nodes.wrapping_add(1);
            h.solutions = h.solutions.wrapping_add(1);
            Some(if hooks.solution(0, h.solutions) {
                Stop::Solution(0)
            } else {
                Stop::Exhausted
            })
        }
        Phase::Start => {
            h.phase = Phase::Forward;
            None
        }
        Phase::Forward | Phase::Advance | Phase::Recover => None,
    }
}

/// Undoes the search under way level by level from the innermost out, exactly
/// reversing it, and leaves the phase `Fresh` at level 0. Forced rows stay covered.
pub(in crate::core) fn unwind(h: &mut Header, links: &mut Links<'_>, stack: &[u32]) {
    let level = h.level;
    let chosen = match h.phase {
        Phase::Fresh | Phase::Done | Phase::Start => 0,
        Phase::Forward => level,
        Phase::Advance => {
            let cur = entry::<false>(stack, level);
            let columns = h.dims.primary + h.dims.secondary;
            let c = links.view().column_of(cur, columns);
            links.uncover_column(c);
            level
        }
        Phase::Recover => {
            links.uncover_row(entry::<false>(stack, level));
            level
        }
    };
    for l in (0..chosen).rev() {
        links.uncover_row(entry::<false>(stack, l));
    }
    h.level = 0;
    h.phase = Phase::Fresh;
}
