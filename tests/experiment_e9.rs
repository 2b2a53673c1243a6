//! E9 (PUCT with a network beside UCT and alpha-beta at equal nodes) and what it rests
//! on: a player's own evaluator in a match (`+eval=net`) plays as the match's evaluator
//! would; E9's quick run holds every search to its node budget, names every set and
//! searcher, plays the ladder and writes files that parse back.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use treelab::engine::GameKind;
use treelab::matches::play::{MatchResult, MatchSpec, parse_player, run_match};
use treelab::search::SearchOptions;

mod common;
use common::treelab;

fn spec(game: GameKind, a: &str, b: &str, games: usize, threads: usize) -> MatchSpec {
    common::match_spec(game, a, b, games, 7, threads)
}

/// The match's games without their times (which vary from run to run).
fn play(s: &MatchSpec) -> MatchResult {
    common::without_time(
        run_match(s, &Arc::new(AtomicBool::new(false)), &|_, _| {}).expect("match runs"),
    )
}

/// A player's own evaluator (`+eval=NAME`) plays the same games as the match's evaluator
/// given to both; an empty one is refused.
#[test]
fn a_player_with_its_own_evaluator_plays_as_the_match_evaluator_would() {
    let own = spec(
        GameKind::Connect4,
        "negaalpha+eval=net+nodes=300",
        "pvs+eval=net+nodes=300",
        2,
        1,
    );
    let mut shared = spec(
        GameKind::Connect4,
        "negaalpha+nodes=300",
        "pvs+nodes=300",
        2,
        1,
    );
    shared.evaluator = "net".into();
    let (a, b) = (play(&own), play(&shared));
    assert_eq!(a.games.len(), 2);
    for (x, y) in a.games.iter().zip(&b.games) {
        assert_eq!((&x.moves, x.nodes), (&y.moves, y.nodes));
    }
    // And it is not the game's own evaluator: the hand-written one plays other games.
    let hand = play(&spec(
        GameKind::Connect4,
        "negaalpha+nodes=300",
        "pvs+nodes=300",
        2,
        1,
    ));
    assert_ne!(
        a.games.iter().map(|g| g.nodes).collect::<Vec<_>>(),
        hand.games.iter().map(|g| g.nodes).collect::<Vec<_>>()
    );
    assert!(parse_player("negaalpha+eval=+nodes=5", &SearchOptions::default()).is_err());
}

/// E9's quick run: every searcher stops on its node budget (no row's mean above it), the
/// tables name every set and searcher, the network alone is a point, the ladder plays
/// every pair, and the files parse back.
#[test]
fn experiment_e9_quick_holds_every_search_to_its_budget_and_writes_its_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("utf-8 path");
    let (ok, stdout, stderr) = treelab(&["experiment", "e9", "--quick", "--out", out]);
    assert!(ok, "{stderr}");
    for needle in [
        "Pons' beginning (Test_L1_R1)",
        "Pons' middle (Test_L2_R1)",
        "Pons' end (Test_L3_R1)",
        "held-out positions",
        "network alone (0 nodes)",
        "PUCT (network)",
        "PVS (hand eval)",
        "Silver et al. 2018",
    ] {
        assert!(stdout.contains(needle), "{needle}: {stdout}");
    }
    let csv = std::fs::read_to_string(dir.path().join("e9.csv")).expect("read");
    let lines: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    // 4 sets x (5 searchers x 3 budgets + the network alone).
    assert_eq!(lines.len(), 4 * (5 * 3 + 1), "{csv}");
    for l in &lines {
        let (budget, positions): (u64, usize) = (l[2].parse().unwrap(), l[3].parse().unwrap());
        let (best, sound): (usize, usize) = (l[4].parse().unwrap(), l[5].parse().unwrap());
        assert_eq!(positions, 4, "{l:?}");
        assert!(
            best <= sound && sound <= positions,
            "a best move keeps the outcome: {l:?}"
        );
        if budget > 0 {
            let mean: f64 = l[7].parse().unwrap();
            assert!(mean <= budget as f64 && mean > 0.0, "{l:?}");
        }
        let no_move: usize = l[6].parse().unwrap();
        assert!(no_move <= positions - best.min(positions), "{l:?}");
        if l[1].starts_with("PVS") && budget >= 100 {
            assert_eq!(no_move, 0, "alpha-beta's first iteration fits: {l:?}");
        }
    }
    let ron_text = std::fs::read_to_string(dir.path().join("e9.ron")).expect("read");
    let ladder: Vec<MatchResult> = ron::from_str(&ron_text).expect("the ladder parses back");
    assert_eq!(ladder.len(), 10, "every pair of five");
    assert!(ladder.iter().all(|m| m.games.len() == 4));
    let svg = std::fs::read_to_string(dir.path().join("e9.svg")).expect("read");
    assert!(svg.starts_with("<svg"));
}
