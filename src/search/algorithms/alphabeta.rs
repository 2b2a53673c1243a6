//! Alpha-beta in its two-sided form (article 002): MAX nodes raise alpha, MIN nodes lower
//! beta, and a node stops as soon as its window is empty.
//!
//! Knuth & Moore, "An analysis of alpha-beta pruning" (1975).
//! Contract (values from the root side's view, window `(alpha, beta)`): fail-hard
//! returns a value clamped to `[alpha, beta]`, but for a node decided before any move is
//! searched (the horizon, a finished game, a result the game's rules force), which
//! returns that exact value whatever the window; fail-soft returns the best value found,
//! a bound when it lies outside the window (see [`super::negaalpha`]).

use crate::game::{Evaluator, Game};
use crate::search::context::{Ctx, INF};
use crate::search::node::{At, Best, Rule};

/// Alpha-beta's rule, two-sided: values and windows from the root side's view, MAX
/// nodes (the root side to move) raising alpha, MIN nodes lowering beta. Search with
/// [`Rule::search`]: `AlphaBeta { fail_soft }.search(ctx, pos, depth, ply, mv, alpha,
/// beta)`, the window from the root side's view.
#[derive(Clone, Copy)]
pub struct AlphaBeta {
    /// Fail-soft (else fail-hard); see the module contract.
    pub fail_soft: bool,
}

impl AlphaBeta {
    /// `v`, from the view of the side to move in `pos`, from the root side's view.
    #[inline(always)]
    fn to_root_view<G: Game, E: Evaluator<G>>(ctx: &Ctx<'_, G, E>, pos: &G, v: i32) -> i32 {
        if pos.side_to_move() == ctx.root_side() {
            v
        } else {
            -v
        }
    }
}

impl<G: Game, E: Evaluator<G>> Rule<G, E> for AlphaBeta {
    #[inline(always)]
    fn moves<const SHARE: bool>(
        self,
        ctx: &mut Ctx<'_, G, E>,
        at: &At<'_, G>,
        moves: &[G::Move],
        best: &mut Best<G::Move>,
    ) {
        let maximizing = at.pos.side_to_move() == ctx.root_side();
        if !maximizing {
            best.value = INF;
        }
        for (i, &mv) in moves.iter().enumerate() {
            let (depth, ply) = (at.depth - 1, at.ply + 1);
            let child = at.pos.play(mv);
            let v = self.search(ctx, &child, depth, ply, Some(mv), best.alpha, best.beta);
            if ctx.aborted() {
                break;
            }
            let over = if maximizing {
                best.take(ctx, at, i, mv, v)
            } else {
                take_at_min(ctx, at, best, (i, mv), v)
            };
            if over {
                break;
            }
        }
    }

    #[inline(always)]
    fn leaf(self, ctx: &mut Ctx<'_, G, E>, pos: &G, _: i32, _: i32) -> i32 {
        let v = ctx.static_leaf(pos);
        Self::to_root_view(ctx, pos, v)
    }

    /// The table holds root-view values here: every position of one search is scored
    /// from the same side. The game's rules, which bound the side to move's values,
    /// are met only when the node is expanded.
    #[inline(always)]
    fn judge(
        self,
        ctx: &mut Ctx<'_, G, E>,
        at: &At<'_, G>,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, i32, Option<G::Move>), i32> {
        ctx.tt_look_up(at.pos, at.depth, alpha, beta)
    }

    #[inline(always)]
    fn decided(self, _: &Ctx<'_, G, E>, v: i32, alpha: i32, beta: i32) -> i32 {
        if self.fail_soft {
            v
        } else {
            v.clamp(alpha, beta)
        }
    }

    #[inline(always)]
    fn finished(self, ctx: &mut Ctx<'_, G, E>, at: &At<'_, G>, v: i32) -> i32 {
        Self::to_root_view(ctx, at.pos, v)
    }

    #[inline(always)]
    fn value(self, _: &Ctx<'_, G, E>, best: &Best<G::Move>) -> i32 {
        if self.fail_soft {
            best.value
        } else {
            best.value.clamp(best.alpha, best.beta)
        }
    }
}

/// [`Best::take`] at a MIN node: the least value so far, beta lowered, a cutoff at
/// alpha. True when the node is cut.
#[inline(always)]
fn take_at_min<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    at: &At<'_, G>,
    best: &mut Best<G::Move>,
    (i, mv): (usize, G::Move),
    v: i32,
) -> bool {
    if v < best.value {
        best.value = v;
        best.mv = Some(mv);
    }
    if v < best.beta {
        ctx.update_pv(at.ply, mv);
        if v <= best.alpha {
            ctx.cutoff(at.pos, at.ply, i, mv, at.depth);
            return true;
        }
        best.beta = v;
    }
    false
}
