//! The structure kept true: the top-level modules of `src/` import only modules of
//! their own layer or below, never each other in a cycle (files: structure_cycles.rs);
//! egui (with egui_plot and egui_table), eframe and rfd are named only in `src/app/`; no
//! source file grows past about 800 lines (unit-test files aside), and no function
//! outside the tests past 100.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

#[path = "structure/source.rs"]
mod source;

use source::{Tree, item_end, read_tree};

/// The layers, lowest first. A module may import modules of its own layer or below.
const LAYERS: [&[&str]; 8] = [
    &["platform", "fileread", "output", "game"],
    &["net"],
    &["search"],
    &["engine"],
    &["stats", "matches"],
    &["session"],
    &["report", "runner", "tree", "presets", "solve", "experiment"],
    &["cli", "app"],
];

const MAX_LINES: usize = 820;

/// The longest a function of `src/` may be, from its `fn` line to its closing brace.
const MAX_FN_LINES: usize = 100;

/// The top-level module a file of `src/` belongs to (`src/cli/bench.rs` -> `cli`);
/// None for the crate root files.
fn module_of(relative: &Path) -> Option<String> {
    let first = relative.components().next()?.as_os_str().to_string_lossy();
    let name = first.trim_end_matches(".rs").to_string();
    (name != "lib" && name != "main").then_some(name)
}

/// The top-level modules `text` names through `crate::X` paths and `use crate::{X, ..}`.
fn imports(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut rest = code.as_str();
    while let Some(k) = rest.find("crate::") {
        rest = &rest[k + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// Module -> the modules it imports (self excluded), over every file of `src/`.
fn graph(tree: &Tree) -> BTreeMap<String, BTreeSet<String>> {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in &tree.files {
        let Some(module) = module_of(path.strip_prefix("src").expect("in src")) else {
            continue;
        };
        let entry = g.entry(module.clone()).or_default();
        for m in imports(text) {
            if m != module {
                entry.insert(m);
            }
        }
    }
    g
}

/// A cycle through the graph, if there is one (depth-first search).
fn find_cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), 1);
        stack.push(node.to_string());
        for next in g.get(node).into_iter().flatten() {
            match state.get(next.as_str()).copied().unwrap_or(0) {
                1 => {
                    let from = stack.iter().position(|n| n == next).unwrap_or(0);
                    let mut cycle = stack[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(next, g, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(node.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in g.keys() {
        if state.get(node.as_str()).copied().unwrap_or(0) == 0 {
            let mut stack = Vec::new();
            if let Some(c) = visit(node, g, &mut state, &mut stack) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn every_module_imports_only_its_layer_or_below_and_none_in_a_cycle() {
    let tree = read_tree();
    let g = graph(&tree);
    assert!(g.len() >= 12, "read the modules: {:?}", g.keys());
    let mut problems = Vec::new();
    for (module, deps) in &g {
        let Some(mine) = layer_of(module) else {
            problems.push(format!(
                "module '{module}' has no layer in tests/structure_layering.rs"
            ));
            continue;
        };
        for dep in deps {
            match layer_of(dep) {
                Some(theirs) if theirs > mine => {
                    problems.push(format!("'{module}' imports '{dep}', a higher layer"));
                }
                None if g.contains_key(dep) => {
                    problems.push(format!(
                        "'{dep}' has no layer in tests/structure_layering.rs"
                    ));
                }
                _ => {}
            }
        }
    }
    if let Some(cycle) = find_cycle(&g) {
        problems.push(format!("import cycle: {}", cycle.join(" -> ")));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checks_catch_a_cycle_and_a_layer_break() {
    // The detectors themselves, on a made-up graph.
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    g.entry("cli".into())
        .or_default()
        .insert("experiment".into());
    g.entry("experiment".into())
        .or_default()
        .insert("cli".into());
    let cycle = find_cycle(&g).expect("a cycle");
    assert!(cycle.contains(&"cli".to_string()) && cycle.contains(&"experiment".to_string()));
    assert!(layer_of("experiment") < layer_of("cli"));
    let found =
        imports("use crate::{engine::X, game};\nlet x = crate::search::y;\n// crate::app\n");
    assert_eq!(
        found.into_iter().collect::<Vec<_>>(),
        ["engine", "game", "search"]
    );
}

#[test]
fn gui_crates_are_named_only_in_the_app() {
    let tree = read_tree();
    let mut problems = Vec::new();
    for (path, text) in &tree.files {
        if path.starts_with("src/app") {
            continue;
        }
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for name in [
                "egui",
                "eframe",
                "rfd",
                "egui_plot",
                "egui_table",
                "egui_extras",
            ] {
                let named = code.contains(&format!("{name}::"))
                    || code.contains(&format!("use {name}"))
                    || code.contains(&format!("extern crate {name}"));
                if named {
                    problems.push(format!("{}:{}: names {name}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_source_file_grows_past_the_limit() {
    let tree = read_tree();
    let mut problems = Vec::new();
    for (path, text) in &tree.files {
        let lines = text.lines().count();
        let shown = path.display().to_string().replace('\\', "/");
        // Unit-test files are not held to it.
        if lines > MAX_LINES && !shown.ends_with("/tests.rs") {
            problems.push(format!("{shown}: {lines} lines (at most {MAX_LINES})"));
        }
    }
    // The test files too, unit-test files of src/ aside (tests/ and the web crate's).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut tests = Vec::new();
    source::sources(&root.join("tests"), &mut tests);
    assert!(tests.len() > 50, "read tests/: {}", tests.len());
    for path in tests {
        let lines = std::fs::read_to_string(&path)
            .expect("readable")
            .lines()
            .count();
        if lines > MAX_LINES {
            let shown = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .display()
                .to_string();
            problems.push(format!("{shown}: {lines} lines (at most {MAX_LINES})"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The functions of a file longer than `limit` lines, as `(name, first line, lines)`.
/// A function runs from its `fn` line to the first line that is only `}` at the same
/// indent (the layout `cargo fmt` keeps). A braced test module (`#[cfg(test)]` and
/// `mod NAME {`) is skipped to its closing brace; `#[cfg(test)] mod NAME;` (a file of its
/// own) is only a line, and the scan goes on after it.
fn long_functions(text: &str, limit: usize) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    let mut skip_to = 0;
    for (i, line) in lines.iter().enumerate() {
        if i < skip_to {
            continue;
        }
        let body = line.trim_start();
        if body.starts_with("#[cfg(test)]") {
            let braced_module = lines.get(i + 1).is_some_and(|l| {
                let l = l.trim();
                let l = l.strip_prefix("pub ").unwrap_or(l);
                l.starts_with("mod ") && l.ends_with('{')
            });
            if braced_module {
                skip_to = item_end(&lines, i + 1) + 1;
                continue;
            }
        }
        let signature = ["pub(crate) ", "pub(super) ", "pub ", "const ", "unsafe "]
            .iter()
            .fold(body, |b, prefix| b.strip_prefix(prefix).unwrap_or(b));
        let Some(rest) = signature.strip_prefix("fn ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let indent = line.len() - body.len();
        let close = format!("{}}}", " ".repeat(indent));
        // The signature may span lines; a declaration without a body ends with `;`.
        let Some(open) = (i..lines.len()).find(|&j| {
            let l = lines[j].trim_end();
            l.ends_with('{') || l.ends_with(';') || l.ends_with('}')
        }) else {
            continue;
        };
        if !lines[open].trim_end().ends_with('{') {
            continue;
        }
        if let Some(end) = (open + 1..lines.len()).find(|&j| lines[j].trim_end() == close) {
            let n = end - i + 1;
            if n > limit {
                long.push((name, i + 1, n));
            }
        }
    }
    long
}

#[test]
fn no_function_grows_past_the_limit() {
    let tree = read_tree();
    let mut problems = Vec::new();
    for (path, text) in &tree.files {
        let shown = path.display().to_string().replace('\\', "/");
        if shown.ends_with("/tests.rs") || shown.ends_with("_tests.rs") {
            continue;
        }
        for (name, line, n) in long_functions(text, MAX_FN_LINES) {
            problems.push(format!(
                "{shown}:{line}: fn {name} is {n} lines (at most {MAX_FN_LINES}): split it into named steps"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_function_check_finds_a_long_function_and_only_it() {
    let long_body = "    let x = 1;\n".repeat(MAX_FN_LINES);
    let text = format!(
        "/// short\nfn short() {{\n    let y = 2;\n}}\n\npub(crate) fn long(\n    a: u32,\n) -> u32 {{\n{long_body}    a\n}}\n\ntrait T {{\n    fn declared(&self);\n}}\n"
    );
    let found = long_functions(&text, MAX_FN_LINES);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "long");
    assert_eq!(found[0].1, 6);
    assert_eq!(found[0].2, MAX_FN_LINES + 5);
    let indented: String = text
        .lines()
        .map(|l| {
            if l.is_empty() {
                "\n".to_string()
            } else {
                format!("    {l}\n")
            }
        })
        .collect();
    let in_tests = format!("#[cfg(test)]\nmod tests {{\n{indented}}}\n");
    assert!(long_functions(&in_tests, MAX_FN_LINES).is_empty());
    // A test module in a file of its own ends nothing: the function after it is read,
    // and so is one after a braced test module.
    let after_declared = format!("#[cfg(test)]\nmod tests;\n\n{text}");
    let found = long_functions(&after_declared, MAX_FN_LINES);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0.as_str(), found[0].1), ("long", 9));
    let after_braced = format!("{in_tests}\n{text}");
    let found = long_functions(&after_braced, MAX_FN_LINES);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "long");
}

// ---------------------------------------------------------------------------------
// The file-level import graph: for every file of `src/`, the files it takes items from.
