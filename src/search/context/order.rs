//! What the context tells the move picker about a node's moves: each move's rating under
//! the chosen [`MoveOrder`] and its history score, then the picker puts them in order
//! (the table's move, the killers, the rest by rating; `movepick.rs`).
//!
//! Look-ahead ratings (shallow search, the perfect oracle) run through the same context
//! with counting diverted to `ordering_nodes`, so they can be stopped like any search
//! but do not inflate the node counts being compared. The shallow search is the one
//! the context was made with ([`super::ShallowSearch`]).

use super::{Ctx, INF};
use crate::game::{Evaluator, Game, Scoring, within_heuristic_limit};
use crate::search::options::MoveOrder;

impl<G: Game, E: Evaluator<G>> Ctx<'_, G, E> {
    /// Orders `moves` of `pos` (an interior node at remaining `depth`, at `ply`) in place.
    pub(super) fn order_moves(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        tt_move: Option<G::Move>,
        moves: &mut Vec<G::Move>,
    ) {
        let order = self.opts.ordering;
        let use_history = self.opts.history;
        let rated = (order != MoveOrder::Generation || use_history).then(|| {
            let mut keyed = self.picker.take_scratch();
            // One network call for all the node's moves.
            let logits = (order == MoveOrder::Prior)
                .then(|| self.eval.policy(pos))
                .flatten();
            if logits.is_some() {
                self.count_net_evaluation();
            }
            for &mv in moves.iter() {
                // The cheap ratings inline; a look-ahead is a call of its own.
                let key = match order {
                    MoveOrder::Generation => 0,
                    MoveOrder::Static => i64::from(pos.move_order_hint(mv)),
                    // Threats first, the static hint breaking ties (Pons' step 7).
                    MoveOrder::Threats => {
                        (i64::from(pos.threat_score(mv)) << 32) + i64::from(pos.move_order_hint(mv))
                    }
                    // Logits in millionths: the order of the priors (a softmax keeps it).
                    MoveOrder::Prior => logits.as_ref().map_or(0, |l| {
                        (f64::from(l.get(G::move_index(mv)).copied().unwrap_or(0.0)) * 1e6) as i64
                    }),
                    _ => self.look_ahead_rating(pos, mv, order, depth, ply),
                };
                let hist = if use_history {
                    self.picker.history_score(Self::history_slot(pos, mv))
                } else {
                    0
                };
                keyed.push((key, hist, mv));
            }
            keyed
        });
        let sort_all = self.opts.order_all || order == MoveOrder::Generation;
        self.picker.arrange(moves, rated, sort_all, ply, tt_move);
    }

    /// The rating of `mv` at `pos` under a look-ahead `order` (evaluation, shallow
    /// search, oracle; higher first); the cheap orders are rated where they are used.
    fn look_ahead_rating(
        &mut self,
        pos: &G,
        mv: G::Move,
        order: MoveOrder,
        depth: u32,
        ply: usize,
    ) -> i64 {
        match order {
            MoveOrder::Generation | MoveOrder::Static | MoveOrder::Threats | MoveOrder::Prior => 0,
            MoveOrder::Evaluation => -i64::from(self.child_static_value(&pos.play(mv))),
            MoveOrder::Shallow(k) => {
                let child = pos.play(mv);
                let d = k.min(depth.saturating_sub(1));
                let shallow = self.shallow;
                -i64::from(self.while_ordering(|c| shallow(c, &child, d, ply + 1)))
            }
            MoveOrder::Oracle => {
                let child = pos.play(mv);
                let scoring = if self.opts.oracle_win_loss {
                    Scoring::WinLoss
                } else {
                    self.opts.scoring
                };
                -i64::from(
                    self.while_ordering(|c| c.oracle_value(&child, depth - 1, ply + 1, scoring)),
                )
            }
        }
    }

    /// Runs `f` with counting diverted to `ordering_nodes` (for searches whose only job is
    /// to order moves).
    fn while_ordering<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.ordering_level += 1;
        let out = f(self);
        self.ordering_level -= 1;
        out
    }

    /// The value of a child for one-ply ordering, from the child's side to move: the rules
    /// when the game is over, the evaluator otherwise. Counts nothing.
    fn child_static_value(&self, child: &G) -> i32 {
        match child.outcome() {
            Some(_) => child.terminal_score(self.opts.scoring),
            None => self.heuristic(child, self.eval.evaluate(child)),
        }
    }

    /// The exact negamax value of `pos` at `depth` under `scoring`, memoised per search by
    /// the move picker: the perfect oracle. Runs in ordering mode (counted in
    /// `ordering_nodes`, stoppable).
    fn oracle_value(&mut self, pos: &G, depth: u32, ply: usize, scoring: Scoring) -> i32 {
        if !self.enter(ply, None, -INF, INF) {
            return 0;
        }
        if let Some(v) = self.picker.oracle_recall(pos.hash(), depth) {
            return v;
        }
        let value = if pos.outcome().is_some() {
            pos.terminal_score(scoring)
        } else if depth == 0 {
            within_heuristic_limit(pos, scoring, self.eval.evaluate(pos))
        } else {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let mut best = -INF;
            for mv in moves {
                let v = -self.oracle_value(&pos.play(mv), depth - 1, ply + 1, scoring);
                best = best.max(v);
            }
            best
        };
        if !self.aborted() {
            self.picker.oracle_remember(pos.hash(), depth, value);
        }
        value
    }
}
