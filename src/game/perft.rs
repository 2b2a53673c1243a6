//! Perft: counting the leaves of the move tree, the ground truth of a move generator.
//! The conventions of the games' communities live here; the generic walk is the `Game`
//! trait's own default (`game/mod.rs`), so that this file needs nothing of the trait.

use serde::{Deserialize, Serialize};

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
