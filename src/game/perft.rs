//! Perft: counting the leaves of the move tree, the ground truth of a move generator.

use serde::{Deserialize, Serialize};

use super::Game;

/// What happens to a game that ends before the requested depth.
///
/// Communities differ: Othello counts a finished game as one leaf at every greater depth
/// (so the counts are the number of move sequences padded with "nothing"), while the
/// standard Connect Four counts neither extend nor count a game that is already won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PerftConvention {
    /// A finished game is one leaf at every greater depth (Othello's standard counts).
    FinishedIsLeaf,
    /// A finished game before the last ply contributes nothing (Connect Four's standard
    /// counts).
    FinishedIsDropped,
}

impl PerftConvention {
    /// The name the CLI accepts and prints.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            PerftConvention::FinishedIsLeaf => "finished-is-leaf",
            PerftConvention::FinishedIsDropped => "finished-is-dropped",
        }
    }
}

/// Generic perft with bulk counting at the last ply: at depth 1 the answer is the number
/// of legal moves, without playing them. Depth 0 is one leaf.
pub fn perft_generic<G: Game>(pos: &G, depth: u32, convention: PerftConvention) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..=depth).map(|_| Vec::new()).collect();
    walk(pos, depth, convention, &mut buffers)
}

fn walk<G: Game>(
    pos: &G,
    depth: u32,
    convention: PerftConvention,
    buffers: &mut [Vec<G::Move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.outcome().is_some() {
        return match convention {
            PerftConvention::FinishedIsLeaf => 1,
            PerftConvention::FinishedIsDropped => 0,
        };
    }
    let (mine, rest) = buffers.split_first_mut().expect("one buffer per ply");
    pos.legal_moves(mine);
    if depth == 1 {
        return mine.len() as u64;
    }
    let mut total = 0;
    for &mv in mine.iter() {
        total += walk(&pos.play(mv), depth - 1, convention, rest);
    }
    total
}
