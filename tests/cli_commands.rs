//! The command line as a user runs it: the binary, its output lines and its errors.

use std::process::Command;

mod common;
use common::treelab;

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or("")
}

#[test]
fn othello_perft_11_prints_the_standard_count_on_its_last_line() {
    let (ok, out, err) = treelab(&["perft", "--game", "othello", "--depth", "11"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("finished-is-leaf"),
        "the output names its convention"
    );
    let counts: Vec<u64> = out
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            l.split_whitespace()
                .nth(1)
                .and_then(|n| n.parse().ok())
                .expect("a count")
        })
        .collect();
    assert_eq!(
        counts,
        [
            4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800
        ]
    );
    assert!(last_line(&out).split_whitespace().any(|w| w == "212258800"));
}

#[test]
fn connect4_perft_8_prints_the_standard_count_and_the_other_convention_differs() {
    let (ok, out, _) = treelab(&["perft", "--game", "connect4", "--depth", "8"]);
    assert!(ok);
    assert!(out.contains("finished-is-dropped"));
    assert!(last_line(&out).split_whitespace().any(|w| w == "5673234"));
    let (ok, out, _) = treelab(&[
        "perft",
        "--game",
        "connect4",
        "--depth",
        "8",
        "--convention",
        "finished-is-leaf",
    ]);
    assert!(ok);
    assert!(last_line(&out).split_whitespace().any(|w| w == "5686266"));
}

#[test]
fn search_prints_name_value_lines() {
    let (ok, out, err) = treelab(&[
        "search",
        "--game",
        "tictactoe",
        "--algo",
        "alphabeta",
        "--depth",
        "9",
        "--scoring",
        "win-loss",
    ]);
    assert!(ok, "{err}");
    assert!(out.lines().any(|l| l == "score: 0"));
    // Win-loss scoring: a win 1, a loss -1 (native scoring tells a sooner win apart).
    assert!(out.lines().any(|l| l == "nodes: 18297"));
    for name in [
        "best:",
        "pv:",
        "leaves:",
        "beta_cutoffs:",
        "first_move_cutoffs:",
        "researches:",
        "tt_hits:",
        "nodes_per_second:",
    ] {
        assert!(out.lines().any(|l| l.starts_with(name)), "missing {name}");
    }
    let (ok, out, _) = treelab(&[
        "search",
        "--game",
        "tictactoe",
        "--algo",
        "pvs",
        "--depth",
        "9",
        "--format",
        "ron",
    ]);
    assert!(ok);
    let record: treelab::engine::SearchRecord =
        ron::from_str(&out).expect("the RON output parses back");
    assert_eq!(record.score, Some(0));
}

#[test]
fn bad_input_is_refused_with_where_and_why() {
    let cases: [(&[&str], &str); 6] = [
        (
            &[
                "search",
                "--game",
                "othello",
                "--position",
                "XXXX",
                "--algo",
                "negaalpha",
                "--depth",
                "3",
            ],
            "64",
        ),
        (
            &[
                "search",
                "--game",
                "tictactoe",
                "--position",
                "XXX......",
                "--algo",
                "negaalpha",
                "--depth",
                "3",
            ],
            "X",
        ),
        (
            &[
                "search",
                "--game",
                "connect4",
                "--position",
                "4448",
                "--algo",
                "negaalpha",
                "--depth",
                "3",
            ],
            "column 4",
        ),
        (
            &[
                "search",
                "--game",
                "tictactoe",
                "--algo",
                "minimax",
                "--depth",
                "3",
                "--tt",
                "16",
            ],
            "transposition",
        ),
        (
            &[
                "search",
                "--game",
                "tictactoe",
                "--algo",
                "negaalpha",
                "--depth",
                "200",
            ],
            "depth 200",
        ),
        (
            &[
                "search",
                "--game",
                "tictactoe",
                "--algo",
                "negaalpha",
                "--depth",
                "3",
                "--tt",
                "1048576",
            ],
            "too large",
        ),
    ];
    for (args, needle) in cases {
        let (ok, out, err) = treelab(args);
        assert!(!ok, "{args:?} must fail; printed {out}");
        assert!(
            err.contains(needle),
            "{args:?}: '{err}' should mention '{needle}'"
        );
        assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    }
}

#[test]
fn verify_reports_every_tictactoe_position_solved() {
    let (ok, out, err) = treelab(&[
        "verify",
        "--game",
        "tictactoe",
        "--algo",
        "scout",
        "--order",
        "static",
    ]);
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "optimal: 4520/4520");
}

#[test]
fn tree_prints_the_knuth_moore_bound_beside_the_algorithms() {
    let (ok, out, err) = treelab(&[
        "tree",
        "--width",
        "3",
        "--depth",
        "3",
        "--order",
        "oracle",
        "--algos",
        "alphabeta,sss",
    ]);
    assert!(ok, "{err}");
    assert!(out.lines().any(|l| l == "knuth_moore_minimal_leaves: 11"));
    let leaves = |name: &str| -> u64 {
        let line = out.lines().find(|l| l.starts_with(name)).expect("a row");
        line.split_whitespace()
            .nth(2)
            .and_then(|n| n.parse().ok())
            .expect("leaves")
    };
    assert_eq!(leaves("alphabeta"), 11);
    assert_eq!(leaves("sss"), 11);
}

/// `--algo mt-sss` is Plaat's MT-SSS*: on the tree where MT-SSS* without its memory
/// evaluates 1,628 leaves and with an ordinary table 194, it evaluates SSS*'s 176.
#[test]
fn mt_sss_by_name_evaluates_sss_stars_leaves() {
    let leaves = |extra: &[&str]| -> u64 {
        let mut args = vec![
            "search",
            "--game",
            "random",
            "--position",
            "w=4 d=5 seed=11 independent=1000",
            "--depth",
            "5",
        ];
        args.extend_from_slice(extra);
        let (ok, out, err) = treelab(&args);
        assert!(ok, "{extra:?}: {err}");
        out.lines()
            .find_map(|l| l.strip_prefix("leaves: "))
            .and_then(|n| n.trim().parse().ok())
            .expect("a leaves line")
    };
    assert_eq!(leaves(&["--algo", "sss"]), 176);
    assert_eq!(leaves(&["--algo", "mt-sss"]), 176);
    assert_eq!(leaves(&["--algo", "mt-sss", "--ordinary-table"]), 194);
    assert_eq!(leaves(&["--algo", "mt-sss", "--no-memory"]), 1628);
    let (ok, _, err) = treelab(&[
        "search",
        "--game",
        "random",
        "--position",
        "w=4 d=5 seed=11 independent=1000",
        "--algo",
        "mt-sss",
        "--no-memory",
        "--tt",
        "4",
        "--depth",
        "5",
    ]);
    assert!(!ok && err.contains("without memory"), "{err}");
}

#[test]
fn bench_shards_merge_into_the_whole_grid() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut slices = Vec::new();
    for k in 0..3 {
        let path = dir.path().join(format!("slice{k}.ron"));
        let p = path.to_string_lossy().into_owned();
        let shard = format!("{k}/3");
        let (ok, _, err) = treelab(&[
            "bench",
            "--suite",
            "fforum-40-59.obf",
            "--algos",
            "negaalpha,negascout",
            "--depths",
            "2..3",
            "--shard",
            &shard,
            "--format",
            "ron",
            "--out",
            &p,
        ]);
        assert!(ok, "{err}");
        slices.push(p);
    }
    let mut args = vec!["merge"];
    args.extend(slices.iter().map(String::as_str));
    args.extend(["--format", "csv"]);
    let (ok, merged, err) = treelab(&args);
    assert!(ok, "{err}");
    let (ok, whole, _) = treelab(&[
        "bench",
        "--suite",
        "fforum-40-59.obf",
        "--algos",
        "negaalpha,negascout",
        "--depths",
        "2..3",
        "--format",
        "csv",
    ]);
    assert!(ok);
    // Everything but the time column agrees.
    let strip = |t: &str| {
        t.lines()
            .map(|l| l.rsplit_once(',').map_or(l, |(a, _)| a).to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&merged), strip(&whole));
    assert_eq!(whole.lines().count(), 1 + 20 * 2 * 2);
    let (ok, _, err) = treelab(&["merge", &slices[0], &slices[0]]);
    assert!(!ok && err.contains("overlap"), "{err}");
}

#[test]
fn a_retrained_evaluation_orders_the_solver_and_keeps_every_score() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = |name: &str| dir.path().join(name).display().to_string();
    let (samples, one, two) = (path("samples.txt"), path("one.bin"), path("two.bin"));
    // Solve a few positions, keep them, fit one set of weights.
    let (ok, out, err) = treelab(&[
        "train-eval",
        "--games",
        "60",
        "--empties",
        "10,12",
        "--epochs",
        "2",
        "--threads",
        "1",
        "--save-samples",
        &samples,
        "--out",
        &one,
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("positions solved"), "{out}");
    let lines = std::fs::read_to_string(&samples).expect("samples written");
    assert!(lines.lines().count() > 60, "{lines}");
    // The same samples again, two stages, without solving anything.
    let (ok, out, err) = treelab(&[
        "train-eval",
        "--from-samples",
        &samples,
        "--stages",
        "11",
        "--epochs",
        "2",
        "--out",
        &two,
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("samples read from") && out.contains("stage 1"),
        "{out}"
    );
    // Either file orders the solver: the FFO scores all still match.
    for weights in [&one, &two] {
        let (ok, out, err) = treelab(&[
            "solve",
            "--suite",
            "fforum-1-19.obf",
            "--range",
            "1..3",
            "--eval",
            weights,
            "--quiet",
        ]);
        assert!(ok, "{err}");
        assert!(
            last_line(&out).contains("3 checked ok, 0 mismatches"),
            "{out}"
        );
    }
    // A stage without samples, a broken samples file, a broken weights file: clear
    // errors.
    let (ok, _, err) = treelab(&[
        "train-eval",
        "--from-samples",
        &samples,
        "--stages",
        "30",
        "--out",
        &two,
    ]);
    assert!(!ok && err.contains("has no samples"), "{err}");
    std::fs::write(&samples, "0000000000000001 zz +2\n").expect("write");
    let (ok, _, err) = treelab(&["train-eval", "--from-samples", &samples, "--out", &two]);
    assert!(!ok && err.contains("samples.txt:1"), "{err}");
    std::fs::write(&two, "TLEVAL02 broken").expect("write");
    let (ok, _, err) = treelab(&["solve", "--suite", "fforum-1-19.obf", "--eval", &two]);
    assert!(!ok && err.contains("two.bin"), "{err}");
}

/// An FFO position whose first square is empty: its text starts with `--`.
const FFO_40_LIKE: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOXX--OOOOOX- O";

#[test]
fn every_subcommand_that_takes_a_position_accepts_one_that_starts_with_a_dash() {
    // `search`: the same result as the `--position=...` form, which never needed care.
    let separate = treelab(&[
        "search",
        "--game",
        "othello",
        "--position",
        FFO_40_LIKE,
        "--algo",
        "negaalpha",
        "--depth",
        "3",
    ]);
    assert!(separate.0, "{}", separate.2);
    let joined_flag = format!("--position={FFO_40_LIKE}");
    let joined = treelab(&[
        "search",
        "--game",
        "othello",
        &joined_flag,
        "--algo",
        "negaalpha",
        "--depth",
        "3",
    ]);
    assert!(joined.0, "{}", joined.2);
    let score = |out: &str| {
        out.lines()
            .find_map(|l| l.strip_prefix("score: "))
            .map(str::to_string)
    };
    assert!(score(&separate.1).is_some(), "{}", separate.1);
    assert_eq!(score(&separate.1), score(&joined.1));
    assert!(separate.1.contains("nodes: "));

    // `perft`: depth 1 counts the root's moves, which minimax at depth 1 evaluates.
    let (ok, out, err) = treelab(&[
        "perft",
        "--game",
        "othello",
        "--position",
        FFO_40_LIKE,
        "--depth",
        "1",
    ]);
    assert!(ok, "{err}");
    let leaves: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().nth(1))
        .collect();
    let (ok, moves, _) = treelab(&[
        "search",
        "--game",
        "othello",
        "--position",
        FFO_40_LIKE,
        "--algo",
        "minimax",
        "--depth",
        "1",
    ]);
    assert!(ok);
    let root_children = moves
        .lines()
        .find_map(|l| l.strip_prefix("leaves: "))
        .expect("a leaves line");
    assert_eq!(leaves, [root_children]);

    // Numbers that may be negative: a negative first guess is a value, and a negative
    // aspiration width is refused by its own check (not taken for a flag).
    let (ok, out, err) = treelab(&[
        "search",
        "--game",
        "tictactoe",
        "--algo",
        "mtdf",
        "--first-guess",
        "-1",
        "--depth",
        "9",
    ]);
    assert!(ok, "{err}");
    assert_eq!(score(&out).as_deref(), Some("0"), "tic-tac-toe is a draw");
    let (ok, _, err) = treelab(&[
        "search",
        "--game",
        "tictactoe",
        "--algo",
        "pvs",
        "--id",
        "--aspiration",
        "-3",
        "--depth",
        "4",
    ]);
    assert!(!ok);
    assert!(err.contains("aspiration width -3"), "{err}");
}

/// The first GNU parallel example of docs/cli.md, run with the job number filled in
/// (`scripts/parallel-test.sh` runs every such line with GNU parallel itself, and
/// `scripts/slurm-test.sh` the Slurm job scripts on a real cluster), and each array
/// task's command as the Slurm scripts run it, merge into the unsharded grid.
#[test]
fn the_documented_shard_examples_merge_into_the_whole_grid() {
    let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md"));
    let parallel_line = readme
        .lines()
        .find(|l| l.starts_with("parallel treelab bench") && l.contains("{#}"))
        .expect("docs/cli.md shows a GNU parallel example");
    // What each task of scripts/slurm/bench.sbatch runs, with the task's id.
    let slurm_line = "treelab bench --suite Test_L3_R1 --limit 40 --algos negaalpha,pvs+order=static --depths 6 \
                      --shard $SLURM_ARRAY_TASK_ID/2 --format ron --out slice-$SLURM_ARRAY_TASK_ID.ron";
    let script = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/slurm/grid-task.sh"
    ));
    assert!(
        script.contains(r#"--shard "$SLURM_ARRAY_TASK_ID/$shards""#),
        "the Slurm scripts shard by the array task's id"
    );
    let words = |line: &str, fill: &dyn Fn(&str) -> String| -> Vec<String> {
        let command = line.split(" ::: ").next().unwrap_or(line);
        let command = command.strip_prefix("parallel ").unwrap_or(command);
        command
            .split_whitespace()
            .skip(1) // the binary
            .map(fill)
            .collect()
    };
    let run_in = |dir: &std::path::Path, args: &[String]| {
        let out = Command::new(env!("CARGO_BIN_EXE_treelab"))
            .args(args)
            .current_dir(dir)
            .output()
            .expect("the binary runs");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    // The whole grid: the same command without the shard flags and the output file.
    let mut whole: Vec<String> = words(parallel_line, &|w| w.to_string());
    let drop_flag = |args: &mut Vec<String>, flag: &str, with_value: bool| {
        if let Some(k) = args.iter().position(|a| a == flag) {
            args.drain(k..k + 1 + usize::from(with_value));
        }
    };
    drop_flag(&mut whole, "--shard", true);
    drop_flag(&mut whole, "--shard-from-one", false);
    drop_flag(&mut whole, "--out", true);
    drop_flag(&mut whole, "--format", true);
    whole.extend(["--format".to_string(), "csv".to_string()]);
    let dir = tempfile::tempdir().expect("temp dir");
    let expected = run_in(dir.path(), &whole);
    assert_eq!(expected.lines().count(), 1 + 40 * 2, "{expected}");
    let strip_time = |t: &str| {
        t.lines()
            .map(|l| l.rsplit_once(',').map_or(l, |(a, _)| a).to_string())
            .collect::<Vec<_>>()
    };

    // GNU parallel: jobs 1 and 2.
    let mut slices = Vec::new();
    for job in 1..=2 {
        let args = words(parallel_line, &|w| w.replace("{#}", &job.to_string()));
        run_in(dir.path(), &args);
        slices.push(format!("slice-{job}.ron"));
    }
    let mut merge = vec!["merge".to_string()];
    merge.extend(slices.iter().cloned());
    merge.extend(["--format".to_string(), "csv".to_string()]);
    assert_eq!(
        strip_time(&run_in(dir.path(), &merge)),
        strip_time(&expected)
    );

    // A Slurm array 0-1.
    let dir = tempfile::tempdir().expect("temp dir");
    let mut slices = Vec::new();
    for task in 0..2 {
        let args = words(slurm_line, &|w| {
            w.replace("$SLURM_ARRAY_TASK_ID", &task.to_string())
        });
        run_in(dir.path(), &args);
        slices.push(format!("slice-{task}.ron"));
    }
    let mut merge = vec!["merge".to_string()];
    merge.extend(slices.iter().cloned());
    merge.extend(["--format".to_string(), "csv".to_string()]);
    assert_eq!(
        strip_time(&run_in(dir.path(), &merge)),
        strip_time(&expected)
    );

    // Out-of-range indices say which numbering to use.
    let (ok, _, err) = treelab(&[
        "bench",
        "--suite",
        "Test_L3_R1",
        "--algos",
        "negaalpha",
        "--depths",
        "2",
        "--shard",
        "2/2",
    ]);
    assert!(!ok && err.contains("--shard-from-one"), "{err}");
    let (ok, _, err) = treelab(&[
        "bench",
        "--suite",
        "Test_L3_R1",
        "--algos",
        "negaalpha",
        "--depths",
        "2",
        "--shard",
        "0/2",
        "--shard-from-one",
    ]);
    assert!(!ok && err.contains("counts from 1 to 2"), "{err}");
}

/// Runs the binary with `args`, killing it if it has not ended within `limit`:
/// (success, stdout, stderr), or `None` when it had to be killed.
fn treelab_within(args: &[&str], limit: std::time::Duration) -> Option<(bool, String, String)> {
    use std::io::Read as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_treelab"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let clock = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited on") {
            break status;
        }
        if clock.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let (mut out, mut err) = (String::new(), String::new());
    if let Some(mut s) = child.stdout.take() {
        let _ = s.read_to_string(&mut out);
    }
    if let Some(mut s) = child.stderr.take() {
        let _ = s.read_to_string(&mut err);
    }
    Some((status.success(), out, err))
}

/// An endless suite file (`/dev/zero`) ends at once with an error that names the file
/// and the limit, instead of reading for ever.
#[cfg(target_os = "linux")]
#[test]
fn an_endless_suite_file_is_refused_at_its_limit() {
    let limit = std::time::Duration::from_secs(20);
    let clock = std::time::Instant::now();
    let (ok, _, err) = treelab_within(
        &[
            "bench",
            "--suite",
            "/dev/zero",
            "--algos",
            "negaalpha",
            "--depths",
            "1",
        ],
        limit,
    )
    .expect("bench --suite /dev/zero ends");
    assert!(!ok, "refused");
    assert!(
        err.contains("/dev/zero") && err.contains("larger than 64 MiB, the limit for a suite"),
        "{err}"
    );
    assert!(
        clock.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        clock.elapsed()
    );
}

/// The SPRT's line of `match` with `games` games of the issue's reproduction
/// (connect4, depth 6 against depth 5, 6 random opening moves, seed 11).
fn reproduction_sprt_line(games: &str, sprt: &str, alternate: bool) -> String {
    let mut args = vec![
        "match",
        "--game",
        "connect4",
        "--black",
        "negaalpha@6",
        "--white",
        "negaalpha@5",
        "--openings",
        "6",
        "--seed",
        "11",
        "--sprt",
        sprt,
        "--games",
        games,
    ];
    if alternate {
        args.push("--alternate");
    }
    let (ok, out, err) = treelab(&args);
    assert!(ok, "{err}");
    out.lines()
        .find(|l| l.trim_start().starts_with("SPRT "))
        .unwrap_or_else(|| panic!("no SPRT line: {out}"))
        .to_string()
}

/// The verdict, LLR and game count the SPRT prints are those of the games it read: a
/// last, unpaired game is played but not read, so 109 games print what 108 do (and say
/// so), and 109 and 110 games give the same verdict. The model is printed with the LLR,
/// normalized Elo by default.
#[test]
fn the_sprt_prints_what_it_read_and_its_model() {
    let llr = |line: &str| {
        line.split(": LLR ")
            .nth(1)
            .map(|r| r.split(" (").next().unwrap_or("").to_string())
    };
    let verdict = |line: &str| {
        let v = line.rsplit("): ").next().unwrap_or("");
        v.split(" at ")
            .next()
            .unwrap_or(v)
            .split(" after ")
            .next()
            .unwrap_or(v)
            .to_string()
    };
    for (sprt, model) in [
        ("elo0=-10,elo1=0,alpha=0.1,beta=0.02", "normalized"),
        (
            "elo0=-10,elo1=0,alpha=0.1,beta=0.02,model=logistic",
            "logistic",
        ),
    ] {
        for alternate in [false, true] {
            let [l108, l109, l110] =
                ["108", "109", "110"].map(|g| reproduction_sprt_line(g, sprt, alternate));
            assert!(
                l109.contains(&format!("model={model}: LLR "))
                    && l109.contains(&format!("({model} Elo; bounds")),
                "{l109}"
            );
            assert!(l109.contains("the test read the first 108"), "{l109}");
            assert_eq!(llr(&l109), llr(&l108), "{l109}\n{l108}");
            assert!(llr(&l109).is_some_and(|v| !v.is_empty()), "{l109}");
            assert_eq!(verdict(&l109), verdict(&l110), "{l109}\n{l110}");
            assert!(!l109.contains("after 109 games"), "{l109}");
        }
    }
}
