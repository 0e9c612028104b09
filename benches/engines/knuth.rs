//! Knuth's DLX1 as an engine of the benchmark, run as a separate program.
//!
//! DLX1 is not part of this repository (build it from `dlx1.w` with `ctangle`, see
//! docs/BENCHMARKS.md). With `DLX1=<program>` in the environment the benchmark writes
//! every matrix in DLX1's input format to a directory (`DLX1_DIR`, default a fresh
//! directory under the system's temporary directory), runs the program on each file
//! and reads its figures from standard error. The time is the CPU time of the search
//! when the program prints it as `search cpu ns <n>` (a three-line change to DLX1,
//! described in docs/BENCHMARKS.md), else the CPU time of the whole child process,
//! input included.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::instances::Matrix;

/// The program and where its input files go.
pub struct Dlx1 {
    program: PathBuf,
    dir: PathBuf,
}

/// What DLX1 reported for a whole case (summed over its matrices).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub solutions: u64,
    pub updates: u64,
    pub nodes: u64,
}

impl Dlx1 {
    /// From the environment: `None` unless `DLX1` names a program.
    pub fn from_env() -> Option<Dlx1> {
        let program = PathBuf::from(std::env::var_os("DLX1")?);
        let dir = std::env::var_os("DLX1_DIR").map_or_else(
            || std::env::temp_dir().join(format!("dlx1-bench-{}", std::process::id())),
            PathBuf::from,
        );
        fs::create_dir_all(&dir).expect("cannot create the DLX1 input directory");
        Some(Dlx1 { program, dir })
    }

    /// Writes the matrices of a case; returns their file names.
    pub fn write(&self, case: &str, parts: &[Matrix]) -> Vec<PathBuf> {
        parts
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let path = self.dir.join(format!("{case}-{i}.dlx"));
                fs::write(&path, knuth_format(m)).expect("cannot write a DLX1 input file");
                path
            })
            .collect()
    }

    /// Runs DLX1 on every file, counting up to `limit` solutions each (0 = all).
    pub fn run(&self, files: &[PathBuf], limit: u64) -> (Report, Duration) {
        let mut total = Report::default();
        let mut time = Duration::ZERO;
        for f in files {
            let (r, t) = self.run_one(f, limit);
            total.solutions += r.solutions;
            total.updates += r.updates;
            total.nodes += r.nodes;
            time += t;
        }
        (total, time)
    }

    fn run_one(&self, file: &Path, limit: u64) -> (Report, Duration) {
        let mut cmd = Command::new(&self.program);
        if limit > 0 {
            cmd.arg(format!("t{limit}"));
        }
        let before = children_cpu();
        let out = cmd
            .stdin(fs::File::open(file).expect("cannot open a DLX1 input file"))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", self.program.display()));
        let whole = children_cpu().saturating_sub(before);
        let err = String::from_utf8_lossy(&out.stderr);
        let mut report = Report::default();
        let mut search = None;
        for line in err.lines() {
            if let Some(ns) = line.strip_prefix("search cpu ns ") {
                search = ns.trim().parse().ok().map(Duration::from_nanos);
            }
            if let Some(rest) = line.strip_prefix("Altogether ") {
                let words: Vec<&str> = rest.split([' ', ',']).filter(|w| !w.is_empty()).collect();
                let before = |tag: &str| {
                    words
                        .iter()
                        .position(|w| w.starts_with(tag))
                        .and_then(|i| words.get(i.checked_sub(1)?))
                        .and_then(|w| w.parse().ok())
                        .unwrap_or(u64::MAX)
                };
                report = Report {
                    solutions: words
                        .first()
                        .and_then(|w| w.parse().ok())
                        .unwrap_or(u64::MAX),
                    updates: before("updates"),
                    nodes: before("nodes"),
                };
            }
        }
        (report, search.unwrap_or(whole))
    }
}

/// DLX1's input: the primary item names, `|`, the secondary ones; one option a line.
fn knuth_format(m: &Matrix) -> String {
    let mut s = String::new();
    let name = |c: u32| format!("c{c}");
    let items: Vec<String> = (0..m.primary + m.secondary).map(name).collect();
    s += &items[..m.primary as usize].join(" ");
    if m.secondary > 0 {
        s += " | ";
        s += &items[m.primary as usize..].join(" ");
    }
    s.push('\n');
    for r in &m.rows {
        let line: Vec<&str> = r.iter().map(|&c| items[c as usize].as_str()).collect();
        s += &line.join(" ");
        s.push('\n');
    }
    s
}

/// CPU time (user + system) of the waited-for children of this process.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn children_cpu() -> Duration {
    #[repr(C)]
    struct Timeval {
        sec: i64,
        usec: i64,
    }
    #[repr(C)]
    struct Rusage {
        utime: Timeval,
        stime: Timeval,
        rest: [i64; 14],
    }
    extern "C" {
        fn getrusage(who: i32, usage: *mut Rusage) -> i32;
    }
    const RUSAGE_CHILDREN: i32 = -1;
    let mut u = Rusage {
        utime: Timeval { sec: 0, usec: 0 },
        stime: Timeval { sec: 0, usec: 0 },
        rest: [0; 14],
    };
    // SAFETY: `u` is a valid, writable struct rusage (two timevals and 14 longs on
    // 64-bit Linux).
    if unsafe { getrusage(RUSAGE_CHILDREN, &mut u) } != 0 {
        return Duration::ZERO;
    }
    let us = |t: &Timeval| t.sec as u64 * 1_000_000 + t.usec as u64;
    Duration::from_micros(us(&u.utime) + us(&u.stime))
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn children_cpu() -> Duration {
    Duration::ZERO
}
