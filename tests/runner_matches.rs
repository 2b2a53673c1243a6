//! The browser's way to play a match, run natively: [`MatchRun::start_in_workers`]
//! sends the match as text to a pool of workers (a slice each, or one worker for an
//! SPRT) and reads the games and results back, the way a page's Web Workers do. The
//! games must be the games of a serial run, move for move and node for node; Stop must
//! keep the games already finished.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use treelab::engine::{AnyPosition, GameKind};
use treelab::matches::play::{MatchResult, MatchSpec, run_match};
use treelab::runner::MatchRun;
use treelab::stats::{EloModel, SprtSpec};

mod common;
use common::without_time;

fn spec(game: GameKind, a: &str, b: &str, games: usize) -> MatchSpec {
    common::match_spec(game, a, b, games, 11, 1)
}

fn serial(s: &MatchSpec) -> MatchResult {
    without_time(run_match(s, &Arc::new(AtomicBool::new(false)), &|_, _| {}).expect("match runs"))
}

/// Plays `s` in `workers` workers to the end.
fn in_workers(s: &MatchSpec, workers: usize) -> Result<MatchResult, String> {
    let mut run = MatchRun::start_in_workers(s, workers, Arc::new(|| {})).expect("workers start");
    let until = Instant::now() + Duration::from_secs(120);
    loop {
        if let Some(r) = run.finished() {
            return r.map(without_time);
        }
        assert!(Instant::now() < until, "the match in workers never ended");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_match_in_workers_plays_the_serial_games_on_any_number_of_workers() {
    for (game, a, b, games) in [
        (GameKind::Othello, "negaalpha+killers=4@3", "negascout@2", 7),
        (GameKind::Connect4, "negaalpha@4", "random", 6),
        (GameKind::TicTacToe, "negaalpha@9", "mcts+iterations=200", 4),
    ] {
        let s = spec(game, a, b, games);
        let want = serial(&s);
        assert_eq!(want.games.len(), games);
        for workers in [1, 2, 3] {
            let got = in_workers(&s, workers).expect("the match in workers plays");
            assert_eq!(got, want, "{a} vs {b} on {workers} workers");
        }
    }
}

#[test]
fn a_match_from_a_book_in_workers_plays_the_serial_games() {
    let suite = treelab::session::OpenSuite::open("fforum-40-59.obf").expect("the shipped suite");
    let book: Vec<AnyPosition> = suite.suite.items[..3]
        .iter()
        .map(|i| i.position.clone())
        .collect();
    let s = MatchSpec {
        book,
        book_name: Some("fforum-40-59".into()),
        openings: 0,
        ..spec(GameKind::Othello, "negaalpha@2", "negascout@1", 6)
    };
    assert_eq!(in_workers(&s, 2).expect("plays"), serial(&s));
}

#[test]
fn an_sprt_match_in_workers_stops_where_the_serial_one_does() {
    let s = MatchSpec {
        sprt: Some(SprtSpec {
            elo0: 0.0,
            elo1: 200.0,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::Logistic,
        }),
        ..spec(GameKind::TicTacToe, "negaalpha@9", "random", 200)
    };
    let want = serial(&s);
    assert!(
        want.games.len() < 200,
        "the SPRT decides before the last game"
    );
    assert_eq!(in_workers(&s, 3).expect("plays"), want);
}

#[test]
fn a_failing_match_in_workers_says_why() {
    // An opening that is a finished game: the workers' match fails as the serial one
    // does, with its message, instead of waiting for ever.
    let full = AnyPosition::parse(GameKind::Othello, &format!("{} O", "X".repeat(64)))
        .expect("a full board reads");
    let s = MatchSpec {
        book: vec![full],
        book_name: Some("finished".into()),
        openings: 0,
        ..spec(GameKind::Othello, "negaalpha@2", "random", 2)
    };
    let serial = run_match(&s, &Arc::new(AtomicBool::new(false)), &|_, _| {})
        .expect_err("a finished opening is refused");
    let got = in_workers(&s, 2).expect_err("refused in workers too");
    assert_eq!(got, serial.to_string());
    assert!(got.contains("finished game"), "{got}");
}

#[test]
fn stopping_a_match_in_workers_keeps_the_finished_games() {
    let s = spec(GameKind::Othello, "negaalpha@5", "negaalpha@5", 400);
    let mut run = MatchRun::start_in_workers(&s, 2, Arc::new(|| {})).expect("workers start");
    let until = Instant::now() + Duration::from_secs(120);
    while run.live_games().len() < 2 {
        assert!(Instant::now() < until, "no game finished");
        std::thread::sleep(Duration::from_millis(5));
    }
    run.stop();
    let live = run.live_games();
    let got = run
        .finished()
        .expect("a stopped match has ended")
        .expect("with its games");
    assert!(got.games.len() >= 2 && got.games.len() < 400);
    assert_eq!(got.games, live, "the games finished before Stop, in order");
    // The same games as a serial match long enough to hold them all.
    let last = got.games.iter().map(|g| g.index).max().unwrap_or(0);
    let want = serial(&MatchSpec {
        games: last + 1,
        ..s
    });
    for g in &without_time(got).games {
        assert_eq!(
            Some(g),
            want.games.get(g.index),
            "game {} as played serially",
            g.index
        );
    }
}
