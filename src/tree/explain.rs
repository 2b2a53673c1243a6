//! Why each visit of a traced search ended as it did, in words a textbook would use.
//!
//! [`SearchTree::reason`] reads a visit's [`Reason`] off the trace: a cutoff (which
//! child, the value it returned, what that value is worth at this node and which bound
//! of the window it crossed), every move searched (the best child and how its value
//! stands against the window), a leaf, a table answer. [`SearchTree::explain`] writes it
//! out, in the form the algorithm searches in: the two-sided minimax form (minimax,
//! alpha-beta: values from the root side's view, MAX nodes raise α and are cut off by
//! β, MIN nodes lower β and are cut off by α) or the negamax form (values from the side
//! to move, a child's value negated for its parent, every node cut off by β).
//! [`SearchTree::conventions`] says how the values read, where that differs from a
//! textbook's figure.

use super::node::{Bound, SearchTree};
use crate::search::registry::Bounds;
pub use crate::search::registry::Form;
use crate::search::trace::VisitKind;

/// Which side a node is, for the words of its reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A MAX node of the two-sided form (the root's side to move).
    Max,
    /// A MIN node of the two-sided form.
    Min,
    /// A node of the negamax form (it maximises for its own side).
    Mover,
}

/// Why a visit ended as it did, read off the trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The search was stopped inside it.
    Unfinished,
    /// A leaf: scored by the evaluation, or a finished game.
    Leaf {
        /// Its value.
        value: i32,
    },
    /// The transposition table's entry for the position settled the window.
    Table {
        /// The value it gave.
        value: i32,
    },
    /// A child's value crossed a bound of the window: the other moves cannot matter.
    Cutoff {
        /// The child that cut (a node index).
        child: usize,
        /// The value the child returned (in the form's view of the child).
        child_value: i32,
        /// What it is worth at this node (negated in the negamax form).
        worth: i32,
        /// The bound it crossed.
        bound: Bound,
        /// That bound's value on entry.
        bound_value: i32,
        /// The worth does not cross the bound of the window on entry: the table's
        /// bound for the position had narrowed the window first.
        narrowed: bool,
    },
    /// Every move was searched (or none could be): the best child's worth and how the
    /// value returned stands against the window.
    Searched {
        /// The best child for this node's side (a node index), if any was searched.
        best: Option<usize>,
        /// Its worth at this node.
        worth: Option<i32>,
        /// The value returned.
        value: i32,
        /// Where the value lies: below or at α, inside, at or above β.
        outcome: Outcome,
    },
}

/// Where a value lies against its window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// At or below α: an upper bound (the node fails low).
    FailLow,
    /// Inside the window: exact.
    Exact,
    /// At or above β: a lower bound (the node fails high).
    FailHigh,
}

impl Outcome {
    /// Where `v` lies against `(alpha, beta)`.
    #[must_use]
    pub fn of(v: i32, alpha: i32, beta: i32) -> Outcome {
        if v <= alpha {
            Outcome::FailLow
        } else if v >= beta {
            Outcome::FailHigh
        } else {
            Outcome::Exact
        }
    }
}

/// Moves in words: all of them when few, else how many.
fn moves_text(moves: &[String]) -> String {
    const LISTED: usize = 6;
    if moves.len() <= LISTED {
        moves.join(", ")
    } else {
        format!("{} moves", moves.len())
    }
}

/// "first", "second", … for the `k`-th (0-based) child searched.
fn ordinal(k: usize) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    WORDS
        .get(k)
        .map_or_else(|| format!("{}th", k + 1), |w| (*w).to_string())
}

impl SearchTree {
    /// How the search reads: its form.
    #[must_use]
    pub fn form(&self) -> Form {
        Form::of(self.request.algorithm)
    }

    /// Node `n`'s role: MAX or MIN in the two-sided form, the mover in negamax form.
    #[must_use]
    pub fn role(&self, n: usize) -> Role {
        match (self.form(), self.nodes[n].max_node) {
            (Form::Negamax, _) => Role::Mover,
            (Form::TwoSided, true) => Role::Max,
            (Form::TwoSided, false) => Role::Min,
        }
    }

    /// What child `c`'s value is worth to its parent: itself in the two-sided form,
    /// negated in the negamax form.
    #[must_use]
    pub fn worth(&self, child_value: i32) -> i32 {
        match self.form() {
            Form::TwoSided => child_value,
            Form::Negamax => -child_value,
        }
    }

    /// Why node `n` ended as it did (see [`Reason`]).
    #[must_use]
    pub fn reason(&self, n: usize) -> Reason {
        let node = &self.nodes[n];
        let Some(value) = node.value else {
            return Reason::Unfinished;
        };
        if node.table_cut {
            return Reason::Table { value };
        }
        if node.leaf {
            return Reason::Leaf { value };
        }
        let role = self.role(n);
        // A cutoff ends the node: its child is the last one visited (the index the
        // trace gives counts moves, and a move tested and then re-searched is two
        // visits).
        if node.cutoff_child.is_some()
            && let Some(&child) = node.children.last()
            && let Some(child_value) = self.nodes[child].value
        {
            let worth = self.worth(child_value);
            let (bound, bound_value, crosses) = match role {
                Role::Min => (Bound::Alpha, node.alpha, worth <= node.alpha),
                Role::Max | Role::Mover => (Bound::Beta, node.beta, worth >= node.beta),
            };
            return Reason::Cutoff {
                child,
                child_value,
                worth,
                bound,
                bound_value,
                narrowed: !crosses,
            };
        }
        // The best child for this side: the largest worth, the smallest at MIN nodes;
        // the first such child when several tie.
        let mut best: Option<(usize, i32)> = None;
        for &c in &node.children {
            let Some(v) = self.nodes[c].value else {
                continue;
            };
            let w = self.worth(v);
            let better = match best {
                None => true,
                Some((_, b)) if role == Role::Min => w < b,
                Some((_, b)) => w > b,
            };
            if better {
                best = Some((c, w));
            }
        }
        Reason::Searched {
            best: best.map(|(c, _)| c),
            worth: best.map(|(_, w)| w),
            value,
            outcome: Outcome::of(value, node.alpha, node.beta),
        }
    }

    /// Which of node `n`'s moves (0-based, in the order searched) child visit `child`
    /// is: a move tested and re-searched counts once.
    #[must_use]
    pub fn move_index(&self, n: usize, child: usize) -> usize {
        let mut seen: Vec<Option<&str>> = Vec::new();
        for &c in &self.nodes[n].children {
            let mv = self.nodes[c].mv.as_deref();
            if !seen.contains(&mv) {
                seen.push(mv);
            }
            if c == child {
                return seen.len() - 1;
            }
        }
        0
    }

    /// A node's name in words: the moves from the root, or "the root".
    #[must_use]
    pub fn node_name(&self, n: usize) -> String {
        let path = &self.nodes[n].path;
        if path.is_empty() {
            "the root".into()
        } else {
            path.join(" ")
        }
    }

    /// Why node `n` ended as it did, in words (the step line, the hover, the quiz's
    /// reasons): the child and the value that caused a cutoff and the bound it crossed,
    /// for MAX and MIN nodes of the two-sided form and for the negamax form.
    #[must_use]
    pub fn explain(&self, n: usize) -> String {
        let node = &self.nodes[n];
        let mut text = self.visit_prefix(n);
        let chance = node.chance && !node.table_cut;
        if chance || (node.kind == VisitKind::Probe && !node.leaf && !node.table_cut) {
            text.push_str(&if chance {
                self.chance_text(n)
            } else {
                self.probe_text(n)
            });
            return text;
        }
        let window = self.window_of(n);
        let role = self.role(n);
        let view = match role {
            Role::Mover => "for the side to move",
            Role::Max | Role::Min => "from the root side's view",
        };
        let body = match self.reason(n) {
            Reason::Unfinished => {
                format!("entered with window {window}; the search was stopped inside it")
            }
            Reason::Table { value } => format!(
                "window {window}: the transposition table already holds a result for this position that settles the window: {}",
                self.vtext(value)
            ),
            Reason::Leaf { value } => {
                let what = match super::replay(&self.root, &node.path) {
                    Ok(p) if p.is_over() => "an end of the game",
                    _ => "the evaluation at the search's horizon",
                };
                let value = self.vtext(value);
                format!("window {window}: a leaf, worth {value} ({what}; {view})")
            }
            Reason::Cutoff {
                child,
                child_value,
                worth,
                bound,
                bound_value,
                narrowed,
            } => self.cutoff_text(n, child, child_value, worth, bound, bound_value, narrowed),
            Reason::Searched {
                best,
                worth,
                value,
                outcome,
            } => self.searched_text(n, best, worth, value, outcome),
        };
        text.push_str(&body);
        if node.kind == VisitKind::NullWindow
            && node.beta == node.alpha.saturating_add(1)
            && let Some(v) = node.value
        {
            let answer = if v >= node.beta {
                format!(
                    " The test fails high: the value is above {}",
                    self.vtext(node.alpha)
                )
            } else {
                format!(
                    " The test fails low: the value is at most {}",
                    self.vtext(node.alpha)
                )
            };
            text.push('.');
            text.push_str(&answer);
        }
        text
    }

    /// "a null-window test; " and the like: how the node was visited, and which pass
    /// of the root it is.
    fn visit_prefix(&self, n: usize) -> String {
        let node = &self.nodes[n];
        let mut out = String::new();
        if node.parent.is_none() && self.roots.len() > 1 {
            let k = self.roots.iter().position(|&r| r == n).unwrap_or(0);
            out.push_str(&format!("pass {} of {}: ", k + 1, self.roots.len()));
        }
        match node.kind {
            VisitKind::Normal | VisitKind::Probe => {}
            VisitKind::NullWindow => out.push_str(&format!(
                "a null-window test, does the value exceed {}? ",
                self.vtext(node.alpha)
            )),
            VisitKind::Research => out.push_str(
                "a re-search with the window the parent has now, after its null-window test failed high; ",
            ),
        }
        out
    }

    /// The words of a cutoff.
    #[allow(clippy::too_many_arguments)]
    fn cutoff_text(
        &self,
        n: usize,
        child: usize,
        child_value: i32,
        worth: i32,
        crossed: Bound,
        bound_value: i32,
        narrowed: bool,
    ) -> String {
        let node = &self.nodes[n];
        let k = self.move_index(n, child);
        let mv = self.nodes[child].mv.as_deref().unwrap_or("?");
        let name = self.node_name(n);
        let rest = if node.pruned.is_empty() {
            "nothing else here could matter: a cutoff (it was the last move, none is skipped)"
                .to_string()
        } else {
            format!(
                "{name}'s other move{} ({}) cannot matter: a cutoff, {} never searched",
                if node.pruned.len() == 1 { "" } else { "s" },
                moves_text(&node.pruned),
                if node.pruned.len() == 1 {
                    "it is"
                } else {
                    "they are"
                }
            )
        };
        let (child_value, worth) = (self.vtext(child_value), self.vtext(worth));
        let returns = match self.form() {
            Form::TwoSided => format!("its {} child, {mv}, returns {child_value}", ordinal(k)),
            Form::Negamax => format!(
                "its {} child, {mv}, returns {child_value}, worth {worth} here",
                ordinal(k)
            ),
        };
        if narrowed {
            let sign = if crossed == Bound::Alpha {
                "≤"
            } else {
                "≥"
            };
            return format!(
                "window {}: {returns}, {sign} the window as the table's bound for this position had narrowed it, so {rest}",
                self.window_of(n)
            );
        }
        let b = self.vtext(bound_value);
        if let Some(edge) = self.range_edge(n, bound_value) {
            let (sign, name, limit) = match edge {
                Bound::Beta => ("≥", "β", "highest"),
                Bound::Alpha => ("≤", "α", "lowest"),
            };
            return format!(
                "window {}: {returns} {sign} {name} = {b}, the {limit} value the game allows below this chance node (Star1 keeps an outcome's window inside that range): the value is {b} exactly, so {rest}",
                self.window_of(n)
            );
        }
        let why = match self.role(n) {
            Role::Min => format!(
                "{returns} ≤ α = {b}: MAX already has {b} elsewhere and will not let the game come here"
            ),
            Role::Max => format!(
                "{returns} ≥ β = {b}: MIN can already hold MAX to {b} elsewhere and will not let the game come here"
            ),
            Role::Mover => format!(
                "{returns} ≥ β = {b}: the opponent can already hold this side to {b} elsewhere and will not let the game come here"
            ),
        };
        format!("window {}: {why}, so {rest}", self.window_of(n))
    }

    /// The words of a node whose moves were all searched.
    fn searched_text(
        &self,
        n: usize,
        best: Option<usize>,
        worth: Option<i32>,
        value: i32,
        outcome: Outcome,
    ) -> String {
        let node = &self.nodes[n];
        let window = self.window_of(n);
        let role = self.role(n);
        let (Some(best), Some(worth)) = (best, worth) else {
            return format!(
                "window {window}: no move was searched; value {}",
                self.vtext(value)
            );
        };
        let mv = self.nodes[best].mv.as_deref().unwrap_or("?");
        let child = format!("its {} child, {mv}", ordinal(self.move_index(n, best)));
        let clamped = value != worth;
        // At the range Star1 gives an outcome of a chance node, a bound is exact.
        let edge = match (outcome, self.range_edge(n, value)) {
            (Outcome::FailLow, Some(Bound::Alpha)) => Some("lowest"),
            (Outcome::FailHigh, Some(Bound::Beta)) => Some("highest"),
            _ => None,
        };
        let (value, worth) = (self.vtext(value), self.vtext(worth));
        let which = match role {
            Role::Min => format!("the smallest child value is {worth}, from {child}"),
            Role::Max => format!("the largest child value is {worth}, from {child}"),
            Role::Mover => format!("the best move is {mv}, worth {worth} to the side to move"),
        };
        let clamp = if clamped {
            format!(" (returned as {value}: fail-hard keeps a value inside the window's bounds)")
        } else {
            String::new()
        };
        let alpha = self.vtext(node.alpha);
        let beta = self.vtext(node.beta);
        let text = match outcome {
            Outcome::Exact => format!(
                "window {window}: every move searched, no cutoff; {which}, inside the window: the exact value {value}"
            ),
            Outcome::FailLow if role == Role::Min => format!(
                "window {window}: every move searched; {which} ≤ α = {alpha}{clamp}: at most {value}"
            ),
            Outcome::FailLow => format!(
                "window {window}: every move searched, none beat α = {alpha}; {which}{clamp}: an upper bound, the value is at most {value}"
            ),
            Outcome::FailHigh if role == Role::Min => format!(
                "window {window}: every move searched, none fell to β = {beta}; {which}{clamp}: a lower bound, the value is at least {value}"
            ),
            Outcome::FailHigh => format!(
                "window {window}: every move searched; {which} ≥ β = {beta}{clamp}: a lower bound, the value is at least {value}"
            ),
        };
        match edge {
            Some(limit) => format!(
                "{text}; that is the {limit} value the game allows below this chance node, so the value is {value} exactly"
            ),
            None => text,
        }
    }

    /// The conventions of [`SearchTree::conventions`] in a few words each, for the line
    /// under a drawn tree (its hover has the whole sentences).
    #[must_use]
    pub fn conventions_short(&self) -> Vec<String> {
        self.convention_lines()
            .into_iter()
            .map(|(short, _)| short.to_string())
            .collect()
    }

    /// How the values of this search read where that differs from a textbook figure:
    /// the form (two-sided or negamax), fail-hard or fail-soft bounds, null-window tests.
    #[must_use]
    pub fn conventions(&self) -> Vec<String> {
        self.convention_lines()
            .into_iter()
            .map(|(_, long)| long.to_string())
            .collect()
    }

    /// Each convention that applies, in a few words and in a whole sentence.
    fn convention_lines(&self) -> Vec<(&'static str, &'static str)> {
        let info = self.request.algorithm.info();
        let mut out = vec![match self.form() {
            Form::TwoSided => (
                "minimax: values from MAX's side",
                "minimax form: values from the root side's view; MAX nodes take the largest child value, MIN nodes the smallest",
            ),
            Form::Negamax => (
                "negamax: values from the side to move",
                "negamax: values from the side to move; a child's value counts negated for its parent",
            ),
        }];
        // Which bounds a value at or beyond the window is: SSS* keeps no window.
        let soft = match info.bounds {
            Bounds::NoWindow => None,
            Bounds::Choice => Some(self.request.options.fail_soft),
            Bounds::FailHard => Some(false),
            Bounds::FailSoft => Some(true),
        };
        match soft {
            Some(true) => out.push((
                "fail-soft: a value beyond a bound is a bound",
                "fail-soft: a value at or outside a bound is a bound itself: at or below α, 'at most this'; at or above β, 'at least this'",
            )),
            Some(false) => out.push((
                "fail-hard: a value at a bound means 'this or worse'",
                "fail-hard: a value at a bound means 'this or worse': at α, at most α; at β, at least β",
            )),
            None => {}
        }
        if self.nodes.iter().any(|n| n.chance) {
            out.push((
                "circle: a chance node (the mean of its outcomes), 1/2 on an edge: its probability",
                "a circle is a chance node: its value is the mean of its outcomes weighted by the probabilities on their edges; Star1 and Star2 cut one off when the outcomes searched already bound that mean beyond the window",
            ));
        }
        if self.nodes.iter().any(|n| n.kind == VisitKind::Probe) {
            out.push((
                "teal dashed: a Star2 probe (first move only)",
                "a teal dashed edge is one of Star2's probes: only the outcome's first move is searched, which bounds its value from below (≥)",
            ));
        }
        if info.null_window_tests {
            out.push((
                "dashed: a null-window test",
                "null-window tests (dashed) only ask whether a value is above α; a re-search (orange) finds the exact value",
            ));
        }
        out
    }
}
