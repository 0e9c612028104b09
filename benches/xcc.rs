//! Exact cover with colours and multiplicities: our Algorithms C and M against Knuth's
//! DLX2, DLX3 (and SSXCC) on generated puzzles: word squares, word searches, random XCC
//! instances, and queens with k per row and column (MCC).
//!
//!   cargo bench --bench xcc                      our figures and times only
//!   DLX2=path/to/dlx2 DLX3=path/to/dlx3 SSXCC=path/to/ssxcc cargo bench --bench xcc
//!
//! Knuth's programs are not part of this repository: build them from dlx2.w and
//! ssxcc.w (TAOCP's programs, ctangle) and point the variables at them. Each instance
//! is written in Knuth's format to target/xcc-bench/<name>.dlx; DLX2's and SSXCC's time
//! is their user+system CPU time as a child process (parsing included, a few ms
//! here), ours the thread CPU time of the count alone, best of three runs. The
//! figures (solutions, nodes, updates, cleansings) must be equal to DLX2's (DLX3's).
//! `cargo bench --bench xcc -- --dump` only writes the instances; `-- squares 7x7`
//! runs only the instances whose name holds one of the words (for profiling).

#[path = "engines/clock.rs"]
mod clock;

use clock::Clock;
use dlx::core::{XDims, XSolver};
use std::fmt::Write as _;
use std::process::{Command, Stdio};
use std::time::Duration;

/// A problem with colours: item names, the number of primary items, and options as
/// (item, colour) lists (colour 0 = none).
struct Problem {
    name: String,
    items: Vec<String>,
    primary: usize,
    colours: usize,
    options: Vec<Vec<(u32, u32)>>,
    /// Bounds of the primary items (empty: Algorithm C, compared with DLX2; else
    /// Algorithm M, compared with DLX3).
    bounds: Vec<(u32, u32)>,
}

impl Problem {
    fn knuth(&self) -> String {
        let mut t = format!("| {}\n", self.name);
        let primary: Vec<String> = (0..self.primary)
            .map(|i| match self.bounds.get(i) {
                Some(&(u, v)) if (u, v) != (1, 1) => format!("{u}:{v}|{}", self.items[i]),
                _ => self.items[i].clone(),
            })
            .collect();
        t += &primary.join(" ");
        if self.items.len() > self.primary {
            t += " | ";
            t += &self.items[self.primary..].join(" ");
        }
        t += "\n";
        for o in &self.options {
            let words: Vec<String> = o
                .iter()
                .map(|&(i, k)| match k {
                    0 => self.items[i as usize].clone(),
                    k => format!("{}:{}", self.items[i as usize], colour_char(k)),
                })
                .collect();
            t += &words.join(" ");
            t += "\n";
        }
        t
    }
}

/// DLX2 takes one-character colours.
fn colour_char(k: u32) -> char {
    (b'a' + (k - 1) as u8) as char
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Random words of length `len` over the first `letters` letters, distinct.
fn dictionary(seed: u64, count: usize, len: usize, letters: u64) -> Vec<Vec<u32>> {
    let mut g = Rng(seed);
    let mut words: Vec<Vec<u32>> = Vec::new();
    while words.len() < count {
        let w: Vec<u32> = (0..len).map(|_| 1 + g.below(letters) as u32).collect();
        if !words.contains(&w) {
            words.push(w);
        }
    }
    words
}

/// Double word squares (TAOCP 7.2.2.1): an n x n grid whose rows and columns are all
/// words of the dictionary. Primary items: the rows and columns; secondary items:
/// the cells, coloured by their letter.
fn word_squares(n: usize, words: usize, letters: u64, seed: u64) -> Problem {
    let dict = dictionary(seed, words, n, letters);
    let mut items: Vec<String> = (0..n).map(|i| format!("r{i}")).collect();
    items.extend((0..n).map(|j| format!("c{j}")));
    for i in 0..n {
        for j in 0..n {
            items.push(format!("x{i}{j}"));
        }
    }
    let cell = |i: usize, j: usize| (2 * n + i * n + j) as u32;
    let mut options = Vec::new();
    for i in 0..n {
        for w in &dict {
            let mut o = vec![(i as u32, 0)];
            o.extend((0..n).map(|j| (cell(i, j), w[j])));
            options.push(o);
        }
    }
    for j in 0..n {
        for w in &dict {
            let mut o = vec![((n + j) as u32, 0)];
            o.extend((0..n).map(|i| (cell(i, j), w[i])));
            options.push(o);
        }
    }
    Problem {
        name: format!("word squares {n}x{n}, {words} words over {letters} letters"),
        items,
        primary: 2 * n,
        colours: letters as usize,
        options,
        bounds: Vec::new(),
    }
}

/// A word search: every word placed once in a w x h grid, in any of 8 directions;
/// words may cross where their letters agree.
fn word_search(w: usize, h: usize, words: usize, letters: u64, seed: u64) -> Problem {
    let mut g = Rng(seed);
    let dict: Vec<Vec<u32>> = (0..words)
        .map(|_| {
            let len = 3 + g.below(3) as usize;
            (0..len).map(|_| 1 + g.below(letters) as u32).collect()
        })
        .collect();
    let mut items: Vec<String> = (0..words).map(|k| format!("w{k}")).collect();
    for y in 0..h {
        for x in 0..w {
            items.push(format!("g{x}.{y}"));
        }
    }
    let mut options = Vec::new();
    let dirs = [
        (1, 0),
        (0, 1),
        (1, 1),
        (1, -1),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (-1, 1),
    ];
    for (k, word) in dict.iter().enumerate() {
        for y in 0..h as i64 {
            for x in 0..w as i64 {
                for &(dx, dy) in &dirs {
                    let end = (
                        x + dx * (word.len() as i64 - 1),
                        y + dy * (word.len() as i64 - 1),
                    );
                    if end.0 < 0 || end.1 < 0 || end.0 >= w as i64 || end.1 >= h as i64 {
                        continue;
                    }
                    let mut o = vec![(k as u32, 0)];
                    for (i, &letter) in word.iter().enumerate() {
                        let (cx, cy) = (x + dx * i as i64, y + dy * i as i64);
                        o.push(((words as i64 + cy * w as i64 + cx) as u32, letter));
                    }
                    options.push(o);
                }
            }
        }
    }
    Problem {
        name: format!("word search {w}x{h}, {words} words over {letters} letters"),
        items,
        primary: words,
        colours: letters as usize,
        options,
        bounds: Vec::new(),
    }
}

/// Random XCC: `p` primary and `s` secondary items, `rows` options, each on about
/// three primary items and a few coloured secondary ones.
fn random_xcc(p: usize, s: usize, rows: usize, colours: u64, seed: u64) -> Problem {
    let mut g = Rng(seed);
    let mut items: Vec<String> = (0..p).map(|i| format!("p{i}")).collect();
    items.extend((0..s).map(|i| format!("s{i}")));
    let mut options = Vec::new();
    for _ in 0..rows {
        let mut o: Vec<(u32, u32)> = Vec::new();
        for _ in 0..1 + g.below(3) {
            let i = g.below(p as u64) as u32;
            if !o.iter().any(|e| e.0 == i) {
                o.push((i, 0));
            }
        }
        for _ in 0..g.below(4) {
            let i = (p as u64 + g.below(s as u64)) as u32;
            if !o.iter().any(|e| e.0 == i) {
                o.push((i, 1 + g.below(colours) as u32));
            }
        }
        options.push(o);
    }
    Problem {
        name: format!("random XCC {p}+{s} items, {rows} options, {colours} colours"),
        items,
        primary: p,
        colours: colours as usize,
        options,
        bounds: Vec::new(),
    }
}

/// Queens with multiplicities: exactly `k` queens in every row and column of an n x n
/// board, at most `d` on every diagonal (all primary items with bounds).
fn queens_mcc(n: usize, k: u32, d: u32) -> Problem {
    let mut items: Vec<String> = (0..n).map(|i| format!("r{i}")).collect();
    items.extend((0..n).map(|j| format!("c{j}")));
    items.extend((0..2 * n - 1).map(|i| format!("a{i}")));
    items.extend((0..2 * n - 1).map(|i| format!("b{i}")));
    let mut bounds = vec![(k, k); 2 * n];
    bounds.extend(vec![(0, d); 4 * n - 2]);
    let mut options = Vec::new();
    for i in 0..n {
        for j in 0..n {
            options.push(vec![
                (i as u32, 0),
                ((n + j) as u32, 0),
                ((2 * n + i + j) as u32, 0),
                ((4 * n - 1 + i + n - 1 - j) as u32, 0),
            ]);
        }
    }
    Problem {
        name: format!("{n}x{n} board, {k} queens per row and column, at most {d} per diagonal"),
        primary: items.len(),
        items,
        colours: 0,
        options,
        bounds,
    }
}

/// (solutions, nodes, updates, cleansings) and the best time of three counts.
fn ours(p: &Problem) -> ([u64; 4], Duration) {
    let dims = XDims {
        primary: p.primary as u32,
        secondary: (p.items.len() - p.primary) as u32,
        max_rows: p.options.len() as u32,
        max_entries: p.options.iter().map(|o| o.len() as u32).sum(),
        colors: p.colours as u32,
        bounded: if p.bounds.is_empty() {
            0
        } else {
            p.primary as u32
        },
    };
    let mut block = vec![0u32; dims.required_words().unwrap() as usize];
    let mut s = XSolver::init(&mut block, dims).unwrap();
    for o in &p.options {
        let cols: Vec<u32> = o.iter().map(|e| e.0).collect();
        let colours: Vec<u32> = o.iter().map(|e| e.1).collect();
        s.add_row(&cols, Some(&colours)).unwrap();
    }
    for (i, &(u, v)) in p.bounds.iter().enumerate() {
        s.set_bounds(i as u32, u, v).unwrap();
    }
    let mut best = Duration::MAX;
    let mut figures = [0; 4];
    for _ in 0..3 {
        let clock = Clock::now();
        let n = s.count(0).expect("a sound block");
        best = best.min(clock.elapsed());
        let st = s.stats();
        figures = [n, st.nodes, st.updates, st.cleansings];
    }
    (figures, best)
}

/// User plus system CPU time of the finished children so far.
fn children_cpu() -> Duration {
    #[repr(C)]
    struct Rusage {
        utime: [i64; 2],
        stime: [i64; 2],
        rest: [i64; 14],
    }
    extern "C" {
        fn getrusage(who: i32, usage: *mut Rusage) -> i32;
    }
    let mut r = Rusage {
        utime: [0; 2],
        stime: [0; 2],
        rest: [0; 14],
    };
    // SAFETY: a valid, writable struct as large as Linux's `struct rusage`.
    unsafe { getrusage(-1, &mut r) };
    let us = |t: [i64; 2]| Duration::from_micros((t[0] * 1_000_000 + t[1]) as u64);
    us(r.utime) + us(r.stime)
}

/// Runs one of Knuth's programs on `file`: its last stderr line's figures and its
/// best CPU time of three runs.
fn knuth(program: &str, file: &std::path::Path) -> Option<([u64; 4], Duration)> {
    let mut best = Duration::MAX;
    let mut figures = None;
    for _ in 0..3 {
        let before = children_cpu();
        let out = Command::new(program)
            .stdin(std::fs::File::open(file).ok()?)
            .stdout(Stdio::null())
            .output()
            .ok()?;
        best = best.min(children_cpu().saturating_sub(before));
        let text = String::from_utf8_lossy(&out.stderr);
        let line = text.lines().find(|l| l.starts_with("Altogether"))?;
        let num = |after: &str| -> u64 {
            let words: Vec<&str> = line.split([' ', ',']).filter(|w| !w.is_empty()).collect();
            words
                .iter()
                .position(|w| w.starts_with(after))
                .and_then(|i| words[i - 1].parse().ok())
                .unwrap_or(0)
        };
        let solutions = line
            .split_whitespace()
            .nth(1)
            .and_then(|w| w.parse().ok())
            .unwrap_or(0);
        figures = Some([solutions, num("nodes"), num("updates"), num("cleansings")]);
    }
    Some((figures?, best))
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

fn main() {
    if std::env::args().any(|a| a == "--wall") {
        clock::WALL.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    let problems = [
        word_squares(5, 60, 3, 1),
        word_squares(5, 45, 3, 2),
        word_search(5, 5, 7, 3, 4),
        word_search(5, 5, 8, 3, 5),
        random_xcc(14, 10, 110, 3, 6),
        random_xcc(16, 10, 120, 2, 7),
        queens_mcc(6, 2, 2),
        queens_mcc(7, 2, 2),
        queens_mcc(8, 2, 2),
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/xcc-bench");
    std::fs::create_dir_all(&dir).unwrap();
    let dlx2 = std::env::var("DLX2").ok();
    let dlx3 = std::env::var("DLX3").ok();
    let ssxcc = std::env::var("SSXCC").ok();
    let mut table = String::from(
        "| instance | solutions | nodes | updates | cleansings | ours ms | DLX2 (DLX3) ms | Knuth / ours | SSXCC ms | SSXCC / ours |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let dump = std::env::args().any(|a| a == "--dump");
    // Words that are not flags pick the instances whose name holds one of them.
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    for (k, p) in problems.iter().enumerate() {
        let file = dir.join(format!("{k}.dlx"));
        std::fs::write(&file, p.knuth()).unwrap();
        let picked = words.is_empty() || words.iter().any(|w| p.name.contains(w.as_str()));
        if dump || !picked {
            continue;
        }
        let (f, t) = ours(p);
        let knuths = if p.bounds.is_empty() { &dlx2 } else { &dlx3 };
        let d = knuths.as_deref().and_then(|prog| knuth(prog, &file));
        let x = if p.bounds.is_empty() {
            ssxcc.as_deref().and_then(|prog| knuth(prog, &file))
        } else {
            None
        };
        if let Some((kf, _)) = d {
            assert_eq!(f, kf, "{}: our figures differ from Knuth's", p.name);
        }
        if let Some((xf, _)) = x {
            assert_eq!(f[0], xf[0], "{}: SSXCC counts differently", p.name);
        }
        let ratio = |o: Option<([u64; 4], Duration)>| match o {
            Some((_, kt)) => (ms(kt), format!("{:.2}", kt.as_secs_f64() / t.as_secs_f64())),
            None => ("-".into(), "-".into()),
        };
        let (dt, dr) = ratio(d);
        let (xt, xr) = ratio(x);
        let _ = writeln!(
            table,
            "| {} | {} | {} | {} | {} | {} | {dt} | {dr} | {xt} | {xr} |",
            p.name,
            f[0],
            f[1],
            f[2],
            f[3],
            ms(t)
        );
    }
    print!("{table}");
}
