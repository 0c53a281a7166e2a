//! Tests of the core's shape, read from its source: the files' imports point one way (no
//! circle), and only the files allowed open the state's one door ([`super::state::State`]'s
//! `run_mut`).
//!
//! A file depends on another when its code names it: a path through `crate::core::`,
//! `super::` or `super::super::` (in a `use` line or inline), a name re-exported by
//! `core/mod.rs` counting as the file that defines it. Comments, doc comments and strings
//! are not read. `mod.rs` itself (the list of modules and the re-exports) is no node.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The files allowed to call `run_mut`: where it is defined, the one mutator, and the
/// tests' builder.
const DOOR: [&str; 3] = ["apply", "state", "testing"];

/// This file: its strings name the paths it looks for.
const SELF: &str = "imports";

/// A module of the core by its path below `core` (`["exec", "duel"]`), as `exec/duel`.
fn node(path: &[String]) -> String {
    path.join("/")
}

/// Every `.rs` file under `dir`, with its module path below the core.
fn files(dir: &Path, prefix: &[String], out: &mut Vec<(Vec<String>, PathBuf)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("the core's folder reads")
        .map(|e| e.expect("a folder entry").path())
        .collect();
    entries.sort();
    for p in entries {
        let Some(stem) = p.file_stem().and_then(|s| s.to_str()).map(str::to_owned) else {
            continue;
        };
        if p.is_dir() {
            let mut sub = prefix.to_vec();
            sub.push(stem);
            files(&p, &sub, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let mut path = prefix.to_vec();
            if stem != "mod" {
                path.push(stem);
            }
            out.push((path, p));
        }
    }
}

/// The code of a file with its comments, strings and character literals blanked (each
/// replaced by a space), so that only code is searched.
fn code_only(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < c.len() {
        if c[i] == '/' && at(&c, i + 1) == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && at(&c, i + 1) == Some('*') {
            i += 2;
            while i < c.len() && !(c[i] == '*' && at(&c, i + 1) == Some('/')) {
                i += 1;
            }
            i += 2;
            out.push(' ');
        } else if c[i] == 'r'
            && matches!(at(&c, i + 1), Some('"' | '#'))
            && !ident(c.get(i.wrapping_sub(1)))
        {
            // A raw string: r"..." or r#"..."#.
            let hashes = c[i + 1..].iter().take_while(|&&h| h == '#').count();
            let close: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let start = i + 2 + hashes;
            let body: String = c[start.min(c.len())..].iter().collect();
            i = start
                + body
                    .find(&close)
                    .map_or(body.len(), |n| body[..n].chars().count() + close.len());
            out.push(' ');
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push(' ');
        } else if c[i] == '\'' && at(&c, i + 1) == Some('\\') {
            i += 2;
            while i < c.len() && c[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push(' ');
        } else if c[i] == '\'' && at(&c, i + 2) == Some('\'') {
            i += 3;
            out.push(' ');
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

fn at(c: &[char], i: usize) -> Option<char> {
    c.get(i).copied()
}

fn ident(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// The first name of each item of a `{...}` group starting at `open` (nested groups
/// skipped), and where the group ends.
fn group(code: &[char], open: usize) -> (Vec<String>, usize) {
    let mut names = Vec::new();
    let (mut depth, mut i, mut at_item) = (0, open, true);
    while i < code.len() {
        match code[i] {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return (names, i + 1);
                }
            }
            ',' if depth == 1 => at_item = true,
            c if depth == 1 && at_item && (ident(Some(&c)) || c == '*') => {
                let name: String = code[i..]
                    .iter()
                    .take_while(|c| ident(Some(c)) || **c == '*')
                    .collect();
                i += name.chars().count();
                names.push(name);
                at_item = false;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    (names, i)
}

/// Every path the code of the file `file` names through `crate::core::`,
/// `super::super::` or `super::`, as (the module it starts from, below the core; the first
/// name after it). `super` climbs from where the code is, in the file or in an inline
/// module of it (`mod tests { .. }`), which this walk follows.
fn named_paths(code: &str, file: &[String]) -> Vec<(Vec<String>, String)> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    // Inline modules open: their names and the brace depth they close at.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let starts = |i: usize, s: &str| {
        let n = s.chars().count();
        c.len() >= i + n
            && c[i..i + n].iter().copied().eq(s.chars())
            && !ident(c.get(i.wrapping_sub(1)))
    };
    while i < c.len() {
        if c[i] == '{' {
            depth += 1;
        } else if c[i] == '}' {
            depth = depth.saturating_sub(1);
            if inline.last().is_some_and(|(_, d)| *d == depth) {
                inline.pop();
            }
        } else if starts(i, "mod ") {
            let name: String = c[i + 4..].iter().take_while(|c| ident(Some(c))).collect();
            let after = c[i + 4 + name.len()..].iter().find(|c| !c.is_whitespace());
            if after == Some(&'{') {
                inline.push((name, depth));
            }
        }
        let (up, prefix) = if starts(i, "crate::core::") {
            (None, "crate::core::")
        } else if starts(i, "super::super::") {
            (Some(2), "super::super::")
        } else if starts(i, "super::") {
            (Some(1), "super::")
        } else {
            i += 1;
            continue;
        };
        // The module the path starts from: the core, or `up` levels above the code here.
        let base: Vec<String> = match up {
            None => Vec::new(),
            Some(up) => {
                let here: Vec<&String> = file.iter().chain(inline.iter().map(|(n, _)| n)).collect();
                here[..here.len().saturating_sub(up)]
                    .iter()
                    .map(|s| (*s).clone())
                    .collect()
            }
        };
        i += prefix.len();
        if c.get(i) == Some(&'{') {
            let (names, end) = group(&c, i);
            out.extend(names.into_iter().map(|n| (base.clone(), n)));
            i = end;
        } else {
            let name: String = c[i..]
                .iter()
                .take_while(|c| ident(Some(c)) || **c == '*')
                .collect();
            i += name.chars().count().max(1);
            out.push((base, name));
        }
    }
    out
}

/// The core's files and what each depends on, by module (`exec/duel`).
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/core");
    let mut all = Vec::new();
    files(&root, &[], &mut all);
    let modules: BTreeSet<Vec<String>> = all.iter().map(|(p, _)| p.clone()).collect();
    // What core/mod.rs re-exports, by name: the module that defines it.
    let hub = std::fs::read_to_string(root.join("mod.rs")).expect("core/mod.rs reads");
    let hub = code_only(&hub);
    let mut exported: BTreeMap<String, String> = BTreeMap::new();
    for item in hub.split(';').map(str::trim) {
        let Some(body) = item.strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, items)) = body.split_once("::") else {
            continue;
        };
        let items: Vec<char> = items.chars().collect();
        let names = if items.first() == Some(&'{') {
            group(&items, 0).0
        } else {
            vec![items.iter().take_while(|c| ident(Some(c))).collect()]
        };
        for n in names {
            exported.insert(n, module.to_owned());
        }
    }
    let mut deps = BTreeMap::new();
    for (path, file) in &all {
        if path.is_empty() || node(path) == SELF {
            continue;
        }
        let text = std::fs::read_to_string(file).expect("a core file reads");
        let mut to = BTreeSet::new();
        for (base, name) in named_paths(&code_only(&text), path) {
            let mut target = base.clone();
            target.push(name.clone());
            // The longest module path the name lies in.
            let module = (1..=target.len())
                .rev()
                .map(|n| target[..n].to_vec())
                .find(|p| modules.contains(p))
                .or_else(|| {
                    let m = exported.get(&name).filter(|_| base.is_empty())?;
                    Some(vec![m.clone()])
                })
                .unwrap_or(base);
            if !module.is_empty() && module != *path {
                to.insert(node(&module));
            }
        }
        deps.insert(node(path), to);
    }
    deps
}

/// A circle in `deps`, if any, as the modules along it (the first repeated at the end).
fn circle(deps: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        at: &str,
        deps: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(k) = path.iter().position(|p| p == at) {
            let mut c = path[k..].to_vec();
            c.push(at.to_owned());
            return Some(c);
        }
        if done.contains(at) {
            return None;
        }
        path.push(at.to_owned());
        for next in deps.get(at).into_iter().flatten() {
            if let Some(c) = visit(next, deps, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(at.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    deps.keys()
        .find_map(|start| visit(start, deps, &mut Vec::new(), &mut done))
}

#[test]
fn no_file_of_the_core_imports_in_a_circle() {
    let deps = graph();
    // The reader sees what it should: a few dependencies known to exist.
    for (from, to) in [
        ("apply", "state"),
        ("event", "state"),
        ("exec", "plan"),
        ("exec/duel", "exec/effects"),
        ("exec/duel", "combat"),
        ("state", "standing"),
    ] {
        assert!(
            deps[from].contains(to),
            "{from} -> {to} not seen: {deps:#?}"
        );
    }
    if let Some(c) = circle(&deps) {
        panic!("the core's files import in a circle: {}", c.join(" -> "));
    }
}

#[test]
fn the_circle_finder_finds_a_circle() {
    let code = "use super::state::State;\nfn f() { crate::core::combat::who(); }\n";
    let here = vec!["event".to_owned()];
    let found: Vec<String> = named_paths(&code_only(code), &here)
        .into_iter()
        .map(|(_, n)| n)
        .collect();
    assert_eq!(found, ["state", "combat"]);
    // Comments and strings are not code; a test module's `super` is its own file.
    let code = "// use super::a;\nlet s = \"super::b\";\nmod tests { use super::*; }";
    let paths = named_paths(&code_only(code), &here);
    assert_eq!(paths, [(here.clone(), "*".to_owned())]);
    let edge = |a: &str, b: &str| (a.to_owned(), BTreeSet::from([b.to_owned()]));
    let deps = BTreeMap::from([edge("a", "b"), edge("b", "c"), edge("c", "a")]);
    assert_eq!(
        circle(&deps).expect("a circle").join(" -> "),
        "a -> b -> c -> a"
    );
    let deps = BTreeMap::from([edge("a", "b"), edge("b", "c")]);
    assert_eq!(circle(&deps), None);
}

/// The compiler keeps every file outside the core from the door (`pub(super)`); inside
/// the core, this test keeps all but the one mutator and the tests' builder from it.
#[test]
fn only_apply_opens_the_door() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/core");
    let mut all = Vec::new();
    files(&root, &[], &mut all);
    let mut opened = Vec::new();
    for (path, file) in &all {
        let text = std::fs::read_to_string(file).expect("a core file reads");
        if code_only(&text).contains("run_mut") {
            opened.push(node(path));
        }
    }
    opened.retain(|n| n != SELF);
    assert_eq!(opened, DOOR, "the files that write a state");
}
