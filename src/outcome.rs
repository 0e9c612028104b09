//! What the engines' calls end with, shared by every engine (the DLX core, the
//! Sudoku search, tiling) so that none has to import another to report it.
#![forbid(unsafe_code)]

/// Why a call was refused. Nothing was changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// The block is smaller than the dimensions need.
    TooSmall,
    /// More rows or entries than the dimensions allow.
    Capacity,
    /// A column index is out of range.
    Column,
    /// The same column twice in one row.
    Duplicate,
    /// A row without columns.
    EmptyRow,
    /// Not allowed while a search is under way, or no solution to show.
    State,
    /// A forced row clashes with an earlier forced row.
    Conflict,
    /// An argument is outside its documented range.
    Arg,
    /// The block does not hold a valid block of this kind and version.
    Corrupt,
}

/// What one step of a resumable search ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A solution is ready.
    Solution,
    /// No more solutions.
    Exhausted,
    /// The budget ran out; call again to go on.
    BudgetSpent,
}

/// The update count at which a call with `budget` stops (0: no budget): the
/// engines' budgets are measured in updates.
pub fn update_limit(updates: u64, budget: u64) -> u64 {
    if budget == 0 {
        u64::MAX
    } else {
        updates.saturating_add(budget)
    }
}

/// Search statistics. The DLX core counts as Knuth's DLX1 does; the Sudoku search
/// counts placements and eliminations (see its documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search-tree nodes: times a column was chosen for branching, plus solutions.
    pub nodes: u64,
    /// Link updates: one per column unlinked and one per node hidden.
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Rows the search currently has chosen (forced rows not included).
    pub depth: u32,
    /// Most rows the search has had chosen at once.
    pub max_depth: u32,
}
