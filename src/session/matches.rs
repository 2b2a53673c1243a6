//! A match set up in the app: two players from the comparison's rows (or the seeded
//! random mover), the games, the openings, colours and an optional SPRT; the session
//! keeps it with the last match played, so both are saved.

use serde::{Deserialize, Serialize};

use super::entry::ComparisonRow;
use crate::stats::SprtSpec;

/// A match as the app's Match view sets it up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MatchSetup {
    /// Player A: a comparison row's index, or `None` for the random mover.
    pub a: Option<usize>,
    /// Player B, the same.
    pub b: Option<usize>,
    /// Player A's depth per move, when set in the Match tab (`own_depth_a`); else the
    /// row's deepest depth is played ([`MatchSetup::depths`]).
    pub depth_a: u32,
    /// Player B's depth per move, the same.
    pub depth_b: u32,
    /// Whether player A's depth was set in the Match tab rather than taken from its row.
    pub own_depth_a: bool,
    /// Whether player B's depth was set in the Match tab.
    pub own_depth_b: bool,
    /// What each search player gets per move: its depth, or the same node or time
    /// limit for both.
    pub per_move: PerMove,
    /// How many games (the most, with an SPRT).
    pub games: usize,
    /// Seeded random moves before the players take over.
    pub openings: usize,
    /// Start the game pairs from the positions of the session's suite instead.
    pub openings_from_suite: bool,
    /// Swap colours every other game (pairs share an opening).
    pub alternate: bool,
    /// The seed of the openings and the random mover.
    pub seed: u64,
    /// A sequential probability ratio test that ends the match once it decides (its
    /// model, normalized or logistic Elo, is read as logistic from a session saved
    /// before it was a setting).
    pub sprt: Option<SprtSpec>,
}

/// What a search player gets per move in the app's match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PerMove {
    /// Each player its own depth.
    #[default]
    Depth,
    /// Both the same nodes (the alpha-beta family deepening iteratively until them,
    /// MCTS iterating).
    Nodes(u64),
    /// Both the same milliseconds (the games then depend on the machine).
    TimeMs(u64),
}

impl Default for MatchSetup {
    /// Row 1 at depth 4 against the random mover, 20 games after 2 random moves,
    /// colours alternating.
    fn default() -> Self {
        MatchSetup {
            a: Some(0),
            b: None,
            depth_a: 4,
            depth_b: 4,
            own_depth_a: false,
            own_depth_b: false,
            per_move: PerMove::Depth,
            games: 20,
            openings: 2,
            openings_from_suite: false,
            alternate: true,
            seed: 1,
            sprt: None,
        }
    }
}

/// Where a player's depth comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepthSource {
    /// Its row's deepest depth.
    Row,
    /// Set in the Match tab.
    Own,
}

impl MatchSetup {
    /// The depth each player searches to per move, with where it comes from: a player
    /// picked from a row plays that row's deepest depth unless a depth was set for it
    /// in the Match tab. (A = `.0`, B = `.1`; the random mover's is unused.)
    #[must_use]
    pub fn depths(&self, rows: &[ComparisonRow]) -> ((u32, DepthSource), (u32, DepthSource)) {
        let of = |row: Option<usize>, own: bool, depth: u32| match row.and_then(|r| rows.get(r)) {
            Some(r) if !own => (r.depth_max, DepthSource::Row),
            _ => (depth, DepthSource::Own),
        };
        (
            of(self.a, self.own_depth_a, self.depth_a),
            of(self.b, self.own_depth_b, self.depth_b),
        )
    }

    /// Why the match cannot start, if it cannot: a player's row is gone or cannot run
    /// at its depth, no games, or an SPRT without sense.
    pub fn check(&self, rows: &[ComparisonRow]) -> Result<(), String> {
        let ((depth_a, _), (depth_b, _)) = self.depths(rows);
        for (name, row, depth) in [("A", self.a, depth_a), ("B", self.b, depth_b)] {
            if let Some(r) = row {
                let Some(row) = rows.get(r) else {
                    return Err(format!("player {name}: there is no row {}", r + 1));
                };
                // Under a limit the player is checked as it is built (deepening added).
                if self.per_move == PerMove::Depth {
                    row.options
                        .check(row.algorithm, depth)
                        .map_err(|e| format!("player {name} (row {}): {e}", r + 1))?;
                }
            }
        }
        if matches!(self.per_move, PerMove::Nodes(0) | PerMove::TimeMs(0)) {
            return Err("a limit per move must be above 0".into());
        }
        if self.games == 0 {
            return Err("a match needs at least one game".into());
        }
        if let Some(s) = &self.sprt {
            s.check().map_err(|e| format!("SPRT: {e}"))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::EloModel;

    /// A match setup saved before the SPRT had a model still opens, on logistic Elo as
    /// it ran then; a new one keeps its model through a save.
    #[test]
    fn an_older_sprt_setup_opens_as_logistic_and_a_new_one_round_trips() {
        let old: MatchSetup = ron::from_str(
            "(games: 40, sprt: Some((elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05)))",
        )
        .expect("an older setup reads");
        let spec = old.sprt.expect("its SPRT");
        assert_eq!((spec.elo1, spec.model), (10.0, EloModel::Logistic));
        assert_eq!(old.games, 40);
        let new = MatchSetup {
            sprt: Some(SprtSpec::parse("elo0=-1,elo1=3").expect("parses")),
            ..MatchSetup::default()
        };
        let text = ron::to_string(&new).expect("writes");
        let back: MatchSetup = ron::from_str(&text).expect("reads");
        assert_eq!(back, new);
        assert_eq!(back.sprt.map(|s| s.model), Some(EloModel::Normalized));
    }
}
