//! The game's exact-search shortcuts, Pons' Connect Four rules as engine options: a node
//! whose side to move wins at once is scored without children (`+win`), only moves
//! that do not let the opponent win at once are searched (`+non-losing`), and the window
//! narrows to the game's bounds on the value. They apply only where the remaining depth
//! reaches the end of the game, so every value is still the exact minimax value.
//!
//! A node is judged ([`Ctx::judge`] or [`Ctx::shortcuts`]) before it is expanded; the
//! moves the checks keep wait in the context's `judged` slot, under the position's hash,
//! for that node's [`Ctx::expand`], so the checks run once a node. An expansion of any
//! other position (or of one not judged first, as minimax's nodes) runs the checks
//! itself: the slot saves work and never changes a value or a count.

use super::{Ctx, INF};
use crate::game::{Evaluator, Game, Ruled};

impl<G: Game, E: Evaluator<G>> Ctx<'_, G, E> {
    /// Whether the shortcuts may run at `pos` with `depth` plies to go: an option asks
    /// for them and the search sees the end of every line from here.
    #[inline]
    fn shortcuts_apply(&self, pos: &G, depth: u32) -> bool {
        (self.opts.win_at_once || self.opts.non_losing)
            && depth > 0
            && pos.plies_left_at_most().is_some_and(|n| n <= depth)
    }

    /// Scores a node decided without children (counted as a leaf).
    fn decided(&mut self, value: i32) -> i32 {
        self.count_leaf(value);
        value
    }

    /// The value of a position whose every move lets the opponent win at once: that
    /// loss, found by playing a move and the opponent's winning reply. `None` when the
    /// game does not name the reply (then the node is searched as usual).
    fn loss_at_once(&self, pos: &G, any_move: G::Move) -> Option<i32> {
        let child = pos.play(any_move);
        let reply = child.immediate_win()?;
        Some(child.play(reply).terminal_score(self.opts.scoring))
    }

    /// Pons' two checks on an unfinished node: `Err(value)` when they decide it (the
    /// side to move wins at once, or every move lets the opponent win at once), else the
    /// moves that do not lose at once with `+non-losing` (never empty; give the list back
    /// to the pool), `None` without it or when the game cannot tell.
    fn pons_checks(&mut self, pos: &G, ply: usize) -> Result<Option<Vec<G::Move>>, i32> {
        if let Some(win) = pos.immediate_win() {
            let value = -pos.play(win).terminal_score(self.opts.scoring);
            self.set_line(ply, win);
            return Err(self.decided(value));
        }
        if !self.opts.non_losing {
            return Ok(None);
        }
        let mut keep = self.picker.take_list();
        if !pos.non_losing_moves(&mut keep) {
            self.picker.release(keep);
            return Ok(None);
        }
        if !keep.is_empty() {
            return Ok(Some(keep));
        }
        pos.legal_moves(&mut keep);
        let first = keep.first().copied();
        let loss = first.and_then(|mv| self.loss_at_once(pos, mv));
        self.picker.release(keep);
        match (loss, first) {
            (Some(value), Some(mv)) => {
                // Every move loses the same way: any is a best move.
                self.set_line(ply, mv);
                Err(self.decided(value))
            }
            _ => Ok(None),
        }
    }

    /// The shortcuts before a node is expanded: `Err(value)` when they decide it, else
    /// `Ok((low, high))`, the game's bounds on its value given what they ruled out
    /// (`(-INF, INF)` where they do not apply).
    pub fn shortcuts(&mut self, pos: &G, depth: u32, ply: usize) -> Result<(i32, i32), i32> {
        if !self.shortcuts_apply(pos, depth) || pos.outcome().is_some() {
            return Ok((-INF, INF));
        }
        let mut ruled = Ruled {
            win_at_once: true,
            loss_at_once: false,
        };
        let keep = self.pons_checks(pos, ply)?;
        ruled.loss_at_once = keep.is_some();
        // The expansion that follows takes the moves instead of judging again.
        if let Some((_, Some(stale))) = self.judged.replace((pos.hash(), keep)) {
            self.picker.release(stale);
        }
        Ok(pos.value_bounds(self.opts.scoring, ruled))
    }

    /// Judges a node before it is expanded, from what is known without searching it:
    /// the shortcuts (which may decide it or narrow the window to the game's bounds,
    /// Pons' order: the lower bound, then the upper), then the table
    /// ([`Ctx::tt_look_up`]). Same answer as `tt_look_up`. The shortcuts' moves wait for
    /// the node's [`Ctx::expand`], which takes them instead of judging again.
    #[inline]
    pub fn judge(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, i32, Option<G::Move>), i32> {
        let (mut alpha, mut beta) = (alpha, beta);
        if self.shortcuts_apply(pos, depth) {
            let (low, high) = self.shortcuts(pos, depth, ply)?;
            if alpha < low {
                alpha = low;
                if alpha >= beta {
                    return Err(alpha);
                }
            }
            if beta > high {
                beta = high;
                if alpha >= beta {
                    return Err(beta);
                }
            }
        }
        self.tt_look_up(pos, depth, alpha, beta)
    }

    /// The moves to search after [`Ctx::shortcuts`] let the node through: with
    /// `+non-losing`, `moves` (the legal moves) shrinks to those that do not lose at
    /// once. `Err(value)` when a shortcut decides the node here instead (algorithms that
    /// expand without probing first, as minimax, meet the shortcuts only here).
    pub(super) fn shortcut_moves(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        moves: &mut Vec<G::Move>,
    ) -> Result<(), i32> {
        if !self.shortcuts_apply(pos, depth) {
            return Ok(());
        }
        let keep = match self.judged.take() {
            Some((h, keep)) if h == pos.hash() => keep,
            other => {
                if let Some((_, Some(stale))) = other {
                    self.picker.release(stale);
                }
                self.pons_checks(pos, ply)?
            }
        };
        if let Some(mut keep) = keep {
            std::mem::swap(moves, &mut keep);
            self.picker.release(keep);
        }
        Ok(())
    }
}
