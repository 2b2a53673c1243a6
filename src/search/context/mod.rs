//! The shared search context: the one place where nodes and every other counter are
//! counted, the stop flag is polled, moves are generated and handed to the move picker,
//! the table is looked up and stored, the principal variation is kept and the optional
//! trace is recorded.
//!
//! Algorithms never touch [`Counters`], the table or the move picker's state; they
//! call [`Ctx::enter`], [`Ctx::static_leaf`], [`Ctx::expand`], [`Ctx::cutoff`],
//! [`Ctx::research`], the `count_*` methods and the table methods, so a node means the
//! same thing in every row of a comparison. Its parts, each a file of this folder:
//! counting and expansion here, the table in `table.rs`, the ratings the move picker
//! orders by in `order.rs`, Pons' shortcuts in `shortcuts.rs`, what a parallel search's
//! threads share in `parallel.rs`.

pub mod counters;
mod order;
mod parallel;
mod shortcuts;
mod table;

pub use parallel::{Deepening, HelperParts, Threads};

use crate::platform::clock::Instant;
use std::sync::atomic::Ordering as AtomicOrdering;

use super::chance::Outcomes;
pub use super::control::{
    INF, MAX_TIME_BUDGET, Progress, ProgressSink, SearchControl, StopReason, round_to_grain,
};
use super::movepick::MovePicker;
use super::options::{SearchOptions, TableKind};
use super::trace::{Trace, TraceEvent, VisitKind};
use super::tt::{SharedTable, TranspositionTable};
use crate::game::{Evaluator, Game, Side, within_heuristic_limit};
use counters::Counters;

/// How often (in nodes) the stop flag, the budgets and the progress clock are looked
/// at: every 1024 nodes (well under a millisecond), and at the node a node budget runs
/// out, so that a search stops on its budget exactly.
const POLL_EVERY: u64 = 1024;

/// A list of moves borrowed from the context's pool; give it back with
/// [`Ctx::release`] so a search allocates nothing once warm.
pub type MoveList<M> = Vec<M>;

/// The shallow search a look-ahead ordering rates a child by: its value searched to the
/// given depth at the given ply, counted as ordering work. The search's creator names it
/// (an algorithm of [`super::algorithms`]), so the context, which every algorithm uses,
/// depends on none of them.
pub type ShallowSearch<'a, G, E> = fn(&mut Ctx<'a, G, E>, &G, u32, usize) -> i32;

/// The search context of one search (see the module doc).
pub struct Ctx<'a, G: Game, E: Evaluator<G>> {
    /// The static evaluator.
    eval: &'a E,
    /// The options of this search.
    opts: &'a SearchOptions,
    /// The counters.
    counters: Counters,
    /// The transposition table, when the options ask for one: this search's own, or
    /// one its threads share ([`Ctx::share_table`]).
    tt: Option<SearchTable<G::Move>>,
    /// Why the search ended early, once it has.
    stopped: Option<StopReason>,
    /// The side to move at the root (two-sided algorithms score from its view).
    root_side: Side,
    /// The triangular principal-variation table, one line per ply.
    pv: Vec<Vec<G::Move>>,
    /// Killers, history, the move lists' pool and the oracle's memo.
    picker: MovePicker<G::Move>,
    /// The shallow search of `shallow:K` ordering.
    shallow: ShallowSearch<'a, G, E>,
    /// The game's checks on the node just judged (its hash, and the moves that do not
    /// lose at once when known), kept for its expansion so they run once a node
    /// (`shortcuts.rs`).
    judged: Option<(u64, Option<Vec<G::Move>>)>,
    control: SearchControl<'a>,
    start: Instant,
    last_progress: Instant,
    /// Nodes (of either count) left before the next poll.
    until_poll: u64,
    /// Greater than zero while a search runs only to order moves (counted apart).
    ordering_level: u32,
    trace: Option<Trace<G::Move>>,
    next_kind: VisitKind,
    /// What progress reports say about the last finished iteration.
    progress_state: Progress,
    /// A Lazy SMP helper's root moves start this many moves on (0: in order).
    root_rotation: usize,
    /// Flags that end this thread's part of a parallel search besides the stop flag:
    /// one per split it works in (a sibling's cutoff raises it), the innermost last.
    watched: Vec<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The index in `watched` of the flag that stopped the search, when one did.
    stopped_by: Option<usize>,
    /// What a parallel search's threads share besides the table (`parallel.rs`).
    threads: Option<std::sync::Arc<Threads>>,
    /// Nodes added from helper threads' counters ([`Ctx::absorb`]).
    absorbed_nodes: u64,
    /// Threads lent to a search whose counts depend only on its inputs, which it may
    /// share its moves out to without changing a count (`serial_split`).
    lent: Option<std::sync::Arc<Threads>>,
    /// What a team of whole-tree searchers beside this one shares across iterations
    /// (Lazy SMP, ABDADA).
    deepening: Option<std::sync::Arc<Deepening>>,
    /// The shared table's move for the node last looked up: its key and the move's
    /// index (see `table.rs`).
    tt_hint: Option<(u64, usize)>,
}

/// A search's transposition table: its own, or one shared with other threads.
#[derive(Debug)]
pub enum SearchTable<M> {
    /// This search's own.
    Own(TranspositionTable<M>),
    /// Shared by a parallel search's threads (lock-free).
    Shared(std::sync::Arc<SharedTable>),
}

impl<'a, G: Game, E: Evaluator<G>> Ctx<'a, G, E> {
    /// A fresh context: empty table, killers and history; the clock starts now.
    /// `shallow` is the search `shallow:K` ordering rates children by.
    pub fn new(
        root: &G,
        eval: &'a E,
        opts: &'a SearchOptions,
        control: SearchControl<'a>,
        shallow: ShallowSearch<'a, G, E>,
    ) -> Self {
        let tt = (opts.tt_mib > 0).then(|| {
            SearchTable::Own(match opts.table {
                TableKind::Full => TranspositionTable::with_mib(opts.tt_mib),
                TableKind::Upper | TableKind::LastBound => {
                    TranspositionTable::with_mib_prime(opts.tt_mib)
                }
            })
        });
        Ctx::with_table(root, eval, opts, control, shallow, tt)
    }

    /// A fresh context with the table `tt` (its own, shared, or none).
    fn with_table(
        root: &G,
        eval: &'a E,
        opts: &'a SearchOptions,
        control: SearchControl<'a>,
        shallow: ShallowSearch<'a, G, E>,
        tt: Option<SearchTable<G::Move>>,
    ) -> Self {
        let trace = control.trace.then(Trace::default);
        let lent = control.lend.clone().filter(|_| {
            opts.counts_are_pure()
                && !control.trace
                && control.node_budget.is_none()
                && control.time_budget.is_none()
        });
        let now = Instant::now();
        let until_poll = control
            .node_budget
            .map_or(POLL_EVERY, |b| b.clamp(1, POLL_EVERY));
        Ctx {
            eval,
            opts,
            counters: Counters::default(),
            tt,
            stopped: None,
            root_side: root.side_to_move(),
            pv: Vec::new(),
            picker: MovePicker::new(G::MOVE_SLOTS),
            shallow,
            judged: None,
            control,
            start: now,
            last_progress: now,
            until_poll,
            ordering_level: 0,
            trace,
            next_kind: VisitKind::Normal,
            progress_state: Progress::default(),
            root_rotation: 0,
            watched: Vec::new(),
            stopped_by: None,
            threads: None,
            absorbed_nodes: 0,
            lent,
            deepening: None,
            tt_hint: None,
        }
    }

    /// The options of this search.
    #[inline]
    #[must_use]
    pub fn opts(&self) -> &'a SearchOptions {
        self.opts
    }

    /// The static evaluator.
    #[inline]
    #[must_use]
    pub fn eval(&self) -> &'a E {
        self.eval
    }

    /// The counters so far.
    #[inline]
    #[must_use]
    pub fn counters(&self) -> &Counters {
        &self.counters
    }

    /// The counters so far with the time so far: what a result reports.
    #[must_use]
    pub fn counters_so_far(&self) -> Counters {
        Counters {
            elapsed_secs: self.elapsed(),
            ..self.counters.clone()
        }
    }

    /// The side to move at the root (two-sided algorithms score from its view).
    #[inline]
    #[must_use]
    pub fn root_side(&self) -> Side {
        self.root_side
    }

    /// Why the search ended early, once it has.
    #[inline]
    #[must_use]
    pub fn stop_reason(&self) -> Option<StopReason> {
        self.stopped
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
        if self.ordering_level > 0 {
            self.counters.ordering_nodes += 1;
        } else {
            self.counters.nodes += 1;
            self.counters.max_ply = self.counters.max_ply.max(ply as u32);
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
        }
        self.until_poll -= 1;
        if self.until_poll == 0 {
            self.poll();
        }
        self.stopped.is_none()
    }

    /// Visits a node: [`Ctx::enter`], then `body` for its value, then [`Ctx::leave`].
    /// Every algorithm's recursive entry point is one call of this, so a node is counted
    /// and traced the same way everywhere. Returns 0 at once when the search must unwind.
    /// Always inlined: the body is the algorithm's own node, so this is no call at all
    /// (WebAssembly engines inline nothing themselves).
    #[inline(always)]
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
        self.poll_watched();
        self.until_poll = POLL_EVERY;
        if let Some(budget) = self.control.node_budget {
            let spent = self.counters.nodes + self.counters.ordering_nodes;
            if spent >= budget {
                self.abort(StopReason::NodeBudget);
            } else {
                self.until_poll = (budget - spent).min(POLL_EVERY);
            }
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

    /// Progress reports from now on are of the iteration to `depth`.
    pub fn begin_iteration(&mut self, depth: u32) {
        self.progress_state.depth = depth;
        if let Some(team) = &self.deepening {
            team.begin(depth);
        }
    }

    /// An iteration finished with `score`, its best move and line in notation: reports
    /// it now, and later reports say it until the next one finishes.
    pub fn finish_iteration(&mut self, score: i32, best_move: Option<String>, pv: Vec<String>) {
        self.progress_state.score = Some(score);
        self.progress_state.best_move = best_move;
        self.progress_state.pv = pv;
        self.report_progress();
    }

    /// Sends a progress report now.
    fn report_progress(&mut self) {
        self.progress_state.nodes = self.counters.nodes;
        self.progress_state.elapsed_secs = self.elapsed();
        if let Some(sink) = &mut self.control.progress {
            sink(&self.progress_state);
        }
    }

    /// Scores a position at the horizon (depth 0): the rules if the game is over, the
    /// evaluator if not. Counts a leaf.
    #[inline]
    pub fn static_leaf(&mut self, pos: &G) -> i32 {
        let value = match self.eval.evaluate_unless_over(pos) {
            None => pos.terminal_score(self.opts.scoring),
            Some(v) => self.heuristic(pos, round_to_grain(v, self.opts.grain)),
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

    /// Counts a leaf scored by the algorithm itself (a node decided without searching
    /// its children), and traces it.
    #[inline]
    pub fn count_leaf(&mut self, value: i32) {
        if self.ordering_level == 0 {
            self.counters.leaves += 1;
            if let Some(trace) = &mut self.trace {
                trace.events.push(TraceEvent::Leaf { value });
            }
        }
    }

    /// Counts `n` interior nodes: nodes whose moves were generated (by
    /// [`Ctx::expand`], [`Ctx::chance_outcomes`], or by an algorithm that keeps its own
    /// tree and generates them itself). The one place `interior` is counted.
    #[inline]
    pub fn count_interior(&mut self, n: u64) {
        if self.ordering_level == 0 {
            self.counters.interior += n;
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
        let mut moves = self.picker.take_list();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.picker.release(moves);
            return Err(self.terminal_leaf(pos));
        }
        if let Err(value) = self.shortcut_moves(pos, depth, ply, &mut moves) {
            self.picker.release(moves);
            return Err(value);
        }
        self.count_interior(1);
        if self.ordering_level == 0 {
            self.ensure_pv_rows(ply);
            if moves.len() > 1 {
                let tt_move = match tt_move {
                    Some(m) => Some(m),
                    None if self.tt_hint.is_some() => self.hinted_move(pos, &moves),
                    None => None,
                };
                self.order_moves(pos, depth, ply, tt_move, &mut moves);
            }
        }
        if ply == 0 && self.root_rotation > 0 && !moves.is_empty() {
            let k = self.root_rotation % moves.len();
            moves.rotate_left(k);
        }
        Ok(moves)
    }

    /// Gives a move list back to the pool.
    #[inline]
    pub fn release(&mut self, moves: MoveList<G::Move>) {
        self.picker.release(moves);
    }

    /// Records a cutoff at `ply` by `mv`, the `index`-th move tried (0 = first), at
    /// remaining `depth`: counts it and teaches the move picker (killers, history).
    pub fn cutoff(&mut self, pos: &G, ply: usize, index: usize, mv: G::Move, depth: u32) {
        if self.ordering_level > 0 {
            return;
        }
        self.counters.beta_cutoffs += 1;
        if index == 0 {
            self.counters.first_move_cutoffs += 1;
        }
        if let Some(trace) = &mut self.trace {
            trace.events.push(TraceEvent::Cutoff {
                index: index as u32,
            });
        }
        let history_slot = self.opts.history.then(|| Self::history_slot(pos, mv));
        self.picker
            .learn(ply, mv, self.opts.killers as usize, history_slot, depth);
    }

    /// The history slot of `mv` for the side to move in `pos`.
    #[inline]
    fn history_slot(pos: &G, mv: G::Move) -> usize {
        pos.side_to_move().index() * G::MOVE_SLOTS + G::move_index(mv)
    }

    /// Counts a cutoff that is not a move's (a Scout TEST decided, an SSS* prune).
    pub fn count_cutoff(&mut self, first: bool) {
        if self.ordering_level == 0 {
            self.counters.beta_cutoffs += 1;
            if first {
                self.counters.first_move_cutoffs += 1;
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
            self.counters.researches += 1;
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
        self.counters.null_window_passes += 1;
    }

    /// `Some` at a chance node: its outcomes, counted as an interior node and a chance
    /// node. `None` at a player's node (nothing counted).
    pub fn chance_outcomes(&mut self, pos: &G) -> Option<Outcomes<G::Move>> {
        let mut list = Vec::new();
        if !pos.chance_outcomes(&mut list) {
            return None;
        }
        self.count_interior(1);
        if self.ordering_level == 0 {
            self.counters.chance_nodes += 1;
        }
        let total = list.iter().map(|&(_, w)| i64::from(w)).sum();
        Some(Outcomes { list, total })
    }

    /// Counts a chance node ended by its bounds, at or above β (`above_beta`) or at
    /// or below α, and traces it.
    pub fn chance_cutoff(&mut self, above_beta: bool) {
        if self.ordering_level == 0 {
            self.counters.chance_cutoffs += 1;
            self.trace_event(TraceEvent::ChanceCutoff { above_beta });
        }
    }

    /// Marks the next node entered as one of Star2's probes in the trace.
    pub fn mark_probe(&mut self) {
        self.mark_kind(VisitKind::Probe);
    }

    /// Counts one of Star2's probes.
    pub fn count_probe(&mut self) {
        if self.ordering_level == 0 {
            self.counters.probes += 1;
        }
    }

    /// Counts one MCTS iteration run.
    pub fn count_iteration(&mut self) {
        self.counters.iterations += 1;
    }

    /// Counts `n` moves played in an MCTS playout.
    pub fn count_playout_plies(&mut self, n: u64) {
        self.counters.playout_plies += n;
    }

    /// Counts `n` positions MCTS added to its tree.
    pub fn count_tree_nodes(&mut self, n: u64) {
        self.counters.tree_nodes += n;
    }

    /// Counts one position the policy-value network evaluated (PUCT).
    pub fn count_net_evaluation(&mut self) {
        self.counters.net_evaluations += 1;
    }

    /// Counts `n` nodes of MCTS-Solver's tree whose value it proved.
    pub fn count_proven(&mut self, n: u64) {
        self.counters.proven_nodes += n;
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
