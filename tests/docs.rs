//! The documents a reader of the repository gets: every relative link in a Markdown
//! file leads to a file of the repository, and no document names a path outside it.

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
