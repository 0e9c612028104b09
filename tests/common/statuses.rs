//! The statuses `include/dlx.h` documents: their names and values, and the ones each
//! function's comment names. Shared by tests/sudoku_status.rs and tests/statuses.rs.

use std::collections::{BTreeMap, BTreeSet};

/// The outcome codes beside `DLX_OK` and the `DLX_ERR_*` codes.
const OUTCOMES: [&str; 4] = [
    "DLX_SOLUTION",
    "DLX_EXHAUSTED",
    "DLX_BUDGET_SPENT",
    "DLX_STOPPED",
];

/// The status names of the header (`#define DLX_... (value)` among the codes), by value.
pub fn status_names(header: &str) -> BTreeMap<i32, String> {
    let mut names = BTreeMap::new();
    for line in header.lines() {
        let mut w = line.split_whitespace();
        if let (Some("#define"), Some(name), Some(v)) = (w.next(), w.next(), w.next()) {
            let v = v.trim_matches(|c| c == '(' || c == ')');
            if name == "DLX_OK" || name.starts_with("DLX_ERR_") || OUTCOMES.contains(&name) {
                if let Ok(v) = v.parse::<i32>() {
                    names.insert(v, name.to_string());
                }
            }
        }
    }
    names
}

/// Every `DLX_*` name in the comment block just above the declaration of `func`,
/// with those of the functions it refers to for its statuses ("Like `dlx_new`",
/// "Errors: as `dlx_add_row`").
pub fn documented(header: &str, func: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut todo = vec![func.to_string()];
    let mut done = BTreeSet::new();
    while let Some(f) = todo.pop() {
        if !done.insert(f.clone()) {
            continue;
        }
        let comment = comment_of(header, &f);
        for word in comment.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            if word.starts_with("DLX_") {
                names.insert(word.to_string());
            }
        }
        for lead in ["Like `", "as `"] {
            for part in comment.split(lead).skip(1) {
                let target = part.split('`').next().unwrap_or("");
                if target.starts_with("dlx_")
                    && target
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_')
                {
                    todo.push(target.to_string());
                }
            }
        }
    }
    names
}

/// The comment block just above the declaration of `func`, as one line.
fn comment_of(header: &str, func: &str) -> String {
    let lines: Vec<&str> = header.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("dlx_status ") && l.contains(&format!(" {func}(")))
        .unwrap_or_else(|| panic!("{func} not declared in the header"));
    let comment = |l: &&&str| {
        let t = l.trim_start();
        t.starts_with("//") || t.starts_with("/*") || t.starts_with('*')
    };
    let mut block: Vec<&str> = lines[..at]
        .iter()
        .rev()
        .take_while(comment)
        .copied()
        .collect();
    block.reverse();
    block
        .iter()
        .map(|l| l.trim_start().trim_start_matches(['/', '*']).trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A function of the header that returns a status: its name, its parameters as
/// declared, and their names.
pub struct Declared {
    pub name: String,
    pub params: String,
    pub args: Vec<String>,
}

/// Every `dlx_status dlx_*(...)` declaration of the header.
pub fn declared(header: &str) -> Vec<Declared> {
    let mut out = Vec::new();
    let mut lines = header.lines();
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix("dlx_status ") else {
            continue;
        };
        let mut decl = rest.to_string();
        while !decl.trim_end().ends_with(';') {
            decl.push(' ');
            decl.push_str(lines.next().expect("a declaration ends").trim());
        }
        let open = decl.find('(').unwrap();
        let close = decl.rfind(')').unwrap();
        let name = decl[..open].trim().to_string();
        let params = decl[open + 1..close].trim().to_string();
        let args = split_params(&params)
            .iter()
            .filter(|p| p.as_str() != "void")
            .map(|p| param_name(p))
            .collect();
        out.push(Declared { name, params, args });
    }
    out
}

/// The parameters of a declaration, split at the commas outside parentheses.
fn split_params(params: &str) -> Vec<String> {
    let (mut out, mut cur, mut depth) = (Vec::new(), String::new(), 0);
    for ch in params.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// The name a parameter declares: the last identifier, or the one in `(*name)`.
fn param_name(p: &str) -> String {
    let p = match p.find("(*") {
        Some(i) => &p[i + 2..p[i..].find(')').map_or(p.len(), |j| i + j)],
        None => p,
    };
    let p = p.split('[').next().unwrap();
    p.rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .find(|w| !w.is_empty())
        .unwrap()
        .to_string()
}
