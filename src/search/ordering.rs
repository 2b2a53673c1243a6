//! Move ordering: the order in which a node's moves are tried.
//!
//! The final order is built in stages, like a staged move picker: the table's move
//! first, then the killers of this ply that are legal here (most recent first), then the
//! rest by the chosen [`MoveOrder`] with the history score breaking ties. With
//! `order_all = false` only the best-rated move is brought to the front of the rest and
//! the others keep generation order (article 002's `sort_allnodes=False`).
//!
//! Look-ahead orderings (shallow search, oracle) run through the same context with
//! counting diverted to `ordering_nodes`, so they can be stopped like any search but do
//! not inflate the node counts being compared.

use super::algorithms::{expectimax, negaalpha};
use super::context::{Ctx, INF};
use super::options::MoveOrder;
use crate::game::{Evaluator, Game, Scoring, within_heuristic_limit};

/// The most oracle values remembered in one search (about 50 MiB of hash map).
const MAX_ORACLE_MEMO: usize = 1 << 21;

/// Orders `moves` of `pos` (an interior node at remaining `depth`, at `ply`) in place.
pub(super) fn order_moves<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    tt_move: Option<G::Move>,
    moves: &mut Vec<G::Move>,
) {
    let order = ctx.ordering();
    let use_history = ctx.opts.history;
    if order != MoveOrder::Generation || use_history {
        let mut keyed = std::mem::take(&mut ctx.scratch);
        keyed.clear();
        for &mv in moves.iter() {
            let key =
                match order {
                    MoveOrder::Generation => 0,
                    MoveOrder::Static => i64::from(pos.move_order_hint(mv)),
                    // Threats first, the static hint breaking ties (Pons' step 7).
                    MoveOrder::Threats => {
                        (i64::from(pos.threat_score(mv)) << 32) + i64::from(pos.move_order_hint(mv))
                    }
                    MoveOrder::Evaluation => -i64::from(child_static_value(ctx, &pos.play(mv))),
                    MoveOrder::Shallow(k) => {
                        let child = pos.play(mv);
                        let d = k.min(depth.saturating_sub(1));
                        // Below chance nodes the shallow value is an expectimax value.
                        -i64::from(ctx.while_ordering(|c| {
                            if child.has_chance() {
                                expectimax::search(c, &child, d, ply + 1, None)
                            } else {
                                negaalpha::search(c, &child, d, ply + 1, None, -INF, INF, true)
                            }
                        }))
                    }
                    MoveOrder::Oracle => {
                        let child = pos.play(mv);
                        let scoring = if ctx.opts.oracle_win_loss {
                            Scoring::WinLoss
                        } else {
                            ctx.opts.scoring
                        };
                        -i64::from(ctx.while_ordering(|c| {
                            oracle_value(c, &child, depth - 1, ply + 1, scoring)
                        }))
                    }
                };
            let hist = if use_history {
                ctx.history_score(pos, mv)
            } else {
                0
            };
            keyed.push((key, hist, mv));
        }
        if ctx.opts.order_all || order == MoveOrder::Generation {
            // Stable: equal keys keep generation order, so results are deterministic.
            keyed.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
            moves.clear();
            moves.extend(keyed.iter().map(|k| k.2));
        } else if let Some(best) = keyed
            .iter()
            .enumerate()
            .max_by(|(i, a), (j, b)| a.0.cmp(&b.0).then(a.1.cmp(&b.1)).then(j.cmp(i)))
            .map(|(i, _)| i)
        {
            let mv = moves.remove(best);
            moves.insert(0, mv);
        }
        ctx.scratch = keyed;
    }
    // Killers in front of the rest, most recent first (article 004's reorder).
    let killers = ctx.killers_at(ply);
    if !killers.is_empty() {
        let mut front = 0;
        for &k in killers {
            if let Some(at) = moves[front..].iter().position(|&m| m == k) {
                let mv = moves.remove(front + at);
                moves.insert(front, mv);
                front += 1;
            }
        }
    }
    if let Some(tm) = tt_move
        && let Some(at) = moves.iter().position(|&m| m == tm)
    {
        let mv = moves.remove(at);
        moves.insert(0, mv);
    }
}

/// The value of a child for one-ply ordering, from the child's side to move: the rules
/// when the game is over, the evaluator otherwise. Counts nothing.
fn child_static_value<G: Game, E: Evaluator<G>>(ctx: &Ctx<'_, G, E>, child: &G) -> i32 {
    match child.outcome() {
        Some(_) => child.terminal_score(ctx.opts.scoring),
        None => ctx.heuristic(child, ctx.eval.evaluate(child)),
    }
}

/// The exact negamax value of `pos` at `depth` under `scoring`, memoised per search: the
/// perfect oracle. Runs in ordering mode (counted in `ordering_nodes`, stoppable).
pub(super) fn oracle_value<G: Game, E: Evaluator<G>>(
    ctx: &mut Ctx<'_, G, E>,
    pos: &G,
    depth: u32,
    ply: usize,
    scoring: Scoring,
) -> i32 {
    if !ctx.enter(ply, None, -INF, INF) {
        return 0;
    }
    let key = (pos.hash(), depth);
    if let Some(&v) = ctx.oracle_memo.get(&key) {
        return v;
    }
    let value = if pos.outcome().is_some() {
        pos.terminal_score(scoring)
    } else if depth == 0 {
        within_heuristic_limit(pos, scoring, ctx.eval.evaluate(pos))
    } else {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut best = -INF;
        for mv in moves {
            let v = -oracle_value(ctx, &pos.play(mv), depth - 1, ply + 1, scoring);
            best = best.max(v);
        }
        best
    };
    if !ctx.aborted() {
        // A cache, not a table of record: emptying it when full bounds the memory of a
        // long oracle-ordered search and changes no value (only the ordering work).
        if ctx.oracle_memo.len() >= MAX_ORACLE_MEMO {
            ctx.oracle_memo.clear();
        }
        ctx.oracle_memo.insert(key, value);
    }
    value
}
