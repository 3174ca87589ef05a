//! The core's shape, checked on its own source: no module imports another that imports it
//! back (at the granularity of the crate's top-level modules, test code excluded), no function
//! of the step order longer than 60 lines and none in the core longer than 150.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The file's code without its `#[cfg(test)]` module and without comment lines; nothing for a
/// file that is itself a `#[cfg(test)] mod name;` of its parent (`parent/name.rs` declared in
/// `parent.rs` or `parent/mod.rs`): test code, like an inline test module.
fn code(path: &Path) -> String {
    if is_test_module(path) {
        return String::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let text = text.split("#[cfg(test)]").next().unwrap();
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `true` if `path`'s parent module declares it as `#[cfg(test)] mod name;`.
fn is_test_module(path: &Path) -> bool {
    let (Some(dir), Some(name)) = (path.parent(), path.file_stem()) else {
        return false;
    };
    let decl = format!("#[cfg(test)]\nmod {};", name.to_string_lossy());
    [dir.with_extension("rs"), dir.join("mod.rs")]
        .iter()
        .filter_map(|parent| std::fs::read_to_string(parent).ok())
        .any(|text| text.contains(&decl))
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Top-level module of a source file (`ground/wheel.rs` → `ground`, `params.rs` → `params`).
fn top(path: &Path) -> String {
    let rel = path.strip_prefix(src()).unwrap();
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// Names used as `crate::name` in `text`, including inside `use crate::{a, b::c}` groups.
fn crate_refs(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + 7..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find(';').unwrap_or(group.len());
            // Top-level items of the group: after `{` or a `,` at depth 0.
            let mut depth = 0;
            let mut start = true;
            for (j, c) in group[..end].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if start && !c.is_whitespace() => {
                        out.insert(ident(&group[j..]));
                        start = false;
                    }
                    _ => {}
                }
            }
        } else {
            out.insert(ident(rest));
        }
    }
    out
}

#[test]
fn no_module_imports_another_that_imports_it_back() {
    let mut files = Vec::new();
    sources(&src(), &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &files {
        graph.entry(top(f)).or_default();
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for f in &files {
        let me = top(f);
        for r in crate_refs(&code(f)) {
            if r != me && modules.contains(&r) {
                graph.get_mut(&me).unwrap().insert(r);
            }
        }
    }
    // Every module's reachable set must not contain itself.
    let mut loops = Vec::new();
    for m in graph.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&String> = graph[m].iter().collect();
        while let Some(n) = stack.pop() {
            if seen.insert(n.clone()) {
                stack.extend(graph[n].iter());
            }
        }
        if seen.contains(m) {
            loops.push(format!("{m} → {:?}", graph[m]));
        }
    }
    assert!(loops.is_empty(), "import loops:\n{}", loops.join("\n"));
    // The layering the architecture describes: the step order above the stages, the handle
    // above the step order, telemetry above the handle.
    let reaches = |a: &str, b: &str| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![a.to_string()];
        while let Some(n) = stack.pop() {
            if seen.insert(n.clone()) {
                stack.extend(graph[&n].iter().cloned());
            }
        }
        seen.contains(b)
    };
    for sub in [
        "suspension",
        "tire",
        "steering",
        "drivetrain",
        "input",
        "ground",
        "surface",
        "aero",
        "stability",
        "chassis",
    ] {
        for above in [
            "params",
            "state",
            "pipeline",
            "vehicle",
            "telemetry",
            "world",
        ] {
            assert!(!reaches(sub, above), "{sub} must not depend on {above}");
        }
    }
    assert!(
        !reaches("vehicle", "telemetry"),
        "the handle must not depend on telemetry"
    );
    assert!(
        !reaches("pipeline", "vehicle"),
        "the step order must not depend on the handle"
    );
}

/// `(name, lines)` of every `fn` in `text`, counted from its signature to its closing brace.
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim_start();
        let is_fn = [
            "fn ",
            "pub fn ",
            "pub(crate) fn ",
            "pub(super) fn ",
            "const fn ",
            "pub const fn ",
        ]
        .iter()
        .any(|p| t.starts_with(p));
        if !is_fn || t.ends_with(';') {
            continue;
        }
        let indent = l.len() - t.len();
        let name: String = t[t.find("fn ").unwrap() + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = " ".repeat(indent) + "}";
        if let Some(end) = lines[i + 1..].iter().position(|m| *m == close) {
            out.push((name, end + 2));
        }
    }
    out
}

#[test]
fn functions_are_short() {
    let mut files = Vec::new();
    sources(&src(), &mut files);
    let mut long = Vec::new();
    for f in &files {
        let step_order = f.parent().is_some_and(|d| d.ends_with("pipeline"));
        let limit = if step_order { 60 } else { 150 };
        for (name, n) in function_lengths(&code(f)) {
            if n > limit {
                long.push(format!(
                    "{}: {name} has {n} lines (limit {limit})",
                    f.display()
                ));
            }
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
}
