//! Faults at the engine level: a panicking search is caught and reported, memory caps
//! end searches cleanly, absurd parameters are refused by the library and the CLI.
//! Atomic saves are in reliability_saves.rs, the stop flag's latency in
//! reliability_stop_latency.rs.

mod common;
use common::{small_bench, treelab};

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use treelab::engine::{
    AnyPosition, EngineError, GameKind, SearchRequest, run_guarded, run_search, run_search_guarded,
};
use treelab::experiment::bench::{self};
use treelab::game::perft::PerftConvention;
use treelab::game::random_tree::{RandomTree, parse_spec};
use treelab::game::{Evaluator, FormatError, Game, Outcome, Scoring, Side, splitmix64};
use treelab::search::options::{MAX_DEPTH, MAX_KILLERS, MAX_TT_MIB};
use treelab::search::registry::TableUse;
use treelab::search::{self, Algorithm, SearchControl, SearchOptions, StopReason};

// ---------------------------------------------------------------------------------
// A game with a bomb: a ternary tree of depth 6 whose node `bomb_at` panics.

const BOMB_DEPTH: u32 = 6;

#[derive(Clone, Debug, PartialEq)]
struct Bomb {
    /// The node's id: 0 at the root, `3 * parent + move + 1` below.
    path: u64,
    ply: u32,
    bomb_at: u64,
    /// Panic in `play` (into the bomb) rather than in `legal_moves` (at the bomb).
    in_play: bool,
}

impl Bomb {
    fn new(bomb_at: u64, in_play: bool) -> Self {
        Bomb {
            path: 0,
            ply: 0,
            bomb_at,
            in_play,
        }
    }
}

impl Game for Bomb {
    type Move = u8;
    const NAME: &'static str = "bomb";
    const MOVE_SLOTS: usize = 3;
    const MAX_PLIES: usize = BOMB_DEPTH as usize;
    const PERFT_CONVENTION: PerftConvention = PerftConvention::FinishedIsLeaf;

    fn side_to_move(&self) -> Side {
        if self.ply.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        assert!(
            self.in_play || self.path != self.bomb_at,
            "bomb in legal_moves at node {}",
            self.path
        );
        out.clear();
        if self.ply < BOMB_DEPTH {
            out.extend(0..3);
        }
    }

    fn play(&self, mv: u8) -> Self {
        let path = 3 * self.path + u64::from(mv) + 1;
        assert!(
            !(self.in_play && path == self.bomb_at),
            "bomb in play at node {path}"
        );
        Bomb {
            path,
            ply: self.ply + 1,
            ..self.clone()
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.ply >= BOMB_DEPTH).then_some(Outcome::Draw)
    }

    fn terminal_score(&self, _: Scoring) -> i32 {
        (splitmix64(self.path) % 21) as i32 - 10
    }

    fn score_range(&self, _: Scoring) -> (i32, i32) {
        (-10, 10)
    }

    fn hash(&self) -> u64 {
        splitmix64(self.path)
    }

    fn move_index(mv: u8) -> usize {
        usize::from(mv)
    }

    fn move_to_string(mv: u8) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, FormatError> {
        text.parse()
            .map_err(|_| FormatError::whole(format!("'{text}' is not 0, 1 or 2")))
    }

    fn plies_played(&self) -> usize {
        self.ply as usize
    }
}

#[derive(Clone, Copy, Debug)]
struct BombEval;

impl Evaluator<Bomb> for BombEval {
    fn evaluate(&self, pos: &Bomb) -> i32 {
        pos.terminal_score(Scoring::Native)
    }
}

/// Node 5 is the second child of the first child: every algorithm visits it.
const BOMB_NODE: u64 = 5;

fn search_bomb(pos: &Bomb, algorithm: Algorithm) -> Result<Option<i32>, String> {
    let opts = if algorithm.info().table == TableUse::MemoryEnhanced {
        SearchOptions {
            tt_mib: 1,
            ..SearchOptions::default()
        }
    } else {
        SearchOptions::default()
    };
    run_guarded(|| {
        search::search(
            pos,
            &BombEval,
            algorithm,
            &opts,
            BOMB_DEPTH,
            SearchControl::default(),
        )
    })
    .map(|r| r.expect("valid options").score)
    .map_err(|f| f.message)
}

#[test]
fn a_panic_inside_any_search_is_caught_with_its_message() {
    // The exact algorithms all reach the bomb's node (a sampling one need not).
    for algorithm in Algorithm::exact() {
        for in_play in [false, true] {
            let err = search_bomb(&Bomb::new(BOMB_NODE, in_play), algorithm)
                .expect_err("the bomb goes off");
            let place = if in_play { "play" } else { "legal_moves" };
            assert!(
                err.contains(&format!("bomb in {place} at node {BOMB_NODE}")),
                "{algorithm}: {err}"
            );
            // The location of the panic is part of the message.
            assert!(err.contains("reliability_faults.rs:"), "{err}");
            // The same thread searches on normally afterwards.
            let fine =
                search_bomb(&Bomb::new(u64::MAX, in_play), algorithm).expect("no bomb, no failure");
            assert!(fine.is_some());
        }
    }
}

#[test]
fn guard_passes_values_and_nests() {
    assert_eq!(run_guarded(|| 41 + 1), Ok(42));
    let outer = run_guarded(|| {
        let inner = run_guarded(|| -> u32 { panic!("inner {}", 7) });
        assert!(inner.is_err());
        inner.map_err(|f| f.message)
    });
    let inner = outer.expect("the outer guard saw no panic");
    assert!(
        inner
            .expect_err("inner panicked")
            .starts_with("inner 7 at ")
    );
    let boxed = run_guarded(|| std::panic::panic_any(17_u8)).expect_err("panicked");
    assert!(
        boxed.message.contains("non-text payload"),
        "{}",
        boxed.message
    );
}

#[test]
fn run_search_guarded_turns_a_panic_into_an_engine_error() {
    // A real search through the facade succeeds unchanged...
    let pos = AnyPosition::start(GameKind::TicTacToe);
    let req = SearchRequest {
        algorithm: Algorithm::NegaAlpha,
        options: SearchOptions::default(),
        depth: 9,
        evaluator: String::new(),
    };
    let direct = run_search(&pos, &req, SearchControl::default()).expect("search");
    let guarded = run_search_guarded(&pos, &req, SearchControl::default()).expect("search");
    assert_eq!(guarded.score, direct.score);
    assert_eq!(guarded.counters.nodes(), direct.counters.nodes());
    // ...and a refused option is still an input error, not a failure.
    let bad = SearchRequest { depth: 0, ..req };
    assert!(matches!(
        run_search_guarded(&pos, &bad, SearchControl::default()),
        Err(EngineError::Input(_))
    ));
}

#[test]
fn a_failing_bench_cell_is_reported_and_the_others_go_on() {
    let spec = small_bench(2, vec![2, 3], &["negaalpha", "negascout"], 4);
    let victim = spec.suite.items[1].position.clone();
    let runner = |pos: &AnyPosition, req: &SearchRequest, control: SearchControl<'_>| {
        if *pos == victim && req.algorithm == Algorithm::NegaScout && req.depth == 3 {
            panic!("injected fault");
        }
        run_search(pos, req, control)
    };
    let stop = Arc::new(AtomicBool::new(false));
    let result = bench::run_bench_with(&spec, &stop, &|_, _, _| {}, &runner).expect("bench runs");
    assert_eq!(result.cells.len(), 4 * 2 * 2, "every cell is there");
    let failed = result.failures();
    assert_eq!(failed.len(), 1);
    let cell = failed[0];
    assert_eq!((cell.position_index, cell.row, cell.depth), (1, 1, 3));
    assert!(
        cell.failure
            .as_deref()
            .is_some_and(|m| m.contains("injected fault"))
    );
    for c in result.cells.iter().filter(|c| c.failure.is_none()) {
        assert!(c.record.counters.nodes() > 0 && c.record.score.is_some());
    }
    assert!(
        result.disagreements().is_empty(),
        "a failed cell is no mismatch"
    );
    let text = result.render(bench::CountKind::Nodes, bench::Format::Text);
    assert!(text.contains("FAILED in 1 cells"), "{text}");
    // The failed cell's row total at that depth is marked partial, as in the app.
    let totals = result.tallies(bench::CountKind::Nodes);
    assert!(totals[1][1].is_some_and(|t| t.partial), "{totals:?}");
    assert!(totals[1][0].is_some_and(|t| !t.partial));
    assert!(totals[0].iter().all(|t| t.is_some_and(|t| !t.partial)));
    let total_line = text
        .lines()
        .skip_while(|l| !l.starts_with("total"))
        .find(|l| l.starts_with("negascout"))
        .expect("total line");
    assert!(total_line.trim_end().ends_with('*'), "{total_line}");
    assert!(text.contains(treelab::report::PARTIAL_NOTE), "{text}");
    // The failed cell survives a RON round trip (as `merge` reads slices).
    let ron_text = ron::to_string(&result).expect("ron");
    let back: bench::BenchResult = ron::from_str(&ron_text).expect("reads back");
    assert_eq!(back.failures().len(), 1);
}

/// A cell whose score differs from the others at its position and depth is shown by
/// the one result model the app uses, whichever row is wrong.
#[test]
fn a_bench_score_mismatch_is_flagged() {
    let spec = small_bench(1, vec![2], &["negaalpha", "negascout", "scout"], 2);
    let victim = spec.suite.items[0].position.clone();
    let runner = |pos: &AnyPosition, req: &SearchRequest, control: SearchControl<'_>| {
        let mut r = run_search(pos, req, control)?;
        if *pos == victim && req.algorithm == Algorithm::Scout {
            r.score = r.score.map(|s| s + 2);
        }
        Ok(r)
    };
    let stop = Arc::new(AtomicBool::new(false));
    let result = bench::run_bench_with(&spec, &stop, &|_, _, _| {}, &runner).expect("bench runs");
    let bad = result.disagreements();
    assert_eq!(bad.len(), 3, "every cell at that position and depth");
    assert!(bad.iter().all(|c| c.position_index == 0));
    let text = result.render(bench::CountKind::Nodes, bench::Format::Text);
    assert!(text.contains("SCORE MISMATCH in 3 cells"), "{text}");
}

// ---------------------------------------------------------------------------------
// Memory caps.

#[test]
fn sss_star_stops_at_its_memory_cap() {
    let tree = RandomTree::new(parse_spec("w=8 d=12 seed=3 independent=1000").expect("spec"))
        .expect("tree");
    let opts = SearchOptions {
        sss_memory_mib: 1,
        ..SearchOptions::default()
    };
    let start = Instant::now();
    let r = search::search(
        &tree,
        &treelab::game::random_tree::RandomTreeEval::default(),
        Algorithm::SssStar,
        &opts,
        12,
        SearchControl::default(),
    )
    .expect("valid");
    assert_eq!(r.stopped, Some(StopReason::MemoryLimit));
    assert!(r.score.is_none(), "an unfinished SSS* has no value");
    assert!(r.counters.nodes() > 1000);
    println!(
        "sss* with a 1 MiB cap: {} nodes, memory limit after {:.3} s",
        r.counters.nodes(),
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn oversized_tables_are_refused_up_front() {
    let huge = SearchOptions {
        tt_mib: MAX_TT_MIB + 1,
        ..SearchOptions::default()
    };
    let err = huge.check(Algorithm::NegaAlpha, 8).expect_err("too large");
    assert!(err.0.contains("too large"), "{err}");
    // Within the fixed limit, but not within this machine's memory 1024 times over.
    let big = SearchOptions {
        tt_mib: MAX_TT_MIB,
        ..SearchOptions::default()
    };
    assert!(big.check(Algorithm::NegaAlpha, 8).is_ok());
    if treelab::platform::machine::available_memory_mib().is_some() {
        let err = big
            .check_memory(Algorithm::NegaAlpha, 1024)
            .expect_err("does not fit");
        assert!(err.0.contains("does not fit"), "{err}");
        assert!(err.0.contains("1024 searches at once"), "{err}");
    }
    // Small tables always pass.
    let small = SearchOptions {
        tt_mib: 16,
        ..SearchOptions::default()
    };
    assert!(small.check_memory(Algorithm::NegaAlpha, 2).is_ok());
}

#[test]
fn absurd_parameters_are_refused_by_the_library() {
    let opts = SearchOptions::default();
    let e = opts
        .check(Algorithm::NegaAlpha, 200)
        .expect_err("depth 200");
    assert!(e.0.contains("depth 200 is out of range"), "{e}");
    assert!(opts.check(Algorithm::NegaAlpha, MAX_DEPTH).is_ok());
    let killers = SearchOptions {
        killers: 1_000_000_000,
        ..SearchOptions::default()
    };
    let e = killers.check(Algorithm::NegaAlpha, 8).expect_err("killers");
    assert!(e.0.contains("too many"), "{e}");
    let ok = SearchOptions {
        killers: MAX_KILLERS,
        ..SearchOptions::default()
    };
    assert!(ok.check(Algorithm::NegaAlpha, 8).is_ok());
    let e = parse_spec("w=1000 d=50 seed=1 independent=10").expect_err("tree too big");
    assert_eq!(e.column, 1);
    assert!(e.message.contains("width 1000 is out of range"), "{e}");
    let e = parse_spec("w=8 d=50 seed=1 independent=10").expect_err("tree too deep");
    assert_eq!(e.column, 5);
    let control = SearchControl {
        node_budget: Some(0),
        ..SearchControl::default()
    };
    assert!(control.check().is_err());
    assert!(SearchControl::time_budget_from_secs(1e300).is_err());
    assert!(SearchControl::time_budget_from_secs(f64::NAN).is_err());
    assert!(SearchControl::time_budget_from_secs(-1.0).is_err());
    assert!(SearchControl::time_budget_from_secs(0.5).is_ok());
    let ttt = AnyPosition::start(GameKind::TicTacToe);
    let req = SearchRequest {
        algorithm: Algorithm::NegaAlpha,
        options: SearchOptions::default(),
        depth: 9,
        evaluator: String::new(),
    };
    let zero_budget = SearchControl {
        node_budget: Some(0),
        ..SearchControl::default()
    };
    assert!(matches!(
        run_search(&ttt, &req, zero_budget),
        Err(EngineError::Input(m)) if m.contains("node budget of 0")
    ));
    let stop = Arc::new(AtomicBool::new(false));
    for threads in [0, 1_000_000] {
        let spec = small_bench(threads, vec![2], &["negaalpha"], 1);
        match bench::run_bench(&spec, &stop, &|_, _, _| {}) {
            Err(EngineError::Input(m)) => assert!(m.contains("threads is out of range"), "{m}"),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }
    assert!(treelab::cli::parse_depths("1..4000000000").is_err());
    assert!(treelab::cli::parse_depths("0..3").is_err());
    assert_eq!(
        treelab::cli::parse_depths("2..=4").expect("ok"),
        vec![2, 3, 4]
    );
}

/// Runs the binary; returns (exit success, stderr, the time it took).
fn treelab_timed(args: &[&str]) -> (bool, String, Duration) {
    let start = Instant::now();
    let (ok, _, stderr) = treelab(args);
    (ok, stderr, start.elapsed())
}

#[test]
fn absurd_parameters_are_refused_by_the_cli() {
    let ttt = ["search", "--game", "tictactoe", "--algo", "negaalpha"];
    let with = |extra: &[&'static str]| -> Vec<&str> {
        let mut v: Vec<&str> = ttt.to_vec();
        v.extend_from_slice(extra);
        v
    };
    let bench_args = |extra: &[&'static str]| -> Vec<&str> {
        let mut v = vec![
            "bench",
            "--suite",
            "fforum-40-59.obf",
            "--algos",
            "negaalpha",
            "--limit",
            "1",
        ];
        v.extend_from_slice(extra);
        v
    };
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (with(&["--depth", "200"]), "depth 200 is out of range"),
        (with(&["--depth", "4", "--tt", "1048576"]), "too large"),
        (
            with(&["--depth", "4", "--killers", "1000000000"]),
            "too many",
        ),
        (with(&["--depth", "4", "--nodes", "0"]), "node budget of 0"),
        (
            with(&["--depth", "4", "--seconds", "1e300"]),
            "out of range",
        ),
        (
            with(&["--depth", "4", "--seconds=-3"]),
            "not a positive number",
        ),
        (
            with(&["--depth", "4", "--order", "shallow:1000"]),
            "out of range",
        ),
        (
            vec!["tree", "--width", "1000", "--depth", "50"],
            "width 1000 is out of range",
        ),
        (
            vec![
                "search",
                "--game",
                "random-tree",
                "--position",
                "w=1000 d=50 seed=1 independent=10",
                "--algo",
                "minimax",
                "--depth",
                "3",
            ],
            "column 1: width 1000 is out of range",
        ),
        (
            bench_args(&["--depths", "2", "--threads", "1000000"]),
            "threads is out of range",
        ),
        (
            bench_args(&["--depths", "2", "--threads", "0"]),
            "threads is out of range",
        ),
        (
            bench_args(&["--depths", "1..4000000000"]),
            "depth 4000000000 is out of range",
        ),
        (
            vec![
                "bench",
                "--suite",
                "fforum-40-59.obf",
                "--algos",
                "negaalpha+tt=1048576",
                "--depths",
                "2",
            ],
            "too large",
        ),
        (
            vec!["perft", "--game", "othello", "--depth", "200"],
            "depth 200 is out of range",
        ),
        (vec!["soak", "--minutes=-1"], "out of range"),
    ];
    for (args, message) in cases {
        let (ok, stderr, took) = treelab_timed(&args);
        assert!(!ok, "{args:?} should fail");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(took < Duration::from_secs(20), "{args:?} took {took:?}");
    }
}

#[test]
fn output_piped_into_a_reader_that_stops_early_ends_without_a_panic() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    // `treelab trace ... | head -1`: a long output whose reader goes away after a line.
    let mut child = Command::new(env!("CARGO_BIN_EXE_treelab"))
        .args([
            "trace",
            "--game",
            "tictactoe",
            "--algo",
            "mcts+iterations=2000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("treelab starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "iteration 1\n");
    // The reader is dropped here: the pipe is closed.
    let out = child.wait_with_output().expect("treelab ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!out.status.success() || stderr.is_empty());
}
