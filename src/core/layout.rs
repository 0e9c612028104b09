//! Where everything lives inside the caller's block.
//!
//! The block is a flat array of `u32` words:
//!
//! ```text
//! header   HEADER_WORDS words        fixed fields (see `header.rs`)
//! items    2 * (columns + 2)         [left, right] of the column header lists
//! nodes    3 * node_capacity         [up, down, top] of every node
//! rows     max_rows                  first node of each row
//! sol      primary                   forced rows, then the rows of the current solution
//! stack    primary                   the branch node chosen at each search level
//! ```
//!
//! Node 0 is unused, nodes `1..=columns` are the column headers (their `top` field holds
//! the column length, with the top bit set while the column is covered), node `columns + 1` is the first spacer, and every row is its
//! nodes followed by one spacer. Hence `node_capacity = columns + 2 + max_rows +
//! max_entries`. Every search level covers at least one primary column, so `primary`
//! words bound both the level stack and the solution.

/// Words in the fixed header.
pub const HEADER_WORDS: u64 = 32;
/// Alignment the block needs, in bytes (a power of two, at most 16).
pub const ALIGN: usize = 8;
/// Node indices must stay below 2^31: spacers are told apart by a non-positive `top`.
pub const MAX_NODES: u64 = i32::MAX as u64;

/// The fixed capacity of a solver.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dims {
    /// Columns every solution covers exactly once.
    pub primary: u32,
    /// Columns every solution covers at most once.
    pub secondary: u32,
    /// Most rows that may be added.
    pub max_rows: u32,
    /// Most column entries (ones of the matrix) over all rows.
    pub max_entries: u32,
}

/// Word offsets of the regions of a block with given dimensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub items: usize,
    pub nodes: usize,
    pub rows: usize,
    pub sol: usize,
    pub stack: usize,
    pub total: usize,
}

impl Dims {
    /// Primary plus secondary columns.
    pub fn columns(&self) -> u64 {
        u64::from(self.primary) + u64::from(self.secondary)
    }

    /// Nodes the block holds: headers, spacers and entries (see the module comment).
    pub fn node_capacity(&self) -> u64 {
        self.columns() + 2 + u64::from(self.max_rows) + u64::from(self.max_entries)
    }

    /// Words the block needs, or `None` when the node indices would not fit.
    ///
    /// Every input is below 2^32, so the sum stays far below 2^64.
    pub fn required_words(&self) -> Option<u64> {
        let nodes = self.node_capacity();
        if nodes > MAX_NODES {
            return None;
        }
        Some(
            HEADER_WORDS
                + 2 * (self.columns() + 2)
                + 3 * nodes
                + u64::from(self.max_rows)
                + 2 * u64::from(self.primary),
        )
    }

    /// Bytes the block needs, or `None` when that overflows `usize`.
    pub fn required_bytes(&self) -> Option<usize> {
        let bytes = self.required_words()?.checked_mul(4)?;
        usize::try_from(bytes).ok()
    }

    /// The word offsets of each region, when the dimensions fit this machine.
    pub fn layout(&self) -> Option<Layout> {
        self.required_bytes()?;
        // Every partial sum is at most the total, which fits `usize` (checked above).
        let items = HEADER_WORDS as usize;
        let nodes = items + 2 * (self.columns() as usize + 2);
        let rows = nodes + 3 * self.node_capacity() as usize;
        let sol = rows + self.max_rows as usize;
        let stack = sol + self.primary as usize;
        let total = stack + self.primary as usize;
        Some(Layout {
            items,
            nodes,
            rows,
            sol,
            stack,
            total,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_add_up() {
        let d = Dims {
            primary: 3,
            secondary: 2,
            max_rows: 4,
            max_entries: 9,
        };
        let l = d.layout().unwrap();
        assert_eq!(l.total as u64, d.required_words().unwrap());
        assert_eq!(d.required_bytes().unwrap(), 4 * l.total);
    }

    #[test]
    fn too_many_nodes_is_refused() {
        let d = Dims {
            primary: u32::MAX,
            secondary: u32::MAX,
            max_rows: u32::MAX,
            max_entries: u32::MAX,
        };
        assert_eq!(d.required_words(), None);
        let edge = Dims {
            primary: 0,
            secondary: 0,
            max_rows: 0,
            max_entries: (MAX_NODES - 2) as u32,
        };
        assert!(edge.required_words().is_some());
        let over = Dims {
            max_entries: edge.max_entries + 1,
            ..edge
        };
        assert_eq!(over.required_words(), None);
    }
}
