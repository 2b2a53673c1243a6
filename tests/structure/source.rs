//! Reading `src/` for the structure tests: the files and their text, the code without
//! comments, strings and tests, and where an item ends.

// Each test file that includes this module uses part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

pub struct Tree {
    /// File (relative to the crate root) and its text.
    pub files: Vec<(PathBuf, String)>,
}

pub fn read_tree() -> Tree {
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

/// A file's text with comments blanked and the insides of string and character
/// literals blanked, line breaks and indentation kept.
pub fn code_only(text: &str) -> String {
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

pub fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The line that closes an item opened on line `start` (the first line after it that is
/// only `}` at the same indent); `start` itself when the item ends on its line.
pub fn item_end(lines: &[&str], start: usize) -> usize {
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
pub fn without_tests(code: &str) -> (String, Vec<String>) {
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

pub fn ident_at(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}
