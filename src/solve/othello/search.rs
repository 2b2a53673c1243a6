//! The search proper: one thread's state ([`Searcher`]), the null-window search of the
//! deep nodes (table, ETC, ordering, the presearch's cut) and of the shallow nodes
//! (parity order, no move list), the principal-variation search, and the
//! young-brothers-wait split of a deep node's moves over the solver's idle helper
//! threads (its crew, started once and kept across solves).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::moves::{MAX_MOVES, Move, MoveList, ORDER_UNIT, child, select, shallow_order_depth};
use super::params::{
    ETC_MIN_EMPTIES, INF, MAX_SCORE, NEIGHBOURS, OthelloOptions, QUADRANT_BIT, QUADRANTS,
    SHALLOW_EMPTIES, SPLIT_MIN_ELDEST_NODES, SPLIT_MIN_EMPTIES, SQUARE_CLASSES,
    STABILITY_ALPHA_PER_EMPTY, STABILITY_ALPHA_SLACK, TT_MIN_EMPTIES, final_score,
};
use super::stability::stable_discs;
use super::table::{EXACT, Entry, NO_MOVE, SolverTable, hash};
use crate::game::othello::board::{flips, moves};
use crate::platform::crew::Crew;
use crate::solve::pattern::PatternEval;

/// One thread's search state: options, node counter, the shared table.
pub(super) struct Searcher<'t> {
    pub(super) opts: &'t OthelloOptions,
    pub(super) table: Option<&'t SolverTable>,
    pub(super) nodes: u64,
    /// Move buffers for reuse, one per level in use.
    pub(super) pool: Vec<Vec<Move>>,
    /// The ordering evaluation (None: the hand-written one).
    pub(super) eval: Option<&'static PatternEval>,
    /// The helper threads to split work with (None: one thread, no splits).
    pub(super) crew: Option<&'t Crew>,
    /// The stop flags of the splits this searcher works under: when one is set, a
    /// sibling refuted the node and the work is thrown away.
    pub(super) stops: Vec<Arc<AtomicBool>>,
    /// [`EXACT`] for the exact search, else the presearch's margin in discs (see
    /// [`OthelloOptions::presearch`]); also the precision of this search's table
    /// entries (see [`Entry::precision`]).
    pub(super) precision: u8,
}

impl<'t> Searcher<'t> {
    /// A searcher with an empty node count.
    pub(super) fn new(opts: &'t OthelloOptions, table: Option<&'t SolverTable>) -> Searcher<'t> {
        Searcher {
            opts,
            table,
            nodes: 0,
            pool: Vec::new(),
            eval: opts
                .pattern
                .then(|| opts.eval.unwrap_or_else(PatternEval::shipped)),
            crew: None,
            stops: Vec::new(),
            precision: EXACT,
        }
    }

    /// The null-window value of move `m` of the deep node `(p, o)` at `alpha`, from the
    /// node's side; `cut`: whether the child is expected to be a cut node (see
    /// [`Searcher::nws`]).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn nws_move(
        &mut self,
        p: u64,
        o: u64,
        m: &Move,
        alpha: i32,
        empties: u32,
        parity: u32,
        cut: bool,
    ) -> i32 {
        let (np, no) = child(p, o, m);
        -self.nws(
            np,
            no,
            -alpha - 1,
            empties - 1,
            parity ^ QUADRANT_BIT[m.square as usize],
            cut,
        )
    }

    /// The presearch's margin in 1/32 discs (`None` in the exact search).
    #[inline]
    fn presearch_margin(&self) -> Option<i32> {
        (self.precision != EXACT).then(|| i32::from(self.precision) * ORDER_UNIT)
    }

    /// The presearch's cut at a null-window node searched at `alpha` whose moves so far
    /// reached `best`, given the node's shallow-search value `shallow` (from
    /// [`Searcher::order`]): the bound to return when that value is clearly above alpha,
    /// or clearly at most alpha; `None` in the exact search or when it is not clear.
    #[inline]
    fn presearch_cut(&self, shallow: Option<i32>, alpha: i32, best: i32) -> Option<i32> {
        let (margin, v) = (self.presearch_margin()?, shallow?);
        if v >= (alpha + 1) * ORDER_UNIT + margin {
            Some(alpha + 1)
        } else if v < alpha * ORDER_UNIT - margin {
            Some(best.max(alpha))
        } else {
            None
        }
    }

    /// Whether a split this searcher works under was cut off (its work is void).
    #[inline]
    fn aborted(&self) -> bool {
        !self.stops.is_empty() && self.stops.iter().any(|f| f.load(Ordering::Relaxed))
    }

    /// Whether a helper thread is idle (a split would find one).
    #[inline]
    fn helper_idle(&self) -> bool {
        self.crew.is_some_and(|c| c.idle() > 0)
    }

    /// Searches `moves` (sorted) of a deep node with a null window at `alpha`, this
    /// thread and the crew's idle helpers taking them in turn (a helper that becomes
    /// idle joins while moves are left; this thread, once its moves are done, works on
    /// the splits its helpers made below while it waits for them). Returns the best
    /// value and move found (fail-soft as [`Searcher::nws`]); a value above `alpha`
    /// stops them all.
    #[allow(clippy::too_many_arguments)]
    fn split(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empties: u32,
        parity: u32,
        moves: &[Move],
    ) -> (i32, u8) {
        let flag = Arc::new(AtomicBool::new(false));
        let mut stops = self.stops.clone();
        stops.push(Arc::clone(&flag));
        let split = Split {
            node: (p, o, alpha, empties, parity),
            moves,
            next: AtomicUsize::new(0),
            flag,
            best: Mutex::new((-INF, NO_MOVE)),
            helper_nodes: AtomicU64::new(0),
            opts: self.opts,
            table: self.table,
            crew: self.crew,
            precision: self.precision,
            stops,
        };
        let helper = |_: usize| split.help();
        let room = moves.len().saturating_sub(1);
        match self.crew {
            Some(crew) => crew.split(room, empties, &helper, || {
                self.stops.push(Arc::clone(&split.flag));
                split.work(self);
                self.stops.pop();
            }),
            None => split.work(self),
        }
        self.nodes += split.helper_nodes.load(Ordering::Relaxed);
        split.best.into_inner().unwrap_or((-INF, NO_MOVE))
    }

    /// Null-window search at a deep node: is the score above `alpha`? Fail-soft (see
    /// the module header).
    ///
    /// `cut` is the node's expected type (Knuth and Moore): a cut node is expected to
    /// fail high (one move refutes), an all-node to fail low (every move is searched).
    /// A cut node's first child is an all-node; every other child, and every child of
    /// an all-node, a cut node; a pass swaps the type. Only a hint: an expected
    /// all-node below the table's range searches its moves unsorted (see
    /// [`Searcher::nws_small`]).
    pub(super) fn nws(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empties: u32,
        parity: u32,
        cut: bool,
    ) -> i32 {
        debug_assert!((-INF..INF).contains(&alpha));
        if empties <= SHALLOW_EMPTIES {
            return self.nws_shallow(p, o, alpha, empties, parity);
        }
        if empties < TT_MIN_EMPTIES {
            return self.nws_small(p, o, alpha, empties, parity, cut);
        }
        self.nodes += 1;
        if empties >= SPLIT_MIN_EMPTIES && self.aborted() {
            return 0;
        }
        if let Some(bound) = self.stability_cutoff(p, o, alpha, empties) {
            return bound;
        }
        let table = if empties >= TT_MIN_EMPTIES {
            self.table
        } else {
            None
        };
        let h = if table.is_some() { hash(p, o) } else { 0 };
        let mut tt_move = NO_MOVE;
        if let Some(table) = table
            && let Some(e) = table.look_up(h)
        {
            if e.precision >= self.precision {
                if e.lower > alpha {
                    return e.lower;
                }
                if e.upper <= alpha {
                    return e.upper;
                }
            }
            tt_move = e.best;
        }
        let mask = moves(p, o);
        if mask == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.nws(o, p, -alpha - 1, empties, parity, !cut);
        }
        let list = self.moves_of(p, o, mask);
        if let Some(table) = table
            && let Some(bound) = self.etc_cutoff(table, p, o, &list, alpha, empties)
        {
            self.release(list);
            return bound;
        }
        self.nws_children(p, o, alpha, empties, parity, cut, list, table, h, tt_move)
    }

    /// Enhanced transposition cutoff at the deep node `(p, o)` with moves `list`: loads
    /// the children's table buckets together (above [`TT_MIN_EMPTIES`]) and, with ETC
    /// on, returns the bound of a child whose entry already refutes it at `alpha`.
    #[inline]
    fn etc_cutoff(
        &self,
        table: &SolverTable,
        p: u64,
        o: u64,
        list: &MoveList,
        alpha: i32,
        empties: u32,
    ) -> Option<i32> {
        let mut child_hashes = [0u64; MAX_MOVES];
        if empties > TT_MIN_EMPTIES {
            // The children will look the table up (and ETC right away): start loading
            // their buckets together now instead of one miss after another later.
            for (m, ch) in list.moves[..list.len].iter().zip(&mut child_hashes) {
                let (np, no) = child(p, o, m);
                *ch = hash(np, no);
                table.prefetch(*ch);
            }
        }
        if self.opts.etc && empties >= ETC_MIN_EMPTIES {
            for &ch in &child_hashes[..list.len] {
                if let Some(e) = table.look_up(ch)
                    && -e.upper > alpha
                    && e.precision >= self.precision
                {
                    return Some(-e.upper);
                }
            }
        }
        None
    }

    /// The moves of the deep node `(p, o)` (see [`Searcher::nws`]): the table's move
    /// `tt_move` first, then the others ordered, split over a helper once the first
    /// failed to cut off; stores the result in `table` under hash `h`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn nws_children(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empties: u32,
        parity: u32,
        cut: bool,
        mut list: MoveList,
        table: Option<&SolverTable>,
        h: u64,
        tt_move: u8,
    ) -> i32 {
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        // The table's move first, before paying for the ordering of the others: it
        // often cuts off alone.
        let mut first = 0;
        // The nodes of the eldest brother's search (a split needs a big one).
        let mut eldest = 0;
        if let Some(k) = list.moves[..list.len]
            .iter()
            .position(|m| m.square == tt_move)
        {
            list.moves.swap(0, k);
            let m = list.moves[0];
            let before = self.nodes;
            best = self.nws_move(p, o, &m, alpha, empties, parity, !cut);
            eldest = self.nodes - before;
            best_move = m.square;
            first = 1;
            if self.aborted() {
                self.release(list);
                return best;
            }
        }
        if best <= alpha {
            if first < list.len {
                let shallow =
                    self.order(p, o, &mut list.moves[..list.len], empties, parity, tt_move);
                if let Some(bound) = self.presearch_cut(shallow, alpha, best) {
                    self.release(list);
                    self.store(table, h, alpha, bound, NO_MOVE, empties);
                    return bound;
                }
            }
            let mut i = first;
            while i < list.len {
                if i > 0
                    && i + 1 < list.len
                    && empties >= SPLIT_MIN_EMPTIES
                    && eldest >= SPLIT_MIN_ELDEST_NODES
                    && self.helper_idle()
                {
                    // Young brothers wait: the first move did not cut off, so the
                    // others are searched in parallel.
                    for k in i..list.len {
                        list.select(k);
                    }
                    let rest = &list.moves[i..list.len];
                    let (v, square) = self.split(p, o, alpha, empties, parity, rest);
                    if v > best {
                        best = v;
                        best_move = square;
                    }
                    break;
                }
                let m = list.select(i);
                let before = self.nodes;
                let v = self.nws_move(p, o, &m, alpha, empties, parity, !(cut && i == 0));
                if i == 0 {
                    eldest = self.nodes - before;
                }
                if v > best {
                    best = v;
                    best_move = m.square;
                    if v > alpha {
                        break;
                    }
                }
                i += 1;
            }
            if self.aborted() {
                self.release(list);
                return best;
            }
        }
        self.release(list);
        self.store(table, h, alpha, best, best_move, empties);
        best
    }

    /// [`Searcher::nws`] at a deep node below [`TT_MIN_EMPTIES`]: no table, no
    /// splits, so the few moves (at most one per empty square) live in an array on the
    /// stack. An expected all-node (`cut` false) leaves them in square order: all of
    /// them are searched anyway, and at 98% of the cut nodes here the first sorted move
    /// refutes, so the prediction rarely fails (FFO #40-#49: 1.6% more nodes, the
    /// ordering's cost saved at a quarter of these nodes).
    fn nws_small(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empties: u32,
        parity: u32,
        cut: bool,
    ) -> i32 {
        debug_assert!(empties < TT_MIN_EMPTIES);
        self.nodes += 1;
        if let Some(bound) = self.stability_cutoff(p, o, alpha, empties) {
            return bound;
        }
        let mut mask = moves(p, o);
        if mask == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.nws(o, p, -alpha - 1, empties, parity, !cut);
        }
        let shallow_order =
            self.opts.shallow && shallow_order_depth(empties, self.opts.shallow_start()) > 0;
        let mut best = -INF;
        if !cut && !shallow_order {
            // An expected all-node: the moves in square order, each flipped as it comes.
            while mask != 0 {
                let square = mask.trailing_zeros();
                mask &= mask - 1;
                let m = Move::on(p, o, square);
                let v = self.nws_move(p, o, &m, alpha, empties, parity, true);
                if v > best {
                    best = v;
                    if v > alpha {
                        break;
                    }
                }
            }
            return best;
        }
        let mut list = [Move::default(); TT_MIN_EMPTIES as usize];
        let mut n = 0;
        while mask != 0 {
            let square = mask.trailing_zeros();
            mask &= mask - 1;
            list[n] = Move::on(p, o, square);
            n += 1;
        }
        let list = &mut list[..n];
        // (The shallow-search ordering, when it runs this low, also feeds the
        // presearch's cut: not skipped.)
        if shallow_order {
            let shallow = self.order(p, o, list, empties, parity, NO_MOVE);
            if let Some(bound) = self.presearch_cut(shallow, alpha, best) {
                return bound;
            }
        } else if cut {
            self.order_small(p, o, list, parity);
        }
        for i in 0..n {
            let m = select(list, i);
            let v = self.nws_move(p, o, &m, alpha, empties, parity, !(cut && i == 0));
            if v > best {
                best = v;
                if v > alpha {
                    break;
                }
            }
        }
        best
    }

    /// Stores a null-window result `v` at `alpha` of the position with hash `h` (if
    /// there is a table).
    #[inline]
    fn store(
        &self,
        table: Option<&SolverTable>,
        h: u64,
        alpha: i32,
        v: i32,
        best: u8,
        empties: u32,
    ) {
        if let Some(table) = table {
            let (lower, upper) = if v > alpha {
                (v, MAX_SCORE)
            } else {
                (-MAX_SCORE, v)
            };
            table.store(
                h,
                Entry {
                    lower,
                    upper,
                    best,
                    empties,
                    precision: self.precision,
                },
            );
        }
    }

    /// Principal-variation search: the exact score when it lies in `(alpha, beta)`,
    /// else a bound on the failing side (fail-soft). Returns the best move too.
    pub(super) fn pvs(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empties: u32,
        parity: u32,
    ) -> (i32, u8) {
        debug_assert!(alpha < beta);
        self.nodes += 1;
        let mask = moves(p, o);
        if mask == 0 {
            if moves(o, p) == 0 {
                return (final_score(p, o), NO_MOVE);
            }
            let (v, _) = self.pvs(o, p, -beta, -alpha, empties, parity);
            return (-v, NO_MOVE);
        }
        let h = if self.table.is_some() { hash(p, o) } else { 0 };
        let mut tt_move = NO_MOVE;
        if let Some(table) = self.table
            && let Some(e) = table.look_up(h)
        {
            tt_move = e.best;
        }
        let mut list = self.moves_of(p, o, mask);
        self.order(p, o, &mut list.moves[..list.len], empties, parity, tt_move);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for i in 0..list.len {
            let m = list.select(i);
            let (np, no) = child(p, o, &m);
            let child_parity = parity ^ QUADRANT_BIT[m.square as usize];
            let v = if i == 0 {
                -self.pvs(np, no, -beta, -alpha, empties - 1, child_parity).0
            } else {
                let mut v = -self.nws(np, no, -alpha - 1, empties - 1, child_parity, true);
                if v > alpha && v < beta {
                    v = -self.pvs(np, no, -beta, -v, empties - 1, child_parity).0;
                }
                v
            };
            if v > best {
                best = v;
                best_move = m.square;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.release(list);
        if let Some(table) = self.table
            && empties >= TT_MIN_EMPTIES
        {
            let lower = if best > original_alpha {
                best
            } else {
                -MAX_SCORE
            };
            let upper = if best < beta { best } else { MAX_SCORE };
            table.store(
                h,
                Entry {
                    lower,
                    upper,
                    best: best_move,
                    empties,
                    precision: self.precision,
                },
            );
        }
        (best, best_move)
    }

    /// Null-window search without the table: squares tried in parity order (odd
    /// quadrants first), then by square class.
    fn nws_shallow(&mut self, p: u64, o: u64, alpha: i32, empties: u32, parity: u32) -> i32 {
        if empties <= self.opts.last_n {
            return self.nws_last(p, o, alpha, empties, parity);
        }
        self.nodes += 1;
        if empties == 0 {
            return final_score(p, o);
        }
        if empties >= 5
            && let Some(bound) = self.stability_cutoff(p, o, alpha, empties)
        {
            return bound;
        }
        let empty = !(p | o);
        let mut best = -INF;
        let (first, second) = self.parity_split(parity);
        for quadrants in [first, second] {
            if quadrants == 0 {
                continue;
            }
            for class in SQUARE_CLASSES {
                let mut squares = empty & class & quadrants;
                while squares != 0 {
                    let square = squares.trailing_zeros();
                    squares &= squares - 1;
                    if NEIGHBOURS[square as usize] & o == 0 {
                        continue;
                    }
                    let f = flips(p, o, square);
                    if f == 0 {
                        continue;
                    }
                    let v = -self.nws_shallow(
                        o ^ f,
                        p ^ f ^ (1u64 << square),
                        -alpha - 1,
                        empties - 1,
                        parity ^ QUADRANT_BIT[square as usize],
                    );
                    if v > best {
                        best = v;
                        if v > alpha {
                            return v;
                        }
                    }
                }
            }
        }
        if best == -INF {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            self.nodes -= 1; // the pass is the same node
            return -self.nws_shallow(o, p, -alpha - 1, empties, parity);
        }
        best
    }

    /// The squares of the odd quadrants and of the even ones (or all, then none, with
    /// parity off).
    #[inline]
    pub(super) fn parity_split(&self, parity: u32) -> (u64, u64) {
        if !self.opts.parity {
            return (u64::MAX, 0);
        }
        let mut odd = 0;
        for (q, &mask) in QUADRANTS.iter().enumerate() {
            if parity & (1 << q) != 0 {
                odd |= mask;
            }
        }
        (odd, !odd)
    }
}

impl Searcher<'_> {
    /// The stability bound when it proves the score is at most `alpha`.
    #[inline]
    pub(super) fn stability_cutoff(&self, p: u64, o: u64, alpha: i32, empties: u32) -> Option<i32> {
        // The opponent's stable discs are at most its discs: skip the work when even
        // all of them could not bring the bound down to alpha. And with many empty
        // squares few discs are stable: test only high alphas there.
        if !self.opts.stability
            || 2 * (o.count_ones() as i32) < MAX_SCORE - alpha
            || alpha < STABILITY_ALPHA_PER_EMPTY * empties as i32 - STABILITY_ALPHA_SLACK
        {
            return None;
        }
        let upper = MAX_SCORE - 2 * stable_discs(o, p).count_ones() as i32;
        (upper <= alpha).then_some(upper)
    }
}

/// What the threads of one split share: the node, its moves and the next one to take,
/// the flag a refutation raises, the best value and move so far, the helpers' nodes,
/// and what a helper's searcher is made of.
struct Split<'m, 't> {
    /// `(p, o, alpha, empties, parity)` of the node.
    node: (u64, u64, i32, u32, u32),
    moves: &'m [Move],
    next: AtomicUsize,
    flag: Arc<AtomicBool>,
    best: Mutex<(i32, u8)>,
    helper_nodes: AtomicU64,
    opts: &'t OthelloOptions,
    table: Option<&'t SolverTable>,
    crew: Option<&'t Crew>,
    precision: u8,
    /// A helper's stop flags: the splits above and this one's.
    stops: Vec<Arc<AtomicBool>>,
}

impl Split<'_, '_> {
    /// A helper's part (a thread of the crew that joined): the moves it takes, with a
    /// searcher of its own (none made when every move is taken already).
    fn help(&self) {
        if self.next.load(Ordering::Relaxed) >= self.moves.len()
            || self.flag.load(Ordering::Relaxed)
        {
            return;
        }
        let mut h = Searcher::new(self.opts, self.table);
        h.crew = self.crew;
        h.stops.clone_from(&self.stops);
        h.precision = self.precision;
        self.work(&mut h);
        self.helper_nodes.fetch_add(h.nodes, Ordering::Relaxed);
    }

    /// One thread's share: the next move not yet taken, until none is left, one
    /// refutes the node, or the work is void.
    fn work(&self, s: &mut Searcher<'_>) {
        let (p, o, alpha, empties, parity) = self.node;
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.moves.len() || s.aborted() {
                break;
            }
            let m = self.moves[i];
            // The first move failed low: the node is an all-node, so each of the
            // others is expected to be refuted (a cut node).
            let v = s.nws_move(p, o, &m, alpha, empties, parity, true);
            if s.aborted() {
                break;
            }
            if let Ok(mut b) = self.best.lock()
                && v > b.0
            {
                *b = (v, m.square);
            }
            if v > alpha {
                self.flag.store(true, Ordering::Relaxed);
                break;
            }
        }
    }
}
