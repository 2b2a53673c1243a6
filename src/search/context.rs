//! The shared search context: the one place where nodes are counted, the stop flag is
//! polled, moves are generated and ordered, the table is probed, killers and history
//! learn, the principal variation is kept and the optional trace is recorded.
//!
//! Algorithms never touch [`SearchStats`] directly; they call [`Ctx::enter`],
//! [`Ctx::static_leaf`], [`Ctx::expand`], [`Ctx::cutoff`], [`Ctx::research`] and the
//! table methods, so a node means the same thing in every row of a comparison.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::{Duration, Instant};

use super::options::{MoveOrder, SearchOptions, TableKind};
use super::ordering;
use super::stats::SearchStats;
use super::trace::{Trace, TraceEvent, VisitKind};
use super::tt::{TranspositionTable, TtEntry};
use crate::game::{Evaluator, Game, Side, within_heuristic_limit};

/// A value beyond every score: the "infinity" of the windows. Negation-safe.
pub const INF: i32 = 1_000_000_000;

/// `value` rounded to the nearest multiple of `grain` (halves away from zero, so the
/// rounding commutes with negation, as negamax needs); `grain` 0 or 1 keeps it.
#[must_use]
pub fn round_to_grain(value: i32, grain: u32) -> i32 {
    if grain <= 1 {
        return value;
    }
    let g = i64::from(grain);
    let v = i64::from(value);
    let rounded = v.signum() * ((v.abs() + g / 2) / g) * g;
    rounded.clamp(-i64::from(INF - 1), i64::from(INF - 1)) as i32
}

/// How often (in nodes, a power of two minus one as a mask) the stop flag, the budgets
/// and the progress clock are looked at. 1024 nodes take well under a millisecond.
const POLL_MASK: u64 = 1023;

/// Why a search ended before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    /// The stop flag was raised (the Stop button, Ctrl-C).
    Stopped,
    /// The node budget ran out.
    NodeBudget,
    /// The time budget ran out.
    TimeBudget,
    /// SSS*'s OPEN list (or another store) reached its memory cap.
    MemoryLimit,
}

impl StopReason {
    /// Words for a status line.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            StopReason::Stopped => "stopped",
            StopReason::NodeBudget => "node budget reached",
            StopReason::TimeBudget => "time budget reached",
            StopReason::MemoryLimit => "memory limit reached",
        }
    }
}

/// A live report from a running search, throttled by time.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// The iteration's depth (the fixed depth without iterative deepening).
    pub depth: u32,
    /// Nodes so far.
    pub nodes: u64,
    /// Seconds so far.
    pub elapsed_secs: f64,
    /// The best root move of the last finished iteration, in notation.
    pub best_move: Option<String>,
    /// Its principal variation, in notation.
    pub pv: Vec<String>,
    /// Its score.
    pub score: Option<i32>,
}

/// Where progress reports go.
pub type ProgressSink<'a> = Box<dyn FnMut(&Progress) + Send + 'a>;

/// What a search may do and whom it tells: the stop flag, budgets and a progress sink.
pub struct SearchControl<'a> {
    /// Raised by anyone to stop the search; polled every 1024 nodes.
    pub stop: Arc<AtomicBool>,
    /// End the search after this many nodes.
    pub node_budget: Option<u64>,
    /// End the search after this long.
    pub time_budget: Option<Duration>,
    /// Called with live progress at most every `progress_interval`.
    pub progress: Option<ProgressSink<'a>>,
    /// The least time between two progress reports.
    pub progress_interval: Duration,
    /// Record a trace of the search (for the tree view); off costs nothing.
    pub trace: bool,
}

impl Default for SearchControl<'_> {
    fn default() -> Self {
        SearchControl {
            stop: Arc::new(AtomicBool::new(false)),
            node_budget: None,
            time_budget: None,
            progress: None,
            progress_interval: Duration::from_millis(100),
            trace: false,
        }
    }
}

/// The longest time budget a search accepts (a week): longer is a typo, and
/// `Duration` arithmetic on absurd values would overflow.
pub const MAX_TIME_BUDGET: Duration = Duration::from_secs(7 * 24 * 3600);

impl SearchControl<'_> {
    /// Refuses budgets that cannot mean what they say: a node budget of 0, a time budget
    /// of zero or longer than [`MAX_TIME_BUDGET`].
    pub fn validate(&self) -> Result<(), super::OptionError> {
        if self.node_budget == Some(0) {
            return Err(super::OptionError(
                "a node budget of 0 would stop before the root: use at least 1 node".into(),
            ));
        }
        if let Some(t) = self.time_budget
            && (t.is_zero() || t > MAX_TIME_BUDGET)
        {
            return Err(super::OptionError(format!(
                "a time budget of {:.3} s is out of range: use more than 0 and at most {} s",
                t.as_secs_f64(),
                MAX_TIME_BUDGET.as_secs()
            )));
        }
        Ok(())
    }

    /// A time budget of `seconds` (as a user types it), or why not: not a number, not
    /// positive, or longer than [`MAX_TIME_BUDGET`].
    pub fn time_budget_from_secs(seconds: f64) -> Result<Duration, super::OptionError> {
        if !(seconds.is_finite() && seconds > 0.0) {
            return Err(super::OptionError(format!(
                "a time budget of {seconds} s is not a positive number of seconds"
            )));
        }
        match Duration::try_from_secs_f64(seconds) {
            Ok(t) if t <= MAX_TIME_BUDGET && !t.is_zero() => Ok(t),
            _ => Err(super::OptionError(format!(
                "a time budget of {seconds} s is out of range: use at most {} s",
                MAX_TIME_BUDGET.as_secs()
            ))),
        }
    }
}

impl std::fmt::Debug for SearchControl<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchControl")
            .field("stop", &self.stop.load(AtomicOrdering::Relaxed))
            .field("node_budget", &self.node_budget)
            .field("time_budget", &self.time_budget)
            .field("trace", &self.trace)
            .finish_non_exhaustive()
    }
}

/// A list of moves borrowed from the context's pool; give it back with
/// [`Ctx::release`] so a search allocates nothing once warm.
pub type MoveList<M> = Vec<M>;

/// The search context of one search (see the module doc).
pub struct Ctx<'a, G: Game, E: Evaluator<G>> {
    /// The static evaluator.
    pub eval: &'a E,
    /// The options of this search.
    pub opts: &'a SearchOptions,
    /// The counters.
    pub stats: SearchStats,
    /// The transposition table, when the options ask for one.
    pub tt: Option<TranspositionTable<G::Move>>,
    /// Why the search ended early, once it has.
    pub stopped: Option<StopReason>,
    /// The side to move at the root (two-sided algorithms score from its view).
    pub root_side: Side,
    /// The triangular principal-variation table, one line per ply.
    pv: Vec<Vec<G::Move>>,
    killers: Vec<Vec<G::Move>>,
    history: Vec<u64>,
    pub(super) pool: Vec<Vec<G::Move>>,
    /// The game's checks on the node just probed (its hash, and the moves that do not
    /// lose at once when known), kept for its expansion so they run once a node.
    pub(super) judged: Option<(u64, Option<Vec<G::Move>>)>,
    control: SearchControl<'a>,
    start: Instant,
    last_progress: Instant,
    /// Greater than zero while a search runs only to order moves (counted apart).
    pub(super) ordering_level: u32,
    pub(super) oracle_memo: std::collections::HashMap<(u64, u32), i32>,
    trace: Option<Trace<G::Move>>,
    /// Scratch space for move keys while ordering (ordering never nests).
    pub(super) scratch: Vec<(i64, u64, G::Move)>,
    next_kind: VisitKind,
    /// What progress reports say about the last finished iteration.
    pub progress_state: Progress,
}

impl<'a, G: Game, E: Evaluator<G>> Ctx<'a, G, E> {
    /// A fresh context: empty table, killers and history; the clock starts now.
    pub fn new(root: &G, eval: &'a E, opts: &'a SearchOptions, control: SearchControl<'a>) -> Self {
        let tt = (opts.tt_mib > 0).then(|| match opts.table {
            TableKind::Full => TranspositionTable::with_mib(opts.tt_mib),
            TableKind::Upper | TableKind::LastBound => {
                TranspositionTable::with_mib_prime(opts.tt_mib)
            }
        });
        let trace = control.trace.then(Trace::default);
        let now = Instant::now();
        Ctx {
            eval,
            opts,
            stats: SearchStats::default(),
            tt,
            stopped: None,
            root_side: root.side_to_move(),
            pv: Vec::new(),
            killers: Vec::new(),
            history: vec![0; 2 * G::MOVE_SLOTS],
            pool: Vec::new(),
            judged: None,
            control,
            start: now,
            last_progress: now,
            ordering_level: 0,
            oracle_memo: std::collections::HashMap::new(),
            trace,
            scratch: Vec::new(),
            next_kind: VisitKind::Normal,
            progress_state: Progress::default(),
        }
    }

    /// Seconds since the context was made.
    #[must_use]
    pub fn elapsed(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    /// Whether the search has been told to end.
    #[inline]
    #[must_use]
    pub fn aborted(&self) -> bool {
        self.stopped.is_some()
    }

    /// Ends the search with `reason` (the first reason wins).
    pub fn abort(&mut self, reason: StopReason) {
        if self.stopped.is_none() {
            self.stopped = Some(reason);
        }
    }

    /// The one node counter: every algorithm calls this when it visits a position, with
    /// the move that led here and the window it is searched with (from the view the
    /// algorithm uses). Returns false when the search must unwind at once.
    #[inline]
    pub fn enter(&mut self, ply: usize, mv: Option<G::Move>, alpha: i32, beta: i32) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        let count = if self.ordering_level > 0 {
            self.stats.ordering_nodes += 1;
            self.stats.ordering_nodes
        } else {
            self.stats.nodes += 1;
            self.stats.max_ply = self.stats.max_ply.max(ply as u32);
            // A node's line starts empty; interior nodes fill it through update_pv.
            if let Some(line) = self.pv.get_mut(ply) {
                line.clear();
            }
            if let Some(trace) = &mut self.trace {
                let kind = std::mem::replace(&mut self.next_kind, VisitKind::Normal);
                trace.events.push(TraceEvent::Enter {
                    ply: ply as u32,
                    mv,
                    alpha,
                    beta,
                    kind,
                });
            }
            self.stats.nodes
        };
        if count & POLL_MASK == 0 {
            self.poll();
        }
        self.stopped.is_none()
    }

    /// Visits a node: [`Ctx::enter`], then `body` for its value, then [`Ctx::leave`].
    /// Every algorithm's recursive entry point is one call of this, so a node is counted
    /// and traced the same way everywhere. Returns 0 at once when the search must unwind.
    #[inline]
    pub fn visit(
        &mut self,
        ply: usize,
        mv: Option<G::Move>,
        alpha: i32,
        beta: i32,
        body: impl FnOnce(&mut Self) -> i32,
    ) -> i32 {
        if !self.enter(ply, mv, alpha, beta) {
            return 0;
        }
        let value = body(self);
        self.leave(value);
        value
    }

    /// Records the value a node returns (for the trace; counts nothing).
    #[inline]
    pub fn leave(&mut self, value: i32) {
        if self.ordering_level == 0
            && let Some(trace) = &mut self.trace
        {
            trace.events.push(TraceEvent::Leave { value });
        }
    }

    fn poll(&mut self) {
        if self.control.stop.load(AtomicOrdering::Relaxed) {
            self.abort(StopReason::Stopped);
        }
        if let Some(budget) = self.control.node_budget
            && self.stats.nodes + self.stats.ordering_nodes >= budget
        {
            self.abort(StopReason::NodeBudget);
        }
        let now = Instant::now();
        if let Some(limit) = self.control.time_budget
            && now.duration_since(self.start) >= limit
        {
            self.abort(StopReason::TimeBudget);
        }
        if now.duration_since(self.last_progress) >= self.control.progress_interval {
            self.last_progress = now;
            self.report_progress();
        }
    }

    /// Sends a progress report now (also called at the end of each iteration).
    pub fn report_progress(&mut self) {
        self.progress_state.nodes = self.stats.nodes;
        self.progress_state.elapsed_secs = self.elapsed();
        if let Some(sink) = &mut self.control.progress {
            sink(&self.progress_state);
        }
    }

    /// Scores a position at the horizon (depth 0): the rules if the game is over, the
    /// evaluator if not. Counts a leaf.
    #[inline]
    pub fn static_leaf(&mut self, pos: &G) -> i32 {
        let value = match pos.outcome() {
            Some(_) => pos.terminal_score(self.opts.scoring),
            None => self.heuristic(
                pos,
                round_to_grain(self.eval.evaluate(pos), self.opts.grain),
            ),
        };
        self.count_leaf(value);
        value
    }

    /// A static evaluation `value` of `pos` kept within the game's bound for the scoring
    /// ([`Game::heuristic_limit`]), so that it never outranks a proven win or falls below
    /// a proven loss.
    #[inline]
    pub fn heuristic(&self, pos: &G, value: i32) -> i32 {
        within_heuristic_limit(pos, self.opts.scoring, value)
    }

    /// Scores a finished position found while expanding. Counts a leaf.
    #[inline]
    fn terminal_leaf(&mut self, pos: &G) -> i32 {
        let value = pos.terminal_score(self.opts.scoring);
        self.count_leaf(value);
        value
    }

    #[inline]
    pub(super) fn count_leaf(&mut self, value: i32) {
        if self.ordering_level == 0 {
            self.stats.leaves += 1;
            if let Some(trace) = &mut self.trace {
                trace.events.push(TraceEvent::Leaf { value });
            }
        }
    }

    /// Generates and orders the moves of an interior node at `depth > 0`. `Err(value)`
    /// when the position turns out to be finished (a leaf, counted and scored).
    /// The list comes from a pool: hand it back with [`Ctx::release`].
    pub fn expand(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        tt_move: Option<G::Move>,
    ) -> Result<MoveList<G::Move>, i32> {
        let mut moves = self.pool.pop().unwrap_or_default();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.pool.push(moves);
            return Err(self.terminal_leaf(pos));
        }
        if let Err(value) = self.shortcut_moves(pos, depth, ply, &mut moves) {
            self.pool.push(moves);
            return Err(value);
        }
        if self.ordering_level == 0 {
            self.stats.interior += 1;
            self.ensure_pv_rows(ply);
        }
        if moves.len() > 1 && self.ordering_level == 0 {
            ordering::order_moves(self, pos, depth, ply, tt_move, &mut moves);
        }
        Ok(moves)
    }

    /// Gives a move list back to the pool.
    #[inline]
    pub fn release(&mut self, moves: MoveList<G::Move>) {
        self.pool.push(moves);
    }

    /// Records a cutoff at `ply` by `mv`, the `index`-th move tried (0 = first), at
    /// remaining `depth`: counts it and teaches killers and history.
    pub fn cutoff(&mut self, pos: &G, ply: usize, index: usize, mv: G::Move, depth: u32) {
        if self.ordering_level > 0 {
            return;
        }
        self.stats.beta_cutoffs += 1;
        if index == 0 {
            self.stats.first_move_cutoffs += 1;
        }
        if let Some(trace) = &mut self.trace {
            trace.events.push(TraceEvent::Cutoff {
                index: index as u32,
            });
        }
        let k = self.opts.killers as usize;
        if k > 0 {
            if self.killers.len() <= ply {
                self.killers.resize_with(ply + 1, Vec::new);
            }
            let list = &mut self.killers[ply];
            // Article 004: most recent first; a known killer moves to the front.
            if let Some(at) = list.iter().position(|&m| m == mv) {
                list.remove(at);
            }
            list.insert(0, mv);
            list.truncate(k);
        }
        if self.opts.history {
            let slot = pos.side_to_move().index() * G::MOVE_SLOTS + G::move_index(mv);
            self.history[slot] += u64::from(depth) * u64::from(depth);
        }
    }

    /// Counts a cutoff that is not a move's (a Scout TEST decided, an SSS* prune).
    pub fn count_cutoff(&mut self, first: bool) {
        if self.ordering_level == 0 {
            self.stats.beta_cutoffs += 1;
            if first {
                self.stats.first_move_cutoffs += 1;
            }
            if let Some(trace) = &mut self.trace {
                trace.events.push(TraceEvent::Cutoff {
                    index: u32::from(!first),
                });
            }
        }
    }

    /// Counts a re-search; the next node entered is marked as one in the trace.
    pub fn research(&mut self) {
        if self.ordering_level == 0 {
            self.stats.researches += 1;
            self.next_kind = VisitKind::Research;
        }
    }

    /// Marks the next node entered as a null-window test in the trace.
    #[inline]
    pub fn mark_null_window(&mut self) {
        self.mark_kind(VisitKind::NullWindow);
    }

    /// Marks the next node entered as a visit of `kind` in the trace.
    #[inline]
    pub fn mark_kind(&mut self, kind: VisitKind) {
        if self.trace.is_some() && self.ordering_level == 0 {
            self.next_kind = kind;
        }
    }

    /// Counts one null-window pass at the root (MTD(f), MT-SSS*).
    pub fn null_window_pass(&mut self) {
        self.stats.null_window_passes += 1;
    }

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
    pub fn tt_probe(
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
        self.stats.tt_probes += 1;
        let Some(TtEntry {
            lower,
            upper,
            depth: d,
            best,
            ..
        }) = tt.probe(key)
        else {
            return Ok((alpha, beta, None));
        };
        self.stats.tt_hits += 1;
        // With symmetry sharing the stored move may belong to another orientation.
        let tt_move = if self.opts.tt_symmetry { None } else { best };
        if d != depth {
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
            self.stats.tt_cutoffs += 1;
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
        if self.ordering_level > 0 || self.stopped.is_some() {
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

    /// The killers of `ply`, most recent first.
    pub(super) fn killers_at(&self, ply: usize) -> &[G::Move] {
        self.killers.get(ply).map_or(&[], Vec::as_slice)
    }

    /// The history score of `mv` for the side to move in `pos`.
    pub(super) fn history_score(&self, pos: &G, mv: G::Move) -> u64 {
        self.history[pos.side_to_move().index() * G::MOVE_SLOTS + G::move_index(mv)]
    }

    /// Runs `f` with counting diverted to `ordering_nodes` (for searches whose only job is
    /// to order moves).
    pub(super) fn while_ordering<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.ordering_level += 1;
        let out = f(self);
        self.ordering_level -= 1;
        out
    }

    /// Whether the options ask for an ordering that needs look-ahead at `depth`.
    pub(super) fn ordering(&self) -> MoveOrder {
        self.opts.ordering
    }

    fn ensure_pv_rows(&mut self, ply: usize) {
        if self.pv.len() <= ply + 1 {
            self.pv.resize_with(ply + 2, Vec::new);
        }
    }

    /// `mv` is the new best move at `ply`: the line becomes `mv` followed by the child's.
    pub fn update_pv(&mut self, ply: usize, mv: G::Move) {
        if self.ordering_level > 0 {
            return;
        }
        if self.pv.len() <= ply + 1 {
            self.pv.resize_with(ply + 2, Vec::new);
        }
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// The line at `ply` becomes `mv` alone (a node decided without searching its
    /// children, by a move the game names).
    pub(super) fn set_line(&mut self, ply: usize, mv: G::Move) {
        if self.ordering_level > 0 {
            return;
        }
        self.ensure_pv_rows(ply);
        self.pv[ply].clear();
        self.pv[ply].push(mv);
    }

    /// The principal variation from the root as last recorded.
    #[must_use]
    pub fn root_pv(&self) -> Vec<G::Move> {
        self.pv.first().cloned().unwrap_or_default()
    }

    /// Replaces the root line (null-window drivers keep the line of the pass that set
    /// the value).
    pub fn set_root_pv(&mut self, line: Vec<G::Move>) {
        if self.pv.is_empty() {
            self.pv.push(Vec::new());
        }
        self.pv[0] = line;
    }

    /// Takes the recorded trace, if one was asked for.
    pub fn take_trace(&mut self) -> Option<Trace<G::Move>> {
        self.trace.take()
    }

    /// Pushes a trace event directly (SSS* records its own operator steps).
    pub fn trace_event(&mut self, event: TraceEvent<G::Move>) {
        if self.ordering_level == 0
            && let Some(trace) = &mut self.trace
        {
            trace.events.push(event);
        }
    }

    /// Whether a trace is being recorded.
    #[must_use]
    pub fn tracing(&self) -> bool {
        self.trace.is_some()
    }
}
