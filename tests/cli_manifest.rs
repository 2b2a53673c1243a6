//! Every export of bench, merge, match, experiment and session carries the manifest
//! (treelab's version and commit, the build, the CPU, the threads, the seeds, the command,
//! the date) in its file type's own way (a CSV beside it, in `NAME.csv.manifest`), and
//! files with it still read back.

use std::path::Path;

mod common;

/// Runs treelab, which must succeed: its standard output.
fn treelab(args: &[&str]) -> String {
    let (ok, out, err) = common::treelab(args);
    assert!(ok, "{args:?}: {err}");
    out
}

/// The manifest's lines, each with `prefix`, are all in `text`.
fn has_manifest(text: &str, prefix: &str, command: &str) {
    for key in [
        "treelab: ",
        "target: ",
        "cpu: ",
        "threads: ",
        "seeds: ",
        "date: ",
    ] {
        assert!(
            text.lines()
                .any(|l| l.starts_with(&format!("{prefix}{key}"))),
            "no '{prefix}{key}' in\n{text}"
        );
    }
    assert!(text.contains(" build)"), "the build profile");
    assert!(
        text.contains(&format!("{prefix}command: {command}")),
        "the command '{command}' in\n{text}"
    );
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

#[test]
fn bench_and_merge_outputs_carry_the_manifest_and_still_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let d = |f: &str| dir.path().join(f);
    let csv = d("b.csv");
    let common = [
        "bench",
        "--suite",
        "fforum-40-59.obf",
        "--algos",
        "negaalpha,scout",
        "--depths",
        "2..3",
        "--limit",
        "4",
        "--threads",
        "1",
    ];
    let mut args = common.to_vec();
    args.extend(["--format", "csv", "--out", csv.to_str().unwrap()]);
    treelab(&args);
    // The CSV as before (FFO's positions begin with '#': no comment lines in it), its
    // manifest beside it.
    let text = read(&csv);
    assert!(text.starts_with("position,algorithm,depth"));
    assert_eq!(text.lines().count(), 1 + 4 * 2 * 2);
    assert!(!text.contains("manifest"));
    let side = read(&d("b.csv.manifest"));
    has_manifest(&side, "  ", "treelab bench --suite fforum-40-59.obf");
    assert!(side.contains("  rows: negaalpha; scout\n") && side.contains("  threads: 1\n"));
    // Standard output: the manifest only when asked for.
    assert!(!treelab(&common).contains("manifest"));
    let mut asked = common.to_vec();
    asked.push("--manifest");
    has_manifest(&treelab(&asked), "  ", "treelab bench");
    // RON slices carry it as comments and merge as before; the merged Markdown ends
    // with it.
    let mut slices = Vec::new();
    for shard in ["0/2", "1/2"] {
        let path = d(&format!("s{}.ron", &shard[..1]));
        let mut args = common.to_vec();
        args.extend([
            "--format",
            "ron",
            "--shard",
            shard,
            "--out",
            path.to_str().unwrap(),
        ]);
        treelab(&args);
        let text = read(&path);
        assert!(text.starts_with("// manifest\n"));
        has_manifest(&text, "// ", "treelab bench");
        slices.push(path);
    }
    let md = d("whole.md");
    treelab(&[
        "merge",
        slices[0].to_str().unwrap(),
        slices[1].to_str().unwrap(),
        "--format",
        "markdown",
        "--out",
        md.to_str().unwrap(),
    ]);
    let text = read(&md);
    assert!(text.contains("\n---\n\nManifest:\n\n- treelab: "));
    has_manifest(&text, "- ", "treelab merge");
}

#[test]
fn match_experiment_and_session_files_carry_the_manifest() {
    let dir = tempfile::tempdir().unwrap();
    let d = |f: &str| dir.path().join(f);
    let games = d("m.csv");
    treelab(&[
        "match",
        "--game",
        "tictactoe",
        "--black",
        "negaalpha@2",
        "--white",
        "random",
        "--games",
        "4",
        "--seed",
        "9",
        "--format",
        "csv",
        "--out",
        games.to_str().unwrap(),
    ]);
    let text = read(&d("m.csv.manifest"));
    has_manifest(&text, "  ", "treelab match --game tictactoe");
    assert!(text.contains("  seeds: 9\n"));
    // Every file an experiment writes.
    let out = d("e1");
    treelab(&[
        "experiment",
        "e1",
        "--quick",
        "--threads",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    for (file, prefix) in [
        ("e1.csv.manifest", "  "),
        ("e1-summary.csv.manifest", "  "),
        ("e1.ron", "// "),
        ("e1.svg", "  "),
        ("e1-ratios.svg", "  "),
        ("e1.txt", "  "),
    ] {
        has_manifest(
            &read(&out.join(file)),
            prefix,
            "treelab experiment e1 --quick",
        );
    }
    assert!(read(&out.join("e1.svg")).contains("<metadata id=\"treelab-manifest\">\n"));
    // A session run saves the manifest as a field, and the session opens again.
    let session = d("s.ron");
    treelab(&[
        "session",
        "preset",
        "e4",
        "--out",
        session.to_str().unwrap(),
    ]);
    assert!(read(&session).contains("manifest: Some(Manifest("));
    let ran = d("ran.ron");
    treelab(&[
        "session",
        "run",
        session.to_str().unwrap(),
        "--current",
        "--threads",
        "1",
        "--out",
        ran.to_str().unwrap(),
    ]);
    let text = read(&ran);
    assert!(text.contains("manifest: Some(Manifest("), "{text}");
    assert!(
        text.contains("command: \"treelab session run "),
        "the command line"
    );
    assert!(text.contains("threads: 1,"));
    let shown = treelab(&["session", "show", ran.to_str().unwrap(), "--manifest"]);
    has_manifest(&shown, "- ", "treelab session show");
    treelab::session::Session::load(&ran).expect("the session with its manifest opens");
}
