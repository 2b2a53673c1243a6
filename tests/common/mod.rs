//! What the tests share: the app in a kittest harness at the window's default size or
//! with a session opened, the command line run as a user runs it, a search with default
//! control, a search of a position given as text, a search request, a seeded random playout, a seeded random tree with chance nodes, FFO #40 and a suite's first positions, a
//! request from a row spec, an evaluator that fails off the caller's thread (a bug in a
//! helper), AIMA's figure 5.2, a small bench grid, and a match between two players
//! with its games' times cleared. Each test crate uses only some of it.
#![allow(dead_code)]

use egui_kittest::Harness;
use treelab::app::TreelabApp;
use treelab::engine::{AnyPosition, GameKind, SearchRecord, SearchRequest, Suite, run_search};
use treelab::game::{Evaluator, Game, SeededRng};
use treelab::search::{Algorithm, SearchControl, SearchOptions, SearchResult, search};

/// AIMA's figure 5.2, the textbook's first alpha-beta tree.
pub const AIMA: &str = "((3 12 8) (2 4 6) (14 5 2))";

/// The most frames a test waits for the UI to settle.
pub const MAX_STEPS: usize = 8;

/// The app as on first start (no config file touched), 1280x800.
pub fn harness() -> Harness<'static, TreelabApp> {
    treelab::app::files::without_dialogs();
    Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(
            |ui, app: &mut TreelabApp| app.frame_ui(ui),
            TreelabApp::new_for_tests(),
        )
}

/// The app with the session file at `path` opened, at `size`, before any frame.
pub fn harness_with_session(
    path: &std::path::Path,
    size: [f32; 2],
) -> Harness<'static, TreelabApp> {
    treelab::app::files::without_dialogs();
    let mut app = TreelabApp::new_for_tests();
    app.open_session_from(path).expect("the session opens");
    Harness::builder()
        .with_size(size)
        .build_ui_state(|ui, app: &mut TreelabApp| app.frame_ui(ui), app)
}

/// Steps a bounded number of frames (the app may keep asking for repaints).
pub fn settle(h: &mut Harness<'_, TreelabApp>) {
    for _ in 0..MAX_STEPS {
        h.step();
    }
}

/// Steps frames until the app's run ends (bounded: a hung run fails the test).
pub fn wait_for_run(h: &mut Harness<'_, TreelabApp>, limit: std::time::Duration) {
    let start = std::time::Instant::now();
    while h.state().is_running() {
        assert!(start.elapsed() < limit, "the run did not end in {limit:?}");
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    settle(h);
}

/// Picks `choice` in the results' positions picker.
pub fn pick_positions(h: &mut Harness<'_, TreelabApp>, choice: &str) {
    use egui_kittest::kittest::Queryable;
    h.get_all_by_label("Positions")
        .last()
        .expect("the positions picker")
        .click();
    settle(h);
    h.get_by_label(choice).click();
    settle(h);
}

/// Runs the `treelab` binary with `args`: (success, stdout, stderr).
pub fn treelab(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_treelab"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A request for `algorithm` with `options` to `depth`, with the game's own evaluator.
pub fn request(algorithm: Algorithm, options: SearchOptions, depth: u32) -> SearchRequest {
    SearchRequest {
        algorithm,
        options,
        depth,
        evaluator: String::new(),
    }
}

/// A request from a row spec (`ybwc+threads=2+tt=4`) to `depth`, with the game's own
/// evaluator.
pub fn row_request(spec: &str, depth: u32) -> SearchRequest {
    let r = treelab::engine::rowspec::parse_row_spec(spec, &SearchOptions::default()).expect("row");
    request(r.algorithm, r.options, depth)
}

/// The first `take` positions of a shipped suite.
pub fn suite_positions(suite: &str, take: usize) -> Vec<AnyPosition> {
    Suite::load_named(suite)
        .expect("shipped suite")
        .items
        .into_iter()
        .take(take)
        .map(|i| i.position)
        .collect()
}

/// An Othello evaluation that fails on every thread but the caller's (a bug in a
/// parallel search's helper): the panic says "a helper's evaluation failed".
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FailsOffTheCallersThread;

impl Evaluator<treelab::game::othello::Othello> for FailsOffTheCallersThread {
    fn evaluate(&self, pos: &treelab::game::othello::Othello) -> i32 {
        // The test's thread is named after the test; the searches' helper threads are
        // the crew's, `treelab-helper-N`.
        assert!(
            std::thread::current()
                .name()
                .is_some_and(|n| !n.starts_with("treelab-helper")),
            "a helper's evaluation failed"
        );
        // Values that differ, so that the searches are not all cutoffs.
        (pos.hash() % 41) as i32 - 20
    }
}

/// FFO #40, the first position of the shipped suite.
pub fn ffo40() -> AnyPosition {
    Suite::load_named("fforum-40-59.obf")
        .expect("shipped suite")
        .items[0]
        .position
        .clone()
}

/// Searches `pos` with `algo` and `opts` to `depth` under default control (the options
/// must be valid).
pub fn run<G: Game, E: Evaluator<G>>(
    pos: &G,
    e: &E,
    algo: Algorithm,
    opts: &SearchOptions,
    depth: u32,
) -> SearchResult<G::Move> {
    search(pos, e, algo, opts, depth, SearchControl::default()).expect("valid options")
}

/// Searches `kind`'s position in its text form `text` (empty: the start) with `req`
/// under default control, through the facade.
pub fn run_text(kind: GameKind, text: &str, req: &SearchRequest) -> SearchRecord {
    let pos = AnyPosition::parse(kind, text).expect("a position");
    run_search(&pos, req, SearchControl::default()).expect("it runs")
}

/// A position `plies` random moves from `start`, seeded.
pub fn random_playout<G: Game>(start: &G, plies: usize, rng: &mut SeededRng) -> G {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos = pos.play(mv);
    }
    pos
}

/// A bench over the first `positions` of FFO #40-#59 with `rows` (row specs) at `depths`.
pub fn small_bench(
    threads: usize,
    depths: Vec<u32>,
    rows: &[&str],
    positions: usize,
) -> treelab::experiment::bench::BenchSpec {
    let mut suite = treelab::engine::Suite::load_named("fforum-40-59.obf").expect("shipped suite");
    suite.items.truncate(positions);
    let base = SearchOptions::default();
    treelab::experiment::bench::BenchSpec {
        suite,
        rows: rows
            .iter()
            .map(|r| treelab::experiment::bench::parse_row_spec(r, &base).expect("row"))
            .collect(),
        depths,
        evaluator: String::new(),
        threads,
        shard: None,
    }
}

/// Turns the mouse wheel sideways over the point `over` (as a trackpad does) for
/// `frames` frames, `step` points a frame (negative: to the right). Steps under 8
/// points are applied at once, not smoothed over time, so the scroll does not depend
/// on the clock.
pub fn wheel_sideways(h: &mut Harness<'_, TreelabApp>, over: egui::Pos2, step: f32, frames: usize) {
    for _ in 0..frames {
        h.hover_at(over);
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(step, 0.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: egui::Modifiers::NONE,
        });
        h.step();
    }
    settle(h);
}

/// The app on first start with the game whose button is `game` picked and the default
/// rows run on its start position to the end.
pub fn run_default_rows_on(game: &str) -> Harness<'static, TreelabApp> {
    use egui_kittest::kittest::Queryable;
    let mut h = harness();
    settle(&mut h);
    h.get_by_label(game).click();
    settle(&mut h);
    press_run(&mut h);
    h
}

/// Presses Run and steps frames until the run ends (bounded at a minute).
pub fn press_run(h: &mut Harness<'_, TreelabApp>) {
    use egui_kittest::kittest::Queryable;
    h.get_by_label("▶ Run (F5)").click();
    settle(h);
    wait_for_run(h, std::time::Duration::from_secs(60));
}

/// Probability sets a random chance node draws from.
const PROBS: &[&[&str]] = &[
    &["1/2", "1/2"],
    &["1/3", "1/3", "1/3"],
    &["1/2", "1/3", "1/6"],
    &["0.25", "0.75"],
    &["0.1", "0.2", "0.7"],
    &["1/6", "1/6", "1/6", "1/6", "1/6", "1/6"],
    &["1"],
];

/// A random tree: players' nodes and chance nodes alternate below the root as in
/// AIMA's trees (sometimes a player's node follows a player's node), with leaves of
/// -20..=20 at any level (more often deeper) and every interior node valued (for
/// searches that stop above the leaves).
pub fn random_chance_tree(rng: &mut SeededRng, levels: u32, chance: bool) -> String {
    if levels == 0 || rng.below(8) == 0 {
        return (rng.below(41) as i64 - 20).to_string();
    }
    if chance {
        let set = PROBS[rng.below(PROBS.len() as u64) as usize];
        let outcomes: Vec<String> = set
            .iter()
            .map(|p| format!("{p}:{}", random_chance_tree(rng, levels - 1, false)))
            .collect();
        let v = rng.below(41) as i64 - 20;
        return format!("?({}):{v}", outcomes.join(" "));
    }
    let width = 1 + rng.below(3);
    let children: Vec<String> = (0..width)
        .map(|_| {
            let next_chance = rng.below(4) != 0;
            random_chance_tree(rng, levels - 1, next_chance)
        })
        .collect();
    let v = rng.below(41) as i64 - 20;
    format!("({}):{v}", children.join(" "))
}

/// A match of `games` games of `game` between players `a` and `b` (as `treelab match`
/// reads them), from 3 seeded random opening moves with colours alternating, on
/// `threads` threads.
pub fn match_spec(
    game: GameKind,
    a: &str,
    b: &str,
    games: usize,
    seed: u64,
    threads: usize,
) -> treelab::matches::play::MatchSpec {
    use treelab::matches::play::parse_player;
    let base = SearchOptions::default();
    treelab::matches::play::MatchSpec {
        game,
        a: parse_player(a, &base).expect("player A"),
        b: parse_player(b, &base).expect("player B"),
        games,
        seed,
        openings: 3,
        book: Vec::new(),
        book_name: None,
        alternate: true,
        evaluator: String::new(),
        threads,
        sprt: None,
        shard: None,
    }
}

/// `m` without its games' clock readings (the only thing that differs between runs).
pub fn without_time(
    mut m: treelab::matches::play::MatchResult,
) -> treelab::matches::play::MatchResult {
    for g in &mut m.games {
        g.seconds = [0.0, 0.0];
    }
    m
}
