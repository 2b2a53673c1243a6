//! The MCTS tree of one search, stepped iteration by iteration and phase by phase
//! (selection, expansion, playout, backup): what the Tree tab draws for MCTS rows, what
//! `treelab trace` prints for them and what the quiz asks about them.
//!
//! Built from the search's own trace ([`MctsIteration`] events), and replayed here with
//! UCB1 as the search computes it (PUCT's rule with the network's priors for PUCT rows:
//! [`super::mcts_puct`]), so that a test can check every selection the search made
//! against the rule the view teaches.

use crate::engine::{AnyPosition, EngineError, SearchRecord, SearchRequest};
use crate::search::trace::{MctsIteration, PlayoutEnd};
use crate::search::{SearchControl, TraceEvent};

/// The most iterations the tree view steps through: a search with more is shown for its
/// first this many (the same seed makes them the same as the row's first ones).
pub const MAX_MCTS_STEPS: u64 = 2_000;

/// A node of the MCTS tree.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsNode {
    /// The node it was added below (none at the root).
    pub parent: Option<usize>,
    /// The move that leads here, in notation (none at the root).
    pub mv: Option<String>,
    /// Plies below the root.
    pub ply: u32,
    /// Its children, in the order they were added (the order UCB1 breaks ties in).
    pub children: Vec<usize>,
    /// The iteration (0-based) that added it; the root is there before the first.
    pub added_in: Option<usize>,
    /// PUCT: the prior the network gave its move at its parent (none at the root and for
    /// the other algorithms).
    pub prior: Option<f32>,
}

/// One phase of an iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// The path down the tree by UCB1.
    Selection,
    /// The node added.
    Expansion,
    /// The random moves to the end of the game (or the horizon).
    Playout,
    /// The reward added up the path.
    Backup,
}

impl Phase {
    /// The four phases in order.
    pub const ALL: [Phase; 4] = [
        Phase::Selection,
        Phase::Expansion,
        Phase::Playout,
        Phase::Backup,
    ];

    /// Its name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Phase::Selection => "selection",
            Phase::Expansion => "expansion",
            Phase::Playout => "playout",
            Phase::Backup => "backup",
        }
    }
}

/// The statistics of every node at one moment: nodes not added yet have none.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MctsState {
    /// Whether the node is in the tree.
    pub exists: Vec<bool>,
    /// Iterations through it.
    pub visits: Vec<u64>,
    /// The sum of their rewards for the side that moved into it.
    pub reward: Vec<f64>,
    /// MCTS-Solver's bounds on its game value for its side to move (-1, 1: unknown).
    pub bounds: Vec<(i8, i8)>,
}

impl MctsState {
    /// The node's mean reward for the side that moved into it (0 before a visit).
    #[must_use]
    pub fn mean(&self, n: usize) -> f64 {
        if self.visits[n] == 0 {
            0.0
        } else {
            self.reward[n] / self.visits[n] as f64
        }
    }

    /// Whether the solver proved the node's value.
    #[must_use]
    pub fn proven(&self, n: usize) -> Option<i8> {
        let (lo, hi) = self.bounds[n];
        (lo == hi).then_some(lo)
    }
}

/// One UCB1 value, in its parts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ucb {
    /// The child's mean reward for the side choosing.
    pub mean: f64,
    /// The exploration term, C·√(ln N / n).
    pub bonus: f64,
    /// Whether selection may enter it (MCTS-Solver passes by children that cannot
    /// improve on what the parent is sure of).
    pub enterable: bool,
}

impl Ucb {
    /// mean + bonus.
    #[must_use]
    pub fn value(&self) -> f64 {
        self.mean + self.bonus
    }
}

/// The MCTS tree of one search.
#[derive(Clone, Debug)]
pub struct MctsTree {
    /// The position searched.
    pub root: AnyPosition,
    /// What was searched (with the iterations the view ran).
    pub request: SearchRequest,
    /// The iterations the row asked for (more than the view ran when it was cut).
    pub asked: u64,
    /// The search's record.
    pub record: SearchRecord,
    /// The nodes, numbered in the order they were added (the root 0).
    pub nodes: Vec<MctsNode>,
    /// The iterations, in order.
    pub iterations: Vec<MctsIteration<String>>,
    /// UCT's constant C.
    pub exploration: f64,
    /// Whether the algorithm proves (MCTS-Solver).
    pub proves: bool,
    /// PUCT's constant c_puct, for a PUCT row (none for UCB1's rows).
    pub puct: Option<f64>,
    /// PUCT: each node's moves with the priors the network gave them, in the order of
    /// the moves, once the network evaluated it (empty before, and for the other
    /// algorithms).
    pub edges: Vec<Vec<(String, f32)>>,
}

/// Whether the algorithm is drawn as an MCTS tree.
#[must_use]
pub fn is_mcts(req: &SearchRequest) -> bool {
    req.algorithm.info().tree_view == crate::search::registry::TreeView::Iterations
}

/// Runs `req` (an MCTS row) on `root` for at most [`MAX_MCTS_STEPS`] iterations with a
/// trace and builds its tree.
pub fn trace_mcts(root: &AnyPosition, req: &SearchRequest) -> Result<MctsTree, EngineError> {
    if root.as_dyn().has_chance() {
        return Err(EngineError::Input(
            "the MCTS view steps through UCB1's choices, and a chance node draws its outcome instead: it does not draw positions with chance nodes yet (the table and the command line show the search)".into(),
        ));
    }
    let asked = req.options.iterations;
    let mut run = req.clone();
    run.options.iterations = asked.min(MAX_MCTS_STEPS);
    let control = SearchControl {
        trace: true,
        ..SearchControl::default()
    };
    let (record, events) = crate::engine::run_search_traced(root, &run, control)?;
    let mut nodes = vec![MctsNode {
        parent: None,
        mv: None,
        ply: 0,
        children: Vec::new(),
        added_in: None,
        prior: None,
    }];
    let mut edges = vec![Vec::new()];
    let mut iterations = Vec::new();
    for e in events {
        let TraceEvent::Mcts(it) = e else { continue };
        if let Some((n, mv)) = &it.added {
            let parent = *it.selected.last().unwrap_or(&0) as usize;
            let n = *n as usize;
            if n != nodes.len() || parent >= nodes.len() {
                return Err(EngineError::Input(format!(
                    "the MCTS trace adds node {n} below node {parent} with {} nodes in the tree",
                    nodes.len()
                )));
            }
            let ply = nodes[parent].ply + 1;
            nodes[parent].children.push(n);
            let prior: Option<f32> = edges[parent].iter().find(|(m, _)| m == mv).map(|&(_, p)| p);
            nodes.push(MctsNode {
                parent: Some(parent),
                mv: Some(mv.clone()),
                ply,
                children: Vec::new(),
                added_in: Some(iterations.len()),
                prior,
            });
            edges.push(Vec::new());
        }
        if !it.priors.is_empty() {
            let last = it
                .added
                .as_ref()
                .map_or(*it.selected.last().unwrap_or(&0), |(n, _)| *n)
                as usize;
            edges[last].clone_from(&it.priors);
        }
        iterations.push(*it);
    }
    Ok(MctsTree {
        root: root.clone(),
        proves: run
            .algorithm
            .info()
            .has(crate::search::registry::OwnOption::ProofHybrids),
        exploration: f64::from(run.options.uct_c) / 100.0,
        puct: (run.algorithm == crate::search::Algorithm::Puct)
            .then(|| f64::from(run.options.puct_c) / 100.0),
        edges,
        request: run,
        asked,
        record,
        nodes,
        iterations,
    })
}

impl MctsTree {
    /// The statistics after the first `done` iterations.
    #[must_use]
    pub fn state_after(&self, done: usize) -> MctsState {
        let n = self.nodes.len();
        let mut s = MctsState {
            exists: (0..n).map(|k| k == 0).collect(),
            visits: vec![0; n],
            reward: vec![0.0; n],
            bounds: vec![(-1, 1); n],
        };
        for i in 0..done.min(self.iterations.len()) {
            self.apply(&mut s, i);
        }
        s
    }

    /// Takes `state`, the statistics after `i` iterations, to those after `i + 1`: the
    /// node added, a visit and the reward up the path, the bounds that changed.
    pub fn apply(&self, s: &mut MctsState, i: usize) {
        let it = &self.iterations[i];
        if let Some((n, _)) = &it.added {
            s.exists[*n as usize] = true;
        }
        let mut to_move = it.reward;
        for &node in self.path(it).iter().rev() {
            s.visits[node] += 1;
            s.reward[node] -= to_move;
            to_move = -to_move;
        }
        for &(node, lo, hi) in &it.bounds {
            s.bounds[node as usize] = (lo, hi);
        }
    }

    /// An iteration's path: the nodes selected and the node added.
    #[must_use]
    pub fn path(&self, it: &MctsIteration<String>) -> Vec<usize> {
        let mut path: Vec<usize> = it.selected.iter().map(|&n| n as usize).collect();
        path.extend(it.added.as_ref().map(|(n, _)| *n as usize));
        path
    }

    /// The UCB1 value of `child` below `parent` in `state`, as selection computes it.
    #[must_use]
    pub fn ucb(&self, state: &MctsState, parent: usize, child: usize) -> Ucb {
        let log_visits = (state.visits[parent].max(1) as f64).ln();
        let visits = state.visits[child].max(1) as f64;
        Ucb {
            mean: state.reward[child] / visits,
            bonus: self.exploration * (log_visits / visits).sqrt(),
            enterable: !self.proves || -state.bounds[child].0 > state.bounds[parent].0,
        }
    }

    /// The child of `parent` UCB1 takes in `state`: the highest value among the children
    /// selection may enter, the first of equals.
    #[must_use]
    pub fn ucb_choice(&self, state: &MctsState, parent: usize) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        for (c, u) in self.children_ucb(state, parent) {
            if u.enterable && best.is_none_or(|(_, v)| u.value() > v) {
                best = Some((c, u.value()));
            }
        }
        best.map(|(c, _)| c)
    }

    /// The children of `parent` in the tree in `state`, in the order they were added,
    /// each with its UCB1 value.
    pub fn children_ucb<'a>(
        &'a self,
        state: &'a MctsState,
        parent: usize,
    ) -> impl Iterator<Item = (usize, Ucb)> + 'a {
        self.nodes[parent]
            .children
            .iter()
            .filter(|&&c| state.exists[c])
            .map(move |&c| (c, self.ucb(state, parent, c)))
    }

    /// The move sequence from the root to `n`.
    #[must_use]
    pub fn line(&self, n: usize) -> Vec<String> {
        let mut line = Vec::new();
        let mut at = n;
        while let Some(p) = self.nodes[at].parent {
            line.extend(self.nodes[at].mv.clone());
            at = p;
        }
        line.reverse();
        line
    }

    /// The node's name: "root", or its line of moves.
    #[must_use]
    pub fn name(&self, n: usize) -> String {
        if n == 0 {
            "root".into()
        } else {
            self.line(n).join(" ")
        }
    }

    /// Whether the root's side made the move into `n` (its rewards are the root side's).
    #[must_use]
    pub fn root_side_moved(&self, n: usize) -> bool {
        self.nodes[n].ply % 2 == 1
    }

    /// What iteration `i` did in `phase`, in a sentence or a few.
    #[must_use]
    pub fn describe(&self, i: usize, phase: Phase) -> Vec<String> {
        if self.puct.is_some() {
            return self.describe_puct(i, phase);
        }
        let it = &self.iterations[i];
        match phase {
            Phase::Selection => self.describe_selection(it, &self.state_after(i)),
            Phase::Expansion => vec![match &it.added {
                Some((n, mv)) => format!(
                    "Expansion: {} gets a new child, {mv} (node {n}), drawn at random among the moves not tried there yet.",
                    self.name(*it.selected.last().unwrap_or(&0) as usize)
                ),
                None => format!(
                    "Expansion: none; {} has no moves to add ({}).",
                    self.name(*it.selected.last().unwrap_or(&0) as usize),
                    if it.end == PlayoutEnd::Proven {
                        "a shallow minimax proved it"
                    } else {
                        "the game is over there or it is at the depth"
                    }
                ),
            }],
            Phase::Playout => vec![self.describe_playout(it)],
            Phase::Backup => self.describe_backup(i),
        }
    }

    fn describe_selection(&self, it: &MctsIteration<String>, before: &MctsState) -> Vec<String> {
        let mut lines = Vec::new();
        if it.selected.len() == 1 {
            lines.push(if it.added.is_some() {
                "Selection: the root still has moves not tried, so selection stops there.".into()
            } else {
                "Selection: the root has no moves (the game is over there or it is at the depth), so selection stops there.".into()
            });
        }
        for w in it.selected.windows(2) {
            let (parent, child) = (w[0] as usize, w[1] as usize);
            let u = self.ucb(before, parent, child);
            let mut others: Vec<(f64, String)> = self
                .children_ucb(before, parent)
                .filter(|&(c, _)| c != child)
                .map(|(c, o)| {
                    let mv = self.nodes[c].mv.clone().unwrap_or_default();
                    if o.enterable {
                        (o.value(), format!("{mv} {:.3}", o.value()))
                    } else {
                        (
                            f64::NEG_INFINITY,
                            format!("{mv} passed by (cannot improve)"),
                        )
                    }
                })
                .collect();
            others.sort_by(|a, b| b.0.total_cmp(&a.0));
            let tied = others.iter().filter(|(v, _)| *v == u.value()).count();
            let others: Vec<String> = others.into_iter().map(|(_, s)| s).collect();
            lines.push(format!(
                "Selection at {} (N = {}): {} has UCB1 {:+.3} + {:.2}·√(ln {} / {}) = {:.3}{}.",
                self.name(parent),
                before.visits[parent],
                self.nodes[child].mv.as_deref().unwrap_or("?"),
                u.mean,
                self.exploration,
                before.visits[parent].max(1),
                before.visits[child].max(1),
                u.value(),
                if others.is_empty() {
                    ", the only child".to_string()
                } else if tied > 0 {
                    format!(
                        ", tied for the highest and added first, which breaks ties (others: {})",
                        others.join(", ")
                    )
                } else {
                    format!(", the highest (others: {})", others.join(", "))
                },
            ));
        }
        if it.selected.len() > 1 {
            let last = self.name(*it.selected.last().unwrap_or(&0) as usize);
            if it.added.is_some() {
                lines.push(format!(
                    "{last} still has moves not tried, so selection stops there."
                ));
            } else if it.end != PlayoutEnd::Proven {
                lines.push(format!(
                    "{last} has no moves to add (the game is over there or it is at the depth), so selection stops there."
                ));
            }
        }
        lines
    }

    fn describe_playout(&self, it: &MctsIteration<String>) -> String {
        let from = *self.path(it).last().unwrap_or(&0);
        let reward = reward_words(it.reward, it.end);
        match it.end {
            PlayoutEnd::Proven => format!(
                "Playout: none; a shallow minimax proved {}: reward {reward} for the side to move there.",
                self.name(from)
            ),
            PlayoutEnd::GameOver if it.playout.is_empty() => format!(
                "Playout: none; the game is over at {}: reward {reward} for the side to move there.",
                self.name(from)
            ),
            PlayoutEnd::Horizon if it.playout.is_empty() => format!(
                "Playout: none; {} is at the depth, the evaluator scores it: reward {reward} for the side to move there.",
                self.name(from)
            ),
            end => format!(
                "Playout from {}: {} ({} {}), {}: reward {reward} for the side to move at {}.",
                self.name(from),
                it.playout.join(" "),
                it.playout.len(),
                match (it.playout.len(), self.playout_rule()) {
                    (1, None) => "random move".to_string(),
                    (_, None) => "random moves".to_string(),
                    (1, Some(rule)) => format!("move: {rule}"),
                    (_, Some(rule)) => format!("moves: {rule}"),
                },
                if end == PlayoutEnd::Horizon {
                    "cut at the depth and scored by the evaluator"
                } else {
                    "the game is over"
                },
                self.name(from)
            ),
        }
    }

    /// How the playout chooses its moves, in words; `None` when at random.
    fn playout_rule(&self) -> Option<String> {
        let o = &self.request.options;
        let win = if o.win_at_once {
            "a win at once when there is one, else "
        } else {
            ""
        };
        if o.mr_depth > 0 {
            Some(format!(
                "{win}by a win-loss minimax of {} {}, ties drawn at random",
                o.mr_depth,
                if o.mr_depth == 1 { "ply" } else { "plies" }
            ))
        } else if o.non_losing {
            Some(format!(
                "{win}drawn among the moves that do not lose at once"
            ))
        } else if o.win_at_once {
            Some(format!("{win}at random"))
        } else {
            None
        }
    }

    pub(super) fn describe_backup(&self, i: usize) -> Vec<String> {
        let before = self.state_after(i);
        let mut after = before.clone();
        self.apply(&mut after, i);
        let it = &self.iterations[i];
        let mut lines = vec![format!(
            "Backup: each node on the path gets a visit and the {} for the side that moved into it (the sign flips at each ply):",
            if self.puct.is_some() {
                "value"
            } else {
                "reward"
            }
        )];
        for &n in self.path(it).iter().rev() {
            lines.push(if n == 0 {
                // No side moved into the root: its mean plays no part in selection.
                format!("  root: n {} → {}", before.visits[n], after.visits[n])
            } else {
                format!(
                    "  {}: n {} → {}, mean {:+.3} → {:+.3}",
                    self.name(n),
                    before.visits[n],
                    after.visits[n],
                    before.mean(n),
                    after.mean(n),
                )
            });
        }
        for &(n, lo, hi) in &it.bounds {
            let n = n as usize;
            lines.push(if lo == hi {
                format!(
                    "  {} is proven: {} for the side to move there.",
                    self.name(n),
                    value_word(lo)
                )
            } else {
                format!(
                    "  {}'s value for the side to move there is now between {} and {}.",
                    self.name(n),
                    value_word(lo),
                    value_word(hi)
                )
            });
        }
        lines
    }

    /// The trace as text: per iteration its four phases.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = String::new();
        if self.asked > self.request.options.iterations {
            out.push_str(&format!(
                "the first {} of {} iterations (the rest go on the same way)\n",
                self.request.options.iterations, self.asked
            ));
        }
        for i in 0..self.iterations.len() {
            out.push_str(&format!("iteration {}\n", i + 1));
            for phase in Phase::ALL {
                for line in self.describe(i, phase) {
                    out.push_str("  ");
                    out.push_str(&line);
                    out.push('\n');
                }
            }
        }
        out
    }

    /// The trace as CSV: a line per iteration (PUCT's priors, `move:prior` for each move
    /// of the position evaluated, in the last column).
    #[must_use]
    pub fn csv(&self) -> String {
        let mut out = String::from(MCTS_CSV_HEADER);
        out.push('\n');
        for (i, it) in self.iterations.iter().enumerate() {
            let selected: Vec<String> = it.selected.iter().map(|n| n.to_string()).collect();
            let end = match it.end {
                PlayoutEnd::GameOver => "game-over",
                PlayoutEnd::Horizon => "horizon",
                PlayoutEnd::Proven => "proven",
                PlayoutEnd::Network => "network",
            };
            let proven: Vec<String> = it
                .bounds
                .iter()
                .filter(|(_, lo, hi)| lo == hi)
                .map(|(n, lo, _)| format!("{n}:{lo}"))
                .collect();
            let cells = [
                (i + 1).to_string(),
                selected.join(" "),
                it.added
                    .as_ref()
                    .map(|(n, _)| n.to_string())
                    .unwrap_or_default(),
                it.added
                    .as_ref()
                    .map(|(_, m)| m.clone())
                    .unwrap_or_default(),
                it.playout.join(" "),
                end.to_string(),
                it.reward.to_string(),
                proven.join(" "),
                it.priors
                    .iter()
                    .map(|(m, p)| format!("{m}:{p:.3}"))
                    .collect::<Vec<_>>()
                    .join(" "),
            ];
            let line: Vec<String> = cells.iter().map(|c| crate::output::csv::field(c)).collect();
            out.push_str(&line.join(","));
            out.push('\n');
        }
        out
    }
}

/// The CSV's header.
pub const MCTS_CSV_HEADER: &str =
    "iteration,selected,added,added_move,playout,end,reward,proven,priors";

/// A reward in words: a finished game's result, or the evaluation at the horizon.
pub(super) fn reward_words(r: f64, end: PlayoutEnd) -> String {
    if end == PlayoutEnd::Horizon {
        format!("{r:+.3} (the evaluation over the largest it can be)")
    } else if r == 1.0 {
        "+1 (a win)".into()
    } else if r == -1.0 {
        "-1 (a loss)".into()
    } else if r == 0.0 {
        "0 (a draw)".into()
    } else {
        format!("{r:+.3}")
    }
}

/// A proven value in words, for the side to move.
#[must_use]
pub fn value_word(v: i8) -> &'static str {
    match v {
        1 => "a win",
        0 => "a draw",
        _ => "a loss",
    }
}
