//! Grids that resume (`--out DIR/`): a bench, a match, an experiment and a session run
//! killed with SIGKILL at seeded random points (after a random number of cells is
//! written, or a random time after the start) and run again give the serial result
//! cell for cell (times aside), with every cell written once; a torn last line (a kill
//! mid-write, made by hand here) is redone and never read; a folder of another command
//! or other options is refused; `merge --missing` lists the cells and shards left.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::treelab;

/// A seeded xorshift: the kill points are the same on every run of the test.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// The bench grid the tests kill: 20 positions x 2 rows x 7 depths = 280 cells (about
/// a second on 2 threads: its deepest cells, which run first, leave kills time to land
/// on a quiet machine too).
const GRID: [&str; 7] = [
    "bench",
    "--suite",
    "fforum-40-59.obf",
    "--algos",
    "negaalpha,negascout",
    "--depths",
    "2..8",
];
const GRID_CELLS: usize = 280;

fn args_with(base: &[&str], more: &[&str]) -> Vec<String> {
    base.iter().chain(more).map(|s| (*s).to_string()).collect()
}

fn spawn(args: &[String]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_treelab"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts")
}

/// Runs to the end: its standard output (it must succeed).
fn run_ok(args: &[String]) -> String {
    let (ok, out, err) = treelab(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(ok, "{args:?}: {err}");
    out
}

/// The whole lines of every cells file in `dir` (a torn tail left out).
fn whole_lines(dir: &Path) -> Vec<String> {
    let mut lines = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return lines;
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "cells"))
        .collect();
    files.sort();
    for f in files {
        let bytes = std::fs::read(&f).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        let whole = text.rfind('\n').map_or("", |k| &text[..=k]);
        lines.extend(whole.lines().map(str::to_string));
    }
    lines
}

/// Kills `child` with SIGKILL once `dir` holds `cells` whole lines, or at `deadline`
/// after the start, whichever comes first; returns whether it was still running then.
fn kill_at(mut child: Child, dir: &Path, cells: usize, deadline: Duration) -> bool {
    let start = Instant::now();
    loop {
        if child.try_wait().expect("waits").is_some() {
            return false;
        }
        if start.elapsed() >= deadline || whole_lines(dir).len() >= cells {
            // std's kill is SIGKILL on Unix: no chance to finish a line or clean up.
            let _ = child.kill();
            let _ = child.wait();
            return true;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// `csv` without the columns named in `drop` (times, which differ from run to run).
fn without(csv: &str, drop: &[&str]) -> Vec<String> {
    let head: Vec<&str> = csv.lines().next().unwrap_or_default().split(',').collect();
    let keep: Vec<bool> = head.iter().map(|h| !drop.contains(h)).collect();
    assert!(keep.iter().any(|k| !k), "none of {drop:?} in {head:?}");
    csv.lines()
        .map(|l| {
            let fields: Vec<&str> = l.split(',').collect();
            assert_eq!(fields.len(), keep.len(), "a field holds a comma: {l}");
            fields
                .iter()
                .zip(&keep)
                .filter(|(_, k)| **k)
                .map(|(f, _)| *f)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

/// Every whole line's key is there once, and there are `total` of them.
fn each_cell_once(dir: &Path, total: usize) {
    let lines = whole_lines(dir);
    let mut keys: Vec<&str> = lines
        .iter()
        .map(|l| l.split(' ').nth(1).expect("a key"))
        .collect();
    keys.sort_unstable();
    let before = keys.len();
    keys.dedup();
    assert_eq!(keys.len(), before, "a cell was written twice");
    assert_eq!(keys.len(), total);
}

/// Kills the command `args` (writing into `dir`) at seeded random points, `kills`
/// times, each kill once `dir` has a random number of cells below `total` or a random
/// time into the run; each later run resumes. Returns how many kills landed mid-run.
fn kill_repeatedly(args: &[String], dir: &Path, total: usize, kills: usize, seed: u64) -> usize {
    let mut rng = Rng(seed);
    let mut landed = 0;
    let mut before = 0;
    for k in 0..kills {
        // At most an eighth of what is left, so that the run goes on after the kill (the
        // grid runs its longest cells first: what is left after them goes fast).
        let cells = before + 1 + rng.below(((total - before) / 8).max(1) as u64) as usize;
        // Every other kill by time alone (it may land before the first cell, or in the
        // middle of writing one).
        let deadline = if k % 2 == 1 {
            Duration::from_millis(rng.below(60))
        } else {
            Duration::from_secs(60)
        };
        let target = if k % 2 == 1 { usize::MAX } else { cells };
        if kill_at(spawn(args), dir, target, deadline) {
            landed += 1;
        }
        let now = whole_lines(dir).len();
        assert!(now >= before, "cells were lost: {before} then {now}");
        before = now;
        if before >= total {
            break;
        }
    }
    landed
}

#[test]
fn a_bench_killed_at_random_points_resumes_to_the_serial_csv() {
    let serial = run_ok(&args_with(&GRID, &["--threads", "1", "--format", "csv"]));
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("grid");
    let out = format!("{}/", dir.display());
    let args = args_with(&GRID, &["--threads", "2", "--format", "csv", "--out", &out]);
    // A fast machine may finish the grid between two looks at the folder, so that a
    // kill finds nothing left to kill: start again from an empty folder (the next seed)
    // until at least four kills have landed mid-run.
    let mut landed = 0;
    for seed in 66..72 {
        let _ = std::fs::remove_dir_all(&dir);
        landed = kill_repeatedly(&args, &dir, GRID_CELLS, 8, seed);
        if landed >= 4 {
            break;
        }
    }
    assert!(landed >= 4, "only {landed} kills landed mid-run");
    let resumed = run_ok(&args);
    assert_eq!(
        without(&resumed, &["seconds"]),
        without(&serial, &["seconds"])
    );
    each_cell_once(&dir, GRID_CELLS);
    // The folder merges into the same CSV, and nothing is missing.
    let dir_text = dir.display().to_string();
    let merged = run_ok(&args_with(&["merge", &dir_text, "--format", "csv"], &[]));
    assert_eq!(
        without(&merged, &["seconds"]),
        without(&serial, &["seconds"])
    );
    let missing = run_ok(&args_with(&["merge", "--missing", &dir_text], &[]));
    assert!(
        missing.contains("280 of 280 cells written, 0 missing"),
        "{missing}"
    );
}

/// The cells file of a whole run in `dir`.
fn cells_file(dir: &Path) -> PathBuf {
    dir.join("whole.cells")
}

#[test]
fn a_torn_last_line_is_redone_and_never_read() {
    let grid = [
        "bench",
        "--suite",
        "fforum-40-59.obf",
        "--algos",
        "negaalpha",
        "--depths",
        "3..4",
        "--limit",
        "5",
    ];
    let serial = run_ok(&args_with(&grid, &["--threads", "1", "--format", "csv"]));
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("grid");
    let out = format!("{}/", dir.display());
    let args = args_with(&grid, &["--threads", "1", "--format", "csv", "--out", &out]);
    run_ok(&args);
    let file = cells_file(&dir);
    let text = std::fs::read_to_string(&file).expect("cells");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 10);
    let last = lines[9];
    let head: String = lines[..9].iter().map(|l| format!("{l}\n")).collect();

    // Cut mid-line, as a kill in the middle of the write leaves it: redone.
    for cut in [1, 17, last.len() / 2, last.len() - 1] {
        std::fs::write(&file, format!("{head}{}", &last[..cut])).expect("writes");
        let (ok, again, err) = treelab(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(ok, "{err}");
        assert!(err.contains("cut short"), "{err}");
        assert_eq!(
            without(&again, &["seconds"]),
            without(&serial, &["seconds"])
        );
        assert_eq!(whole_lines(&dir).len(), 10, "cut at {cut}");
    }

    // A whole line whose cell was changed after its checksum (a score altered): not a
    // cell, redone; the altered score is never read.
    let altered = last.replacen("score:Some(", "score:Some(1", 1);
    assert_ne!(altered, last);
    std::fs::write(&file, format!("{head}{altered}\n")).expect("writes");
    let again = run_ok(&args);
    assert_eq!(
        without(&again, &["seconds"]),
        without(&serial, &["seconds"])
    );

    // A bad line with cells after it is refused, with the file and the line.
    let mut scrambled: Vec<String> = lines.iter().map(|l| (*l).to_string()).collect();
    scrambled[3] = scrambled[3].replacen("depth:", "depth:9", 1);
    std::fs::write(&file, scrambled.join("\n") + "\n").expect("writes");
    let (ok, _, err) = treelab(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(!ok);
    assert!(err.contains("whole.cells: line 4"), "{err}");
}

#[test]
fn a_folder_of_another_command_or_other_options_is_refused() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = format!("{}/", tmp.path().join("grid").display());
    let bench = |depths: &str| {
        treelab(&[
            "bench",
            "--suite",
            "Test_L3_R1",
            "--limit",
            "4",
            "--algos",
            "negaalpha",
            "--depths",
            depths,
            "--out",
            &dir,
        ])
    };
    let (ok, _, err) = bench("4");
    assert!(ok, "{err}");
    let (ok, _, err) = bench("5");
    assert!(!ok);
    assert!(err.contains("depths '4' there, '5' in this run"), "{err}");
    assert!(err.contains("made by `treelab bench"), "{err}");
    let (ok, _, err) = treelab(&[
        "match",
        "--game",
        "connect4",
        "--black",
        "negaalpha@4",
        "--white",
        "random",
        "--games",
        "2",
        "--out",
        &dir,
    ]);
    assert!(!ok);
    assert!(
        err.contains("holds the cells of `treelab bench`")
            && err.contains("not of `treelab match`"),
        "{err}"
    );
    // An experiment's folder of the quick size is not the full size's.
    let exp = tmp.path().join("e3");
    let exp = exp.display().to_string();
    let (ok, _, err) = treelab(&[
        "experiment",
        "e3",
        "--quick",
        "--threads",
        "2",
        "--out",
        &exp,
    ]);
    assert!(ok, "{err}");
    let (ok, _, err) = treelab(&["experiment", "e3", "--threads", "2", "--out", &exp]);
    assert!(!ok);
    assert!(
        err.contains("size 'quick' there, 'full' in this run"),
        "{err}"
    );
}

#[test]
fn merge_missing_lists_the_cells_and_shards_left() {
    let grid = [
        "bench",
        "--suite",
        "Test_L3_R1",
        "--limit",
        "7",
        "--algos",
        "negaalpha,pvs",
        "--depths",
        "4..5",
    ];
    let serial = run_ok(&args_with(&grid, &["--format", "csv"]));
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("grid");
    let out = format!("{}/", dir.display());
    let dir_text = dir.display().to_string();
    run_ok(&args_with(&grid, &["--shard", "0/3", "--out", &out]));
    // Positions 0, 3 and 6 are there: 4 positions x 2 rows x 2 depths are not.
    let listed = run_ok(&args_with(&["merge", "--missing", &dir_text], &[]));
    assert!(
        listed.contains("12 of 28 cells written, 16 missing"),
        "{listed}"
    );
    assert!(
        listed.contains("missing position 2 pvs depth 5"),
        "{listed}"
    );
    assert!(!listed.contains("missing position 1 "), "{listed}");
    assert!(
        listed.contains("shards of 3 with work left (0-based, as Slurm's --array): 1,2"),
        "{listed}"
    );
    let array = run_ok(&args_with(
        &["merge", "--missing", "--shards", "3", &dir_text],
        &[],
    ));
    assert_eq!(array, "1,2\n");
    let (ok, _, err) = treelab(&["merge", &dir_text, "--format", "csv"]);
    assert!(
        !ok && err.contains("16 of the grid's 28 cells are not written yet"),
        "{err}"
    );
    run_ok(&args_with(&grid, &["--shard", "2/3", "--out", &out]));
    let array = run_ok(&args_with(
        &["merge", "--missing", "--shards", "3", &dir_text],
        &[],
    ));
    assert_eq!(array, "1\n");
    run_ok(&args_with(&grid, &["--shard", "1/3", "--out", &out]));
    let array = run_ok(&args_with(
        &["merge", "--missing", "--shards", "3", &dir_text],
        &[],
    ));
    assert_eq!(array, "\n");
    let merged = run_ok(&args_with(&["merge", &dir_text, "--format", "csv"], &[]));
    assert_eq!(
        without(&merged, &["seconds"]),
        without(&serial, &["seconds"])
    );
}

#[test]
fn a_second_writer_of_the_same_shard_is_refused_while_the_first_runs() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("grid");
    let out = format!("{}/", dir.display());
    let args = args_with(&GRID, &["--threads", "1", "--out", &out]);
    let mut first = spawn(&args);
    let start = Instant::now();
    while whole_lines(&dir).is_empty() && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(2));
    }
    let (ok, _, err) = treelab(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let still_running = first.try_wait().expect("waits").is_none();
    let _ = first.kill();
    let _ = first.wait();
    assert!(
        still_running,
        "the grid ended before the second writer started"
    );
    assert!(!ok);
    assert!(
        err.contains("another treelab is writing this file"),
        "{err}"
    );
}

#[test]
fn a_match_killed_at_random_points_resumes_to_the_serial_games() {
    let base = [
        "match",
        "--game",
        "connect4",
        "--black",
        "negaalpha+order=static@6",
        "--white",
        "negaalpha@5",
        "--games",
        "24",
        "--openings",
        "4",
        "--alternate",
        "--seed",
        "3",
    ];
    let times = ["seconds_a", "seconds_b"];
    let serial = run_ok(&args_with(&base, &["--threads", "1", "--format", "csv"]));
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("match");
    let out = format!("{}/", dir.display());
    let args = args_with(&base, &["--threads", "2", "--format", "csv", "--out", &out]);
    kill_repeatedly(&args, &dir, 24, 6, 7);
    let resumed = run_ok(&args);
    assert_eq!(without(&resumed, &times), without(&serial, &times));
    each_cell_once(&dir, 24);
    let merged = run_ok(&args_with(
        &["merge", &dir.display().to_string(), "--format", "csv"],
        &[],
    ));
    assert_eq!(without(&merged, &times), without(&serial, &times));
}

#[test]
fn an_experiment_killed_at_random_points_resumes_to_the_serial_files() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let whole = tmp.path().join("whole");
    let whole_text = whole.display().to_string();
    run_ok(&args_with(
        &[
            "experiment",
            "e1",
            "--quick",
            "--threads",
            "1",
            "--out",
            &whole_text,
        ],
        &[],
    ));
    let dir = tmp.path().join("killed");
    let args = args_with(
        &[
            "experiment",
            "e1",
            "--quick",
            "--threads",
            "2",
            "--out",
            &dir.display().to_string(),
        ],
        &[],
    );
    // E1's quick run: 20 positions x 3 rows x 7 depths.
    kill_repeatedly(&args, &dir, 420, 6, 11);
    run_ok(&args);
    each_cell_once(&dir, 420);
    let csv = |d: &Path| std::fs::read_to_string(d.join("e1.csv")).expect("e1.csv");
    assert_eq!(
        without(&csv(&dir), &["seconds"]),
        without(&csv(&whole), &["seconds"])
    );
}

#[test]
fn a_session_run_killed_at_random_points_resumes_to_the_serial_results() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let file = tmp.path().join("e1.ron");
    let file_text = file.display().to_string();
    run_ok(&args_with(
        &["session", "preset", "e1", "--out", &file_text],
        &[],
    ));
    // The preset's rows to depth 6 only, so that the run takes a second or two.
    let text = std::fs::read_to_string(&file).expect("session");
    std::fs::write(&file, text.replace("depth_max: 10", "depth_max: 6")).expect("writes");
    let serial_file = tmp.path().join("serial.ron").display().to_string();
    run_ok(&args_with(
        &[
            "session",
            "run",
            &file_text,
            "--threads",
            "1",
            "--out",
            &serial_file,
        ],
        &[],
    ));
    let dir = tmp.path().join("run");
    let out = format!("{}/", dir.display());
    let args = args_with(
        &[
            "session",
            "run",
            &file_text,
            "--threads",
            "2",
            "--out",
            &out,
        ],
        &[],
    );
    // 20 positions x 3 rows x 5 depths.
    kill_repeatedly(&args, &dir, 300, 6, 5);
    run_ok(&args);
    each_cell_once(&dir, 300);
    let show = |f: &str| run_ok(&args_with(&["session", "show", f, "--format", "csv"], &[]));
    let times = ["Time (s)", "Nodes/s"];
    let resumed = show(&dir.join("e1.ron").display().to_string());
    assert_eq!(
        without(&resumed, &times),
        without(&show(&serial_file), &times)
    );
}
