//! The platform seam kept: only `src/platform/` (and the app's launcher and dialogs,
//! `src/app/frame/platform.rs`) asks the machine directly: threads, the clock, the date,
//! files, `/proc`, or which target is the browser's (`IN_BROWSER` too: the rest of the
//! crate asks named facts such as `platform::CAN_QUIT`). Everything else goes through
//! `crate::platform`, so a browser build (wasm32) differs in those files alone.
//! Unit tests (a braced `#[cfg(test)] mod`, `tests.rs`, `*_tests.rs`) may use std as
//! they like.

use std::path::{Path, PathBuf};

/// What only the platform modules may name, with the word a report gives for it.
const MACHINE: [(&str, &str); 10] = [
    ("std::thread", "threads"),
    ("std::time::Instant", "the clock"),
    ("time::{Duration, Instant}", "the clock"),
    ("SystemTime", "the date"),
    ("std::fs", "files"),
    ("\"/proc/", "/proc"),
    ("target_arch = \"wasm32\"", "the browser target"),
    ("available_parallelism", "the cores"),
    ("target_os", "the operating system"),
    (
        "IN_BROWSER",
        "whether it is a browser (ask the named fact, e.g. CAN_QUIT)",
    ),
];

/// Files that may: the seam itself, and the native program's entry (a browser build
/// has an entry of its own).
fn is_platform(shown: &str) -> bool {
    shown.starts_with("src/platform/")
        || shown == "src/app/frame/platform.rs"
        || shown == "src/main.rs"
}

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

/// The lines of `text` outside its braced test modules, numbered from 1, comments cut.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let braced_tests = line.trim_start().starts_with("#[cfg(test)]")
            && lines.get(i + 1).is_some_and(|next| {
                let next = next.trim_start();
                (next.starts_with("mod ") || next.starts_with("pub mod ")) && next.ends_with('{')
            });
        if braced_tests {
            // Skip to the module's closing brace at the attribute's indent.
            let indent = line.len() - line.trim_start().len();
            let close = format!("{}}}", " ".repeat(indent));
            i += 2;
            while i < lines.len() && lines[i].trim_end() != close {
                i += 1;
            }
            i += 1;
            continue;
        }
        let code = line.split("//").next().unwrap_or("");
        out.push((i + 1, code.to_string()));
        i += 1;
    }
    out
}

/// Every place of `text` that names the machine, as `(line, what)`.
fn machine_uses(text: &str) -> Vec<(usize, &'static str)> {
    let mut found = Vec::new();
    for (n, code) in code_lines(text) {
        for (needle, what) in MACHINE {
            if code.contains(needle) {
                found.push((n, what));
            }
        }
    }
    found
}

#[test]
fn only_the_platform_modules_ask_the_machine() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    sources(&root.join("src"), &mut paths);
    paths.sort();
    assert!(paths.len() > 100, "read the sources: {}", paths.len());
    let mut problems = Vec::new();
    for path in paths {
        let shown = path
            .strip_prefix(root)
            .expect("under the root")
            .display()
            .to_string()
            .replace('\\', "/");
        if is_platform(&shown) || shown.ends_with("/tests.rs") || shown.ends_with("_tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        for (line, what) in machine_uses(&text) {
            problems.push(format!(
                "{shown}:{line}: names {what}: go through crate::platform"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_check_finds_each_kind_and_spares_tests_and_comments() {
    let text = "use std::time::{Duration, Instant};\n\
                fn a() { std::thread::spawn(|| ()); }\n\
                // std::fs in a comment\n\
                fn b() { let _ = std::fs::read(\"/proc/meminfo\"); }\n\
                #[cfg(target_arch = \"wasm32\")]\n\
                fn c() {}\n\
                #[cfg(test)]\n\
                mod tests {\n    fn t() { std::thread::sleep(x); }\n}\n\
                fn d() { let _ = std::time::SystemTime::now(); }\n";
    let found = machine_uses(text);
    let lines: Vec<usize> = found.iter().map(|&(l, _)| l).collect();
    assert_eq!(lines, [1, 2, 4, 4, 5, 11], "{found:?}");
    assert!(machine_uses("#[cfg(target_arch = \"x86_64\")]\nfn simd() {}\n").is_empty());
    assert_eq!(
        machine_uses("fn q() -> bool { !crate::platform::IN_BROWSER }\n"),
        [(1, MACHINE[9].1)]
    );
    assert!(machine_uses("fn q() -> bool { crate::platform::CAN_QUIT }\n").is_empty());
    assert_eq!(found[0].1, "the clock");
    assert_eq!(found[1].1, "threads");
    assert_eq!(found[5].1, "the date");
}
