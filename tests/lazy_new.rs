//! `dlx_new` and the other allocating constructors take their block zeroed from the
//! allocator and touch only what they need (the header and the column lists), so a
//! huge capacity costs no memory and no time until rows arrive (issue 19, item 4).
//! Checked by the process's resident memory, not by timing: one test in its own
//! binary, so no other test allocates meanwhile.

use dlx::ffi::*;

/// Resident pages of this process, in bytes (Linux: /proc/self/statm).
fn resident_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("Linux /proc");
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4096
}

const SLACK: u64 = 32 << 20;

#[test]
fn huge_blocks_are_not_touched_by_their_constructors() {
    // 1000 columns, 2.5e7 rows, 1e8 entries: a 1.6 GB solver block, a 2.7 GB maximiser.
    let d = dlx_dims {
        primary: 1000,
        secondary: 0,
        max_rows: 25_000_000,
        max_entries: 100_000_000,
    };
    // SAFETY: valid pointers throughout; each handle is freed once.
    unsafe {
        let need = dlx_required_size(&d) as u64;
        assert!(need > 1 << 30);
        let before = resident_bytes();
        let mut s = std::ptr::null_mut();
        assert_eq!(dlx_new(&d, &mut s), DLX_OK);
        let mut m = std::ptr::null_mut();
        assert_eq!(dlx_maximizer_new(&d, &mut m), DLX_OK);
        let grown = resident_bytes().saturating_sub(before);
        assert!(
            grown < SLACK,
            "{grown} bytes touched for {need} + more bytes"
        );
        // The solver works: a row, a search, its figures.
        let cols = [0u32, 1, 2];
        assert_eq!(
            dlx_add_row(s, cols.as_ptr(), 3, std::ptr::null_mut()),
            DLX_OK
        );
        let mut count = 0;
        assert_eq!(dlx_count(s, 0, &mut count), DLX_OK);
        assert_eq!(count, 0); // 997 primary columns stay uncovered
        dlx_maximizer_free(m);
        dlx_free(s);

        // A tiling whose worst case is a large solver inside.
        let td = dlx_tiling_dims {
            width: 1000,
            height: 1000,
            depth: 1,
            max_pieces: 1,
            max_piece_cells: 4,
            max_placements: 20_000_000,
        };
        assert!(dlx_tiling_required_size(&td) > 1 << 28);
        let before = resident_bytes();
        let mut t = std::ptr::null_mut();
        assert_eq!(dlx_tiling_new(&td, &mut t), DLX_OK);
        let grown = resident_bytes().saturating_sub(before);
        // The board (1e6 cells, 8 bytes each) and its cell map are written by design.
        assert!(grown < SLACK, "{grown} bytes touched by dlx_tiling_new");
        dlx_tiling_free(t);

        // The largest capacity the API allows (2^31 - 1 nodes, about 26 GB): the
        // allocator grants it (memory overcommit) or refuses it; either way nothing
        // is touched and the answer is immediate.
        let max = dlx_dims {
            primary: 1,
            secondary: 0,
            max_rows: 0,
            max_entries: 0x7FFF_FFFF - 4,
        };
        assert!(dlx_required_size(&max) > 0);
        let before = resident_bytes();
        let mut big = std::ptr::null_mut();
        match dlx_new(&max, &mut big) {
            DLX_OK => {
                assert!(resident_bytes().saturating_sub(before) < SLACK);
                dlx_free(big);
            }
            status => assert_eq!(status, DLX_ERR_NO_MEMORY),
        }
    }
}
