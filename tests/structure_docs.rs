//! The documents a reader of the repository gets: every relative link in a Markdown
//! file leads to a file of the repository, no document names a path outside it, and
//! docs/node-definition.md lists exactly the counters the code declares.

use std::path::{Path, PathBuf};

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "fuzz" {
                markdown_files(&path, out);
            }
        } else if name.ends_with(".md") {
            out.push(path);
        }
    }
}

/// The targets of the inline links `[text](target)` in `text`.
fn link_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(k) = rest.find("](") {
        rest = &rest[k + 2..];
        if let Some(end) = rest.find(')') {
            out.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    out
}

#[test]
fn documents_link_only_to_files_of_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    markdown_files(root, &mut files);
    assert!(files.len() >= 5, "found the Markdown files: {files:?}");
    assert!(
        root.join("docs/experiments.md").is_file(),
        "docs/experiments.md describes the original experiments"
    );
    let mut problems = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        let shown = file
            .strip_prefix(root)
            .unwrap_or(file)
            .display()
            .to_string();
        for (n, line) in text.lines().enumerate() {
            for outside in ["/work/", "../shared", "/home/", "/tmp/", "/root/"] {
                if line.contains(outside) {
                    problems.push(format!("{shown}:{}: names '{outside}'", n + 1));
                }
            }
        }
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with('#') || target.starts_with("mailto:") {
                continue;
            }
            let path = target.split('#').next().unwrap_or("");
            let resolved = file.parent().unwrap_or(root).join(path);
            match resolved.canonicalize() {
                Ok(p) if p.starts_with(root.canonicalize().expect("root")) => {}
                Ok(_) => problems.push(format!("{shown}: link '{target}' leaves the repository")),
                Err(_) => problems.push(format!("{shown}: link '{target}' leads nowhere")),
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The marks around docs/node-definition.md's generated list of counters.
const COUNTERS_BEGIN: &str =
    "<!-- counters: written from src/search/context/counters.rs; a test checks it -->\n";
const COUNTERS_END: &str = "<!-- end of counters -->";

#[test]
fn the_node_definition_lists_every_declared_counter() {
    // The list is written from the counters' declarations; with TREELAB_WRITE_DOCS=1
    // this test writes it into the document instead of comparing.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/node-definition.md");
    let text = std::fs::read_to_string(&path).expect("docs/node-definition.md");
    let begin = text
        .find(COUNTERS_BEGIN)
        .expect("node-definition.md has the counters' begin mark")
        + COUNTERS_BEGIN.len();
    let end = text[begin..]
        .find(COUNTERS_END)
        .expect("node-definition.md has the counters' end mark")
        + begin;
    let want = treelab::search::counters_markdown();
    if std::env::var_os("TREELAB_WRITE_DOCS").is_some() {
        let new = format!("{}{want}{}", &text[..begin], &text[end..]);
        std::fs::write(&path, new).expect("write docs/node-definition.md");
        return;
    }
    assert_eq!(
        &text[begin..end],
        want,
        "docs/node-definition.md's counters differ from their declarations in src/search/context/counters.rs; \
         run `TREELAB_WRITE_DOCS=1 cargo test --release --test structure_docs` to write them"
    );
}
