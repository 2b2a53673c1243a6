//! Bisection: find the value by null-window alpha-beta passes that halve the range of
//! possible values each time (Pons' Connect Four solver, step 5:
//! "iterative deepening" over the score). MTD(f) steps from bound to bound from a first
//! guess instead; both re-visit the tree through the transposition table.
//!
//! Pascal Pons, "Solving Connect 4: how to build a perfect AI", part 8 (2019).
//! Contract: returns the exact value, side to move's view. The range starts at the
//! game's bounds on the value when the search reaches the end of the game
//! ([`crate::game::Game::value_bounds`]); otherwise at (-infinity, +infinity), which costs
//! about 31 passes more.

use crate::game::{Evaluator, Game, Ruled};
use crate::search::algorithms::negaalpha;
use crate::search::context::{Ctx, INF};

/// The exact value of the root `pos` at `depth`.
pub fn run<G: Game, E: Evaluator<G>>(ctx: &mut Ctx<'_, G, E>, pos: &G, depth: u32) -> i32 {
    if pos.outcome().is_some() {
        // A finished game: its score, from one visit.
        return negaalpha::search(ctx, pos, depth, 0, None, -INF, INF, true);
    }
    let to_end = pos.plies_left_at_most().is_some_and(|n| n <= depth);
    let (mut min, mut max) = if to_end {
        pos.value_bounds(ctx.opts().scoring, Ruled::default())
    } else {
        (-INF + 1, INF - 1)
    };
    let mut line = Vec::new();
    while min < max {
        let med = middle(min, max);
        ctx.null_window_pass();
        ctx.mark_null_window();
        let r = negaalpha::search(ctx, pos, depth, 0, None, med, med + 1, ctx.opts().fail_soft);
        if ctx.aborted() {
            return r;
        }
        if r <= med {
            max = r;
        } else {
            min = r;
            // A pass that fails high names a move reaching the bound.
            line = ctx.root_pv();
        }
    }
    if line.is_empty() {
        // Every pass failed low down to the bottom of the range: every move is worth
        // that value, so any is a best move.
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        line.extend(moves.first().copied());
    }
    ctx.set_root_pv(line);
    min
}

/// The test value between `min` and `max` (`min < max`): Pons' choice, the middle of
/// the range, or half the bound on the middle's side of zero when that lies further out
/// (C's truncating division, as his solver computes it).
fn middle(min: i32, max: i32) -> i32 {
    let med = (i64::from(min) + (i64::from(max) - i64::from(min)) / 2) as i32;
    if med <= 0 && min / 2 < med {
        min / 2
    } else if med >= 0 && max / 2 > med {
        max / 2
    } else {
        med
    }
}

#[cfg(test)]
mod tests {
    use super::middle;

    #[test]
    fn the_middle_leans_to_zero_and_stays_in_range() {
        // Worked by hand from Pons' formula.
        assert_eq!(middle(-6, 7), -3);
        assert_eq!(middle(1, 7), 4);
        assert_eq!(middle(-6, 0), -3);
        assert_eq!(middle(-20, 1), -10);
        assert_eq!(middle(-1, 20), 10);
        for min in -20..20 {
            for max in (min + 1)..=20 {
                let m = middle(min, max);
                assert!(min <= m && m < max, "{min} {max} -> {m}");
            }
        }
    }
}
