//! What every search over chance nodes shares: generating a chance node's outcomes
//! (counted once, the same way for expectimax, Star1 and Star2) and the whole-number
//! arithmetic of weighted means.
//!
//! A chance node's value is `Σ wᵢ·vᵢ / W`, its outcomes' values weighted by their
//! integer weights `wᵢ` over their sum `W`, from the side to move's view at the chance
//! node (the side that moves at its outcomes, so no sign changes). The game's scale
//! ([`crate::game::Game::value_scale`]) makes the exact mean a whole number; a bound
//! on it is rounded outwards ([`floor_div`] for an upper bound, [`ceil_div`] for a
//! lower one), which keeps it a bound.

use super::context::Ctx;
use crate::game::{Evaluator, Game};

/// A chance node's outcomes with their weights, and the weights' sum.
pub struct Outcomes<M> {
    /// The outcomes in the game's order, each with its weight.
    pub list: Vec<(M, u32)>,
    /// The weights' sum.
    pub total: i64,
}

impl<G: Game, E: Evaluator<G>> Ctx<'_, G, E> {
    /// `Some` at a chance node: its outcomes, counted as an interior node and a chance
    /// node. `None` at a player's node (nothing counted).
    pub fn chance_outcomes(&mut self, pos: &G) -> Option<Outcomes<G::Move>> {
        let mut list = Vec::new();
        if !pos.chance_outcomes(&mut list) {
            return None;
        }
        if self.ordering_level == 0 {
            self.stats.interior += 1;
            self.stats.chance_nodes += 1;
        }
        let total = list.iter().map(|&(_, w)| i64::from(w)).sum();
        Some(Outcomes { list, total })
    }

    /// Counts a chance node ended by its bounds, at or above β (`above_beta`) or at
    /// or below α, and traces it.
    pub fn chance_cutoff(&mut self, above_beta: bool) {
        if self.ordering_level == 0 {
            self.stats.chance_cutoffs += 1;
            self.trace_event(crate::search::trace::TraceEvent::ChanceCutoff { above_beta });
        }
    }

    /// Marks the next node entered as one of Star2's probes in the trace.
    pub fn mark_probe(&mut self) {
        self.mark_kind(crate::search::trace::VisitKind::Probe);
    }

    /// Counts one of Star2's probes.
    pub fn count_probe(&mut self) {
        if self.ordering_level == 0 {
            self.stats.probes += 1;
        }
    }
}

/// `a / b` rounded down (`b > 0`).
#[must_use]
pub fn floor_div(a: i64, b: i64) -> i64 {
    a.div_euclid(b)
}

/// `a / b` rounded up (`b > 0`).
#[must_use]
pub fn ceil_div(a: i64, b: i64) -> i64 {
    -(-a).div_euclid(b)
}

/// An `i64` bound back in the engine's `i32` range (bounds never leave the values'
/// range by more than the window does, so this only guards).
#[must_use]
pub fn to_value(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN / 2), i64::from(i32::MAX / 2)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_is_outwards() {
        assert_eq!(floor_div(7, 2), 3);
        assert_eq!(floor_div(-7, 2), -4);
        assert_eq!(ceil_div(7, 2), 4);
        assert_eq!(ceil_div(-7, 2), -3);
        assert_eq!(ceil_div(6, 2), 3);
    }
}
