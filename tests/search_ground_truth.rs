//! Ground truth for the search engine on the real games: every exact algorithm against
//! plain minimax (also on hundreds of random hand-built trees read from their text),
//! the Knuth-Moore minimal tree, article 002's perfect-oracle equality, the strongly-solved
//! check, determinism and stopping (memory caps are in reliability_faults.rs).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use treelab::game::connect4::{Connect4, Connect4Eval};
use treelab::game::custom_tree::{CustomTree, CustomTreeEval, parse_tree, write_tree};
use treelab::game::othello::{Othello, OthelloEval};
use treelab::game::random_tree::{self, RandomTree, RandomTreeEval, TreeSpec, ValueModel};
use treelab::game::tictactoe::{TicTacToe, TicTacToeEval};
use treelab::game::{Evaluator, Game, Scoring, SeededRng};
mod common;
use common::{random_playout, run};
use treelab::search::registry::TableUse;
use treelab::search::{
    Algorithm, InitialWindow, MoveOrder, SearchControl, SearchOptions, StopReason, TableKind,
    search,
};

/// A sample of option sets that each algorithm accepts.
fn option_sample(algo: Algorithm, depth: u32) -> Vec<SearchOptions> {
    let d = SearchOptions::default();
    let candidates = vec![
        d.clone(),
        SearchOptions {
            fail_soft: true,
            ..d.clone()
        },
        SearchOptions {
            ordering: MoveOrder::Static,
            killers: 2,
            ..d.clone()
        },
        SearchOptions {
            ordering: MoveOrder::Evaluation,
            history: true,
            ..d.clone()
        },
        SearchOptions {
            ordering: MoveOrder::Shallow(1),
            order_all: false,
            ..d.clone()
        },
        SearchOptions {
            tt_mib: 1,
            ..d.clone()
        },
        SearchOptions {
            tt_mib: 1,
            tt_symmetry: true,
            fail_soft: true,
            ..d.clone()
        },
        SearchOptions {
            tt_mib: 2,
            iterative_deepening: true,
            killers: 1,
            history: true,
            ..d.clone()
        },
        SearchOptions {
            tt_mib: 2,
            iterative_deepening: true,
            aspiration: 2,
            ..d.clone()
        },
        SearchOptions {
            skip_shallow_research: true,
            ..d.clone()
        },
        SearchOptions {
            tt_mib: 1,
            tt_leaves: true,
            ..d.clone()
        },
        SearchOptions {
            tt_mib: 2,
            tt_leaves: true,
            tt_symmetry: true,
            iterative_deepening: true,
            ..d.clone()
        },
        // Pons' steps: the game's shortcuts (they engage where the depth reaches the end
        // of the game), threat ordering and his one-bound tables.
        SearchOptions {
            win_at_once: true,
            ..d.clone()
        },
        SearchOptions {
            win_at_once: true,
            soft_cutoffs: true,
            ordering: MoveOrder::Static,
            tt_mib: 1,
            table: TableKind::Upper,
            ..d.clone()
        },
        SearchOptions {
            win_at_once: true,
            non_losing: true,
            ordering: MoveOrder::Threats,
            fail_soft: true,
            ..d.clone()
        },
        SearchOptions {
            win_at_once: true,
            non_losing: true,
            soft_cutoffs: true,
            ordering: MoveOrder::Threats,
            tt_mib: 1,
            table: TableKind::LastBound,
            ..d.clone()
        },
        SearchOptions {
            win_at_once: true,
            non_losing: true,
            tt_mib: 1,
            iterative_deepening: true,
            ..d.clone()
        },
    ];
    candidates
        .into_iter()
        .filter(|o| o.check(algo, depth).is_ok())
        .collect()
}

/// Checks every algorithm and option sample against minimax on `pos` at `depth`;
/// returns how many searches were compared.
fn check_against_minimax<G: Game, E: Evaluator<G>>(
    pos: &G,
    e: &E,
    depth: u32,
    label: &str,
) -> usize {
    let reference = run(pos, e, Algorithm::Minimax, &SearchOptions::default(), depth);
    let mut compared = 0;
    // Every exact algorithm agrees with minimax; a sampling one need not.
    for algo in Algorithm::exact() {
        for opts in option_sample(algo, depth) {
            let r = run(pos, e, algo, &opts, depth);
            assert_eq!(
                r.score, reference.score,
                "{label}: {algo} {opts:?} depth {depth}"
            );
            if let Some(best) = r.best_move {
                // The move's own minimax value must equal the position's.
                let child = pos.play(best);
                let v = if depth == 1 || child.outcome().is_some() {
                    -leaf_value(&child, e)
                } else {
                    -run(
                        &child,
                        e,
                        Algorithm::Negamax,
                        &SearchOptions::default(),
                        depth - 1,
                    )
                    .score
                    .expect("complete")
                };
                assert_eq!(
                    Some(v),
                    reference.score,
                    "{label}: {algo} {opts:?} best move {best:?}"
                );
            }
            compared += 1;
        }
    }
    compared
}

fn leaf_value<G: Game, E: Evaluator<G>>(pos: &G, e: &E) -> i32 {
    if pos.outcome().is_some() {
        pos.terminal_score(Scoring::Native)
    } else {
        e.evaluate(pos)
    }
}

#[test]
fn every_exact_algorithm_matches_minimax_on_all_four_games() {
    let mut positions = 0;
    let mut compared = 0;
    let mut rng = SeededRng::new(2026);
    for i in 0..60 {
        let pos = random_playout(&Othello::start(), 4 + (i % 40), &mut rng);
        let eval = if i % 2 == 0 {
            OthelloEval::Standard
        } else {
            OthelloEval::Discs
        };
        compared += check_against_minimax(&pos, &eval, 1 + (i as u32 % 4), "othello");
        positions += 1;
    }
    for i in 0..60 {
        let pos = random_playout(&Connect4::default(), i % 30, &mut rng);
        compared +=
            check_against_minimax(&pos, &Connect4Eval::Threats, 1 + (i as u32 % 6), "connect4");
        positions += 1;
    }
    // Late positions searched to the end, where Pons' shortcuts and bounds engage.
    for i in 0..40 {
        let pos = random_playout(&Connect4::default(), 34 + i % 6, &mut rng);
        let to_end = (42 - pos.plies_played()).max(1) as u32;
        compared += check_against_minimax(&pos, &Connect4Eval::Threats, to_end, "connect4 end");
        positions += 1;
    }
    let classes = TicTacToe::canonical_classes();
    for (i, pos) in classes
        .iter()
        .filter(|p| p.outcome().is_none())
        .step_by(10)
        .enumerate()
    {
        let eval = if i % 2 == 0 {
            TicTacToeEval::Lines
        } else {
            TicTacToeEval::Zero
        };
        // To the end of the game.
        compared += check_against_minimax(pos, &eval, 9, "tictactoe");
        positions += 1;
    }
    for i in 0..60u64 {
        let model = if i % 2 == 0 {
            ValueModel::Independent { range: 50 }
        } else {
            ValueModel::Incremental { step: 10 }
        };
        let spec = TreeSpec {
            width: 2 + (i % 4) as u32,
            depth: 1 + (i % 6) as u32,
            seed: i,
            model,
        };
        let tree = RandomTree::new(spec).expect("valid spec");
        compared += check_against_minimax(
            &tree,
            &RandomTreeEval::NodeValue,
            tree.spec().depth,
            "random tree",
        );
        positions += 1;
    }
    assert!(positions >= 200, "{positions} positions");
    assert!(compared > 10_000, "{compared} searches compared");
}

/// Asserts that alpha-beta, NegaAlpha, PVS, NegaScout and SSS* with the perfect oracle
/// evaluate exactly the Knuth-Moore minimal tree of a uniform `width` x `depth` tree;
/// returns their values.
fn oracle_ordered_searches_are_minimal<G: Game, E: Evaluator<G>>(
    tree: &G,
    e: &E,
    width: u32,
    depth: u32,
) -> Vec<Option<i32>> {
    let minimal = random_tree::knuth_moore_minimal_leaves(width, depth).expect("small");
    let oracle = SearchOptions {
        ordering: MoveOrder::Oracle,
        ..SearchOptions::default()
    };
    [
        Algorithm::AlphaBeta,
        Algorithm::NegaAlpha,
        Algorithm::Pvs,
        Algorithm::NegaScout,
        Algorithm::SssStar,
    ]
    .into_iter()
    .map(|algo| {
        let r = run(tree, e, algo, &oracle, depth);
        assert_eq!(r.counters.leaves(), minimal, "{algo} w={width} d={depth}");
        r.score
    })
    .collect()
}

#[test]
fn perfect_ordering_evaluates_exactly_the_knuth_moore_minimal_tree() {
    for width in 2..=6u32 {
        for depth in 1..=6u32 {
            if width.pow(depth) > 50_000 {
                continue;
            }
            // Values spread widely so ties (which can only prune more) are rare.
            let spec = TreeSpec {
                width,
                depth,
                seed: u64::from(width * 100 + depth),
                model: ValueModel::Independent { range: 1_000_000 },
            };
            let tree = RandomTree::new(spec).expect("valid spec");
            oracle_ordered_searches_are_minimal(&tree, &RandomTreeEval::NodeValue, width, depth);
            let minimax = run(
                &tree,
                &RandomTreeEval::NodeValue,
                Algorithm::Minimax,
                &SearchOptions::default(),
                depth,
            );
            assert_eq!(minimax.counters.leaves(), u64::from(width.pow(depth)));
        }
    }
    assert_eq!(random_tree::knuth_moore_minimal_leaves(3, 3), Some(11));
    assert_eq!(random_tree::knuth_moore_minimal_leaves(8, 6), Some(1023));
}

/// A random hand-built tree in bracket notation: 1 to 4 children per node, leaves at any
/// depth up to `max_depth`, values -20 to 20 (ties on purpose), separators spaces or
/// commas; with `valued`, every interior node carries a value too.
fn random_custom_text(rng: &mut SeededRng, ply: u32, max_depth: u32, valued: bool) -> String {
    let value = |rng: &mut SeededRng| rng.below(41) as i32 - 20;
    if ply > 0 && (ply == max_depth || rng.below(10) < 3) {
        return value(rng).to_string();
    }
    let children: Vec<String> = (0..1 + rng.below(4))
        .map(|_| random_custom_text(rng, ply + 1, max_depth, valued))
        .collect();
    let separator = if rng.below(2) == 0 { " " } else { ", " };
    let mut text = format!("({})", children.join(separator));
    if valued {
        text.push_str(&format!(":{}", value(rng)));
    }
    text
}

#[test]
fn every_exact_algorithm_matches_minimax_on_random_custom_trees() {
    let mut rng = SeededRng::new(1975);
    let eval = CustomTreeEval::NodeValue;
    let mut compared = 0;
    for i in 0..300u32 {
        let valued = i % 3 == 0;
        let mut text = random_custom_text(&mut rng, 0, 2 + i % 5, valued);
        if i % 5 == 0 {
            text = format!("min:{text}");
        }
        let tree = parse_tree(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(parse_tree(&write_tree(&tree)).as_ref(), Ok(&tree), "{text}");
        // To the leaves: the tree's own minimax value, whatever the interior values.
        let height = tree.height();
        let minimax = run(
            &tree,
            &eval,
            Algorithm::Minimax,
            &SearchOptions::default(),
            height,
        );
        assert_eq!(minimax.score, Some(tree.minimax_value()), "{text}");
        compared += check_against_minimax(&tree, &eval, height, &text);
        // Stopping short at the interior values.
        if valued && height > 1 {
            compared += check_against_minimax(&tree, &eval, 1 + i % (height - 1), &text);
        }
    }
    assert!(compared > 10_000, "{compared} searches compared");
}

/// A uniform tree of `width` children and `depth` plies as text, leaves from `values`.
fn uniform_custom_text(width: u32, depth: u32, values: &mut impl Iterator<Item = i32>) -> String {
    if depth == 0 {
        return values.next().unwrap_or(0).to_string();
    }
    let children: Vec<String> = (0..width)
        .map(|_| uniform_custom_text(width, depth - 1, values))
        .collect();
    format!("({})", children.join(" "))
}

#[test]
fn perfect_ordering_on_custom_uniform_trees_evaluates_the_knuth_moore_count() {
    let mut rng = SeededRng::new(1975);
    for width in 2..=4u32 {
        for depth in 1..=5u32 {
            let leaves = width.pow(depth);
            if leaves > 1024 {
                continue;
            }
            // Distinct values (ties can only prune more), shuffled.
            let mut values: Vec<i32> = (0..leaves as i32).map(|v| 3 * v - 500).collect();
            for k in (1..values.len()).rev() {
                values.swap(k, rng.below(k as u64 + 1) as usize);
            }
            let text = uniform_custom_text(width, depth, &mut values.into_iter());
            let tree: CustomTree = parse_tree(&text).expect("reads");
            assert_eq!(tree.uniform_shape(), Some((width, depth)));
            for score in
                oracle_ordered_searches_are_minimal(&tree, &CustomTreeEval::NodeValue, width, depth)
            {
                assert_eq!(score, Some(tree.minimax_value()));
            }
        }
    }
}

/// Total nodes over the 627 tic-tac-toe classes that are not over.
fn ttt_total(algo: Algorithm, opts: &SearchOptions) -> u64 {
    TicTacToe::canonical_classes()
        .iter()
        .filter(|p| p.outcome().is_none())
        .map(|p| run(p, &TicTacToeEval::Zero, algo, opts, 9).counters.nodes())
        .sum()
}

#[test]
fn article_002_perfect_oracle_makes_alpha_beta_and_scout_count_the_same() {
    let classes = TicTacToe::canonical_classes();
    assert_eq!(
        classes.iter().filter(|p| p.outcome().is_none()).count(),
        627
    );
    for window in [InitialWindow::Infinite, InitialWindow::GameRange] {
        for tt in [false, true] {
            for scoring in [Scoring::Native, Scoring::ShortestWin] {
                let opts = SearchOptions {
                    ordering: MoveOrder::Oracle,
                    order_all: false,
                    fail_soft: true,
                    window,
                    tt_mib: if tt { 1 } else { 0 },
                    tt_symmetry: tt,
                    scoring,
                    ..SearchOptions::default()
                };
                let ab = ttt_total(Algorithm::AlphaBeta, &opts);
                let plain = SearchOptions {
                    fail_soft: false,
                    ..opts.clone()
                };
                let pvs = ttt_total(Algorithm::Pvs, &plain);
                let ns = ttt_total(Algorithm::NegaScout, &plain);
                let label = format!("window {window:?} tt {tt} scoring {scoring:?}");
                assert_eq!(ab, pvs, "alpha-beta vs PVS (article 002's Scout), {label}");
                assert_eq!(ab, ns, "alpha-beta vs NegaScout, {label}");
            }
        }
    }
}

#[test]
fn article_002_an_oracle_blind_to_win_distance_is_not_perfect_for_shortest_win() {
    let base = SearchOptions {
        ordering: MoveOrder::Oracle,
        order_all: false,
        fail_soft: true,
        scoring: Scoring::ShortestWin,
        oracle_win_loss: true,
        ..SearchOptions::default()
    };
    let ab = ttt_total(Algorithm::AlphaBeta, &base);
    let pvs = ttt_total(
        Algorithm::Pvs,
        &SearchOptions {
            fail_soft: false,
            ..base.clone()
        },
    );
    assert_ne!(
        ab, pvs,
        "with a distance-blind oracle the counts must differ (seed: 14,404 vs 14,389)"
    );
}

#[test]
fn every_algorithm_and_ordering_strongly_solves_tictactoe() {
    let orderings = [
        MoveOrder::Generation,
        MoveOrder::Static,
        MoveOrder::Evaluation,
        MoveOrder::Shallow(2),
        MoveOrder::Oracle,
    ];
    let positions: Vec<TicTacToe> = TicTacToe::all_reachable()
        .into_iter()
        .filter(|p| p.outcome().is_none())
        .collect();
    assert_eq!(positions.len(), 4520);
    // Exact values of every position, for judging the chosen moves.
    let mut exact = std::collections::HashMap::new();
    for p in &positions {
        let v = run(
            p,
            &TicTacToeEval::Zero,
            Algorithm::NegaAlpha,
            &SearchOptions {
                tt_mib: 1,
                ..SearchOptions::default()
            },
            9,
        );
        exact.insert(p.hash(), v.score.expect("complete"));
    }
    let value_of = |p: &TicTacToe| -> i32 {
        if p.outcome().is_some() {
            p.terminal_score(Scoring::Native)
        } else {
            exact[&p.hash()]
        }
    };
    // Only an exact algorithm promises an optimal move.
    for algo in Algorithm::exact() {
        // Minimax visits every node whatever the order: one ordering is enough for it.
        let orders: &[MoveOrder] = if matches!(algo, Algorithm::Minimax | Algorithm::Negamax) {
            &orderings[..1]
        } else {
            &orderings
        };
        for &ordering in orders {
            let mut opts = SearchOptions {
                ordering,
                ..SearchOptions::default()
            };
            if algo.info().table == TableUse::MemoryEnhanced {
                opts.tt_mib = 1;
            }
            let mut optimal = 0;
            for p in &positions {
                let r = run(p, &TicTacToeEval::Lines, algo, &opts, 9);
                let best = r.best_move.expect("a move in a position that is not over");
                if -value_of(&p.play(best)) == value_of(p) {
                    optimal += 1;
                }
            }
            assert_eq!(optimal, positions.len(), "{algo} with {ordering:?}");
        }
    }
}

#[test]
fn known_tictactoe_counts() {
    let empty = TicTacToe::default();
    let minimax = run(
        &empty,
        &TicTacToeEval::Zero,
        Algorithm::Minimax,
        &SearchOptions::default(),
        9,
    );
    assert_eq!(minimax.counters.nodes(), 549_946);
    assert_eq!(minimax.counters.leaves(), 255_168);
    assert_eq!(minimax.score, Some(0), "tic-tac-toe is a draw");
    // Win, draw and loss as 1, 0 and -1: native scoring, which tells a sooner win
    // from a later one, leaves alpha-beta fewer ties to cut on.
    let ab = run(
        &empty,
        &TicTacToeEval::Zero,
        Algorithm::AlphaBeta,
        &SearchOptions {
            scoring: Scoring::WinLoss,
            ..SearchOptions::default()
        },
        9,
    );
    assert_eq!(
        ab.counters.nodes(),
        18_297,
        "plain alpha-beta, natural order, full window, win-loss scoring"
    );
}

#[test]
fn searches_are_deterministic_on_every_game() {
    let mut rng = SeededRng::new(7);
    let othello = random_playout(&Othello::start(), 20, &mut rng);
    let c4 = random_playout(&Connect4::default(), 8, &mut rng);
    for algo in Algorithm::ALL {
        for opts in option_sample(algo, 5) {
            // Every row the game takes (PUCT with the shipped network).
            if treelab::search::check_network::<Othello>(algo, &opts).is_ok() {
                let a = run(&othello, &OthelloEval::Standard, algo, &opts, 5);
                let b = run(&othello, &OthelloEval::Standard, algo, &opts, 5);
                assert_eq!(
                    a.counters.without_time(),
                    b.counters.without_time(),
                    "othello {algo} {opts:?}"
                );
            }
            let a = run(&c4, &Connect4Eval::Threats, algo, &opts, 6);
            let b = run(&c4, &Connect4Eval::Threats, algo, &opts, 6);
            assert_eq!(
                a.counters.without_time(),
                b.counters.without_time(),
                "connect4 {algo} {opts:?}"
            );
            assert_eq!(a.pv, b.pv);
        }
    }
}

#[test]
fn a_raised_stop_flag_ends_a_long_search_with_its_partial_result() {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        flag.store(true, Ordering::Relaxed);
    });
    let opts = SearchOptions {
        iterative_deepening: true,
        ..SearchOptions::default()
    };
    let control = SearchControl {
        stop,
        ..SearchControl::default()
    };
    // Minimax to depth 14 from the Othello start takes hours: only the flag ends it.
    let r = search(
        &Othello::start(),
        &OthelloEval::Standard,
        Algorithm::Minimax,
        &opts,
        14,
        control,
    )
    .expect("valid");
    stopper.join().expect("stopper thread");
    assert_eq!(r.stopped, Some(StopReason::Stopped));
    assert!(
        r.depth_reached >= 3,
        "earlier iterations are kept: {}",
        r.depth_reached
    );
    assert!(r.score.is_some() && r.best_move.is_some());
}

#[test]
fn progress_reports_stream_during_a_search() {
    use std::sync::Mutex;
    let seen: Arc<Mutex<Vec<treelab::search::Progress>>> = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&seen);
    let control = SearchControl {
        progress: Some(Box::new(move |p| {
            sink.lock().expect("lock").push(p.clone())
        })),
        progress_interval: std::time::Duration::from_millis(1),
        ..SearchControl::default()
    };
    let opts = SearchOptions {
        iterative_deepening: true,
        ..SearchOptions::default()
    };
    let r = search(
        &Othello::start(),
        &OthelloEval::Standard,
        Algorithm::NegaAlpha,
        &opts,
        9,
        control,
    )
    .expect("valid");
    let seen = seen.lock().expect("lock");
    // One report at the end of every iteration at least, more while searching.
    assert!(seen.len() >= 9, "{} reports", seen.len());
    assert!(
        seen.windows(2).all(|w| w[0].nodes <= w[1].nodes),
        "node counts only grow"
    );
    let last = seen.last().expect("a report");
    assert_eq!(last.depth, 9);
    assert_eq!(last.nodes, r.counters.nodes());
    assert!(last.best_move.is_some() && !last.pv.is_empty());
}
