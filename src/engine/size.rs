//! How big a search is before it starts: the leaves a search that prunes nothing
//! (minimax, negamax, expectimax) visits, exact on a uniform tree and estimated from
//! random paths on a game, and [`beyond_reach`], which names a search too big to finish
//! so that the CLI refuses it and the app asks first.

use std::fmt;

use crate::game::{Game, SeededRng};

/// The most leaves a search that prunes nothing may visit before [`beyond_reach`] names
/// it: 1e11, about an hour at thirty million leaves a second, the speed of the fastest
/// games here. Anything larger would not end in a working day.
pub const LEAF_LIMIT: f64 = 1e11;

/// The random paths an estimate walks down a game's tree ([`Basis::Sampled`]).
pub const SAMPLED_PATHS: u32 = 1000;

/// The seed of the random paths, so that an estimate is the same on every run.
const PROBE_SEED: u64 = 0x5349_5A45_5052_4F42; // "SIZEPROB"

/// How a count of leaves was found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Basis {
    /// Every node has `width` children down to leaves `plies` below the position: the
    /// count is exact (`width^plies` when the depth reaches the leaves).
    Uniform {
        /// Children per node.
        width: u32,
        /// Plies from the position to the tree's leaves.
        plies: u32,
    },
    /// Knuth's estimator ("Estimating the efficiency of backtrack programs", 1975):
    /// along each of `paths` random paths, the product of the number of moves at each
    /// node, averaged. Unbiased, but an estimate.
    Sampled {
        /// The paths walked.
        paths: u32,
    },
}

/// The leaves a search that prunes nothing visits from a position to a depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LeafEstimate {
    /// The leaves (summed over every iteration with iterative deepening).
    pub leaves: f64,
    /// How the number was found.
    pub basis: Basis,
}

/// The size of a search that prunes nothing, stated before it starts
/// ([`work_estimate`], [`beyond_reach`]). Its `Display` says what is searched and how
/// many leaves that is, e.g. "minimax to depth 40 on this tree visits 64^40 = 1.8e72
/// leaves, beyond reach (the limit is 1e11 leaves: about an hour at 30 million leaves a
/// second)".
#[derive(Clone, Debug, PartialEq)]
pub struct WorkEstimate {
    /// The algorithm's name, as the CLI writes it.
    pub algorithm: String,
    /// The search's depth (the last one with iterative deepening).
    pub depth: u32,
    /// Whether every depth from 1 is searched first (iterative deepening).
    pub deepening: bool,
    /// The leaves.
    pub estimate: LeafEstimate,
}

impl WorkEstimate {
    /// Whether the search is larger than [`LEAF_LIMIT`].
    #[must_use]
    pub fn beyond_limit(&self) -> bool {
        self.estimate.leaves > LEAF_LIMIT
    }

    /// What is searched and how many leaves that is, without a verdict: "minimax to
    /// depth 40 on this tree visits 64^40 = 1.8e72 leaves".
    #[must_use]
    pub fn size_text(&self) -> String {
        let search = if self.deepening {
            format!(
                "{} with iterative deepening (depths 1 to {})",
                self.algorithm, self.depth
            )
        } else {
            format!("{} to depth {}", self.algorithm, self.depth)
        };
        let leaves = self.estimate.leaves;
        match self.estimate.basis {
            Basis::Uniform { width, plies } => {
                let last = plies.min(self.depth);
                let sum = if self.deepening {
                    let first = if last > 1 { " + ... + " } else { "" };
                    let lower = if last > 1 {
                        format!("{width}^1{first}")
                    } else {
                        String::new()
                    };
                    format!("{lower}{width}^{last}")
                } else {
                    format!("{width}^{last}")
                };
                let whole = if self.depth > plies {
                    format!(" (every leaf: the tree ends {plies} plies down)")
                } else {
                    String::new()
                };
                format!(
                    "{search} on this tree visits {sum} = {} leaves{whole}",
                    number(leaves)
                )
            }
            Basis::Sampled { paths } => format!(
                "{search} on this position visits about {} leaves (estimated from {paths} random paths down the game tree)",
                number(leaves)
            ),
        }
    }
}

impl fmt::Display for WorkEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.size_text())?;
        if self.beyond_limit() {
            write!(
                f,
                ", beyond reach (the limit is {} leaves: about an hour at 30 million leaves a second)",
                number(LEAF_LIMIT)
            )?;
        }
        Ok(())
    }
}

/// A count of leaves as people read it: whole below a million, `1.8e72` above.
fn number(n: f64) -> String {
    if n < 1e6 {
        format!("{n:.0}")
    } else {
        format!("{n:.1e}").replace(".0e", "e")
    }
}

/// The leaves a search that prunes nothing visits from `pos` to `depth` (every depth
/// from 1 with `deepening`): exact when `uniform` gives the tree's shape below `pos`
/// (children per node, plies to the leaves), else estimated from [`SAMPLED_PATHS`] random
/// paths.
pub(super) fn leaf_estimate<G: Game>(
    pos: &G,
    uniform: Option<(u32, u32)>,
    depth: u32,
    deepening: bool,
) -> LeafEstimate {
    match uniform {
        Some((width, plies)) => LeafEstimate {
            leaves: uniform_leaves(width, plies, depth, deepening),
            basis: Basis::Uniform { width, plies },
        },
        None => LeafEstimate {
            leaves: sampled_leaves(pos, depth, deepening, SAMPLED_PATHS),
            basis: Basis::Sampled {
                paths: SAMPLED_PATHS,
            },
        },
    }
}

/// `width^min(depth, plies)`, or its sum over the depths 1 to `depth`.
fn uniform_leaves(width: u32, plies: u32, depth: u32, deepening: bool) -> f64 {
    let at = |d: u32| f64::from(width).powi(d.min(plies) as i32);
    if deepening {
        (1..=depth).map(at).sum()
    } else {
        at(depth)
    }
}

/// Knuth's estimator: the mean over `paths` seeded random paths of what each path
/// stands for.
fn sampled_leaves<G: Game>(pos: &G, depth: u32, deepening: bool, paths: u32) -> f64 {
    let mut rng = SeededRng::new(PROBE_SEED);
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    let total: f64 = (0..paths)
        .map(|_| random_path(pos, depth, deepening, &mut rng, &mut moves, &mut outcomes))
        .sum();
    total / f64::from(paths.max(1))
}

/// One random path from `root`: the leaves it stands for, each leaf met weighted by the
/// product of the moves at the nodes above it. A leaf is a finished game or a node at
/// the depth; chance nodes use no depth, as in the searches. With `deepening`, a node at
/// ply `p` is also a leaf of iteration `p`, and a finished game a leaf of every
/// iteration from its ply on.
fn random_path<G: Game>(
    root: &G,
    depth: u32,
    deepening: bool,
    rng: &mut SeededRng,
    moves: &mut Vec<G::Move>,
    outcomes: &mut Vec<(G::Move, u32)>,
) -> f64 {
    let mut pos = root.clone();
    let mut weight = 1.0;
    let mut sum = 0.0;
    let mut ply = 0;
    // Whether the node at `ply` already counted as a leaf of iteration `ply` (a chance
    // node does, and its outcomes are at the same ply).
    let mut counted = false;
    loop {
        if ply == depth && pos.outcome().is_none() {
            return sum + weight;
        }
        let finished = pos.outcome().is_some() || {
            pos.legal_moves(moves);
            moves.is_empty()
        };
        if finished {
            let iterations = if deepening {
                let first = if counted { ply + 1 } else { ply.max(1) };
                f64::from((depth + 1).saturating_sub(first))
            } else {
                1.0
            };
            return sum + weight * iterations;
        }
        if deepening && ply >= 1 && !counted {
            sum += weight;
            counted = true;
        }
        let chance = pos.chance_outcomes(outcomes);
        weight *= moves.len() as f64;
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos = pos.play(mv);
        if !chance {
            ply += 1;
            counted = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameKind;
    use crate::engine::{AnyPosition, SearchRequest, beyond_reach, work_estimate};
    use crate::game::perft::PerftConvention;
    use crate::game::tictactoe::TicTacToe;
    use crate::search::{Algorithm, SearchOptions};

    fn request(algorithm: Algorithm, depth: u32, deepening: bool) -> SearchRequest {
        SearchRequest {
            algorithm,
            options: SearchOptions {
                iterative_deepening: deepening,
                ..SearchOptions::default()
            },
            depth,
            evaluator: String::new(),
        }
    }

    fn tree(spec: &str) -> AnyPosition {
        AnyPosition::parse(GameKind::RandomTree, spec).expect("a tree")
    }

    /// On a uniform tree the count is w^d exactly, capped by the tree's height, and
    /// summed over the depths with iterative deepening.
    #[test]
    fn a_uniform_tree_has_exactly_w_to_the_d_leaves() {
        let pos = tree("w=64 d=40 seed=1 independent=1000");
        let est = work_estimate(&pos, &request(Algorithm::Minimax, 40, false)).unwrap();
        assert_eq!(est.estimate.leaves, 64f64.powi(40));
        assert_eq!(
            est.estimate.basis,
            Basis::Uniform {
                width: 64,
                plies: 40
            }
        );
        let small = tree("w=3 d=4 seed=7 independent=100");
        let at = |depth, id| {
            work_estimate(&small, &request(Algorithm::Negamax, depth, id))
                .unwrap()
                .estimate
                .leaves
        };
        assert_eq!(at(2, false), 9.0);
        assert_eq!(at(4, false), 81.0);
        assert_eq!(at(9, false), 81.0, "capped by the tree's height");
        assert_eq!(at(4, true), 3.0 + 9.0 + 27.0 + 81.0);
        assert_eq!(at(6, true), 3.0 + 9.0 + 27.0 + 81.0 * 3.0);
        // One ply down, three plies are left.
        let child = small.play("0").expect("a move");
        let est = work_estimate(&child, &request(Algorithm::Minimax, 9, false)).unwrap();
        assert_eq!(est.estimate.leaves, 27.0);
    }

    /// The sampled estimate agrees with the uniform count where both apply: every path
    /// of a uniform tree stands for the same number of leaves.
    #[test]
    fn sampling_a_uniform_tree_finds_its_count() {
        let AnyPosition::RandomTree(pos) = tree("w=5 d=6 seed=3 independent=10") else {
            unreachable!()
        };
        assert_eq!(sampled_leaves(&pos, 6, false, 50), 5f64.powi(6));
        assert_eq!(sampled_leaves(&pos, 3, false, 50), 125.0);
        assert_eq!(sampled_leaves(&pos, 9, false, 50), 5f64.powi(6));
        assert_eq!(sampled_leaves(&pos, 3, true, 50), 5.0 + 25.0 + 125.0);
    }

    /// Tic-tac-toe's estimate lies within a small factor of its true leaves (perft with
    /// finished games as leaves: 255,168 games; at depth 4, 3,024 positions), with and
    /// without iterative deepening.
    #[test]
    fn tic_tac_toe_estimate_is_near_its_perft() {
        let pos = TicTacToe::default();
        for depth in [4, 9] {
            let truth = pos.perft(depth, PerftConvention::FinishedIsLeaf) as f64;
            let est = sampled_leaves(&pos, depth, false, SAMPLED_PATHS);
            assert!(
                (truth / 1.5..truth * 1.5).contains(&est),
                "depth {depth}: {est} vs {truth}"
            );
        }
        let truth: f64 = (1..=9)
            .map(|d| pos.perft(d, PerftConvention::FinishedIsLeaf) as f64)
            .sum();
        let est = sampled_leaves(&pos, 9, true, SAMPLED_PATHS);
        assert!(
            (truth / 1.5..truth * 1.5).contains(&est),
            "{est} vs {truth}"
        );
    }

    /// What is refused: minimax past the limit, on a tree or a game; not alpha-beta, not
    /// a reachable minimax, not a finished position.
    #[test]
    fn only_searches_that_prune_nothing_and_cannot_end_are_beyond_reach() {
        let big = tree("w=64 d=40 seed=1 independent=1000");
        let refused = beyond_reach(&big, &request(Algorithm::Minimax, 40, false)).unwrap();
        assert_eq!(
            refused.to_string(),
            "minimax to depth 40 on this tree visits 64^40 = 1.8e72 leaves, beyond reach \
             (the limit is 1e11 leaves: about an hour at 30 million leaves a second)"
        );
        assert!(beyond_reach(&big, &request(Algorithm::Minimax, 40, true)).is_some());
        assert!(beyond_reach(&big, &request(Algorithm::Expectimax, 10, false)).is_some());
        assert!(beyond_reach(&big, &request(Algorithm::Minimax, 6, false)).is_none());
        assert!(beyond_reach(&big, &request(Algorithm::AlphaBeta, 40, false)).is_none());
        let othello = AnyPosition::start(GameKind::Othello);
        let refused = beyond_reach(&othello, &request(Algorithm::Minimax, 60, false)).unwrap();
        let text = refused.to_string();
        assert!(
            text.starts_with("minimax to depth 60 on this position visits about ")
                && text.contains("estimated from 1000 random paths"),
            "{text}"
        );
        assert!(refused.estimate.leaves > 1e40, "{text}");
        assert!(beyond_reach(&othello, &request(Algorithm::Minimax, 6, false)).is_none());
        let ttt = AnyPosition::start(GameKind::TicTacToe);
        assert!(beyond_reach(&ttt, &request(Algorithm::Minimax, 9, true)).is_none());
        let mut win = request(Algorithm::Minimax, 60, false);
        win.options.win_at_once = true;
        assert!(
            beyond_reach(&othello, &win).is_none(),
            "the shortcut prunes"
        );
    }
}
