//! What every search over chance nodes shares: a chance node's outcomes (generated and
//! counted once, the same way for expectimax, Star1 and Star2, by
//! [`crate::search::context::Ctx::chance_outcomes`]) and the whole-number arithmetic of
//! weighted means.
//!
//! A chance node's value is `Σ wᵢ·vᵢ / W`, its outcomes' values weighted by their
//! integer weights `wᵢ` over their sum `W`, from the side to move's view at the chance
//! node (the side that moves at its outcomes, so no sign changes). The game's scale
//! ([`crate::game::Game::value_scale`]) makes the exact mean a whole number; a bound
//! on it is rounded outwards ([`floor_div`] for an upper bound, [`ceil_div`] for a
//! lower one), which keeps it a bound.

/// A chance node's outcomes with their weights, and the weights' sum.
pub struct Outcomes<M> {
    /// The outcomes in the game's order, each with its weight.
    pub list: Vec<(M, u32)>,
    /// The weights' sum.
    pub total: i64,
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
