//! Star1 and Star2: alpha-beta pruning below chance nodes.
//!
//! Ballard, "The *-minimax search procedure for trees containing chance nodes" (1983);
//! in the form of Hauk, Buro & Schaeffer, "Rediscovering *-Minimax Search" (2004).
//! Players' nodes are fail-soft alpha-beta (NegaAlpha). At a chance node, whose value
//! is the weighted mean of its outcomes, the game's bounds `L <= v <= U` on every value
//! bound the mean before all outcomes are known:
//! - **Star1**: with the outcomes searched so far exact and the others between `L` and
//!   `U`, the mean lies between `(S + R·L) / W` and `(S + R·U) / W` (`S` the weighted sum
//!   so far, `R` the weight not yet searched, `W` the total). When the upper end
//!   reaches alpha or the lower end beta the node is cut; each outcome is searched with
//!   the window that decides exactly that (its alpha and beta solved from the two
//!   inequalities).
//! - **Star2** first *probes* every outcome: it searches only the outcome's first move,
//!   which bounds the outcome's value from below (its side takes at least that). If the
//!   probed lower bounds already lift the mean to beta, the node is cut without a full
//!   search of any outcome; otherwise the search phase runs as Star1 with the probed
//!   bounds in place of `L`.
//!
//! Contract (fail-soft, as NegaAlpha): for a window `(alpha, beta)` and true value `v`,
//! returns `u` with `alpha < u < beta` meaning `u = v`, `u <= alpha` meaning `v <= u`,
//! `u >= beta` meaning `v >= u`. A bound at a chance node is rounded outwards, so it is
//! still a bound ([`crate::search::chance`]). Chance nodes do not use up depth.

use crate::game::{Evaluator, Game};
use crate::search::chance::{Outcomes, ceil_div, floor_div, to_value};
use crate::search::context::Ctx;
use crate::search::node::{self, At, Best, Rule};

/// Searches `pos` at `depth` with the window `(alpha, beta)`; Star2 when `probing`,
/// else Star1. See the module contract.
#[allow(clippy::too_many_arguments)]
pub fn search<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    mv: Option<G::Move>,
    alpha: i32,
    beta: i32,
    probing: bool,
) -> i32 {
    debug_assert!(alpha < beta);
    ctx.visit(ply, mv, alpha, beta, |ctx| {
        if depth == 0 {
            return ctx.static_leaf(pos);
        }
        match ctx.chance_outcomes(pos) {
            Some(outcomes) => {
                let node = Chance {
                    pos,
                    depth,
                    ply,
                    probing,
                };
                node.value(ctx, &outcomes, alpha, beta)
            }
            None => {
                let at = At { pos, depth, ply };
                node::interior::<false, G, E, _>(ctx, Player { probing }, &at, alpha, beta)
            }
        }
    })
}

/// The rule of a player's node: fail-soft alpha-beta (NegaAlpha) with the table,
/// killers and history, Pons' one-bound tables as NegaAlpha takes them.
#[derive(Clone, Copy)]
struct Player {
    probing: bool,
}

impl<G: Game, E: Evaluator<G>> Rule<G, E> for Player {
    fn moves<const SHARE: bool>(
        self,
        ctx: &mut Ctx<'_, G, E>,
        at: &At<'_, G>,
        moves: &[G::Move],
        best: &mut Best<G::Move>,
    ) {
        let (depth, ply) = (at.depth - 1, at.ply + 1);
        for (i, &mv) in moves.iter().enumerate() {
            let (alpha, beta) = (-best.beta, -best.alpha);
            let v = -search(
                ctx,
                &at.pos.play(mv),
                depth,
                ply,
                Some(mv),
                alpha,
                beta,
                self.probing,
            );
            if ctx.aborted() || best.take(ctx, at, i, mv, v) {
                break;
            }
        }
    }

    fn stored_window(
        self,
        ctx: &Ctx<'_, G, E>,
        asked: (i32, i32),
        searched: (i32, i32),
    ) -> (i32, i32) {
        node::one_bound_window(ctx, asked, searched)
    }
}

/// A chance node being searched.
struct Chance<'p, G> {
    pos: &'p G,
    depth: u32,
    ply: usize,
    probing: bool,
}

impl<G: Game> Chance<'_, G> {
    /// The node's value within the window's contract. All sums are in units of
    /// `1 / W`: the window becomes `(alpha·W, beta·W)`.
    fn value<E: Evaluator<G>>(
        &self,
        ctx: &mut Ctx<'_, G, E>,
        outcomes: &Outcomes<G::Move>,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let (lo, hi) = self.pos.score_range(ctx.opts().scoring);
        let (l, u) = (i64::from(lo), i64::from(hi));
        let total = outcomes.total;
        let (a, b) = (i64::from(alpha) * total, i64::from(beta) * total);
        let n = outcomes.list.len();
        // A lower bound on each outcome's value, and its exact value where known.
        let mut lower = vec![l; n];
        let mut exact: Vec<Option<i64>> = vec![None; n];
        // Probes can only cut when beta is within the values' reach.
        if self.probing
            && b <= total * u
            && let Some(v) = self.probe_phase(ctx, outcomes, (l, u), b, &mut lower, &mut exact)
        {
            return v;
        }
        let mut sum: i64 = 0;
        let mut rest_weight = total;
        let mut rest_lower: i64 = outcomes
            .list
            .iter()
            .zip(&lower)
            .map(|(&(_, w), &lb)| i64::from(w) * lb)
            .sum();
        for (i, &(mv, w)) in outcomes.list.iter().enumerate() {
            let w = i64::from(w);
            rest_weight -= w;
            rest_lower -= w * lower[i];
            // The mean's bounds with this outcome still unknown.
            let upper = sum + (rest_weight + w) * u;
            if upper <= a {
                ctx.chance_cutoff(false);
                return to_value(floor_div(upper, total));
            }
            let low = sum + w * lower[i] + rest_lower;
            if low >= b {
                ctx.chance_cutoff(true);
                return to_value(ceil_div(low, total));
            }
            let v = match exact[i] {
                Some(v) => v,
                None => {
                    // The outcome's values at or below `a_i` (at or above `b_i`) bring
                    // the mean to alpha (to beta) whatever the rest turn out to be.
                    let a_i = floor_div(a - sum - rest_weight * u, w);
                    let b_i = ceil_div(b - sum - rest_lower, w);
                    let (ca, cb) = (a_i.max(l), b_i.min(u));
                    debug_assert!(ca < cb, "the checks above keep the window open");
                    let child = self.pos.play(mv);
                    let v = i64::from(search(
                        ctx,
                        &child,
                        self.depth,
                        self.ply + 1,
                        Some(mv),
                        to_value(ca),
                        to_value(cb),
                        self.probing,
                    ));
                    if ctx.aborted() {
                        return 0;
                    }
                    // A bound reached by the last outcome ends nothing early: only a
                    // node that leaves outcomes unsearched counts as cut.
                    let last = i + 1 == outcomes.list.len();
                    if v <= a_i {
                        if !last {
                            ctx.chance_cutoff(false);
                        }
                        return to_value(floor_div(sum + w * v + rest_weight * u, total));
                    }
                    if v >= b_i {
                        if !last {
                            ctx.chance_cutoff(true);
                        }
                        return to_value(ceil_div(sum + w * v + rest_lower, total));
                    }
                    v
                }
            };
            sum += w * v;
        }
        debug_assert_eq!(sum % total, 0, "the game's scale keeps means whole");
        to_value(floor_div(sum, total))
    }

    /// Star2's probing phase: every outcome's first move for a lower bound, cutting as
    /// soon as the bounds lift the mean to beta (`b` is `beta·W`). `Some(value)` when it
    /// cut (or the search stopped); `None` to go on to the search phase with `lower` and
    /// `exact` filled in.
    fn probe_phase<E: Evaluator<G>>(
        &self,
        ctx: &mut Ctx<'_, G, E>,
        outcomes: &Outcomes<G::Move>,
        (l, u): (i64, i64),
        b: i64,
        lower: &mut [i64],
        exact: &mut [Option<i64>],
    ) -> Option<i32> {
        let total = outcomes.total;
        let mut low_sum = total * l;
        for (i, &(mv, w)) in outcomes.list.iter().enumerate() {
            if low_sum >= b {
                break;
            }
            let w = i64::from(w);
            let others = low_sum - w * l;
            let cb = ceil_div(b - others, w).min(u);
            let (p, known) = self.probe(ctx, mv, l, cb);
            if ctx.aborted() {
                return Some(0);
            }
            if known {
                exact[i] = Some(p);
            }
            lower[i] = p.max(l);
            low_sum = others + w * lower[i];
        }
        (low_sum >= b).then(|| {
            ctx.chance_cutoff(true);
            to_value(ceil_div(low_sum, total))
        })
    }

    /// Probes the outcome `mv` with the window `(l, cb)`: its first move only (in the
    /// search's order). Returns a value `p` with the outcome's value at least `p` when
    /// `p > l` (nothing is learnt otherwise), and whether `p` is the outcome's exact
    /// value (a finished game, the horizon, the table, or a single move).
    fn probe<E: Evaluator<G>>(
        &self,
        ctx: &mut Ctx<'_, G, E>,
        mv: G::Move,
        l: i64,
        cb: i64,
    ) -> (i64, bool) {
        let outcome = self.pos.play(mv);
        if outcome.chance_outcomes(&mut Vec::new()) {
            // An outcome that is a chance node itself has no first move to probe.
            return (l, false);
        }
        let (depth, ply) = (self.depth, self.ply + 1);
        let (alpha, beta) = (to_value(l), to_value(cb));
        let mut known = false;
        ctx.mark_probe();
        let v = ctx.visit(ply, Some(mv), alpha, beta, |ctx| {
            if depth == 0 {
                known = true;
                return ctx.static_leaf(&outcome);
            }
            let tt_move = match ctx.judge(&outcome, depth, ply, alpha, beta) {
                Ok((_, _, m)) => m,
                Err(v) => {
                    known = alpha < v && v < beta;
                    return v;
                }
            };
            let moves = match ctx.expand(&outcome, depth, ply, tt_move) {
                Ok(m) => m,
                Err(v) => {
                    known = true;
                    return v;
                }
            };
            ctx.count_probe();
            let first = moves[0];
            let grandchild = outcome.play(first);
            let v = -search(
                ctx,
                &grandchild,
                depth - 1,
                ply + 1,
                Some(first),
                -beta,
                -alpha,
                self.probing,
            );
            known = moves.len() == 1 && alpha < v && v < beta;
            ctx.release(moves);
            v
        });
        (i64::from(v), known)
    }
}
