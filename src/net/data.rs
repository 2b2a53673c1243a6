//! Positions labelled with exact values, to train a network on: sampled from seeded
//! random play (a number of plies drawn between two bounds, then that many random
//! moves from the start), each labelled by an exact solver with its value for the side
//! to move and every best move (a move whose exact value equals the position's).
//! Repeated positions are kept once, so that a held-out set shares none with the
//! training set.

use std::collections::HashSet;

use crate::game::{Game, SeededRng};

/// One labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The network's inputs ([`Game::net_input`]).
    pub input: Vec<f32>,
    /// The move slots of the legal moves.
    pub legal: Vec<usize>,
    /// The move slots of every best move.
    pub best: Vec<usize>,
    /// The exact score of each legal move for the side to move (in `legal`'s order),
    /// in the solver's units.
    pub values: Vec<i32>,
    /// The exact score for the side to move, in the solver's units.
    pub score: i32,
    /// Plies played from the start.
    pub plies: usize,
}

impl Sample {
    /// The value target: 1 a win for the side to move, 0 a draw, -1 a loss.
    #[must_use]
    pub fn value(&self) -> f32 {
        self.score.signum() as f32
    }

    /// The move slots of every move that keeps the position's outcome (a win stays a
    /// win, a draw a draw): the moves that are no mistake in the sense of AlphaZero.jl's
    /// benchmark against Pons' solver, a weaker test than [`Sample::best`]'s.
    #[must_use]
    pub fn sound(&self) -> Vec<usize> {
        self.legal
            .iter()
            .zip(&self.values)
            .filter(|&(_, v)| v.signum() == self.score.signum())
            .map(|(&s, _)| s)
            .collect()
    }
}

/// How positions are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw {
    /// Positions wanted (fewer when random play cannot give that many different ones).
    pub count: usize,
    /// The seed of the random play.
    pub seed: u64,
    /// The fewest plies of random play.
    pub min_plies: usize,
    /// The most plies of random play.
    pub max_plies: usize,
}

/// Draws `draw.count` different positions not over from `start` by seeded random play
/// (fewer when random play cannot give that many different ones).
#[must_use]
pub fn draw_positions<G: Game>(start: &G, draw: &Draw) -> Vec<G> {
    let mut rng = SeededRng::new(draw.seed);
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(draw.count);
    let span = draw.max_plies.saturating_sub(draw.min_plies) as u64 + 1;
    // Enough tries that a small game (tic-tac-toe's few thousand positions) ends.
    let mut tries = draw.count.saturating_mul(50).max(1000);
    let mut moves = Vec::new();
    while out.len() < draw.count && tries > 0 {
        tries -= 1;
        let plies = draw.min_plies + rng.below(span) as usize;
        let Some(pos) = random_walk(start, plies, &mut rng, &mut moves) else {
            continue;
        };
        if seen.insert(pos.hash()) {
            out.push(pos);
        }
    }
    out
}

/// [`draw_positions`], each labelled by `exact` (the exact score of a position for its
/// side to move; called on every child of a drawn position), on this thread.
pub fn sample<G: Game>(start: &G, draw: &Draw, mut exact: impl FnMut(&G) -> i32) -> Vec<Sample> {
    draw_positions(start, draw)
        .iter()
        .map(|p| label(p, &mut exact))
        .collect()
}

/// `plies` random moves from `start`; None when the game ends first.
fn random_walk<G: Game>(
    start: &G,
    plies: usize,
    rng: &mut SeededRng,
    moves: &mut Vec<G::Move>,
) -> Option<G> {
    let mut pos = start.clone();
    for _ in 0..plies {
        moves.clear();
        pos.legal_moves(moves);
        if pos.outcome().is_some() || moves.is_empty() {
            return None;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos = pos.play(mv);
    }
    (pos.outcome().is_none()).then_some(pos)
}

/// `pos` labelled by `exact` (see [`sample`]): every child's exact value, the best of
/// them.
pub fn label<G: Game>(pos: &G, exact: &mut impl FnMut(&G) -> i32) -> Sample {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let values: Vec<(usize, i32)> = moves
        .iter()
        .map(|&m| (G::move_index(m), -exact(&pos.play(m))))
        .collect();
    let score = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
    let mut input = vec![0.0; G::NET_INPUTS];
    pos.net_input(&mut input);
    Sample {
        input,
        legal: values.iter().map(|&(s, _)| s).collect(),
        best: values
            .iter()
            .filter(|&&(_, v)| v == score)
            .map(|&(s, _)| s)
            .collect(),
        values: values.iter().map(|&(_, v)| v).collect(),
        score,
        plies: pos.plies_played(),
    }
}

/// The exact score of `pos` for its side to move by plain negamax (its own scoring):
/// for games small enough to search to the end (tic-tac-toe).
pub fn negamax_exact<G: Game>(pos: &G) -> i32 {
    if pos.outcome().is_some() {
        return pos.terminal_score(crate::game::Scoring::Native);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| -negamax_exact(&pos.play(m)))
        .max()
        .unwrap_or(0)
}

/// Splits `samples` into a training set and a held-out set of about `held_out_share`
/// of them, by a seeded shuffle.
#[must_use]
pub fn split(
    mut samples: Vec<Sample>,
    held_out_share: f64,
    seed: u64,
) -> (Vec<Sample>, Vec<Sample>) {
    shuffle(&mut samples, seed);
    let held = ((samples.len() as f64) * held_out_share.clamp(0.0, 1.0)).round() as usize;
    let train = samples.split_off(held);
    (train, samples)
}

/// Fisher-Yates with a seeded generator.
pub fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut rng = SeededRng::new(seed);
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}
