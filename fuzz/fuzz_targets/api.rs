//! Random problems through the C API with random budgets, resets and forced rows.
//! Every solution is checked by an independent checker; small problems' counts are
//! checked against a brute-force oracle; budgets must not change the sequence.
#![no_main]

use dlx::ffi::*;
use libfuzzer_sys::fuzz_target;
mod common;

use common::{is_cover, Bytes};

fn all_solutions(s: *mut dlx_solver, budget: u64) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    unsafe {
        assert_eq!(dlx_reset(s), DLX_OK);
        loop {
            match dlx_next(s, budget) {
                DLX_SOLUTION => {
                    let mut rows = std::ptr::null();
                    let mut n = 0;
                    assert_eq!(dlx_solution(s, &mut rows, &mut n), DLX_OK);
                    out.push(std::slice::from_raw_parts(rows, n).to_vec());
                }
                DLX_EXHAUSTED => return out,
                DLX_BUDGET_SPENT => assert!(budget > 0),
                other => panic!("dlx_next returned {other}"),
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let primary = u32::from(b.next() % 7);
    let secondary = u32::from(b.next() % 4);
    let cols = primary + secondary;
    let nrows = usize::from(b.next() % 14);
    let mut rows: Vec<Vec<u32>> = Vec::new();
    for _ in 0..nrows {
        let mask = u16::from(b.next()) | (u16::from(b.next()) << 8);
        // Raw column ids may be out of range or repeated: the API must refuse those.
        let mut row: Vec<u32> = (0..cols.max(1) + 1)
            .filter(|c| mask >> c & 1 == 1)
            .collect();
        if mask & 0x8000 != 0 && !row.is_empty() {
            row.push(row[0]);
        }
        rows.push(row);
    }
    let dims = dlx_dims {
        primary,
        secondary,
        max_rows: nrows as u32,
        max_entries: rows.iter().map(|r| r.len() as u32).sum(),
    };
    let size = unsafe { dlx_required_size(&dims) };
    let mut block = vec![0u64; size.div_ceil(8)];
    let mut s = std::ptr::null_mut();
    unsafe {
        assert_eq!(
            dlx_init_in(block.as_mut_ptr().cast(), size, &dims, &mut s),
            DLX_OK
        );
    }
    let mut accepted: Vec<Vec<u32>> = Vec::new();
    for row in &rows {
        let st = unsafe { dlx_add_row(s, row.as_ptr(), row.len(), std::ptr::null_mut()) };
        let duplicate = row
            .iter()
            .enumerate()
            .any(|(i, c)| row[i + 1..].contains(c));
        let want = if row.is_empty() {
            DLX_ERR_EMPTY_ROW
        } else if row.iter().any(|&c| c >= cols) {
            DLX_ERR_COLUMN
        } else if duplicate {
            DLX_ERR_DUPLICATE
        } else {
            DLX_OK
        };
        assert_eq!(st, want, "{row:?}");
        if st == DLX_OK {
            accepted.push(row.clone());
        }
    }
    // Forced rows: accepted only when compatible with the earlier ones.
    let mut forced: Vec<u32> = Vec::new();
    for _ in 0..b.next() % 3 {
        if accepted.is_empty() {
            break;
        }
        let r = u32::from(b.next()) % accepted.len() as u32;
        let st = unsafe { dlx_select_row(s, r) };
        let clash = forced.iter().any(|&f| {
            accepted[f as usize]
                .iter()
                .any(|c| accepted[r as usize].contains(c))
        });
        let has_primary = accepted[r as usize].iter().any(|&c| c < primary);
        match st {
            DLX_OK => {
                assert!(!clash && has_primary);
                forced.push(r);
            }
            DLX_ERR_CONFLICT => assert!(clash),
            DLX_ERR_ARG => assert!(!has_primary),
            other => panic!("dlx_select_row returned {other}"),
        }
    }
    unsafe { assert_eq!(dlx_set_seed(s, u64::from(b.next() % 3)), DLX_OK) };

    let whole = all_solutions(s, 0);
    for sol in &whole {
        assert!(is_cover(primary, secondary, &accepted, sol), "{sol:?}");
        assert_eq!(&sol[..forced.len()], &forced[..]);
    }
    // Brute force over every subset of rows.
    let mut want = 0u64;
    for mask in 0u32..(1 << accepted.len()) {
        let chosen: Vec<u32> = (0..accepted.len() as u32)
            .filter(|i| mask >> i & 1 == 1)
            .collect();
        if forced.iter().all(|f| chosen.contains(f))
            && is_cover(primary, secondary, &accepted, &chosen)
        {
            want += 1;
        }
    }
    assert_eq!(whole.len() as u64, want);
    let budget = u64::from(b.next() % 9) + 1;
    assert_eq!(all_solutions(s, budget), whole);
    let mut count = 0;
    let limit = u64::from(b.next() % 4);
    unsafe { assert_eq!(dlx_count(s, limit, &mut count), DLX_OK) };
    assert_eq!(count, if limit == 0 { want } else { want.min(limit) });
});
