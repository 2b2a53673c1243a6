//! Unit tests of the engine on a toy game with transpositions, uneven widths and early
//! finishes: every exact algorithm against plain minimax, under many option sets.

use super::*;
use crate::game::{FormatError, Game, Outcome, Scoring, Side, perft::PerftConvention, splitmix64};

/// A seeded game on a small graph: positions collide (transpositions), widths vary from
/// 1 to 4, some positions end the game early.
#[derive(Clone, Debug, PartialEq)]
struct Toy {
    seed: u64,
    id: u64,
    ply: u32,
}

const TOY_NODES: u64 = 97;
const TOY_LENGTH: u32 = 9;

impl Toy {
    fn mix(&self, salt: u64) -> u64 {
        splitmix64(self.seed ^ splitmix64(self.id * 131 + u64::from(self.ply) * 7 + salt))
    }
    fn width(&self) -> u64 {
        1 + self.mix(1) % 4
    }
    fn ended(&self) -> bool {
        self.ply >= TOY_LENGTH || (self.ply > 2 && self.mix(2).is_multiple_of(9))
    }
}

impl Game for Toy {
    type Move = u8;
    const NAME: &'static str = "toy";
    const MOVE_SLOTS: usize = 4;
    const MAX_PLIES: usize = 16;
    const PERFT_CONVENTION: PerftConvention = PerftConvention::FinishedIsLeaf;

    fn side_to_move(&self) -> Side {
        if self.ply.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }
    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if !self.ended() {
            out.extend(0..self.width() as u8);
        }
    }
    fn play(&self, mv: u8) -> Self {
        Toy {
            seed: self.seed,
            id: (self.id * 5 + u64::from(mv) * 3 + 1) % TOY_NODES,
            ply: self.ply + 1,
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.ended()
            .then(|| match self.terminal_score(Scoring::Native) {
                s if s > 0 => Outcome::Win,
                s if s < 0 => Outcome::Loss,
                _ => Outcome::Draw,
            })
    }
    fn terminal_score(&self, scoring: Scoring) -> i32 {
        let v = (self.mix(3) % 41) as i32 - 20;
        match scoring {
            Scoring::WinLoss => v.signum(),
            _ => v,
        }
    }
    fn score_range(&self, scoring: Scoring) -> (i32, i32) {
        match scoring {
            Scoring::WinLoss => (-1, 1),
            _ => (-20, 20),
        }
    }
    fn hash(&self) -> u64 {
        splitmix64(self.id * 64 + u64::from(self.ply))
    }
    fn move_index(mv: u8) -> usize {
        usize::from(mv)
    }
    fn move_to_string(mv: u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, FormatError> {
        text.parse().map_err(|_| FormatError::whole("not a move"))
    }
    fn plies_played(&self) -> usize {
        self.ply as usize
    }
    fn move_order_hint(&self, mv: u8) -> i32 {
        (self.play(mv).mix(4) % 5) as i32
    }
}

#[derive(Clone, Debug)]
struct ToyEval;
impl Evaluator<Toy> for ToyEval {
    fn evaluate(&self, pos: &Toy) -> i32 {
        (pos.mix(5) % 31) as i32 - 15
    }
}

fn run(pos: &Toy, algo: Algorithm, opts: &SearchOptions, depth: u32) -> SearchResult<u8> {
    search(pos, &ToyEval, algo, opts, depth, SearchControl::default()).expect("valid options")
}

fn option_sets(algo: Algorithm) -> Vec<SearchOptions> {
    let base = SearchOptions::default();
    let mut sets = vec![base.clone()];
    let mut push = |o: SearchOptions| {
        if o.check(algo, 3).is_ok() {
            sets.push(o);
        }
    };
    push(SearchOptions {
        fail_soft: true,
        ..base.clone()
    });
    push(SearchOptions {
        ordering: MoveOrder::Static,
        ..base.clone()
    });
    push(SearchOptions {
        ordering: MoveOrder::Evaluation,
        order_all: false,
        ..base.clone()
    });
    push(SearchOptions {
        ordering: MoveOrder::Shallow(2),
        ..base.clone()
    });
    push(SearchOptions {
        ordering: MoveOrder::Oracle,
        ..base.clone()
    });
    push(SearchOptions {
        killers: 2,
        history: true,
        ..base.clone()
    });
    push(SearchOptions {
        tt_mib: 1,
        ..base.clone()
    });
    push(SearchOptions {
        tt_mib: 1,
        fail_soft: true,
        killers: 3,
        ..base.clone()
    });
    push(SearchOptions {
        tt_mib: 1,
        iterative_deepening: true,
        ..base.clone()
    });
    push(SearchOptions {
        tt_mib: 1,
        iterative_deepening: true,
        aspiration: 3,
        ..base.clone()
    });
    push(SearchOptions {
        iterative_deepening: true,
        aspiration: 1,
        fail_soft: true,
        ..base.clone()
    });
    push(SearchOptions {
        skip_shallow_research: true,
        ..base.clone()
    });
    push(SearchOptions {
        scoring: Scoring::WinLoss,
        ..base.clone()
    });
    push(SearchOptions {
        first_guess: 7,
        tt_mib: 1,
        ..base.clone()
    });
    sets
}

/// The algorithms that search the toy game (all but those a network guides: it has
/// none).
fn toy_algorithms() -> impl Iterator<Item = Algorithm> {
    Algorithm::ALL
        .into_iter()
        .filter(|&a| super::check_network::<Toy>(a, &SearchOptions::default()).is_ok())
}

/// The algorithms whose value is the minimax value.
fn exact() -> impl Iterator<Item = Algorithm> {
    Algorithm::ALL
        .into_iter()
        .filter(|a| a.info().result == super::registry::ResultKind::Exact)
}

#[test]
fn every_algorithm_agrees_with_minimax_on_toy_positions() {
    let mut checked = 0;
    for seed in 0..40u64 {
        let pos = Toy {
            seed,
            id: seed % TOY_NODES,
            ply: 0,
        };
        for depth in 1..=6 {
            let reference = run(&pos, Algorithm::Minimax, &SearchOptions::default(), depth);
            let wl = SearchOptions {
                scoring: Scoring::WinLoss,
                ..SearchOptions::default()
            };
            let reference_wl = run(&pos, Algorithm::Minimax, &wl, depth);
            // Every exact algorithm agrees with minimax; a sampling one need not.
            for algo in exact() {
                for opts in option_sets(algo) {
                    let r = run(&pos, algo, &opts, depth);
                    let want = if opts.scoring == Scoring::WinLoss {
                        &reference_wl
                    } else {
                        &reference
                    };
                    assert_eq!(
                        r.score, want.score,
                        "{algo} {opts:?} seed {seed} depth {depth}"
                    );
                    assert!(r.is_complete());
                    // The best move must be one that minimax rates best.
                    if let Some(best) = r.best_move {
                        let child = pos.play(best);
                        let sub = SearchOptions {
                            scoring: opts.scoring,
                            ..SearchOptions::default()
                        };
                        let v = if child.ended() || depth == 1 {
                            -run_leaf(&child, opts.scoring)
                        } else {
                            -run(&child, Algorithm::Negamax, &sub, depth - 1)
                                .score
                                .unwrap_or(0)
                        };
                        assert_eq!(
                            Some(v),
                            want.score,
                            "{algo} {opts:?} best move seed {seed} depth {depth}"
                        );
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 5000, "checked {checked}");
}

fn run_leaf(pos: &Toy, scoring: Scoring) -> i32 {
    if pos.ended() {
        pos.terminal_score(scoring)
    } else {
        ToyEval.evaluate(pos)
    }
}

#[test]
fn same_search_twice_gives_identical_counters() {
    let pos = Toy {
        seed: 3,
        id: 5,
        ply: 0,
    };
    // Every algorithm but PUCT, which the toy game refuses (it has no network).
    assert_eq!(toy_algorithms().count(), Algorithm::ALL.len() - 1);
    for algo in toy_algorithms() {
        for opts in option_sets(algo) {
            let a = run(&pos, algo, &opts, 6);
            let b = run(&pos, algo, &opts, 6);
            assert_eq!(
                a.counters.without_time(),
                b.counters.without_time(),
                "{algo} {opts:?}"
            );
            assert_eq!(a.pv, b.pv);
        }
    }
}

#[test]
fn trace_counts_equal_counters() {
    let pos = Toy {
        seed: 11,
        id: 2,
        ply: 0,
    };
    for algo in toy_algorithms() {
        for opts in option_sets(algo) {
            let control = SearchControl {
                trace: true,
                ..SearchControl::default()
            };
            let r = search(&pos, &ToyEval, algo, &opts, 5, control).expect("valid");
            let c = r.trace.as_ref().expect("trace asked for").counts();
            assert_eq!(c.nodes, r.counters.nodes(), "{algo} {opts:?}");
            assert_eq!(c.leaves, r.counters.leaves(), "{algo} {opts:?}");
            assert_eq!(c.cutoffs, r.counters.beta_cutoffs(), "{algo} {opts:?}");
            assert_eq!(c.researches, r.counters.researches(), "{algo} {opts:?}");
            assert_eq!(c.tt_cutoffs, r.counters.tt_cutoffs(), "{algo} {opts:?}");
        }
    }
}

#[test]
fn node_accounting_adds_up() {
    let pos = Toy {
        seed: 8,
        id: 1,
        ply: 0,
    };
    for algo in [Algorithm::NegaAlpha, Algorithm::Pvs, Algorithm::MtdF] {
        let opts = SearchOptions {
            tt_mib: 1,
            ..SearchOptions::default()
        };
        let r = run(&pos, algo, &opts, 6);
        let s = &r.counters;
        assert_eq!(
            s.nodes(),
            s.leaves() + s.interior() + s.tt_cutoffs(),
            "{algo}"
        );
    }
}

#[test]
fn minimax_visits_every_node() {
    // On the toy game, minimax's node count equals the size of the move tree.
    let pos = Toy {
        seed: 1,
        id: 0,
        ply: 0,
    };
    fn tree_size(p: &Toy, d: u32) -> u64 {
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        if d == 0 || moves.is_empty() {
            return 1;
        }
        1 + moves
            .iter()
            .map(|&m| tree_size(&p.play(m), d - 1))
            .sum::<u64>()
    }
    let r = run(&pos, Algorithm::Minimax, &SearchOptions::default(), 6);
    assert_eq!(r.counters.nodes(), tree_size(&pos, 6));
    let n = run(&pos, Algorithm::Negamax, &SearchOptions::default(), 6);
    assert_eq!(n.counters.without_time(), r.counters.without_time());
}

#[test]
fn node_budget_stops_with_partial_result() {
    let pos = Toy {
        seed: 2,
        id: 3,
        ply: 0,
    };
    let opts = SearchOptions {
        iterative_deepening: true,
        ..SearchOptions::default()
    };
    let full = search(
        &pos,
        &ToyEval,
        Algorithm::Minimax,
        &SearchOptions::default(),
        9,
        SearchControl::default(),
    )
    .expect("valid");
    assert!(
        full.counters.nodes() > 2048,
        "the toy tree must outgrow the budget"
    );
    let opts = SearchOptions {
        iterative_deepening: true,
        ..opts
    };
    let control = SearchControl {
        node_budget: Some(1000),
        ..SearchControl::default()
    };
    let r = search(&pos, &ToyEval, Algorithm::Minimax, &opts, 9, control).expect("valid");
    assert_eq!(r.stopped, Some(StopReason::NodeBudget));
    // The budget ends the search on the node it runs out at.
    assert_eq!(r.counters.nodes(), 1000);
    assert!(r.depth_reached >= 1 && r.depth_reached < 9);
    assert!(r.score.is_some());
}

#[test]
fn nonsense_options_are_refused_with_a_reason() {
    let bad = [
        (
            Algorithm::Minimax,
            SearchOptions {
                tt_mib: 16,
                ..SearchOptions::default()
            },
        ),
        (
            Algorithm::Negamax,
            SearchOptions {
                killers: 2,
                ..SearchOptions::default()
            },
        ),
        (
            Algorithm::Pvs,
            SearchOptions {
                fail_soft: true,
                ..SearchOptions::default()
            },
        ),
        (
            Algorithm::NegaAlpha,
            SearchOptions {
                aspiration: 5,
                ..SearchOptions::default()
            },
        ),
        (
            Algorithm::MtdF,
            SearchOptions {
                window: InitialWindow::GameRange,
                ..SearchOptions::default()
            },
        ),
        (
            Algorithm::NegaAlpha,
            SearchOptions {
                tt_mib: 1 << 20,
                ..SearchOptions::default()
            },
        ),
        (
            Algorithm::NegaAlpha,
            SearchOptions {
                killers: 1_000_000_000,
                ..SearchOptions::default()
            },
        ),
    ];
    for (algo, opts) in bad {
        let err = opts.check(algo, 4).expect_err("must be refused");
        assert!(!err.0.is_empty());
    }
    assert!(
        SearchOptions::default()
            .check(Algorithm::NegaAlpha, 200)
            .is_err()
    );
}

/// Where a search may stop short of the end: its depth, from ply 1 with iterative
/// deepening or eval ordering, from k + 1 with shallow:k ordering; the oracle searches
/// to the full depth.
#[test]
fn horizon_plies_say_where_a_search_may_stop() {
    let d = SearchOptions::default();
    assert_eq!(d.horizon_plies(5), 5..=5);
    assert_eq!(d.early_stop_cause(), None);
    let id = SearchOptions {
        iterative_deepening: true,
        ..d.clone()
    };
    assert_eq!(id.horizon_plies(5), 1..=5);
    assert!(id.early_stop_cause().is_some());
    let eval = SearchOptions {
        ordering: MoveOrder::Evaluation,
        ..d.clone()
    };
    assert_eq!(eval.horizon_plies(5), 1..=5);
    let shallow = SearchOptions {
        ordering: MoveOrder::Shallow(2),
        ..d.clone()
    };
    assert_eq!(shallow.horizon_plies(5), 3..=5);
    assert_eq!(shallow.horizon_plies(2), 2..=2);
    let oracle = SearchOptions {
        ordering: MoveOrder::Oracle,
        ..d
    };
    assert_eq!(oracle.horizon_plies(5), 5..=5);
}

#[test]
fn rounding_to_a_grain_is_nearest_and_commutes_with_negation() {
    use super::context::round_to_grain;
    assert_eq!(round_to_grain(7, 0), 7);
    assert_eq!(round_to_grain(7, 1), 7);
    assert_eq!(round_to_grain(7, 4), 8);
    assert_eq!(round_to_grain(5, 4), 4);
    assert_eq!(round_to_grain(6, 4), 8);
    assert_eq!(round_to_grain(-6, 4), -8);
    for grain in [2, 3, 5, 16, 64] {
        for v in -300..=300 {
            let r = round_to_grain(v, grain);
            assert_eq!(round_to_grain(-v, grain), -r, "{v} {grain}");
            assert_eq!(r % grain as i32, 0);
            assert!((r - v).abs() * 2 <= grain as i32, "{v} {grain} -> {r}");
        }
    }
}
