//! The context's transposition table: the key a position is stored under, the look-up
//! that may answer a node or narrow its window (counted in `tt_probes`, `tt_hits` and
//! `tt_cutoffs`), the store after a search, and MT-SSS*'s use of the table as its
//! memory. Algorithms reach the table only through these methods.

use super::{Ctx, SearchTable};
use crate::game::{Evaluator, Game};
use crate::search::options::TableKind;
use crate::search::trace::TraceEvent;
use crate::search::tt::{SharedEntry, TtEntry};

impl<G: Game, E: Evaluator<G>> Ctx<'_, G, E> {
    /// The key a position is stored under (canonical with symmetry sharing).
    #[inline]
    fn tt_key(&self, pos: &G) -> u64 {
        if self.opts.tt_symmetry {
            pos.canonical_hash()
        } else {
            pos.hash()
        }
    }

    /// Looks the position up. Returns `Err(value)` when the stored bounds answer the
    /// window `(alpha, beta)` at this depth; otherwise `Ok((alpha, beta, tt_move))` with
    /// the window narrowed by the bounds.
    #[inline]
    pub fn tt_look_up(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, i32, Option<G::Move>), i32> {
        if self.ordering_level > 0 {
            return Ok((alpha, beta, None));
        }
        let Some(tt) = &self.tt else {
            return Ok((alpha, beta, None));
        };
        let key = self.tt_key(pos);
        self.tt_hint = None;
        let found = match tt {
            SearchTable::Own(t) => t.look_up(key).map(|e| (e.lower, e.upper, e.depth, e.best)),
            SearchTable::Shared(t) => t.look_up(key).map(|e| {
                // The shared table keeps the move's index: `expand` finds the move.
                self.tt_hint = e.best.map(|i| (key, i));
                (e.lower, e.upper, e.depth, None)
            }),
        };
        self.counters.tt_probes += 1;
        let Some((lower, upper, d, best)) = found else {
            return Ok((alpha, beta, None));
        };
        self.counters.tt_hits += 1;
        // With symmetry sharing the stored move may belong to another orientation.
        let tt_move = if self.opts.tt_symmetry { None } else { best };
        // A deeper search's bounds answer a shallower one only when the row asks
        // (`+tt-deeper`: the value is then no longer exactly the depth's).
        if d != depth && !(self.opts.tt_deeper && d > depth) {
            return Ok((alpha, beta, tt_move));
        }
        let answer = if lower == upper {
            Some(lower)
        } else if upper <= alpha {
            Some(upper)
        } else if lower >= beta {
            Some(lower)
        } else {
            None
        };
        if let Some(value) = answer {
            self.counters.tt_cutoffs += 1;
            if let Some(trace) = &mut self.trace {
                trace.events.push(TraceEvent::TtCut { value });
            }
            return Err(value);
        }
        Ok((alpha.max(lower), beta.min(upper), tt_move))
    }

    /// Stores a search result (see [`TranspositionTable::store`]).
    #[inline]
    pub fn tt_store(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: i32,
        beta: i32,
        value: i32,
        best: Option<G::Move>,
    ) {
        // No table: nothing to hash (the key costs a node more than its search).
        if self.ordering_level > 0 || self.stopped.is_some() || self.tt.is_none() {
            return;
        }
        let key = self.tt_key(pos);
        let Some(tt) = &mut self.tt else {
            return;
        };
        let one_bound = |lower, upper| TtEntry {
            key,
            lower,
            upper,
            depth,
            best: None,
        };
        let tt = match tt {
            SearchTable::Own(t) => t,
            SearchTable::Shared(t) => {
                let best = best.map(G::move_index);
                let put = |lower, upper| {
                    let e = SharedEntry {
                        lower,
                        upper,
                        depth,
                        best: None,
                    };
                    t.put(key, e);
                };
                match self.opts.table {
                    TableKind::Full => t.store(key, depth, alpha, beta, value, best),
                    TableKind::Upper if value < beta => put(i32::MIN, value),
                    TableKind::Upper => {}
                    TableKind::LastBound if value >= beta => put(value, i32::MAX),
                    TableKind::LastBound => put(i32::MIN, value),
                }
                return;
            }
        };
        match self.opts.table {
            TableKind::Full => tt.store(key, depth, alpha, beta, value, best),
            // Pons' step 4: what a node learns once every move was searched, as an upper
            // bound (an exact value too); nothing from a cutoff.
            TableKind::Upper if value < beta => tt.put(one_bound(i32::MIN, value)),
            TableKind::Upper => {}
            // Pons' step 8: a cutoff's lower bound or the upper bound, whichever came last.
            TableKind::LastBound if value >= beta => tt.put(one_bound(value, i32::MAX)),
            TableKind::LastBound => tt.put(one_bound(i32::MIN, value)),
        }
    }

    /// The move the shared table gave for `pos` at its last look-up, found among
    /// `moves` by its index (the shared table keeps indices, not moves).
    pub(super) fn hinted_move(&mut self, pos: &G, moves: &[G::Move]) -> Option<G::Move> {
        let (key, index) = self.tt_hint.take()?;
        if self.opts.tt_symmetry || key != self.tt_key(pos) {
            return None;
        }
        moves.iter().copied().find(|&m| G::move_index(m) == index)
    }

    /// Makes the table MT-SSS*'s memory when the options keep leaf values in it
    /// (`+tt-leaves`; see
    /// [`crate::search::tt::TranspositionTable::use_as_mt_memory`]).
    pub fn use_table_as_mt_memory(&mut self) {
        if self.opts.tt_leaves
            && let Some(SearchTable::Own(tt)) = &mut self.tt
        {
            tt.use_as_mt_memory();
        }
    }
}
