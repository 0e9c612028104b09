//! Counting on several threads (`dlx_count_parallel`): the search is split into
//! sub-problems ([`Solver::split_next`](crate::core::Solver::split_next)), each
//! counted by its own copy of the solver on a work-stealing thread pool (rayon), and
//! the counts are added. The plain solver and the solver with colours (Algorithm C)
//! split alike ([`Splittable`](crate::parallel::Splittable)), into row prefixes; a
//! solver with bounds (Algorithm M) into search paths, which also say which rows
//! each subtree excludes.
//!
//! Safe Rust on top of the core. It allocates (the prefixes, a copy of the block
//! per piece of work rayon hands a thread, refilled for each sub-problem in it),
//! which the core never does, so it lives beside the core, not in it. Without the
//! `parallel` feature it counts on the calling thread.
#![forbid(unsafe_code)]

use crate::core::{Prefix, Solver, XSolver};
use crate::outcome::Error;

/// Why a parallel count failed. The solver is left reset either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountError {
    /// A copy of the block, the prefixes or the thread pool could not be made.
    NoMemory,
    /// A copy could not take its prefix: a bug.
    Internal,
    /// The block was found damaged (see `Solver::search`).
    Corrupt,
}

impl From<Error> for CountError {
    fn from(_: Error) -> CountError {
        // (The engines' searches fail only on a damaged block.)
        CountError::Corrupt
    }
}

/// What a parallel count needs of a search engine: its count, a copy of its block,
/// its split into prefixes (rows, or paths for Algorithm M), and a count of a copy
/// below a prefix.
pub trait Splittable {
    /// Counts the solutions of a fresh search (`limit` 0 = no limit).
    fn count(&mut self, limit: u64) -> Result<u64, Error>;
    /// Words of the block.
    fn block_words(&self) -> Option<usize>;
    /// Copies the block into `out` (see [`Solver::copy_to`]).
    fn copy_to(&self, out: &mut [u32]) -> Option<usize>;
    /// Abandons any search under way.
    fn reset(&mut self);
    /// The deepest a split can go: the most levels a search has.
    fn max_depth(&self) -> u32;
    /// Reports every split prefix at `depth` to `f` (`depth` words, and whether it
    /// is a solution), then leaves the solver reset.
    fn each_prefix(&mut self, depth: u32, f: impl FnMut(&[u32], bool)) -> Result<(), Error>;
    /// Opens the block copy `words` and counts the solutions below `prefix`.
    fn count_copy(words: &mut [u32], prefix: &[u32], limit: u64) -> Result<u64, CountError>;
}

impl Splittable for Solver<'_> {
    fn count(&mut self, limit: u64) -> Result<u64, Error> {
        Solver::count(self, limit)
    }
    fn block_words(&self) -> Option<usize> {
        Some(self.dims().layout()?.total)
    }
    fn copy_to(&self, out: &mut [u32]) -> Option<usize> {
        Solver::copy_to(self, out)
    }
    fn max_depth(&self) -> u32 {
        self.dims().primary
    }
    fn reset(&mut self) {
        Solver::reset(self);
    }
    fn each_prefix(&mut self, depth: u32, mut f: impl FnMut(&[u32], bool)) -> Result<(), Error> {
        self.split(depth, |rows, is_solution| {
            f(rows, is_solution);
            false
        })
        .map(drop)
    }
    fn count_copy(words: &mut [u32], prefix: &[u32], limit: u64) -> Result<u64, CountError> {
        let mut s = Solver::open(words)?;
        for &row in prefix {
            s.select_row(row).map_err(|_| CountError::Internal)?;
        }
        // A sub-problem is long against the block: one validation costs less than
        // the checked stretch a count would otherwise run first.
        Ok(s.count_validated(limit)?)
    }
}

impl Splittable for XSolver<'_> {
    fn count(&mut self, limit: u64) -> Result<u64, Error> {
        XSolver::count(self, limit)
    }
    fn block_words(&self) -> Option<usize> {
        Some(self.dims().layout()?.total)
    }
    fn copy_to(&self, out: &mut [u32]) -> Option<usize> {
        XSolver::copy_to(self, out)
    }
    fn max_depth(&self) -> u32 {
        // (At most `MAX_NODES`: `required_words` refuses more levels.)
        self.dims().levels() as u32
    }
    fn reset(&mut self) {
        XSolver::reset(self);
    }
    fn each_prefix(&mut self, depth: u32, mut f: impl FnMut(&[u32], bool)) -> Result<(), Error> {
        if self.dims().bounded != 0 {
            return self.each_path_m(depth, f);
        }
        self.split_start();
        let walk = loop {
            match self.split_next(depth) {
                Ok(Some(p)) => f(self.prefix(p), matches!(p, Prefix::Solution(_))),
                Ok(None) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        self.reset();
        walk
    }
    fn count_copy(words: &mut [u32], prefix: &[u32], limit: u64) -> Result<u64, CountError> {
        let mut s = XSolver::open(words)?;
        if s.dims().bounded != 0 {
            return s
                .count_below_path(prefix, limit)?
                .ok_or(CountError::Internal);
        }
        for &row in prefix {
            s.select_row(row).map_err(|_| CountError::Internal)?;
        }
        Ok(s.count(limit)?)
    }
}

/// Counts the solutions of a fresh search like [`Solver::count`] (`limit` 0 = no
/// limit), on `threads` threads (0 = rayon's global pool, one per core). The result
/// equals the engine's own count; the solver is left reset with the figures of the
/// splitting search.
#[cfg(not(feature = "parallel"))]
pub fn count(solver: &mut impl Splittable, _threads: u32, limit: u64) -> Result<u64, CountError> {
    Ok(solver.count(limit)?)
}

/// Counts the solutions of a fresh search like [`Solver::count`] (`limit` 0 = no
/// limit), on `threads` threads (0 = rayon's global pool, one per core). The result
/// equals the engine's own count; the solver is left reset with the figures of the
/// splitting search.
#[cfg(feature = "parallel")]
pub fn count<S: Splittable>(solver: &mut S, threads: u32, limit: u64) -> Result<u64, CountError> {
    let workers = if threads == 0 {
        rayon::current_num_threads()
    } else {
        threads as usize
    };
    if workers <= 1 {
        return Ok(solver.count(limit)?);
    }
    let plan = plan::plan(solver, workers * 16)?;
    let counted = if threads == 0 {
        plan::count_all::<S>(&plan, limit)
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(workers)
            .build()
            .map_err(|_| CountError::NoMemory)?;
        pool.install(|| plan::count_all::<S>(&plan, limit))
    };
    let total = plan.shallow + counted?;
    Ok(if limit != 0 { total.min(limit) } else { total })
}

#[cfg(feature = "parallel")]
mod plan {
    use super::{CountError, Splittable};
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::vec::Vec;

    /// The sub-problems of one count.
    pub(super) struct Plan {
        /// The solver's block, reset: every worker starts from a copy.
        template: Vec<u32>,
        /// The prefixes' rows, `depth` per prefix.
        prefixes: Vec<u32>,
        depth: usize,
        /// Solutions found above the split depth.
        pub(super) shallow: u64,
    }

    /// Splits one level deeper at a time until there are at least `target`
    /// sub-problems (or the tree has no deeper nodes).
    pub(super) fn plan(solver: &mut impl Splittable, target: usize) -> Result<Plan, CountError> {
        solver.reset();
        let words = solver.block_words().ok_or(CountError::Internal)?;
        let mut template = Vec::new();
        template
            .try_reserve_exact(words)
            .map_err(|_| CountError::NoMemory)?;
        template.resize(words, 0);
        solver.copy_to(&mut template).ok_or(CountError::Internal)?;
        let mut depth = 1u32;
        loop {
            let mut prefixes = Vec::new();
            let mut shallow = 0u64;
            solver.each_prefix(depth, |rows, is_solution| {
                if is_solution {
                    shallow += 1;
                } else {
                    prefixes.extend_from_slice(rows);
                }
            })?;
            let n = prefixes.len() / depth as usize;
            if n >= target || n == 0 || depth >= solver.max_depth() {
                return Ok(Plan {
                    template,
                    prefixes,
                    depth: depth as usize,
                    shallow,
                });
            }
            depth += 1;
        }
    }

    /// Counts every sub-problem on the current rayon pool, each on a copy of the
    /// template in a buffer reused from one sub-problem to the next within a piece
    /// of work rayon hands a thread (`map_init`: a few per thread; a fresh
    /// allocation per sub-problem cost page faults on large blocks).
    pub(super) fn count_all<S: Splittable>(plan: &Plan, limit: u64) -> Result<u64, CountError> {
        let found = AtomicU64::new(plan.shallow);
        plan.prefixes
            .par_chunks(plan.depth)
            .map_init(
                || {
                    let mut words = Vec::new();
                    words.try_reserve_exact(plan.template.len()).ok()?;
                    words.extend_from_slice(&plan.template);
                    Some(words)
                },
                |words, prefix| {
                    if limit != 0 && found.load(Ordering::Relaxed) >= limit {
                        return Ok(0);
                    }
                    let words = words.as_mut().ok_or(CountError::NoMemory)?;
                    words.copy_from_slice(&plan.template);
                    let n = S::count_copy(words, prefix, limit)?;
                    found.fetch_add(n, Ordering::Relaxed);
                    Ok(n)
                },
            )
            .sum()
    }
}
