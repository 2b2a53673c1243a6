//! EinStein würfelt nicht! against OpenSpiel: the games of the committed fixture
//! (`tests/fixtures/ewn_openspiel.txt`, written by `scripts/crosscheck_openspiel.py`
//! from OpenSpiel's `einstein_wurfelt_nicht`) replayed step by step, every chance node's
//! outcomes, every legal move list (in order) and every result compared; and the perft
//! counts OpenSpiel gives from treelab's start position. `TREELAB_EWN_FIXTURE=FILE`
//! replays another fixture (the script does, for a fresh seed).

use treelab::game::ewn::{Ewn, write_ewn};
use treelab::game::{Game, Outcome, Side};

fn fixture() -> (String, String) {
    let path = std::env::var("TREELAB_EWN_FIXTURE").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/ewn_openspiel.txt"
        )
        .to_string()
    });
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    (path, text)
}

fn names(pos: &Ewn) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.into_iter().map(Ewn::move_to_string).collect()
}

/// Replays one game's steps; the first difference is an error naming the step.
fn replay(steps: &[&str], white_return: i32) -> Result<usize, String> {
    let mut pos = Ewn::before_placement();
    let mut outcomes = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let at = |why: String| format!("step {} ({step}) at {}: {why}", i + 1, write_ewn(&pos));
        if let Some(rest) = step.strip_prefix('c') {
            let (count, outcome) = rest.split_once(':').ok_or_else(|| at("bad step".into()))?;
            if !pos.chance_outcomes(&mut outcomes) {
                return Err(at(
                    "OpenSpiel has a chance node, treelab a player's node".into()
                ));
            }
            let n: usize = count.parse().map_err(|_| at("bad count".into()))?;
            if outcomes.len() != n || outcomes.iter().any(|&(_, w)| w != outcomes[0].1) {
                return Err(at(format!(
                    "OpenSpiel has {n} equally likely outcomes, treelab {:?}",
                    outcomes.iter().map(|&(_, w)| w).collect::<Vec<_>>()
                )));
            }
            let mv = pos.parse_move(outcome).map_err(|e| at(e.to_string()))?;
            pos = pos.play(mv);
        } else {
            let (legal, index) = step.split_once('>').ok_or_else(|| at("bad step".into()))?;
            if pos.chance_outcomes(&mut outcomes) {
                return Err(at(
                    "OpenSpiel has a player's node, treelab a chance node".into()
                ));
            }
            let expected: Vec<&str> = legal.split(',').collect();
            let mine = names(&pos);
            if mine != expected {
                return Err(at(format!(
                    "OpenSpiel's moves {expected:?}, treelab's {mine:?}"
                )));
            }
            let index: usize = index.parse().map_err(|_| at("bad index".into()))?;
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            pos = pos.play(moves[index]);
        }
    }
    let winner = match pos.outcome() {
        Some(Outcome::Win) => pos.side_to_move(),
        Some(Outcome::Loss) => pos.side_to_move().other(),
        other => {
            return Err(format!(
                "the game ends, but treelab says {other:?} at {}",
                write_ewn(&pos)
            ));
        }
    };
    let expected = if white_return > 0 {
        Side::First
    } else {
        Side::Second
    };
    if winner != expected {
        return Err(format!(
            "OpenSpiel's winner {expected:?}, treelab's {winner:?}"
        ));
    }
    Ok(steps.len())
}

#[test]
fn treelab_replays_openspiels_games_and_perft_counts() {
    let (path, text) = fixture();
    let start = Ewn::start();
    let (mut games, mut steps, mut perfts) = (0, 0, 0);
    for (n, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("perft") => {
                let depth: u32 = words.next().unwrap().parse().unwrap();
                let count: u64 = words.next().unwrap().parse().unwrap();
                assert_eq!(
                    start.perft(depth, Ewn::PERFT_CONVENTION),
                    count,
                    "{path} line {}: perft {depth}",
                    n + 1
                );
                perfts += 1;
            }
            Some("game") => {
                let index = words.next().unwrap();
                let white: i32 = words.next().unwrap().parse().unwrap();
                let tokens: Vec<&str> = words.collect();
                steps += replay(&tokens, white)
                    .unwrap_or_else(|e| panic!("{path} line {}, game {index}: {e}", n + 1));
                games += 1;
            }
            _ => {}
        }
    }
    // The fixture must mean something: the committed one has 1,000 games.
    assert!(
        games >= 100 && steps > 10 * games && perfts >= 5,
        "{games} games, {steps} steps"
    );
    println!("replayed {games} games ({steps} steps) and {perfts} perft counts from {path}");
}

/// Positions met in the fixture's first games: every fifth step of each.
fn fixture_positions(games: usize) -> Vec<Ewn> {
    let (_, text) = fixture();
    let mut out = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("game ")).take(games) {
        let mut pos = Ewn::before_placement();
        for (i, step) in line.split_whitespace().skip(3).enumerate() {
            let mv = if let Some(rest) = step.strip_prefix('c') {
                pos.parse_move(rest.split_once(':').unwrap().1).unwrap()
            } else {
                let (_, index) = step.split_once('>').unwrap();
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                moves[index.parse::<usize>().unwrap()]
            };
            pos = pos.play(mv);
            if i % 5 == 4 && pos.outcome().is_none() {
                out.push(pos);
            }
        }
    }
    out
}

#[test]
fn star1_and_star2_equal_expectimax_on_ewn_positions() {
    use treelab::game::ewn::EwnEval;
    use treelab::search::{Algorithm, SearchControl, SearchOptions, search};
    let positions = fixture_positions(12);
    assert!(positions.len() > 50, "{} positions", positions.len());
    let (mut exp_nodes, mut star1_nodes, mut star2_nodes) = (0u64, 0u64, 0u64);
    for (i, pos) in positions.iter().enumerate() {
        let depth = 1 + (i % 3) as u32;
        let run = |algorithm, options: SearchOptions| {
            search(
                pos,
                &EwnEval::Race,
                algorithm,
                &options,
                depth,
                SearchControl::default(),
            )
            .unwrap_or_else(|e| panic!("{algorithm} at {}: {e}", write_ewn(pos)))
        };
        let exp = run(Algorithm::Expectimax, SearchOptions::default());
        for algorithm in [Algorithm::Star1, Algorithm::Star2] {
            let options = SearchOptions {
                tt_mib: if i % 2 == 0 { 1 } else { 0 },
                iterative_deepening: i % 4 == 1,
                ..SearchOptions::default()
            };
            let r = run(algorithm, options);
            assert_eq!(
                r.score,
                exp.score,
                "{algorithm} depth {depth} at {}",
                write_ewn(pos)
            );
            match algorithm {
                Algorithm::Star1 => star1_nodes += r.counters.nodes(),
                _ => star2_nodes += r.counters.nodes(),
            }
        }
        exp_nodes += exp.counters.nodes();
    }
    // Pruning below chance nodes pays on a real game.
    assert!(
        star1_nodes < exp_nodes,
        "Star1 {star1_nodes}, expectimax {exp_nodes}"
    );
    println!("nodes: expectimax {exp_nodes}, Star1 {star1_nodes}, Star2 {star2_nodes}");
}

mod common;

#[test]
fn the_command_line_searches_ewn_with_the_chance_searches_only() {
    use common::treelab;
    let start = "b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 white 3";
    let (ok, out, err) = treelab(&[
        "search",
        "--game",
        "ewn",
        "--position",
        start,
        "--algo",
        "expectimax",
        "--depth",
        "3",
    ]);
    assert!(ok, "{err}");
    // 109/36: a mean over two rolls, printed to six decimals with its exact fraction.
    assert!(
        out.contains("score: 3.027778\nscore_exact: 109/36\n"),
        "{out}"
    );
    assert!(out.contains("best: W3-up\n"), "{out}");
    for algo in ["star1", "star2"] {
        let (ok, out2, err) = treelab(&[
            "search",
            "--game",
            "ewn",
            "--position",
            start,
            "--algo",
            algo,
            "--depth",
            "3",
        ]);
        assert!(
            ok && out2.contains("score: 3.027778\n"),
            "{algo}: {out2}{err}"
        );
    }
    let refused = |args: &[&str], why: &str| {
        let (ok, _, err) = treelab(args);
        assert!(!ok && err.contains(why), "{args:?}: {err}");
    };
    refused(
        &[
            "search",
            "--game",
            "ewn",
            "--algo",
            "negaalpha",
            "--depth",
            "2",
        ],
        "cannot search them",
    );
    refused(
        &["search", "--game", "ewn", "--algo", "star1", "--depth", "8"],
        "stay exact through 7",
    );
    refused(
        &[
            "search",
            "--game",
            "ewn",
            "--position",
            "...../...../...../...../..... place black",
            "--algo",
            "expectimax",
            "--depth",
            "1",
        ],
        "before the placement",
    );
    let (ok, out, _) = treelab(&["perft", "--game", "ewn", "--depth", "4"]);
    assert!(ok && out.contains("4 324 "), "{out}");
}

#[test]
fn an_ewn_match_rolls_seeded_dice_shared_by_each_pair() {
    use treelab::matches::play::MatchResult;
    let run = |threads: &str| {
        let (ok, out, err) = common::treelab(&[
            "match",
            "--game",
            "ewn",
            "--black",
            "expectimax@2",
            "--white",
            "expectimax@1",
            "--alternate",
            "--games",
            "12",
            "--seed",
            "3",
            "--threads",
            threads,
            "--format",
            "ron",
        ]);
        assert!(ok, "{err}");
        let mut m: MatchResult = ron::from_str(&out).expect("the match's RON reads back");
        for g in &mut m.games {
            g.seconds = [0.0; 2];
        }
        m
    };
    let m = run("1");
    assert_eq!(m.games.len(), 12);
    // The same seed gives the same games on any number of threads.
    let again = run("2");
    let moves = |m: &MatchResult| m.games.iter().map(|g| g.moves.clone()).collect::<Vec<_>>();
    assert_eq!(moves(&m), moves(&again));
    for pair in m.games.chunks(2) {
        // Colours swapped, the same dice: the k-th roll of both games is the same.
        assert_ne!(pair[0].a_first, pair[1].a_first);
        let rolls = |g: &treelab::matches::record::GameRecord| -> Vec<String> {
            g.moves
                .iter()
                .filter(|m| m.starts_with("roll"))
                .cloned()
                .collect()
        };
        let (r0, r1) = (rolls(&pair[0]), rolls(&pair[1]));
        let n = r0.len().min(r1.len());
        assert!(n > 3 && r0[..n] == r1[..n], "{r0:?} {r1:?}");
        // The record counts the rolls apart from the players' moves.
        for g in pair {
            assert_eq!(g.rolls, rolls(g).len());
            assert_eq!(g.plies() + g.rolls, g.moves.len());
        }
        // Every game is a legal EWN game that ends with a winner worth 100.
        for g in pair {
            let mut pos = Ewn::start();
            for mv in &g.moves {
                pos = pos.play(pos.parse_move(mv).expect("legal"));
            }
            assert!(pos.outcome().is_some());
            assert_eq!(g.score_a.abs(), 100);
        }
    }
}

#[test]
fn mcts_plays_ewn_drawing_the_dice_by_their_probabilities() {
    // On a tree whose chance nodes are lopsided, MCTS's mean tends to the weighted mean:
    // a is worth 9/10·1 + 1/10·(-1) = 0.8 and b 0; drawn uniformly a would be worth 0.
    let (ok, out, err) = common::treelab(&[
        "search",
        "--game",
        "custom",
        "--position",
        "(?(9/10:1 1/10:-1) ?(1/2:1 1/2:-1))",
        "--algo",
        "mcts",
        "--iterations",
        "4000",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("best: a\n"), "{out}");
    let estimate: f64 = out
        .lines()
        .find_map(|l| l.strip_prefix("estimate: "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .expect("an estimate");
    assert!((estimate - 0.8).abs() < 0.05, "{out}");
    // A match of MCTS against expectimax on EWN: the same games on 1 and 2 threads,
    // plies and rolls counted apart, MCTS stronger than a 2-ply expectimax.
    let run = |threads: &str| {
        let (ok, out, err) = common::treelab(&[
            "match",
            "--game",
            "ewn",
            "--black",
            "mcts+iterations=1000@64",
            "--white",
            "expectimax@2",
            "--alternate",
            "--games",
            "20",
            "--seed",
            "3",
            "--threads",
            threads,
            "--format",
            "csv",
        ]);
        assert!(ok, "{err}");
        out
    };
    let strip = |csv: &str| -> Vec<String> {
        // Everything but the seconds columns.
        csv.lines()
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                [&f[..10], &f[12..]].concat().join(",")
            })
            .collect()
    };
    let one = run("1");
    assert_eq!(strip(&one), strip(&run("2")));
    assert!(
        one.starts_with("game,a_first,plies,") && one.lines().next().unwrap().ends_with(",rolls")
    );
    let wins = one
        .lines()
        .skip(1)
        .filter(|l| l.split(',').nth(12) == Some("100"))
        .count();
    assert!(wins >= 12, "MCTS won {wins} of 20:\n{one}");
}

#[test]
fn ewn_suite_files_are_read_by_line_and_e7s_positions_are_shipped() {
    // The shipped suite: E7's 40 positions, searched by bench; Star2 agrees with
    // expectimax on every one (bench checks the scores against the first row).
    let (ok, out, err) = common::treelab(&[
        "bench",
        "--suite",
        "ewn/e7-positions.ewn",
        "--algos",
        "expectimax,star1,star2",
        "--depths",
        "2",
        "--format",
        "csv",
    ]);
    assert!(ok, "{err}");
    assert_eq!(
        out.lines().filter(|l| l.contains("star2")).count(),
        40,
        "{out}"
    );
    // A broken line is refused with its line and column.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ewn");
    std::fs::write(
        &path,
        "# two positions\nb1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 white roll\nb1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w9 white roll\n",
    )
    .unwrap();
    let (ok, _, err) = common::treelab(&[
        "bench",
        "--suite",
        path.to_str().unwrap(),
        "--algos",
        "expectimax",
        "--depths",
        "1",
    ]);
    assert!(!ok && err.contains("bad.ewn: line 3, column 41"), "{err}");
}
