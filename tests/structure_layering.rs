//! The structure kept true: the top-level modules of `src/` import only modules of
//! their own layer or below, never each other in a cycle; no file of `src/` takes items
//! from another in a cycle (the files each file imports from, resolved to the file that
//! defines each item); egui (with egui_plot and egui_table), eframe and rfd are named only in `src/app/`; no source file
//! grows past about 800 lines (unit-test files aside), and no function outside the tests
//! past 100.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first. A module may import modules of its own layer or below.
const LAYERS: [&[&str]; 7] = [
    &["platform", "fileread", "output", "game"],
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

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

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
    // The exported macro lives in the engine facade.
    if out.remove("with_position") {
        out.insert("engine".into());
    }
    out
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

struct Tree {
    /// File (relative to the crate root) and its text.
    files: Vec<(PathBuf, String)>,
}

fn read_tree() -> Tree {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    sources(&root.join("src"), &mut paths);
    paths.sort();
    Tree {
        files: paths
            .into_iter()
            .map(|p| {
                let text = std::fs::read_to_string(&p).expect("readable");
                (
                    p.strip_prefix(root).expect("under the root").to_path_buf(),
                    text,
                )
            })
            .collect(),
    }
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

/// A file's text with comments blanked and the insides of string and character
/// literals blanked, line breaks and indentation kept.
fn code_only(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |ch: char| if ch == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < c.len() {
        let next = c.get(i + 1).copied();
        if c[i] == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c[i] == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
        } else if c[i] == 'r'
            && (next == Some('"') || next == Some('#'))
            && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
        {
            // A raw string: r"..", r#".."#.
            let mut j = i + 1;
            while c.get(j) == Some(&'#') {
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            let hashes = j - i - 1;
            out.extend(&c[i..=j]);
            i = j + 1;
            while i < c.len() {
                if c[i] == '"' && (1..=hashes).all(|h| c.get(i + h) == Some(&'#')) {
                    out.extend(&c[i..=i + hashes]);
                    i += hashes + 1;
                    break;
                }
                out.push(blank(c[i]));
                i += 1;
            }
        } else if c[i] == '"' {
            out.push('"');
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < c.len() {
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
            out.push('"');
            i += 1;
        } else if c[i] == '\'' && next == Some('\\') {
            // An escaped character: '\n', '\'', '\u{..}'.
            out.push('\'');
            i += 1;
            out.push(' ');
            i += 1;
            while i < c.len() && c[i] != '\'' {
                out.push(' ');
                i += 1;
            }
            out.push('\'');
            i += 1;
        } else if c[i] == '\'' && c.get(i + 2) == Some(&'\'') {
            out.push_str("' '");
            i += 3;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The line that closes an item opened on line `start` (the first line after it that is
/// only `}` at the same indent); `start` itself when the item ends on its line.
fn item_end(lines: &[&str], start: usize) -> usize {
    let open = (start..lines.len())
        .find(|&j| {
            let l = lines[j].trim_end();
            l.ends_with('{') || l.ends_with(';') || l.ends_with('}')
        })
        .unwrap_or(start);
    if !lines[open].trim_end().ends_with('{') {
        return open;
    }
    let close = format!("{}}}", " ".repeat(indent_of(lines[start])));
    (open + 1..lines.len())
        .find(|&j| lines[j].trim_end() == close)
        .unwrap_or(lines.len() - 1)
}

/// The code with every item under `#[cfg(test)]` blanked (a braced test module, a test
/// import, a test-only function), and the names of the test modules declared by
/// `#[cfg(test)] mod NAME;` (files of their own).
fn without_tests(code: &str) -> (String, Vec<String>) {
    let lines: Vec<&str> = code.lines().collect();
    let mut keep = vec![true; lines.len()];
    let mut test_files = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_start().starts_with("#[cfg(test)]") {
            let mut j = i + 1;
            while j < lines.len() && lines[j].trim_start().starts_with("#[") {
                j += 1;
            }
            if j >= lines.len() {
                break;
            }
            let end = item_end(&lines, j);
            if let Some(name) = lines[j]
                .trim()
                .strip_prefix("mod ")
                .and_then(|r| r.strip_suffix(';'))
            {
                test_files.push(name.trim().to_string());
            }
            for k in keep.iter_mut().take(end + 1).skip(i) {
                *k = false;
            }
            i = end + 1;
        } else {
            i += 1;
        }
    }
    let text = lines
        .iter()
        .zip(&keep)
        .map(|(l, k)| if *k { *l } else { "" })
        .collect::<Vec<_>>()
        .join("\n");
    (text, test_files)
}

fn ident_at(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// One name a `use` brings into scope: `use a::b::C as D;` binds `D` to `[a, b, C]`;
/// a glob binds nothing by name (`name` is `*`).
#[derive(Clone, Debug)]
struct Binding {
    name: String,
    path: Vec<String>,
    public: bool,
}

/// The bindings of one `use` tree, `text` without `use` and `;` (`super::{a::X, b as c}`).
fn parse_use_tree(text: &str, public: bool) -> Vec<Binding> {
    fn tree(s: &[char], i: &mut usize, prefix: &[String], public: bool, out: &mut Vec<Binding>) {
        let mut path = prefix.to_vec();
        loop {
            while s.get(*i).is_some_and(|c| c.is_whitespace()) {
                *i += 1;
            }
            match s.get(*i) {
                Some('{') => {
                    *i += 1;
                    loop {
                        tree(s, i, &path, public, out);
                        while s.get(*i).is_some_and(|c| c.is_whitespace() || *c == ',') {
                            *i += 1;
                        }
                        if s.get(*i) == Some(&'}') || *i >= s.len() {
                            *i += 1;
                            return;
                        }
                    }
                }
                Some('*') => {
                    *i += 1;
                    out.push(Binding {
                        name: "*".into(),
                        path,
                        public,
                    });
                    return;
                }
                _ => {}
            }
            let start = *i;
            while s.get(*i).is_some_and(|c| c.is_alphanumeric() || *c == '_') {
                *i += 1;
            }
            let seg: String = s[start..*i].iter().collect();
            if seg.is_empty() {
                return;
            }
            if s.get(*i) == Some(&':') && s.get(*i + 1) == Some(&':') {
                *i += 2;
                path.push(seg);
                continue;
            }
            let mut name = seg.clone();
            if seg == "self" {
                name = path.last().cloned().unwrap_or_default();
            } else {
                path.push(seg);
            }
            let rest: String = s[*i..].iter().collect();
            let trimmed = rest.trim_start();
            if let Some(alias) = trimmed.strip_prefix("as ") {
                let alias = alias.trim_start();
                *i = s.len() - alias.chars().count();
                name = ident_at(alias);
                *i += name.chars().count();
            }
            if name != "_" {
                out.push(Binding { name, path, public });
            }
            return;
        }
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    tree(&chars, &mut i, &[], public, &mut out);
    out
}

/// The module a file of `src/` is (`src/a/b.rs` and `src/a/b/mod.rs` -> `[a, b]`).
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect();
    let last = parts.pop().unwrap_or_default();
    if !matches!(last.as_str(), "mod.rs" | "lib.rs" | "main.rs") {
        parts.push(last.trim_end_matches(".rs").to_string());
    }
    parts
}

/// The name an item line defines at its module's level (`pub(crate) struct X<..>` ->
/// `X`), with whether it is a module (`mod x;` or `mod x {`).
fn defined_name(line: &str) -> Option<(String, bool)> {
    let mut s = line.trim_start();
    for prefix in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "unsafe ",
        "async ",
        "extern \"C\" ",
    ] {
        s = s.strip_prefix(prefix).unwrap_or(s);
    }
    if let Some(r) = s.strip_prefix("const fn ") {
        return Some((ident_at(r), false));
    }
    for kw in [
        "struct ",
        "enum ",
        "fn ",
        "trait ",
        "type ",
        "static mut ",
        "static ",
        "const ",
        "union ",
        "macro_rules! ",
        "mod ",
    ] {
        if let Some(r) = s.strip_prefix(kw) {
            let name = ident_at(r.trim_start());
            return (!name.is_empty() && name != "_").then_some((name, kw == "mod "));
        }
    }
    None
}

/// A module: the file it is in, its child modules, the names it defines, its `use`s.
#[derive(Default, Debug)]
struct Module {
    file: usize,
    children: BTreeSet<String>,
    defs: BTreeSet<String>,
    uses: Vec<Binding>,
}

/// What a path names: a module, or an item defined in a file.
#[derive(Clone, Debug, PartialEq)]
enum Target {
    Module(Vec<String>),
    Item(usize, String),
}

/// A file's references: `(module it is in, path)`; `use`s local to a function body
/// (bindings seen only by the file itself); and the identifiers of its code.
#[derive(Default)]
struct FileRefs {
    paths: Vec<(Vec<String>, Vec<String>)>,
    local_uses: Vec<(Vec<String>, Binding)>,
    idents: BTreeSet<String>,
}

struct Crate {
    /// File (relative to the crate root), shown as `src/a/b.rs`.
    files: Vec<String>,
    modules: BTreeMap<Vec<String>, Module>,
    refs: Vec<FileRefs>,
}

fn use_statement(line: &str) -> Option<(bool, &str)> {
    let s = line.trim_start();
    if let Some(r) = s.strip_prefix("use ") {
        return Some((false, r));
    }
    for vis in ["pub use ", "pub(crate) use ", "pub(super) use "] {
        if let Some(r) = s.strip_prefix(vis) {
            return Some((true, r));
        }
    }
    None
}

/// Reads the modules, definitions, `use`s and code paths of the files (test files left
/// out: `tests.rs`, `*_tests.rs`, `#[cfg(test)] mod NAME;` and braced test modules).
fn read_crate(files: &[(PathBuf, String)]) -> Crate {
    let mut krate = Crate {
        files: Vec::new(),
        modules: BTreeMap::new(),
        refs: Vec::new(),
    };
    let mut texts = Vec::new();
    let mut test_modules = BTreeSet::new();
    for (path, text) in files {
        let shown = path.display().to_string().replace('\\', "/");
        let name = shown.rsplit('/').next().unwrap_or("");
        if name == "tests.rs" || name.ends_with("_tests.rs") || name == "main.rs" {
            continue;
        }
        let Ok(relative) = path.strip_prefix("src") else {
            continue;
        };
        let (code, tests) = without_tests(&code_only(text));
        let module = module_path(relative);
        for t in tests {
            let mut m = module.clone();
            m.push(t);
            test_modules.insert(m);
        }
        texts.push((shown, module, code));
    }
    texts.retain(|(_, m, _)| !test_modules.contains(m));
    for (index, (shown, module, code)) in texts.into_iter().enumerate() {
        krate.files.push(shown);
        krate.modules.entry(module.clone()).or_default().file = index;
        krate
            .refs
            .push(read_file(index, &module, &code, &mut krate.modules));
    }
    krate
}

/// One file's part of the crate: its (inline) modules' children, definitions and `use`s
/// into `modules`, its references returned.
fn read_file(
    index: usize,
    module: &[String],
    code: &str,
    modules: &mut BTreeMap<Vec<String>, Module>,
) -> FileRefs {
    let lines: Vec<&str> = code.lines().collect();
    let mut refs = FileRefs::default();
    // The inline modules open at this line: (indent of their `mod` line, path).
    let mut stack: Vec<(usize, Vec<String>)> = vec![(0, module.to_vec())];
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let indent = indent_of(line);
        if stack.len() > 1
            && line.trim_end() == format!("{}}}", " ".repeat(stack.last().unwrap().0))
        {
            stack.pop();
            i += 1;
            continue;
        }
        let here = stack.last().unwrap().1.clone();
        let item_indent = 4 * (stack.len() - 1);
        if let Some((public, _)) = use_statement(line) {
            let end = (i..lines.len())
                .find(|&j| lines[j].contains(';'))
                .unwrap_or(i);
            let text = lines[i..=end].join(" ");
            let (_, tree) = use_statement(&text).unwrap();
            let tree = tree.split(';').next().unwrap_or("");
            let tree = tree.trim().trim_start_matches("::");
            for b in parse_use_tree(tree, public) {
                if indent == item_indent {
                    modules.entry(here.clone()).or_default().uses.push(b);
                } else {
                    refs.local_uses.push((here.clone(), b));
                }
            }
            i = end + 1;
            continue;
        }
        if indent == item_indent
            && let Some((name, is_mod)) = defined_name(line)
        {
            let m = modules.entry(here.clone()).or_default();
            if is_mod {
                m.children.insert(name.clone());
                if line.trim_end().ends_with('{') {
                    let mut inner = here.clone();
                    inner.push(name);
                    modules.entry(inner.clone()).or_default().file = index;
                    stack.push((indent, inner));
                }
            } else {
                m.defs.insert(name);
            }
        }
        read_paths(line, &here, &mut refs);
        i += 1;
    }
    refs
}

/// The paths (`a::b::C`) and identifiers of one line of code.
fn read_paths(line: &str, here: &[String], refs: &mut FileRefs) {
    let c: Vec<char> = line.chars().collect();
    let is_ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    let mut i = 0;
    while i < c.len() {
        if !is_ident(c[i]) || (i > 0 && (is_ident(c[i - 1]) || c[i - 1] == '\'')) {
            i += 1;
            continue;
        }
        let mut path = Vec::new();
        let mut j = i;
        loop {
            let start = j;
            while j < c.len() && is_ident(c[j]) {
                j += 1;
            }
            path.push(c[start..j].iter().collect::<String>());
            if c.get(j) == Some(&':')
                && c.get(j + 1) == Some(&':')
                && c.get(j + 2).is_some_and(|ch| is_ident(*ch))
            {
                j += 2;
            } else {
                break;
            }
        }
        let preceded_by_path = i >= 2 && c[i - 1] == ':' && c[i - 2] == ':';
        if !preceded_by_path && !path[0].starts_with(|ch: char| ch.is_ascii_digit()) {
            refs.idents.insert(path[0].clone());
            if path.len() > 1 {
                refs.paths.push((here.to_vec(), path));
            }
        }
        i = j;
    }
}

impl Crate {
    fn parent(module: &[String]) -> Vec<String> {
        module[..module.len().saturating_sub(1)].to_vec()
    }

    /// What `name` means inside `module`: a child module, a definition, a `use`
    /// (followed), a name a glob brings.
    fn resolve_name(&self, module: &[String], name: &str, depth: usize) -> Option<Target> {
        if depth > 24 {
            return None;
        }
        let m = self.modules.get(module)?;
        if m.children.contains(name) {
            let mut child = module.to_vec();
            child.push(name.to_string());
            return Some(Target::Module(child));
        }
        if m.defs.contains(name) {
            return Some(Target::Item(m.file, name.to_string()));
        }
        if let Some(b) = m.uses.iter().find(|b| b.name == name) {
            return self.resolve_path(module, &b.path, depth + 1);
        }
        m.uses.iter().filter(|b| b.name == "*").find_map(|b| {
            match self.resolve_path(module, &b.path, depth + 1)? {
                Target::Module(inner) => self.resolve_name(&inner, name, depth + 1),
                Target::Item(..) => None,
            }
        })
    }

    /// What a path written in `module` names; None outside the crate.
    fn resolve_path(&self, module: &[String], path: &[String], depth: usize) -> Option<Target> {
        let (first, rest) = path.split_first()?;
        let mut at = match first.as_str() {
            "crate" => Target::Module(Vec::new()),
            "self" => Target::Module(module.to_vec()),
            "super" => Target::Module(Self::parent(module)),
            _ => self.resolve_name(module, first, depth + 1)?,
        };
        for seg in rest {
            let Target::Module(m) = &at else {
                break;
            };
            at = match seg.as_str() {
                "super" => Target::Module(Self::parent(m)),
                "self" => at.clone(),
                _ => self.resolve_name(m, seg, depth + 1)?,
            };
        }
        Some(at)
    }

    /// The module a glob imports everything from, if it is one of the crate's.
    fn glob_names(&self, module: &[String], b: &Binding) -> Vec<String> {
        match self.resolve_path(module, &b.path, 0) {
            Some(Target::Module(m)) => {
                let Some(inner) = self.modules.get(&m) else {
                    return Vec::new();
                };
                inner
                    .defs
                    .iter()
                    .chain(&inner.children)
                    .cloned()
                    .chain(inner.uses.iter().map(|u| u.name.clone()))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// File -> file -> the names it takes from there.
    /// A module's file taking from the files of its own submodules is how it is made
    /// of them, not an import: those arrows are left out.
    fn edges(&self) -> BTreeMap<usize, BTreeMap<usize, BTreeSet<String>>> {
        let mut module_of_file = BTreeMap::new();
        for (path, m) in &self.modules {
            let entry = module_of_file.entry(m.file).or_insert(path);
            if path.len() < entry.len() {
                *entry = path;
            }
        }
        let mut g: BTreeMap<usize, BTreeMap<usize, BTreeSet<String>>> = BTreeMap::new();
        let mut add = |from: usize, target: Option<Target>| {
            if let Some(Target::Item(to, name)) = target {
                let within = module_of_file[&to].starts_with(module_of_file[&from]);
                if to != from && !within {
                    g.entry(from)
                        .or_default()
                        .entry(to)
                        .or_default()
                        .insert(name);
                }
            }
        };
        for (path, m) in &self.modules {
            let refs = &self.refs[m.file];
            // A file's own `use`s, `pub use`s only where the file's code uses the name.
            let local: Vec<&Binding> = refs
                .local_uses
                .iter()
                .filter(|(p, _)| p == path)
                .map(|(_, b)| b)
                .collect();
            for b in m.uses.iter().chain(local) {
                if b.name == "*" {
                    for name in self.glob_names(path, b) {
                        if refs.idents.contains(&name) {
                            let mut full = b.path.clone();
                            full.push(name);
                            add(m.file, self.resolve_path(path, &full, 0));
                        }
                    }
                } else if !b.public || refs.idents.contains(&b.name) {
                    add(m.file, self.resolve_path(path, &b.path, 0));
                }
            }
        }
        for (file, refs) in self.refs.iter().enumerate() {
            for (module, path) in &refs.paths {
                add(file, self.resolve_path(module, path, 0));
            }
        }
        g
    }
}

/// The cycles of a graph: its strongly connected components of more than one node
/// (Tarjan's algorithm), each sorted.
fn cycles(g: &BTreeMap<usize, BTreeMap<usize, BTreeSet<String>>>) -> Vec<Vec<usize>> {
    struct State<'a> {
        g: &'a BTreeMap<usize, BTreeMap<usize, BTreeSet<String>>>,
        index: BTreeMap<usize, usize>,
        low: BTreeMap<usize, usize>,
        stack: Vec<usize>,
        on_stack: BTreeSet<usize>,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State, v: usize) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        let nexts: Vec<usize> =
            s.g.get(&v)
                .into_iter()
                .flat_map(|e| e.keys().copied())
                .collect();
        for w in nexts {
            if !s.index.contains_key(&w) {
                visit(s, w);
                let low = s.low[&v].min(s.low[&w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(&w) {
                let low = s.low[&v].min(s.index[&w]);
                s.low.insert(v, low);
            }
        }
        if s.low[&v] == s.index[&v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(&w);
                component.push(w);
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut s = State {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for &v in g.keys() {
        if !s.index.contains_key(&v) {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}

/// Every file-level cycle of `files`, each said with the arrows inside it and the names
/// each arrow takes.
fn file_cycles(files: &[(PathBuf, String)]) -> Vec<String> {
    let krate = read_crate(files);
    let g = krate.edges();
    cycles(&g)
        .into_iter()
        .map(|component| {
            let names: Vec<&str> = component.iter().map(|&f| krate.files[f].as_str()).collect();
            let mut text = format!("import cycle among {}:", names.join(", "));
            for &from in &component {
                for (to, taken) in g.get(&from).into_iter().flatten() {
                    if component.contains(to) {
                        let taken: Vec<&str> = taken.iter().map(String::as_str).collect();
                        text.push_str(&format!(
                            "\n    {} -> {} ({})",
                            krate.files[from],
                            krate.files[*to],
                            taken.join(", ")
                        ));
                    }
                }
            }
            text
        })
        .collect()
}

#[test]
fn every_file_imports_without_a_cycle() {
    let tree = read_tree();
    let krate = read_crate(&tree.files);
    assert!(
        krate.files.len() > 100,
        "read the files: {}",
        krate.files.len()
    );
    let found = file_cycles(&tree.files);
    assert!(
        found.is_empty(),
        "{} file-level import cycles (move what both sides need into a file of its own, or \
         pass it in):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_cycle_check_finds_a_cycle_through_a_reexport_and_none_without_one() {
    let file = |path: &str, text: &str| (PathBuf::from(path), text.to_string());
    let acyclic = vec![
        file("src/lib.rs", "pub mod a;\npub mod b;\npub mod c;\n"),
        file(
            "src/a/mod.rs",
            "mod inner;\nmod other;\npub use inner::Thing;\npub use other::*;\n",
        ),
        file(
            "src/a/inner.rs",
            "use super::Helper;\n\npub struct Thing(Helper);\n",
        ),
        file("src/a/other.rs", "pub struct Helper;\n"),
        file(
            "src/b.rs",
            "use crate::a::{Thing, self as alpha};\n\n// crate::c::Loop\npub fn f(t: Thing) -> alpha::Helper {\n    let s = \"crate::c::Loop\";\n    todo!()\n}\n\n#[cfg(test)]\nmod tests {\n    use crate::c::Loop;\n}\n",
        ),
        file("src/c.rs", "pub struct Loop;\n"),
        file("src/c/tests.rs", "use crate::b::f;\n"),
    ];
    let none = file_cycles(&acyclic);
    assert!(none.is_empty(), "{none:?}");
    // The same files with c taking from b, and a's inner file (through the re-export in
    // a/mod.rs) from c: two cycles.
    let mut cyclic = acyclic.clone();
    cyclic[5] = file(
        "src/c.rs",
        "pub struct Loop;\npub fn g() {\n    crate::b::f(todo!());\n}\n",
    );
    cyclic[2] = file(
        "src/a/inner.rs",
        "use super::{Helper, super::c::{self}};\n\npub struct Thing(Helper, c::Loop);\n",
    );
    let found = file_cycles(&cyclic);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("import cycle among src/a/inner.rs, src/b.rs, src/c.rs:"),
        "{found:?}"
    );
    assert!(
        found[0].contains("src/b.rs -> src/a/inner.rs (Thing)"),
        "{found:?}"
    );
    assert!(found[0].contains("src/c.rs -> src/b.rs (f)"), "{found:?}");
    assert!(
        found[0].contains("src/a/inner.rs -> src/c.rs (Loop)"),
        "{found:?}"
    );
    assert!(!found[0].contains("other.rs"), "{found:?}");
}
