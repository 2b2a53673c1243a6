//! The quiz on an MCTS tree: at each iteration, which child selection takes where there
//! is a choice (UCB1, the first of equals; for PUCT, which move by `Q + c·P·√N / (1 +
//! n)`, a move not tried yet among them, the first of equals in the order of the moves),
//! and the visits and mean a backup leaves at the root's child on the path. Answers are checked against the search's own trace,
//! and each answer is explained with the numbers that decide it.

use super::mcts::{MctsTree, Phase};

/// What the learner is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MctsQuestion {
    /// Which child does selection take at `parent` in iteration `iteration`?
    Select {
        /// The iteration (0-based).
        iteration: usize,
        /// The node selection is at.
        parent: usize,
    },
    /// What are `node`'s visits and mean once iteration `iteration` is backed up?
    Backup {
        /// The iteration (0-based).
        iteration: usize,
        /// The node asked about.
        node: usize,
    },
}

impl MctsQuestion {
    /// The iteration and the phase the tree view shows while it is asked.
    #[must_use]
    pub fn shows(self) -> (usize, Phase) {
        match self {
            MctsQuestion::Select { iteration, .. } => (iteration, Phase::Selection),
            MctsQuestion::Backup { iteration, .. } => (iteration, Phase::Playout),
        }
    }
}

/// An answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MctsAnswer {
    /// The child chosen: its node; for PUCT the index of its move among the node's
    /// moves (a move not tried yet has no node), as [`MctsQuiz::choices`] gives them.
    Child(usize),
    /// The visits and the mean (for the side that moved into the node).
    VisitsAndMean(u64, f64),
}

/// A quiz under way.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MctsQuiz {
    /// The questions, in the order the search met them.
    pub questions: Vec<MctsQuestion>,
    /// The one asked now.
    pub at: usize,
    /// Questions answered.
    pub asked: u32,
    /// Answered right.
    pub right: u32,
    /// The verdict on the current question once answered: right or not, and why.
    pub verdict: Option<(bool, String)>,
    /// The current question's answer was shown, not given: it is not scored.
    pub shown: bool,
    /// Questions whose answer was shown without an answer (counted neither right nor
    /// wrong).
    pub revealed: u32,
    /// Questions passed by without an answer.
    pub skipped: u32,
}

/// How close a mean must be to count as right: the three decimals it is shown with.
pub const MEAN_TOLERANCE: f64 = 0.0005 + 1e-9;

impl MctsQuiz {
    /// The questions of `tree`: each selection step with at least two children to choose
    /// from, and each iteration's backup at the root's child on its path.
    #[must_use]
    pub fn new(tree: &MctsTree) -> Self {
        let mut questions = Vec::new();
        // The statistics before each iteration, carried forward one at a time.
        let mut state = tree.state_after(0);
        for (i, it) in tree.iterations.iter().enumerate() {
            // PUCT's selection also chooses the move it adds, among all the moves.
            let path = if tree.puct.is_some() {
                tree.path(it)
            } else {
                it.selected.iter().map(|&n| n as usize).collect()
            };
            for &parent in &path[..path.len().saturating_sub(1)] {
                let choices = if tree.puct.is_some() {
                    tree.puct_edges(&state, parent).len()
                } else {
                    tree.children_ucb(&state, parent)
                        .filter(|(_, u)| u.enterable)
                        .count()
                };
                if choices >= 2 {
                    questions.push(MctsQuestion::Select {
                        iteration: i,
                        parent,
                    });
                }
            }
            if let Some(&node) = tree.path(it).get(1) {
                questions.push(MctsQuestion::Backup { iteration: i, node });
            }
            tree.apply(&mut state, i);
        }
        MctsQuiz {
            questions,
            ..MctsQuiz::default()
        }
    }

    /// The question asked now (none once every one is answered).
    #[must_use]
    pub fn question(&self) -> Option<MctsQuestion> {
        self.questions.get(self.at).copied()
    }

    /// The question in words.
    #[must_use]
    pub fn text(&self, tree: &MctsTree) -> String {
        match self.question() {
            Some(MctsQuestion::Select { iteration, parent }) => {
                let state = tree.state_after(iteration);
                if let Some(c) = tree.puct {
                    return format!(
                        "Iteration {}: selection is at {} (N = {}, c = {c:.2}). Which move does PUCT take: the highest Q + c·P·√N / (1 + n), a move not tried yet with Q = 0 (of equal values, the first in the order of the moves)?",
                        iteration + 1,
                        tree.name(parent),
                        state.visits[parent],
                    );
                }
                format!(
                    "Iteration {}: selection is at {} (N = {}, C = {:.2}). Which child does UCB1 take (of equal values, the one added first)?",
                    iteration + 1,
                    tree.name(parent),
                    state.visits[parent],
                    tree.exploration
                )
            }
            Some(MctsQuestion::Backup { iteration, node }) => {
                let it = &tree.iterations[iteration];
                let last = *tree.path(it).last().unwrap_or(&0);
                format!(
                    "Iteration {}: the playout gives reward {:+.3} for the side to move at {}. After the backup, what are {}'s visits and mean (for the side that played {})?",
                    iteration + 1,
                    it.reward,
                    tree.name(last),
                    tree.name(node),
                    tree.nodes[node].mv.as_deref().unwrap_or("it")
                )
            }
            None => format!("Done: {}.", self.score_text()),
        }
    }

    /// The children to choose from (a selection question): node and its move; for PUCT
    /// every move of the node, by its index among them, in their order.
    #[must_use]
    pub fn choices(&self, tree: &MctsTree) -> Vec<(usize, String)> {
        let Some(MctsQuestion::Select { iteration, parent }) = self.question() else {
            return Vec::new();
        };
        let state = tree.state_after(iteration);
        if tree.puct.is_some() {
            return tree
                .puct_edges(&state, parent)
                .into_iter()
                .enumerate()
                .map(|(k, e)| (k, e.mv))
                .collect();
        }
        tree.nodes[parent]
            .children
            .iter()
            .filter(|&&c| state.exists[c])
            .map(|&c| (c, tree.nodes[c].mv.clone().unwrap_or_default()))
            .collect()
    }

    /// Checks `answer` and keeps the verdict; an answer to a question already answered
    /// counts nothing.
    pub fn answer(&mut self, tree: &MctsTree, answer: MctsAnswer) -> bool {
        let Some(q) = self.question() else {
            return false;
        };
        if self.verdict.is_some() {
            return self.verdict.as_ref().is_some_and(|v| v.0);
        }
        let (right, why) = match (q, answer) {
            (MctsQuestion::Select { iteration, parent }, MctsAnswer::Child(c)) => (
                c == right_choice(tree, iteration, parent),
                select_reason(
                    tree,
                    iteration,
                    parent,
                    next_on_path(tree, iteration, parent),
                ),
            ),
            (MctsQuestion::Backup { iteration, node }, MctsAnswer::VisitsAndMean(visits, mean)) => {
                let after = tree.state_after(iteration + 1);
                let right = visits == after.visits[node]
                    && (mean - after.mean(node)).abs() <= MEAN_TOLERANCE;
                (right, backup_reason(tree, iteration, node))
            }
            _ => (false, "that answers another kind of question".into()),
        };
        self.asked += 1;
        self.right += u32::from(right);
        self.verdict = Some((right, why));
        right
    }

    /// Shows the right answer to the current question and why, without scoring it:
    /// "Show the answer" counts as not answered (neither right nor wrong).
    pub fn reveal(&mut self, tree: &MctsTree) {
        let Some(q) = self.question() else {
            return;
        };
        if self.verdict.is_some() {
            return;
        }
        let why = match q {
            MctsQuestion::Select { iteration, parent } => {
                let taken = next_on_path(tree, iteration, parent);
                select_reason(tree, iteration, parent, taken)
            }
            MctsQuestion::Backup { iteration, node } => backup_reason(tree, iteration, node),
        };
        self.verdict = Some((false, why));
        self.shown = true;
        self.revealed += 1;
    }

    /// Passes the current question by without an answer (unless it has one) and goes
    /// on to the next; false when there is none.
    pub fn skip(&mut self) -> bool {
        if self.question().is_some() && self.verdict.is_none() {
            self.skipped += 1;
        }
        self.advance()
    }

    /// Goes on to the next question; false when there is none.
    pub fn advance(&mut self) -> bool {
        if self.at < self.questions.len() {
            self.at += 1;
        }
        self.verdict = None;
        self.shown = false;
        self.at < self.questions.len()
    }

    /// The score as text, as the minimax quiz writes it: right of answered (with the
    /// share), then the questions shown and those skipped, neither right nor wrong.
    #[must_use]
    pub fn score_text(&self) -> String {
        let mut text = if self.asked == 0 {
            "no answers marked yet".to_string()
        } else {
            format!(
                "{} of {} right ({:.0}%)",
                self.right,
                self.asked,
                100.0 * f64::from(self.right) / f64::from(self.asked)
            )
        };
        match self.revealed {
            0 => {}
            1 => text.push_str("; 1 question shown, not answered"),
            k => text.push_str(&format!("; {k} questions shown, not answered")),
        }
        match self.skipped {
            0 => {}
            1 => text.push_str("; 1 skipped"),
            k => text.push_str(&format!("; {k} skipped")),
        }
        text
    }
}

/// The child the search took below `parent` in iteration `i` (the node it added, where
/// PUCT's selection chose a move not tried yet).
#[must_use]
pub fn next_on_path(tree: &MctsTree, i: usize, parent: usize) -> usize {
    let path = tree.path(&tree.iterations[i]);
    path.iter()
        .position(|&n| n == parent)
        .and_then(|k| path.get(k + 1))
        .map_or(usize::MAX, |&n| n)
}

/// The right answer to the selection question at `parent` in iteration `i`, as
/// [`MctsQuiz::choices`] numbers them: the node taken, or for PUCT the index of its move
/// among `parent`'s moves.
#[must_use]
pub fn right_choice(tree: &MctsTree, i: usize, parent: usize) -> usize {
    let taken = next_on_path(tree, i, parent);
    if tree.puct.is_none() {
        return taken;
    }
    let mv = tree.nodes.get(taken).and_then(|n| n.mv.as_ref());
    tree.edges[parent]
        .iter()
        .position(|(m, _)| Some(m) == mv)
        .unwrap_or(usize::MAX)
}

/// Why selection takes `taken`: every child's UCB1 value (every move's PUCT value).
fn select_reason(tree: &MctsTree, i: usize, parent: usize, taken: usize) -> String {
    let state = tree.state_after(i);
    if let Some(c) = tree.puct {
        let values: Vec<String> = tree
            .puct_edges(&state, parent)
            .iter()
            .map(|e| {
                format!(
                    "{}: {:+.3} + {c:.2}·{:.3}·√{} / (1 + {}) = {:.3}{}",
                    e.mv,
                    e.q,
                    e.prior,
                    state.visits[parent],
                    e.n,
                    e.value,
                    if e.child.is_none() {
                        " (not tried yet)"
                    } else {
                        ""
                    }
                )
            })
            .collect();
        return format!(
            "PUCT takes {}: Q + c·P·√N / (1 + n) is highest there (ties go to the first in the order of the moves). {}",
            tree.nodes
                .get(taken)
                .and_then(|n| n.mv.as_deref())
                .unwrap_or("?"),
            values.join("; ")
        );
    }
    let values: Vec<String> = tree
        .children_ucb(&state, parent)
        .map(|(c, u)| {
            let mv = tree.nodes[c].mv.clone().unwrap_or_default();
            if u.enterable {
                format!(
                    "{mv}: {:+.3} + {:.3} = {:.3} (n {})",
                    u.mean,
                    u.bonus,
                    u.value(),
                    state.visits[c]
                )
            } else {
                format!(
                    "{mv}: passed by, it cannot improve on what {} is sure of",
                    tree.name(parent)
                )
            }
        })
        .collect();
    format!(
        "UCB1 takes {}: mean + C·√(ln N / n) is highest there (ties go to the child added first). {}",
        tree.nodes
            .get(taken)
            .and_then(|n| n.mv.as_deref())
            .unwrap_or("?"),
        values.join("; ")
    )
}

/// Why `node` ends iteration `i` with its visits and mean.
fn backup_reason(tree: &MctsTree, i: usize, node: usize) -> String {
    let before = tree.state_after(i);
    let mut after = before.clone();
    tree.apply(&mut after, i);
    let added = after.reward[node] - before.reward[node];
    format!(
        "{} has n {} and mean {:+.3}: one more visit, and the reward {:+.3} for the side that played it (the sign flips at each ply up the path), so ({:+.3} {} {:.3}) / {} = {:+.3}.",
        tree.name(node),
        after.visits[node],
        after.mean(node),
        added,
        before.reward[node],
        if added < 0.0 { "-" } else { "+" },
        added.abs(),
        after.visits[node],
        after.mean(node)
    )
}
