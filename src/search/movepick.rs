//! The move picker: everything move ordering remembers during one search, kept apart
//! from the search context (as Stockfish keeps movepick apart from search).
//!
//! It owns the killers of each ply, the history scores, the scratch space of the
//! ordering keys, the perfect oracle's memo and the pool of move lists, and it is the
//! only code that changes them. The context asks it for a list and gives the list back,
//! tells it of each cutoff ([`MovePicker::learn`]) and hands it the rated moves of a
//! node to put in order ([`MovePicker::arrange`]).
//!
//! The final order is built in stages, like a staged move picker: the table's move
//! first, then the killers of this ply that are legal here (most recent first), then the
//! rest by their rating with the history score breaking ties. With `order_all = false`
//! only the best-rated move is brought to the front of the rest and the others keep
//! generation order (article 002's `sort_allnodes=False`).

use std::collections::HashMap;

/// The most oracle values remembered in one search (about 50 MiB of hash map).
const MAX_ORACLE_MEMO: usize = 1 << 21;

/// A rated move while ordering: its rating, its history score, the move.
pub type Rated<M> = (i64, u64, M);

/// The state of move ordering in one search (see the module doc).
pub struct MovePicker<M> {
    /// The killers of each ply, most recent first.
    killers: Vec<Vec<M>>,
    /// The history score of each side and move slot.
    history: Vec<u64>,
    /// Move lists handed back, to be handed out again (a warm search allocates none).
    pool: Vec<Vec<M>>,
    /// Scratch space for the ratings of one node's moves (ordering never nests).
    scratch: Vec<Rated<M>>,
    /// The perfect oracle's values by (hash, depth).
    oracle_memo: HashMap<(u64, u32), i32>,
}

impl<M: Copy + PartialEq> MovePicker<M> {
    /// An empty picker for a game with `slots` move slots per side (the history has a
    /// score for each side and slot).
    #[must_use]
    pub fn new(slots: usize) -> Self {
        MovePicker {
            killers: Vec::new(),
            history: vec![0; 2 * slots],
            pool: Vec::new(),
            scratch: Vec::new(),
            oracle_memo: HashMap::new(),
        }
    }

    /// An empty move list from the pool.
    #[inline]
    pub fn take_list(&mut self) -> Vec<M> {
        self.pool.pop().unwrap_or_default()
    }

    /// Gives a move list back to the pool.
    #[inline]
    pub fn release(&mut self, list: Vec<M>) {
        self.pool.push(list);
    }

    /// Learns from a cutoff by `mv` at `ply`, `depth` plies from the horizon: the
    /// killers keep the `k` most recent (article 004: a known killer moves to the
    /// front), and the history score of `history_slot` (when history is on) gains
    /// `depth²`.
    #[inline]
    pub fn learn(&mut self, ply: usize, mv: M, k: usize, history_slot: Option<usize>, depth: u32) {
        if k > 0 {
            if self.killers.len() <= ply {
                self.killers.resize_with(ply + 1, Vec::new);
            }
            let list = &mut self.killers[ply];
            if let Some(at) = list.iter().position(|&m| m == mv) {
                list.remove(at);
            }
            list.insert(0, mv);
            list.truncate(k);
        }
        if let Some(slot) = history_slot {
            self.history[slot] += u64::from(depth) * u64::from(depth);
        }
    }

    /// The history score of the move in `slot` (the side's index times the game's move
    /// slots plus the move's index).
    #[inline]
    #[must_use]
    pub fn history_score(&self, slot: usize) -> u64 {
        self.history[slot]
    }

    /// The scratch space for rating a node's moves, emptied; hand it back through
    /// [`MovePicker::arrange`].
    #[inline]
    pub fn take_scratch(&mut self) -> Vec<Rated<M>> {
        let mut keyed = std::mem::take(&mut self.scratch);
        keyed.clear();
        keyed
    }

    /// Puts `moves` in order at `ply`: when `rated` (the moves with their ratings and
    /// history scores, in generation order) is given, by rating (all of them with
    /// `sort_all`, else only the best to the front), else in generation order; then the
    /// killers of the ply, then `tt_move` in front.
    #[inline]
    pub fn arrange(
        &mut self,
        moves: &mut Vec<M>,
        rated: Option<Vec<Rated<M>>>,
        sort_all: bool,
        ply: usize,
        tt_move: Option<M>,
    ) {
        if let Some(mut keyed) = rated {
            Self::by_rating(moves, &mut keyed, sort_all);
            self.scratch = keyed;
        }
        // Killers in front of the rest, most recent first (article 004's reorder).
        let killers = self.killers.get(ply).map_or(&[][..], Vec::as_slice);
        let mut front = 0;
        for &k in killers {
            if let Some(at) = moves[front..].iter().position(|&m| m == k) {
                let mv = moves.remove(front + at);
                moves.insert(front, mv);
                front += 1;
            }
        }
        if let Some(tm) = tt_move
            && let Some(at) = moves.iter().position(|&m| m == tm)
        {
            let mv = moves.remove(at);
            moves.insert(0, mv);
        }
    }

    /// `moves` sorted by `keyed`'s ratings (history breaking ties; stable, so equal
    /// keys keep generation order and results are deterministic), or only the best
    /// brought to the front without `sort_all`.
    fn by_rating(moves: &mut Vec<M>, keyed: &mut [Rated<M>], sort_all: bool) {
        if sort_all {
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
    }

    /// The oracle's remembered value of the position with `hash` at `depth`.
    #[inline]
    #[must_use]
    pub fn oracle_recall(&self, hash: u64, depth: u32) -> Option<i32> {
        self.oracle_memo.get(&(hash, depth)).copied()
    }

    /// Remembers the oracle's value of the position with `hash` at `depth`. A cache, not
    /// a table of record: emptying it when full bounds the memory of a long
    /// oracle-ordered search and changes no value (only the ordering work).
    pub fn oracle_remember(&mut self, hash: u64, depth: u32, value: i32) {
        if self.oracle_memo.len() >= MAX_ORACLE_MEMO {
            self.oracle_memo.clear();
        }
        self.oracle_memo.insert((hash, depth), value);
    }
}
