//! A name resolver for the file-level import graph of `src/`: each file's `use`
//! statements and paths, resolved through re-exports (and the items macros make) to the
//! file that defines each name; the graph's arrows, a module's `mod` lines among them,
//! and its cycles.

// Each test file that includes this module uses part of it.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::source::{code_only, ident_at, indent_of, item_end, without_tests};

/// One name a `use` brings into scope: `use a::b::C as D;` binds `D` to `[a, b, C]`;
/// a glob binds nothing by name (`name` is `*`).
#[derive(Clone, Debug)]
pub struct Binding {
    pub name: String,
    pub path: Vec<String>,
    pub public: bool,
}

/// The bindings of one `use` tree, `text` without `use` and `;` (`super::{a::X, b as c}`).
pub fn parse_use_tree(text: &str, public: bool) -> Vec<Binding> {
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
pub fn module_path(relative: &Path) -> Vec<String> {
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
pub fn defined_name(line: &str) -> Option<(String, bool)> {
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
pub struct Module {
    pub file: usize,
    pub children: BTreeSet<String>,
    pub defs: BTreeSet<String>,
    pub uses: Vec<Binding>,
}

/// What a path names: a module, or an item defined in a file.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    Module(Vec<String>),
    Item(usize, String),
}

/// A file's references: `(module it is in, path)`; `use`s local to a function body
/// (bindings seen only by the file itself); and the identifiers of its code.
#[derive(Default)]
pub struct FileRefs {
    pub paths: Vec<(Vec<String>, Vec<String>)>,
    pub local_uses: Vec<(Vec<String>, Binding)>,
    pub idents: BTreeSet<String>,
}

pub struct Crate {
    /// File (relative to the crate root), shown as `src/a/b.rs`.
    pub files: Vec<String>,
    pub modules: BTreeMap<Vec<String>, Module>,
    pub refs: Vec<FileRefs>,
}

pub fn use_statement(line: &str) -> Option<(bool, &str)> {
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
pub fn read_crate(files: &[(PathBuf, String)]) -> Crate {
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
    let made = macro_items(texts.iter().map(|(_, _, code)| code.as_str()));
    for (index, (shown, module, code)) in texts.into_iter().enumerate() {
        krate.files.push(shown);
        krate.modules.entry(module.clone()).or_default().file = index;
        krate
            .refs
            .push(read_file(index, &module, &code, &mut krate.modules));
        // The items a macro makes are defined where it is called (at item level).
        for (name, items) in &made {
            if code
                .lines()
                .any(|l| indent_of(l) == 0 && l.starts_with(&format!("{name}!")))
            {
                let m = krate.modules.entry(module.clone()).or_default();
                m.defs.extend(items.iter().cloned());
            }
        }
    }
    krate
}

/// Each `macro_rules!` macro of `codes` with the items its body defines under names
/// written out (`pub enum GameKind { .. }` in `registry!`; not those named by a
/// `$variable`): a macro called at item level defines them in its caller's module.
pub fn macro_items<'a>(codes: impl Iterator<Item = &'a str>) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for code in codes {
        let lines: Vec<&str> = code.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let Some(rest) = lines[i].trim_start().strip_prefix("macro_rules!") else {
                i += 1;
                continue;
            };
            let name = ident_at(rest.trim_start());
            let end = item_end(&lines, i);
            let items = out.entry(name).or_default();
            for line in &lines[i + 1..end] {
                let words: Vec<&str> = line
                    .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
                    .filter(|w| !w.is_empty())
                    .collect();
                for pair in words.windows(2) {
                    let keyword = matches!(
                        pair[0],
                        "struct" | "enum" | "fn" | "type" | "trait" | "const" | "static"
                    );
                    if keyword && !pair[1].starts_with('$') {
                        items.insert(pair[1].to_string());
                    }
                }
            }
            i = end + 1;
        }
    }
    out
}

/// One file's part of the crate: its (inline) modules' children, definitions and `use`s
/// into `modules`, its references returned.
pub fn read_file(
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
pub fn read_paths(line: &str, here: &[String], refs: &mut FileRefs) {
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

    /// File -> file -> the names it takes from there, every arrow counted: a module's
    /// file taking from its own submodules' files as much as a child taking from its
    /// parent (so that a child that imports its parent, while the parent uses the
    /// child, is a cycle).
    fn edges(&self) -> BTreeMap<usize, BTreeMap<usize, BTreeSet<String>>> {
        let mut g: BTreeMap<usize, BTreeMap<usize, BTreeSet<String>>> = BTreeMap::new();
        let mut add = |from: usize, target: Option<Target>| {
            if let Some(Target::Item(to, name)) = target
                && to != from
            {
                g.entry(from)
                    .or_default()
                    .entry(to)
                    .or_default()
                    .insert(name);
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
pub fn cycles(g: &BTreeMap<usize, BTreeMap<usize, BTreeSet<String>>>) -> Vec<Vec<usize>> {
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
pub fn file_cycles(files: &[(PathBuf, String)]) -> Vec<String> {
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
