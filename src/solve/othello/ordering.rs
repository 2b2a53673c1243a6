//! Move ordering: the searcher's keys for the moves of a node (the table's move, the
//! shallow search on the pattern or mobility evaluation, fastest-first) and its pooled
//! move lists.

use super::moves::{
    MAX_MOVES, Move, MoveList, ORDER_UNIT, PATTERN_MOBILITY_WEIGHT, SQUARE_VALUE, child,
    fastest_first_key, order_eval, potential_mobility, shallow_order_depth, weighted_count,
};
use super::params::{INF, PARITY_ORDER_MAX_EMPTIES, TT_MIN_EMPTIES, final_score};
use super::search::Searcher;
use super::stability::corner_stability;
use crate::game::othello::board::{flips, moves};
use crate::solve::pattern::Features;

impl Searcher<'_> {
    /// The moves of `mask` in a pooled buffer; hand it back with [`Searcher::release`].
    #[inline]
    pub(super) fn moves_of(&mut self, p: u64, o: u64, mask: u64) -> MoveList {
        let buffer = self
            .pool
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(MAX_MOVES));
        MoveList::fill(buffer, p, o, mask)
    }

    /// Returns a list's buffer to the pool.
    #[inline]
    pub(super) fn release(&mut self, list: MoveList) {
        self.pool.push(list.moves);
    }

    /// Sets the ordering keys of `list` (higher first). Returns the node's value by
    /// the shallow search (1/32 discs) when it ran, over the moves other than the
    /// table's and wipe-outs.
    pub(super) fn order(
        &mut self,
        p: u64,
        o: u64,
        list: &mut [Move],
        empties: u32,
        parity: u32,
        tt_move: u8,
    ) -> Option<i32> {
        let mut shallow_best = None;
        let shallow_depth = if self.opts.shallow {
            shallow_order_depth(empties, self.opts.shallow_start())
        } else {
            0
        };
        // The pattern indices of this node, for its children's (see `Features`).
        let features = match self.eval {
            Some(eval) if shallow_depth > 0 => eval.features(p, o),
            _ => Features::default(),
        };
        for m in list {
            let (np, no) = child(p, o, m);
            m.key = if m.square == tt_move {
                1 << 30
            } else if np == 0 {
                // A wipe-out: the best possible result.
                1 << 29
            } else if shallow_depth > 0 {
                let replies = moves(np, no);
                let child_features = self.child_features(&features, u32::from(m.square), m.flips);
                let v = match self.eval {
                    // The ordering search to depth 0 is the child's evaluation: it gets
                    // the replies computed here (same value, same node).
                    Some(eval) if shallow_depth == 1 => {
                        self.nodes += 1;
                        -eval.eval_features(&child_features, np, no, replies)
                    }
                    _ => -self.order_search(
                        np,
                        no,
                        &child_features,
                        -INF * ORDER_UNIT,
                        INF * ORDER_UNIT,
                        shallow_depth - 1,
                    ),
                };
                shallow_best = shallow_best.max(Some(v));
                if self.eval.is_some() {
                    v + (36 - weighted_count(replies))
                        * PATTERN_MOBILITY_WEIGHT[shallow_depth as usize]
                        + corner_stability(no) * ORDER_UNIT
                } else {
                    (v << 12)
                        + ((36 - weighted_count(replies)) << 6)
                        + SQUARE_VALUE[m.square as usize]
                }
            } else if self.opts.fastest_first {
                let use_parity = self.opts.parity && empties < PARITY_ORDER_MAX_EMPTIES;
                let mut key = fastest_first_key(np, no, m.square, parity, use_parity);
                if empties >= TT_MIN_EMPTIES {
                    // Below that it changes the order of almost nothing (FFO #40-#49:
                    // 0.04% more nodes without it there) and costs about 1% of the time.
                    key += (36 - potential_mobility(np, no)) << 5;
                }
                key
            } else {
                0
            };
        }
        shallow_best
    }

    /// The ordering keys of the moves of a node below the table's range (where the
    /// shallow search never runs): [`Searcher::order`]'s fastest-first keys without
    /// the table's move and the potential mobility, so the same order at a fraction of
    /// the cost.
    #[inline]
    pub(super) fn order_small(&self, p: u64, o: u64, list: &mut [Move], parity: u32) {
        if !self.opts.fastest_first {
            for m in list {
                m.key = if child(p, o, m).0 == 0 { 1 << 29 } else { 0 };
            }
            return;
        }
        let use_parity = self.opts.parity;
        for m in list {
            let (np, no) = child(p, o, m);
            m.key = if np == 0 {
                1 << 29
            } else {
                fastest_first_key(np, no, m.square, parity, use_parity)
            };
        }
    }

    /// The pattern indices after the move to `square` flipping `flips` from the
    /// position of `features` (unchanged without the pattern evaluation, which is the
    /// only reader).
    #[inline]
    fn child_features(&self, features: &Features, square: u32, flips: u64) -> Features {
        match self.eval {
            Some(eval) => eval.child_features(features, square, flips),
            None => *features,
        }
    }

    /// A fail-soft alpha-beta search to `depth` for move ordering, on the pattern
    /// evaluation or [`order_eval`], in 1/32 discs (finished games score 32 per disc so
    /// they dominate the evaluation). `features`: the position's pattern indices (unused
    /// without the pattern evaluation).
    fn order_search(
        &mut self,
        p: u64,
        o: u64,
        features: &Features,
        mut alpha: i32,
        beta: i32,
        depth: u32,
    ) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return match self.eval {
                Some(eval) => eval.eval_features(features, p, o, moves(p, o)),
                None => 2 * order_eval(p, o),
            };
        }
        let mut mask = moves(p, o);
        if mask == 0 {
            if moves(o, p) == 0 {
                return ORDER_UNIT * final_score(p, o);
            }
            return -self.order_search(o, p, &features.passed(), -beta, -alpha, depth);
        }
        let mut best = -INF * ORDER_UNIT;
        while mask != 0 {
            let square = mask.trailing_zeros();
            mask &= mask - 1;
            let f = flips(p, o, square);
            let child_features = self.child_features(features, square, f);
            let v = -self.order_search(
                o ^ f,
                p ^ f ^ (1u64 << square),
                &child_features,
                -beta,
                -alpha,
                depth - 1,
            );
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
