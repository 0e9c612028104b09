//! Helpers shared by the Rust integration tests: a tiny PRNG, problem builders,
//! a brute-force exact-cover oracle, the C toolchain and the C example programs.
#![allow(dead_code)]

pub mod statuses;
pub mod xcc;

use dlx::core::{Dims, Solver, Step};

/// xorshift64*: deterministic test data without a dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// An exact-cover problem as plain data.
#[derive(Clone, Debug)]
pub struct Problem {
    pub primary: u32,
    pub secondary: u32,
    pub rows: Vec<Vec<u32>>,
}

impl Problem {
    pub fn dims(&self) -> Dims {
        Dims {
            primary: self.primary,
            secondary: self.secondary,
            max_rows: self.rows.len() as u32,
            max_entries: self.rows.iter().map(|r| r.len() as u32).sum(),
        }
    }

    /// A block of words big enough for this problem.
    pub fn block(&self) -> Vec<u32> {
        vec![0u32; self.dims().required_words().unwrap() as usize]
    }

    /// Builds the solver in `block` and adds every row.
    pub fn load<'a>(&self, block: &'a mut [u32]) -> Solver<'a> {
        let mut s = Solver::init(block, self.dims()).unwrap();
        for (i, r) in self.rows.iter().enumerate() {
            assert_eq!(s.add_row(r).unwrap(), i as u32);
        }
        s
    }

    /// A random problem: rows are random non-empty column subsets.
    pub fn random(rng: &mut Rng, max_rows: u64) -> Problem {
        let primary = rng.below(6) as u32;
        let secondary = rng.below(3) as u32;
        let cols = primary + secondary;
        let mut rows = Vec::new();
        if cols > 0 {
            for _ in 0..rng.below(max_rows + 1) {
                let mut row: Vec<u32> = (0..cols).filter(|_| rng.below(3) == 0).collect();
                if row.is_empty() {
                    row.push(rng.below(u64::from(cols)) as u32);
                }
                // Columns in any order.
                for i in (1..row.len()).rev() {
                    row.swap(i, rng.below(i as u64 + 1) as usize);
                }
                rows.push(row);
            }
        }
        Problem {
            primary,
            secondary,
            rows,
        }
    }

    /// True when `chosen` (row ids) is an exact cover by the API's definition.
    pub fn is_solution(&self, chosen: &[u32]) -> bool {
        let mut hits = vec![0u32; (self.primary + self.secondary) as usize];
        for &r in chosen {
            let row = &self.rows[r as usize];
            if !row.iter().any(|&c| c < self.primary) {
                return false;
            }
            for &c in row {
                hits[c as usize] += 1;
            }
        }
        hits.iter().enumerate().all(|(c, &h)| {
            if (c as u32) < self.primary {
                h == 1
            } else {
                h <= 1
            }
        })
    }

    /// Every solution, by trying every subset of rows (sorted row ids each).
    pub fn oracle(&self) -> Vec<Vec<u32>> {
        let n = self.rows.len();
        assert!(n <= 16, "the oracle is exponential");
        let mut all = Vec::new();
        for mask in 0u32..(1 << n) {
            let chosen: Vec<u32> = (0..n as u32).filter(|i| mask >> i & 1 == 1).collect();
            if self.is_solution(&chosen) {
                all.push(chosen);
            }
        }
        all
    }
}

/// Every solution from `next` with the given budget, in order, as reported.
pub fn solutions_with_budget(s: &mut Solver<'_>, budget: u64) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    loop {
        match s.next(budget).unwrap() {
            Step::Solution => out.push(s.solution().unwrap().to_vec()),
            Step::Exhausted => return out,
            Step::BudgetSpent => {}
        }
    }
}

pub fn sorted(mut v: Vec<u32>) -> Vec<u32> {
    v.sort_unstable();
    v
}

/// N-queens with rows and columns primary, diagonals secondary.
pub fn queens(n: u32) -> Problem {
    let mut rows = Vec::new();
    for r in 0..n {
        for c in 0..n {
            rows.push(vec![
                r,
                n + c,
                2 * n + r + c,
                2 * n + (2 * n - 1) + (r + n - 1 - c),
            ]);
        }
    }
    Problem {
        primary: 2 * n,
        secondary: 2 * (2 * n - 1),
        rows,
    }
}

// ------------------------------------------------------------------ C toolchain

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Once;
use std::time::{Duration, Instant};

/// How long a program may take on one test input before the test calls it hung.
/// A guard against hangs (a program waiting on a terminal, a loop that never ends,
/// quadratic work on 100 MB of input), not a speed claim: CI and developers share
/// loaded machines, where the same run can take ten times longer than on a quiet one.
pub const HANG_GUARD: Duration = Duration::from_secs(60);

pub fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Builds the release library (`cargo build --release --lib`) and returns the
/// directory holding `libdlx.a` and `libdlx.so`. Cargo serialises concurrent builds.
pub fn release_lib_dir() -> PathBuf {
    let root = manifest_dir();
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "--lib"])
        .current_dir(&root)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo build --release failed");
    let dir = target_dir().join("release");
    // The library's soname is libdlx.so.<ABI>; programs linked with -ldlx look for it.
    let soname = dir.join(format!("libdlx.so.{}", dlx::ffi::DLX_ABI_VERSION));
    if std::fs::symlink_metadata(&soname).is_err() {
        let _ = std::os::unix::fs::symlink("libdlx.so", &soname);
    }
    dir
}

/// The static library built with the `test-hooks` feature (in a target directory
/// of its own, so the shipped build stays as it is), for the C tests that reach the
/// library's panic path: tests/c/test_promises.c compiled with -DDLX_TEST_HOOKS.
pub fn hooks_lib_dir() -> PathBuf {
    let target = target_dir().join("test-hooks");
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "--lib", "--features", "test-hooks"])
        .arg("--target-dir")
        .arg(&target)
        .current_dir(manifest_dir())
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo build --features test-hooks failed");
    target.join("release")
}

/// The files of `dir` whose names end in `.ext`, sorted.
pub fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    files
}

/// The C test suite: tests/c/*.c.
pub fn c_tests() -> Vec<PathBuf> {
    let tests = files_with_extension(&manifest_dir().join("tests/c"), "c");
    assert!(!tests.is_empty(), "no C tests in tests/c");
    tests
}

/// Runs the C test program `exe` (with `env` set) and checks that it passed: exit
/// status 0 and its summary line saying ", 0 failed". Cargo points LD_LIBRARY_PATH
/// at its debug builds; the tests use the release library, so it goes.
pub fn run_c_test(exe: &Path, env: &[(&str, &Path)]) {
    let mut cmd = Command::new(exe);
    cmd.env_remove("LD_LIBRARY_PATH");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the C test runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains(", 0 failed"),
        "{} failed:\n{stdout}{}",
        exe.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The C test that also runs against [`hooks_lib_dir`].
pub fn promises_test() -> PathBuf {
    manifest_dir().join("tests/c/test_promises.c")
}

/// Cargo's target directory (CARGO_TARGET_DIR or ./target).
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest_dir().join("target"))
}

/// Compiles `sources` (C, or C++ when `cxx`) against include/ and the library in
/// `lib_dir` (static unless `shared`) into `out`, with every warning an error.
pub fn compile_c(sources: &[&Path], out: &Path, lib_dir: &Path, cxx: bool, shared: bool) {
    compile_c_with(sources, out, lib_dir, cxx, shared, &[]);
}

/// [`compile_c`] with extra compiler flags (e.g. `-fno-exceptions`).
pub fn compile_c_with(
    sources: &[&Path],
    out: &Path,
    lib_dir: &Path,
    cxx: bool,
    shared: bool,
    extra: &[&str],
) {
    let compiler = if cxx {
        std::env::var("CXX").unwrap_or_else(|_| "c++".into())
    } else {
        std::env::var("CC").unwrap_or_else(|_| "cc".into())
    };
    let mut cmd = Command::new(compiler);
    if cxx {
        cmd.args(["-x", "c++", "-std=c++17"]);
    } else {
        cmd.arg("-std=c11");
    }
    cmd.args(["-Wall", "-Wextra", "-Werror", "-pedantic", "-O1", "-g"]);
    cmd.args(extra);
    cmd.arg("-I").arg(manifest_dir().join("include"));
    cmd.args(sources);
    cmd.args(["-x", "none", "-o"]).arg(out);
    if shared {
        cmd.arg(format!("-L{}", lib_dir.display()))
            .arg("-Wl,--disable-new-dtags")
            .arg(format!("-Wl,-rpath,{}", lib_dir.display()))
            .arg("-ldlx");
    } else {
        cmd.arg(lib_dir.join("libdlx.a"));
    }
    cmd.args(["-lpthread", "-ldl", "-lm"]);
    let output = cmd.output().expect("the C compiler runs");
    assert!(
        output.status.success(),
        "compiling {sources:?} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A scratch directory for test binaries, under the target directory.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = target_dir().join("c-tests").join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// ------------------------------------------------------------------ C examples

/// `make -C c_examples` once per test binary; returns the directory holding the
/// example programs (`c_examples/build`).
pub fn examples_dir() -> PathBuf {
    static BUILD: Once = Once::new();
    let dir = manifest_dir().join("c_examples");
    BUILD.call_once(|| {
        let status = Command::new("make")
            .arg("-C")
            .arg(&dir)
            .arg(format!("CARGO={}", env!("CARGO")))
            .status()
            .expect("make runs");
        assert!(status.success(), "make -C c_examples failed");
    });
    dir.join("build")
}

/// Runs the example `program` with `args`, feeding it `input` on stdin, and
/// returns what it printed and its exit status.
pub fn run_example(program: &str, args: &[&str], input: &[u8]) -> Output {
    let exe = examples_dir().join(program);
    let mut child = Command::new(&exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", exe.display()));
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // A program may stop reading early (that is the point of rejecting junk).
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Malformed input or arguments end with exit status 1, exactly one line on
/// stderr (ending in a newline), nothing on stdout, and within [`HANG_GUARD`] (not
/// counting the build of the examples).
pub fn assert_rejected(program: &str, args: &[&str], input: &[u8], what: &str) {
    assert_rejected_after(program, args, input, b"", what);
}

/// [`assert_rejected`] for the programs that answer each case as soon as they
/// have read it: a fault after complete cases leaves exactly their answers,
/// `printed`, on stdout.
pub fn assert_rejected_after(
    program: &str,
    args: &[&str],
    input: &[u8],
    printed: &[u8],
    what: &str,
) {
    examples_dir(); // not part of the time limit
    let start = Instant::now();
    let out = run_example(program, args, input);
    let took = start.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{program} {what}: status {:?}",
        out.status
    );
    assert_eq!(
        stderr.lines().count(),
        1,
        "{program} {what}: stderr {stderr:?}"
    );
    assert!(stderr.ends_with('\n'), "{program} {what}: {stderr:?}");
    assert!(
        out.stdout == printed,
        "{program} {what}: printed {:?}, want {:?}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(printed)
    );
    assert!(took < HANG_GUARD, "{program} {what}: took {took:?}");
}
