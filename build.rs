//! Build script: records the commit the binary is built from (and whether the work tree
//! had uncommitted changes) and the build profile, for the manifest every export carries
//! (src/vocab/manifest.rs). Outside a git checkout the commit is "unknown".

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).filter(|c| !c.is_empty());
    let dirty = git(&[
        "--no-optional-locks",
        "status",
        "--porcelain",
        "--untracked-files=no",
    ])
    .is_some_and(|s| !s.is_empty());
    let commit = match commit {
        Some(c) if dirty => format!("{c}-dirty"),
        Some(c) => c,
        None => "unknown".to_string(),
    };
    println!("cargo:rustc-env=TREELAB_COMMIT={commit}");
    println!(
        "cargo:rustc-env=TREELAB_PROFILE={}",
        std::env::var("PROFILE").unwrap_or_else(|_| "unknown".into())
    );
    // Run again when HEAD moves, the branch's commit changes or files are staged.
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        let dir = std::path::PathBuf::from(dir);
        for file in ["HEAD", "index", "packed-refs"] {
            if dir.join(file).exists() {
                println!("cargo:rerun-if-changed={}", dir.join(file).display());
            }
        }
        if let Some(head) = git(&["symbolic-ref", "-q", "HEAD"]) {
            let path = dir.join(head);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
