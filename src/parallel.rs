//! Counting on several threads (`dlx_count_parallel`): the search is split into
//! sub-problems ([`Solver::split`](crate::core::Solver::split)), each counted by its own copy of the solver on a
//! work-stealing thread pool (rayon), and the counts are added.
//!
//! Safe Rust on top of the core. It allocates (a copy of the block per
//! sub-problem, the prefixes), which the core never does, so it lives beside the
//! core, not in it. Without the `parallel` feature it counts on the calling thread.
#![forbid(unsafe_code)]

use crate::core::Solver;

/// Why a parallel count failed. The solver is left reset either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountError {
    /// A copy of the block, the prefixes or the thread pool could not be made.
    NoMemory,
    /// A copy could not take its prefix: a bug.
    Internal,
}

/// Counts the solutions of a fresh search like [`Solver::count`] (`limit` 0 = no
/// limit), on `threads` threads (0 = rayon's global pool, one per core). The result
/// equals [`Solver::count`]'s; the solver is left reset with the figures of the
/// splitting search.
#[cfg(not(feature = "parallel"))]
pub fn count(solver: &mut Solver<'_>, _threads: u32, limit: u64) -> Result<u64, CountError> {
    Ok(solver.count(limit))
}

/// Counts the solutions of a fresh search like [`Solver::count`] (`limit` 0 = no
/// limit), on `threads` threads (0 = rayon's global pool, one per core). The result
/// equals [`Solver::count`]'s; the solver is left reset with the figures of the
/// splitting search.
#[cfg(feature = "parallel")]
pub fn count(solver: &mut Solver<'_>, threads: u32, limit: u64) -> Result<u64, CountError> {
    let workers = if threads == 0 {
        rayon::current_num_threads()
    } else {
        threads as usize
    };
    if workers <= 1 {
        return Ok(solver.count(limit));
    }
    let plan = plan::plan(solver, workers * 16)?;
    let counted = if threads == 0 {
        plan::count_all(&plan, limit)
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(workers)
            .build()
            .map_err(|_| CountError::NoMemory)?;
        pool.install(|| plan::count_all(&plan, limit))
    };
    let total = plan.shallow + counted.ok_or(CountError::Internal)?;
    Ok(if limit != 0 { total.min(limit) } else { total })
}

#[cfg(feature = "parallel")]
mod plan {
    use super::CountError;
    use crate::core::Solver;
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
    pub(super) fn plan(solver: &mut Solver<'_>, target: usize) -> Result<Plan, CountError> {
        solver.reset();
        let words = solver.dims().layout().ok_or(CountError::Internal)?.total;
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
            solver.split(depth, |rows, is_solution| {
                if is_solution {
                    shallow += 1;
                } else {
                    prefixes.extend_from_slice(rows);
                }
                false
            });
            let n = prefixes.len() / depth as usize;
            if n >= target || n == 0 || depth >= solver.dims().primary {
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

    /// Counts every sub-problem on the current rayon pool; `None` if a copy could
    /// not take its prefix (a bug).
    pub(super) fn count_all(plan: &Plan, limit: u64) -> Option<u64> {
        let found = AtomicU64::new(plan.shallow);
        plan.prefixes
            .par_chunks(plan.depth)
            .map(|prefix| {
                if limit != 0 && found.load(Ordering::Relaxed) >= limit {
                    return Some(0);
                }
                let mut words = plan.template.clone();
                let mut s = Solver::open(&mut words).ok()?;
                for &row in prefix {
                    s.select_row(row).ok()?;
                }
                let n = s.count(limit);
                found.fetch_add(n, Ordering::Relaxed);
                Some(n)
            })
            .sum()
    }
}
