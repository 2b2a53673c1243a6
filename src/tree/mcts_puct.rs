//! PUCT's MCTS tree: selection replayed by AlphaZero's rule, `Q + c·P·√N / (1 + n)`
//! over every move of a node (those not tried yet too: selection choosing one adds
//! it), computed as the search's PUCT computes it so that a test can check every
//! selection the search made; and the four phases said in PUCT's words
//! (the network evaluates the position added and values it: no playout).

use super::mcts::{MctsState, MctsTree, Phase, reward_words};
use crate::search::trace::{MctsIteration, PlayoutEnd};

/// One move of a node in PUCT's selection, with its value in its parts.
#[derive(Clone, Debug, PartialEq)]
pub struct PuctEdge {
    /// The move, in notation.
    pub mv: String,
    /// The node it leads to, once in the tree.
    pub child: Option<usize>,
    /// The child's mean value for the side choosing (0 for a move never tried).
    pub q: f64,
    /// The network's prior.
    pub prior: f32,
    /// The child's visits (0 for a move never tried).
    pub n: u64,
    /// `q + c·P·√N / (1 + n)`.
    pub value: f64,
}

impl MctsTree {
    /// The moves of `parent` with their PUCT values in `state`, in the order of the
    /// moves (empty before the network evaluated `parent`, and for rows that are not
    /// PUCT).
    #[must_use]
    pub fn puct_edges(&self, state: &MctsState, parent: usize) -> Vec<PuctEdge> {
        let Some(c) = self.puct else {
            return Vec::new();
        };
        let scale = c * (state.visits[parent] as f64).sqrt();
        self.edges[parent]
            .iter()
            .map(|(mv, prior)| {
                let child = self.nodes[parent]
                    .children
                    .iter()
                    .copied()
                    .find(|&k| state.exists[k] && self.nodes[k].mv.as_ref() == Some(mv));
                let (q, n) = match child {
                    Some(k) if state.visits[k] > 0 => (state.mean(k), state.visits[k]),
                    _ => (0.0, 0),
                };
                PuctEdge {
                    mv: mv.clone(),
                    child,
                    q,
                    prior: *prior,
                    n,
                    value: q + scale * f64::from(*prior) / (1.0 + n as f64),
                }
            })
            .collect()
    }

    /// The move PUCT's selection takes at `parent` in `state` (its index among
    /// [`MctsTree::puct_edges`]): the highest value, the first of equals in the order of
    /// the moves; `None` when `parent` has no moves.
    #[must_use]
    pub fn puct_choice(&self, state: &MctsState, parent: usize) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        for (i, e) in self.puct_edges(state, parent).iter().enumerate() {
            if best.is_none_or(|(_, v)| e.value > v) {
                best = Some((i, e.value));
            }
        }
        best.map(|(i, _)| i)
    }

    /// What PUCT's iteration `i` did in `phase`.
    pub(super) fn describe_puct(&self, i: usize, phase: Phase) -> Vec<String> {
        let it = &self.iterations[i];
        match phase {
            Phase::Selection => self.describe_puct_selection(i),
            Phase::Expansion => vec![self.describe_puct_expansion(it)],
            Phase::Playout => vec![self.describe_puct_playout(it)],
            Phase::Backup => self.describe_backup(i),
        }
    }

    fn describe_puct_selection(&self, i: usize) -> Vec<String> {
        let it = &self.iterations[i];
        let before = self.state_after(i);
        let c = self.puct.unwrap_or_default();
        let mut lines = Vec::new();
        if it.selected.len() == 1 && it.added.is_none() && !it.priors.is_empty() {
            lines.push(
                "Selection: the network has not evaluated the root yet, so selection stops there."
                    .into(),
            );
            return lines;
        }
        let path = self.path(it);
        for w in path.windows(2) {
            let (parent, child) = (w[0], w[1]);
            let edges = self.puct_edges(&before, parent);
            let Some(k) = edges.iter().position(|e| {
                e.child == Some(child) || Some(&e.mv) == self.nodes[child].mv.as_ref()
            }) else {
                continue;
            };
            let e = &edges[k];
            let best = edges
                .iter()
                .map(|e| e.value)
                .fold(f64::NEG_INFINITY, f64::max);
            let tied = edges.iter().filter(|o| o.value == e.value).count() > 1;
            let mut others: Vec<&PuctEdge> = edges
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != k)
                .map(|(_, o)| o)
                .collect();
            others.sort_by(|a, b| b.value.total_cmp(&a.value));
            let others: Vec<String> = others
                .iter()
                .map(|o| format!("{} {:.3}", o.mv, o.value))
                .collect();
            let verdict = if others.is_empty() {
                ", the only move".to_string()
            } else if tied && e.value == best {
                format!(
                    ", tied for the highest and first in the order of the moves, which breaks ties (others: {})",
                    others.join(", ")
                )
            } else {
                format!(", the highest (others: {})", others.join(", "))
            };
            lines.push(format!(
                "Selection at {} (N = {}): {}{} has Q + c·P·√N / (1 + n) = {:+.3} + {c:.2}·{:.3}·√{} / (1 + {}) = {:.3}{verdict}.",
                self.name(parent),
                before.visits[parent],
                e.mv,
                if e.child.is_none() { ", not tried yet (Q = 0)," } else { "" },
                e.q,
                e.prior,
                before.visits[parent],
                e.n,
                e.value,
            ));
        }
        let last = *path.last().unwrap_or(&0);
        lines.push(match &it.added {
            Some((_, mv)) => {
                format!("{mv} is not in the tree yet, so selection stops: it is the node added.")
            }
            None => format!(
                "{} has no moves (the game is over there or it is at the depth), so selection stops there.",
                self.name(last)
            ),
        });
        lines
    }

    fn describe_puct_expansion(&self, it: &MctsIteration<String>) -> String {
        let last = *self.path(it).last().unwrap_or(&0);
        let priors = || {
            let p: Vec<String> = it
                .priors
                .iter()
                .map(|(m, p)| format!("{m} {p:.3}"))
                .collect();
            p.join(", ")
        };
        match (&it.added, it.priors.is_empty()) {
            (Some((n, mv)), false) => format!(
                "Expansion: {} gets a new child, {mv} (node {n}), the move selection chose; the network evaluates it: its moves get priors {}.",
                self.name(*it.selected.last().unwrap_or(&0) as usize),
                priors()
            ),
            (Some((n, mv)), true) => format!(
                "Expansion: {} gets a new child, {mv} (node {n}), the move selection chose; {}, so it gets no moves.",
                self.name(*it.selected.last().unwrap_or(&0) as usize),
                if it.end == PlayoutEnd::GameOver {
                    "the game is over there"
                } else {
                    "it is at the depth"
                }
            ),
            (None, false) => format!(
                "Expansion: none; the network evaluates {}: its moves get priors {}.",
                self.name(last),
                priors()
            ),
            (None, true) => format!(
                "Expansion: none; {} has no moves to add (the game is over there or it is at the depth): it gives the value it was given before.",
                self.name(last)
            ),
        }
    }

    fn describe_puct_playout(&self, it: &MctsIteration<String>) -> String {
        let at = self.name(*self.path(it).last().unwrap_or(&0));
        match it.end {
            PlayoutEnd::GameOver => format!(
                "Playout: none; the game is over at {at}: value {} for the side to move there.",
                reward_words(it.reward, it.end)
            ),
            PlayoutEnd::Horizon => format!(
                "Playout: none; {at} is at the depth: the network values it at {:+.3} for the side to move there (it gets no moves).",
                it.reward
            ),
            _ => format!(
                "Playout: none; the network values {at} at {:+.3} for the side to move there.",
                it.reward
            ),
        }
    }
}
