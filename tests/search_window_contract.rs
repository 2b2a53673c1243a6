//! The window contract each algorithm file states, tested: the windowed searches called
//! with random windows (wide, narrow, null, wholly above or below the value, at it) on
//! random trees, hand-built trees and positions of the real games, each value checked
//! against the contract written in its file and against plain minimax (expectiminimax
//! with chance nodes) run through the same engine; the searches that take no window
//! (Scout's EVAL, MTD(f) from random first guesses, bisection, SSS*, MT-SSS*, FSSS,
//! negamax) equal minimax, and Scout's TEST answers exactly.
//!
//! - fail-hard (`negaalpha.rs`, `alphabeta.rs`): the value is in `[alpha, beta]`; `alpha`
//!   when the true value is at or below alpha, `beta` when it is at or above beta, else
//!   the true value; except a node decided before any move is searched (the horizon, a
//!   finished game, a result the game's rules force), which returns that exact value
//!   whatever the window, as the textbook's leaves do: a value outside the window is
//!   the true value itself.
//! - fail-soft (`negaalpha.rs`, `alphabeta.rs`, `negascout.rs`, `pvs.rs`, `star.rs`; and
//!   NegaAlpha's fail-hard with soft cutoffs, whose fail-high values are the values that
//!   cut): inside the window the true value; at or below alpha an upper bound on it; at
//!   or above beta a lower bound.

mod common;

use common::random_playout;
use treelab::game::connect4::{Connect4, Connect4Eval};
use treelab::game::custom_tree::{CustomTree, CustomTreeEval, parse_tree};
use treelab::game::ewn::{Ewn, EwnEval, write_ewn};
use treelab::game::othello::{Othello, OthelloEval};
use treelab::game::random_tree::{RandomTree, RandomTreeEval, TreeSpec, ValueModel};
use treelab::game::tictactoe::{TicTacToe, TicTacToeEval};
use treelab::game::{Evaluator, Game, SeededRng};
use treelab::search::algorithms::alphabeta::AlphaBeta;
use treelab::search::algorithms::{
    bisect, expectimax, fsss, minimax, mt_sss, mtdf, negaalpha, negamax, negascout, pvs, scout,
    shallow_value, sss, star,
};
use treelab::search::context::{Ctx, INF};
use treelab::search::node::Rule;
use treelab::search::{SearchControl, SearchOptions};

/// A search that takes a window, with the contract its file states.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Windowed {
    AlphaBeta {
        fail_soft: bool,
    },
    NegaAlpha {
        fail_soft: bool,
    },
    /// NegaAlpha fail-hard with Pons' soft cutoffs.
    NegaAlphaSoftCutoffs,
    NegaScout,
    Pvs,
    Star1,
    Star2,
}

const DETERMINISTIC: [Windowed; 7] = [
    Windowed::AlphaBeta { fail_soft: false },
    Windowed::AlphaBeta { fail_soft: true },
    Windowed::NegaAlpha { fail_soft: false },
    Windowed::NegaAlpha { fail_soft: true },
    Windowed::NegaAlphaSoftCutoffs,
    Windowed::NegaScout,
    Windowed::Pvs,
];

const CHANCE: [Windowed; 2] = [Windowed::Star1, Windowed::Star2];

impl Windowed {
    fn fail_hard(self) -> bool {
        matches!(
            self,
            Windowed::AlphaBeta { fail_soft: false } | Windowed::NegaAlpha { fail_soft: false }
        )
    }
}

/// The option sets every search runs with: none, and a transposition table (whose
/// bounds the contract must survive).
fn option_sets() -> [SearchOptions; 2] {
    [
        SearchOptions::default(),
        SearchOptions {
            tt_mib: 1,
            ..SearchOptions::default()
        },
    ]
}

fn windowed<G: Game, E: Evaluator<G>>(
    algo: Windowed,
    pos: &G,
    eval: &E,
    opts: &SearchOptions,
    depth: u32,
    (alpha, beta): (i32, i32),
) -> i32 {
    let opts = SearchOptions {
        soft_cutoffs: algo == Windowed::NegaAlphaSoftCutoffs,
        ..opts.clone()
    };
    let mut ctx = Ctx::new(pos, eval, &opts, SearchControl::default(), shallow_value);
    let ctx = &mut ctx;
    match algo {
        Windowed::AlphaBeta { fail_soft } => {
            AlphaBeta { fail_soft }.search(ctx, pos, depth, 0, None, alpha, beta)
        }
        Windowed::NegaAlpha { fail_soft } => {
            negaalpha::search(ctx, pos, depth, 0, None, alpha, beta, fail_soft)
        }
        Windowed::NegaAlphaSoftCutoffs => {
            negaalpha::search(ctx, pos, depth, 0, None, alpha, beta, false)
        }
        Windowed::NegaScout => negascout::search(ctx, pos, depth, 0, None, alpha, beta),
        Windowed::Pvs => pvs::search(ctx, pos, depth, 0, None, alpha, beta),
        Windowed::Star1 => star::search(ctx, pos, depth, 0, None, alpha, beta, false),
        Windowed::Star2 => star::search(ctx, pos, depth, 0, None, alpha, beta, true),
    }
}

/// Whether `got`, returned for the window `(alpha, beta)`, keeps the contract when the
/// true value is `truth`.
fn keeps_contract(fail_hard: bool, (alpha, beta): (i32, i32), truth: i32, got: i32) -> bool {
    if fail_hard {
        if got < alpha || got > beta {
            // Only a node decided before its moves answers outside the window: exactly.
            got == truth
        } else if truth <= alpha {
            got == alpha
        } else if truth >= beta {
            got == beta
        } else {
            got == truth
        }
    } else if got <= alpha {
        truth <= got
    } else if got >= beta {
        truth >= got
    } else {
        got == truth
    }
}

/// Windows about the true value `v`: the whole range, null windows just below, at and
/// around it, windows wholly above and wholly below it, windows with it at an end, and
/// random ones; `span` sets how far from `v` they reach.
fn windows(v: i32, span: i32, rng: &mut SeededRng) -> Vec<(i32, i32)> {
    let mut r = |n: i32| rng.below(n.max(1) as u64) as i32;
    let mut out = vec![
        (-INF, INF),
        (v - 1, v),
        (v, v + 1),
        (v - 2, v - 1),
        (v + 1, v + 2),
    ];
    let a = v - span + r(2 * span + 1);
    out.push((a, a + 1));
    let (lo, w) = (v + 1 + r(span), 1 + r(span));
    out.push((lo, lo + w));
    let (hi, w) = (v - 1 - r(span), 1 + r(span));
    out.push((hi - w, hi));
    out.push((v, v + 1 + r(span)));
    out.push((v - 1 - r(span), v));
    let (a, b) = (v - span + r(2 * span + 1), v - span + r(2 * span + 1));
    if a != b {
        out.push((a.min(b), a.max(b)));
    }
    out.push((-INF, v - r(span)));
    out.push((v + r(span), INF));
    out.retain(|&(a, b)| -INF <= a && a < b && b <= INF);
    out
}

/// Counts of what was checked.
#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    windowed: usize,
    exact: usize,
}

/// Checks every windowed search of `algos` on `pos` at `depth` against the contract
/// (`truth` from minimax or expectiminimax), and, without chance nodes, the searches that
/// take no window against minimax. Failures are collected with the case.
#[allow(clippy::too_many_arguments)]
fn check_position<G: Game, E: Evaluator<G>>(
    pos: &G,
    eval: &E,
    depth: u32,
    chance: bool,
    case: &str,
    rng: &mut SeededRng,
    tally: &mut Tally,
    failures: &mut Vec<String>,
) {
    let plain = SearchOptions::default();
    let truth = {
        let mut ctx = Ctx::new(pos, eval, &plain, SearchControl::default(), shallow_value);
        if chance {
            expectimax::search(&mut ctx, pos, depth, 0, None)
        } else {
            minimax::search(&mut ctx, pos, depth, 0, None)
        }
    };
    tally.positions += 1;
    let span = 3 + truth.abs().min(4000) / 4;
    let algos: &[Windowed] = if chance { &CHANCE } else { &DETERMINISTIC };
    for window in windows(truth, span, rng) {
        for opts in option_sets() {
            for &algo in algos
                .iter()
                .chain(if chance { &[][..] } else { &CHANCE[..] })
            {
                let got = windowed(algo, pos, eval, &opts, depth, window);
                tally.windowed += 1;
                if !keeps_contract(algo.fail_hard(), window, truth, got) {
                    failures.push(format!(
                        "{algo:?} (table {} MiB) on {case} at depth {depth}, window {window:?}: true value {truth}, returned {got}",
                        opts.tt_mib
                    ));
                }
            }
        }
    }
    if chance {
        return;
    }
    for opts in option_sets() {
        let guess = truth - span + rng.below(2 * span as u64 + 1) as i32;
        let t = truth - 2 + rng.below(4) as i32;
        let mut exact: Vec<(String, i32)> = Vec::new();
        let mut run = |name: String, f: &mut dyn FnMut(&mut Ctx<'_, G, E>) -> i32| {
            let mut ctx = Ctx::new(pos, eval, &opts, SearchControl::default(), shallow_value);
            exact.push((name, f(&mut ctx)));
        };
        run("Negamax".into(), &mut |c| {
            negamax::search(c, pos, depth, 0, None)
        });
        run("Scout EVAL".into(), &mut |c| {
            scout::eval(c, pos, depth, 0, None)
        });
        run(format!("Scout TEST(> {t}) as 0/1"), &mut |c| {
            i32::from(scout::test(c, pos, depth, 0, None, t))
        });
        run(format!("MTD(f) from {guess}"), &mut |c| {
            mtdf::run(c, pos, depth, guess)
        });
        run("Bisection".into(), &mut |c| bisect::run(c, pos, depth));
        run("SSS*".into(), &mut |c| sss::run(c, pos, depth));
        run("MT-SSS*".into(), &mut |c| mt_sss::run(c, pos, depth));
        run("FSSS".into(), &mut |c| fsss::run(c, pos, depth));
        run("Expectimax".into(), &mut |c| {
            expectimax::search(c, pos, depth, 0, None)
        });
        for (name, got) in exact {
            tally.exact += 1;
            let expected = if name.starts_with("Scout TEST") {
                i32::from(truth > t)
            } else {
                truth
            };
            if got != expected {
                failures.push(format!(
                    "{name} (table {} MiB) on {case} at depth {depth}: expected {expected}, returned {got}",
                    opts.tt_mib
                ));
            }
        }
    }
}

/// A random hand-built tree in bracket notation: 1 to 4 children a node, leaves at any
/// depth up to `max_depth`, values -20 to 20 (ties on purpose), interior values too.
fn custom_text(rng: &mut SeededRng, ply: u32, max_depth: u32) -> String {
    let value = |rng: &mut SeededRng| rng.below(41) as i32 - 20;
    if ply > 0 && (ply == max_depth || rng.below(10) < 3) {
        return value(rng).to_string();
    }
    let children: Vec<String> = (0..1 + rng.below(4))
        .map(|_| custom_text(rng, ply + 1, max_depth))
        .collect();
    format!("({}):{}", children.join(" "), value(rng))
}

fn report(what: &str, tally: &Tally, failures: &[String]) {
    println!("{what}: {tally:?}");
    assert!(
        failures.is_empty(),
        "{} contract failures on {what}, the first of them:\n{}",
        failures.len(),
        failures
            .iter()
            .take(100)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn windowed_searches_keep_their_contract_on_random_trees() {
    let (mut tally, mut failures) = (Tally::default(), Vec::new());
    let mut rng = SeededRng::new(1983);
    for i in 0..48u64 {
        let model = if i % 2 == 0 {
            ValueModel::Independent { range: 50 }
        } else {
            ValueModel::Incremental { step: 10 }
        };
        let spec = TreeSpec {
            width: 2 + (i % 4) as u32,
            depth: 1 + (i % 5) as u32,
            seed: 7 * i + 1,
            model,
        };
        let tree = RandomTree::new(spec).expect("valid spec");
        for depth in [spec.depth, spec.depth.saturating_sub(1).max(1)] {
            let case = format!("the random tree {spec:?}");
            let eval = RandomTreeEval::NodeValue;
            check_position(
                &tree,
                &eval,
                depth,
                false,
                &case,
                &mut rng,
                &mut tally,
                &mut failures,
            );
        }
    }
    assert!(tally.windowed > 10_000, "{tally:?}");
    report("random trees", &tally, &failures);
}

#[test]
fn windowed_searches_keep_their_contract_on_hand_built_trees() {
    let (mut tally, mut failures) = (Tally::default(), Vec::new());
    let mut rng = SeededRng::new(1975);
    for i in 0..80u32 {
        let mut text = custom_text(&mut rng, 0, 2 + i % 4);
        if i % 5 == 0 {
            text = format!("min:{text}");
        }
        let tree: CustomTree = parse_tree(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let height = tree.height();
        for depth in [height, 1 + i % height] {
            let case = format!("the tree {text}");
            let eval = CustomTreeEval::NodeValue;
            check_position(
                &tree,
                &eval,
                depth,
                false,
                &case,
                &mut rng,
                &mut tally,
                &mut failures,
            );
        }
    }
    report("hand-built trees", &tally, &failures);
}

#[test]
fn windowed_searches_keep_their_contract_on_the_games() {
    let (mut tally, mut failures) = (Tally::default(), Vec::new());
    let mut rng = SeededRng::new(2026);
    for i in 0..8usize {
        let pos = random_playout(&TicTacToe::default(), 2 + i % 5, &mut rng);
        let eval = if i % 2 == 0 {
            TicTacToeEval::Lines
        } else {
            TicTacToeEval::Zero
        };
        let depth = (9 - pos.plies_played()).max(1) as u32;
        let case = format!(
            "tic-tac-toe (playout {i} of seed 2026, {} plies)",
            pos.plies_played()
        );
        check_position(
            &pos,
            &eval,
            depth,
            false,
            &case,
            &mut rng,
            &mut tally,
            &mut failures,
        );
    }
    for i in 0..8usize {
        let pos = random_playout(&Connect4::default(), 4 + 3 * i, &mut rng);
        let case = format!("Connect Four (playout {i}, {} plies)", pos.plies_played());
        let depth = 2 + (i % 3) as u32;
        check_position(
            &pos,
            &Connect4Eval::Threats,
            depth,
            false,
            &case,
            &mut rng,
            &mut tally,
            &mut failures,
        );
    }
    for i in 0..6usize {
        let pos = random_playout(&Othello::start(), 6 + 7 * i, &mut rng);
        let eval = if i % 2 == 0 {
            OthelloEval::Standard
        } else {
            OthelloEval::Discs
        };
        let case = format!("Othello (playout {i}, {} plies)", pos.plies_played());
        let depth = 1 + (i % 3) as u32;
        check_position(
            &pos,
            &eval,
            depth,
            false,
            &case,
            &mut rng,
            &mut tally,
            &mut failures,
        );
    }
    report("the games", &tally, &failures);
}

#[test]
fn star1_and_star2_keep_their_contract_below_chance_nodes() {
    let (mut tally, mut failures) = (Tally::default(), Vec::new());
    let mut rng = SeededRng::new(1966);
    for i in 0..120u32 {
        let text = common::random_chance_tree(&mut rng, 2 + i % 4, i % 2 == 0);
        let tree: CustomTree = parse_tree(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let case = format!("the chance tree {text}");
        let eval = CustomTreeEval::NodeValue;
        let depth = 1 + i % tree.height().max(1);
        check_position(
            &tree,
            &eval,
            depth,
            true,
            &case,
            &mut rng,
            &mut tally,
            &mut failures,
        );
    }
    for i in 0..12usize {
        let pos = random_playout(&Ewn::start(), 3 + 4 * i, &mut rng);
        if pos.outcome().is_some() {
            continue;
        }
        let case = format!("EinStein {}", write_ewn(&pos));
        check_position(
            &pos,
            &EwnEval::Race,
            1 + (i % 3) as u32,
            true,
            &case,
            &mut rng,
            &mut tally,
            &mut failures,
        );
    }
    assert!(tally.positions > 100, "{tally:?}");
    report("chance trees and EinStein", &tally, &failures);
}
