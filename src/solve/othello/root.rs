//! The root: the selective presearch, the null-window bisection of the score (from
//! the presearch's guess when there is one) and the PVS that finds a best move.

use super::search::Searcher;
use super::table::EXACT;
use super::{INF, PRESEARCH_MIN_EMPTIES, PRESEARCH_MIN_EMPTIES_ABOVE_SHALLOW};

/// The root (side to move has a move): with aspiration, null-window bisection down to
/// one candidate score, then PVS in the window around it; else PVS with the full
/// window. Returns the score and a best move.
pub(super) fn root(s: &mut Searcher<'_>, p: u64, o: u64, empties: u32, parity: u32) -> (i32, u8) {
    if !s.opts.aspiration {
        return s.pvs(p, o, -INF, INF, empties, parity);
    }
    // Every final score is even (64 minus twice the loser's discs, or 0). Bisect the
    // even candidates with null windows at odd alphas, reusing the table across the
    // probes, until one is left; then PVS in the window around it finds a best move.
    let mut guess = None;
    if s.opts.presearch
        && s.opts.shallow
        && empties
            >= PRESEARCH_MIN_EMPTIES
                .max(s.opts.shallow_start() + PRESEARCH_MIN_EMPTIES_ABOVE_SHALLOW)
    {
        // The selective presearch: its score is the first guess, its moves fill the
        // table.
        let margin = s.opts.presearch_margin.min(u32::from(EXACT) - 1);
        s.precision = margin as u8;
        guess = Some(bisect(s, p, o, empties, parity, None).0 + 1);
        s.precision = EXACT;
    }
    let (lo, hi) = bisect(s, p, o, empties, parity, guess);
    s.pvs(p, o, lo, hi, empties, parity)
}

/// Null-window probes at the root until one even score is left: bisection, or with a
/// `guess` probes next to the guess first (moving it to each probe's fail-soft value).
/// Returns the window `(score - 1, score + 1)`.
fn bisect(
    s: &mut Searcher<'_>,
    p: u64,
    o: u64,
    empties: u32,
    parity: u32,
    mut guess: Option<i32>,
) -> (i32, i32) {
    let mut lo = -INF; // the score is above lo
    let mut hi = INF; // and below hi
    loop {
        let lowest = if lo % 2 == 0 { lo + 2 } else { lo + 1 };
        let highest = if hi % 2 == 0 { hi - 2 } else { hi - 1 };
        if lowest >= highest {
            return (lowest - 1, lowest + 1);
        }
        let alpha = match guess {
            Some(g) => {
                // The even candidate nearest the guess: test "score >= t" unless
                // that is known, then "score <= t".
                let t = (g + g.rem_euclid(2)).clamp(lowest, highest);
                if lo < t - 1 { t - 1 } else { t + 1 }
            }
            None => {
                let mid = (lowest + highest) / 2;
                if mid % 2 == 0 { mid - 1 } else { mid }
            }
        };
        // Expected to fail high (a cut node) below the guess, low above it.
        let cut = guess.is_none_or(|g| alpha < g);
        let v = s.nws(p, o, alpha, empties, parity, cut);
        if v > alpha {
            lo = lo.max(v - 1);
        } else {
            hi = hi.min(v + 1);
        }
        if guess.is_some() {
            guess = Some(v);
        }
    }
}
