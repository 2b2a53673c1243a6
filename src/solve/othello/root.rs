//! The root: the selective presearch, the null-window bisection of the score (from
//! the presearch's guess when there is one) and the PVS that finds a best move. Each of
//! these root searches is reported as it ends ([`RootSearch`]).

use crate::platform::clock::Instant;

use super::params::{INF, PRESEARCH_MIN_EMPTIES, PRESEARCH_MIN_EMPTIES_ABOVE_SHALLOW};
use super::search::Searcher;
use super::table::EXACT;

/// Which part of the root a [`RootSearch`] belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootStage {
    /// A null-window test of the selective presearch (its bounds are estimates).
    Presearch,
    /// A null-window test of the exact search.
    Exact,
    /// The final principal-variation search that finds a best move (or, without
    /// aspiration, the whole search).
    Pvs,
}

impl RootStage {
    /// A short name for printing.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            RootStage::Presearch => "presearch",
            RootStage::Exact => "exact",
            RootStage::Pvs => "pvs",
        }
    }
}

/// One search of the root, reported when it ends: the window it ran with, the value it
/// returned (fail-soft: above `alpha` means "score >= value", at most `alpha` "score
/// <= value", between the two bounds the exact score), and what it cost. Scores are
/// for the side to move in the solved position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootSearch {
    /// The part of the root.
    pub stage: RootStage,
    /// The window's lower bound (exclusive).
    pub alpha: i32,
    /// The window's upper bound (exclusive; `alpha + 1` for a null window).
    pub beta: i32,
    /// The value returned.
    pub value: i32,
    /// Nodes of this search alone.
    pub nodes: u64,
    /// Wall-clock seconds of this search alone.
    pub seconds: f64,
}

/// Receives each [`RootSearch`] as it ends.
pub type RootObserver<'a> = &'a mut dyn FnMut(&RootSearch);

/// Runs one root search through `search` and reports it to `observe`.
fn observed<T>(
    s: &mut Searcher<'_>,
    observe: &mut dyn FnMut(&RootSearch),
    stage: RootStage,
    (alpha, beta): (i32, i32),
    search: impl FnOnce(&mut Searcher<'_>) -> (i32, T),
) -> (i32, T) {
    let (clock, nodes) = (Instant::now(), s.nodes);
    let (value, rest) = search(s);
    observe(&RootSearch {
        stage,
        alpha,
        beta,
        value,
        nodes: s.nodes - nodes,
        seconds: clock.elapsed().as_secs_f64(),
    });
    (value, rest)
}

/// The root (side to move has a move): with aspiration, null-window bisection down to
/// one candidate score, then PVS in the window around it; else PVS with the full
/// window. Returns the score and a best move; each root search is reported to
/// `observe` as it ends.
pub(super) fn root(
    s: &mut Searcher<'_>,
    p: u64,
    o: u64,
    empties: u32,
    parity: u32,
    observe: RootObserver<'_>,
) -> (i32, u8) {
    if !s.opts.aspiration {
        return observed(s, observe, RootStage::Pvs, (-INF, INF), |s| {
            s.pvs(p, o, -INF, INF, empties, parity)
        });
    }
    // Every final score is even (64 minus twice the loser's discs, or 0). Bisect the
    // even candidates with null windows at odd alphas, reusing the table across the
    // tests, until one is left; then PVS in the window around it finds a best move.
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
        let (below, _) = bisect(
            s,
            p,
            o,
            empties,
            parity,
            None,
            RootStage::Presearch,
            observe,
        );
        guess = Some(below + 1);
        s.precision = EXACT;
    }
    let (lo, hi) = bisect(s, p, o, empties, parity, guess, RootStage::Exact, observe);
    observed(s, observe, RootStage::Pvs, (lo, hi), |s| {
        s.pvs(p, o, lo, hi, empties, parity)
    })
}

/// Null-window tests at the root until one even score is left: bisection, or with a
/// `guess` tests next to the guess first (moving it to each test's fail-soft value).
/// Returns the window `(score - 1, score + 1)`. Each test is reported to `observe` as
/// a search of `stage`.
#[allow(clippy::too_many_arguments)]
fn bisect(
    s: &mut Searcher<'_>,
    p: u64,
    o: u64,
    empties: u32,
    parity: u32,
    mut guess: Option<i32>,
    stage: RootStage,
    observe: RootObserver<'_>,
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
        let (v, ()) = observed(s, observe, stage, (alpha, alpha + 1), |s| {
            (s.nws(p, o, alpha, empties, parity, cut), ())
        });
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
