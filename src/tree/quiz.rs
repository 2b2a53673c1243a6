//! Quiz mode: the learner steps through a traced search and, at each visit, first says
//! what will happen there: the window the node is searched with, the value it returns
//! and whether it cuts off (and which moves are never searched). [`Quiz::mark`] marks
//! each answer against the trace, with the right answer and a one-line reason, and
//! keeps the score. Leaves and table answers have their values given (a learner cannot
//! guess an evaluation); two-sided minimax and negamax have no window to ask about.

use std::collections::BTreeSet;

use super::{SearchTree, replay};
use crate::search::registry::QuizAsks;
use crate::search::trace::VisitKind;
use crate::search::{Algorithm, INF};

/// What the learner answers at one visit (None: not answered).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// The window `(alpha, beta)` on entry.
    pub window: Option<(i32, i32)>,
    /// The value the node returns.
    pub value: Option<i32>,
    /// Whether a child's value cuts the node off.
    pub cutoff: Option<bool>,
    /// The moves never searched here.
    pub never: BTreeSet<String>,
}

/// The parts of a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The window on entry.
    Window,
    /// The returned value.
    Value,
    /// The cutoff and the moves never searched.
    Cutoff,
}

impl Part {
    /// Its name in the marks.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Part::Window => "window",
            Part::Value => "value",
            Part::Cutoff => "cutoff",
        }
    }
}

/// What is asked at one visit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// The visit.
    pub node: usize,
    /// The parts asked, in order.
    pub parts: Vec<Part>,
    /// The node's moves (for "which moves are never searched").
    pub moves: Vec<String>,
}

/// One part marked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Which part.
    pub part: Part,
    /// Whether the answer was right.
    pub right: bool,
    /// The right answer, written out.
    pub expected: String,
    /// Why, in one line.
    pub reason: String,
}

/// A quiz over one traced search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Quiz {
    /// The visit being asked about.
    pub visit: usize,
    /// Parts answered right.
    pub right: u32,
    /// Parts marked.
    pub asked: u32,
    /// The marks of the current visit, once checked.
    pub marks: Option<Vec<Mark>>,
    /// The current visit's answer was shown, not given: its marks are not scored.
    pub shown: bool,
    /// Visits whose answer was shown without an answer (counted neither right nor
    /// wrong).
    pub skipped: u32,
    /// Visits passed over with Skip: neither answered nor shown.
    pub passed: u32,
}

/// Whether the quiz asks about windows (the algorithm has them at all).
fn windowed(a: Algorithm) -> bool {
    a.info().quiz != QuizAsks::Values
}

/// Whether windows and values are the side to move's (negamax form).
/// Whether `a` searches in negamax form (values from the side to move).
fn nega(a: Algorithm) -> bool {
    super::Form::of(a) == super::Form::Negamax
}

/// Parses a bound as a learner writes it, in the game's units at `scale` engine units
/// a unit: a number (`3`, `-2.5` or `7/3` where values may be fractions), or `inf`,
/// `+inf`, `-inf`, `∞`, `+∞`, `-∞` (a minus sign `−` too).
pub fn parse_bound(text: &str, scale: u32) -> Result<i32, String> {
    let t = text.trim().replace('−', "-").replace('∞', "inf");
    let bad = || format!("'{}' is not a number (or -inf, +inf)", text.trim());
    match t.as_str() {
        "inf" | "+inf" => Ok(INF),
        "-inf" => Ok(-INF),
        _ if scale > 1 => crate::game::chance::parse_scaled(&t, scale)
            .ok()
            .filter(|v| v.abs() < INF)
            .ok_or_else(|| format!("'{}' is not a number (or -inf, +inf)", text.trim())),
        _ => t
            .parse::<i32>()
            .ok()
            .filter(|v| v.abs() < INF)
            .ok_or_else(bad),
    }
}

impl Quiz {
    /// A quiz from the first visit.
    #[must_use]
    pub fn new() -> Quiz {
        Quiz::default()
    }

    /// What is asked at the current visit.
    #[must_use]
    pub fn question(&self, tree: &SearchTree) -> Question {
        let i = self.visit.min(tree.nodes.len().saturating_sub(1));
        let n = &tree.nodes[i];
        let a = tree.request.algorithm;
        let mut parts = Vec::new();
        if windowed(a) {
            parts.push(Part::Window);
        }
        let interior = !n.leaf && !n.table_cut && n.value.is_some();
        if interior {
            parts.push(Part::Value);
            if windowed(a) {
                parts.push(Part::Cutoff);
            }
        }
        let moves = if interior {
            replay(&tree.root, &n.path)
                .map(|p| p.legal_moves())
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        Question {
            node: i,
            parts,
            moves,
        }
    }

    /// Marks `answer` for the current visit and adds it to the score (once per visit).
    pub fn mark(&mut self, tree: &SearchTree, answer: &Answer) -> Vec<Mark> {
        if let Some(m) = &self.marks {
            return m.clone();
        }
        let q = self.question(tree);
        let i = q.node;
        let n = &tree.nodes[i];
        let mut marks = Vec::new();
        for part in &q.parts {
            let mark = match part {
                Part::Window => Mark {
                    part: Part::Window,
                    right: answer.window == Some((n.alpha, n.beta)),
                    expected: tree.window_of(i),
                    reason: window_reason(tree, i),
                },
                Part::Value => Mark {
                    part: Part::Value,
                    right: answer.value == n.value,
                    expected: n.value.map_or_else(|| "?".into(), |v| tree.vtext(v)),
                    reason: value_reason(tree, i),
                },
                Part::Cutoff => {
                    let cut = n.cutoff_child.is_some() || n.chance_cut.is_some();
                    let never: BTreeSet<String> = n.pruned.iter().cloned().collect();
                    let expected = if cut && never.is_empty() {
                        "yes; every move was visited (probed) before it".to_string()
                    } else if cut {
                        format!("yes; never searched: {}", n.pruned.join(" "))
                    } else if never.is_empty() {
                        "no; every move is searched".to_string()
                    } else {
                        format!("no; never searched: {}", n.pruned.join(" "))
                    };
                    Mark {
                        part: Part::Cutoff,
                        right: answer.cutoff == Some(cut) && answer.never == never,
                        expected,
                        reason: cutoff_reason(tree, i),
                    }
                }
            };
            marks.push(mark);
        }
        self.asked += marks.len() as u32;
        self.right += marks.iter().filter(|m| m.right).count() as u32;
        self.marks = Some(marks.clone());
        marks
    }

    /// Shows the right answers of the current visit without scoring them: "Show the
    /// answer" counts as not answered (neither right nor wrong).
    pub fn reveal(&mut self, tree: &SearchTree) -> Vec<Mark> {
        if let Some(m) = &self.marks {
            return m.clone();
        }
        let (right, asked) = (self.right, self.asked);
        let marks = self.mark(tree, &Answer::default());
        self.right = right;
        self.asked = asked;
        self.shown = true;
        if !marks.is_empty() {
            self.skipped += 1;
        }
        marks
    }

    /// Passes over the current visit's question with Skip: nothing is marked or
    /// shown, and the visit counts as passed over (the learner then goes on to the next
    /// visit). Nothing happens at a visit already answered or with nothing to ask.
    pub fn skip(&mut self, tree: &SearchTree) {
        if self.marks.is_some() || self.question(tree).parts.is_empty() {
            return;
        }
        self.passed += 1;
        self.shown = false;
        self.marks = Some(Vec::new());
    }

    /// Whether the current visit's answers are known: checked or shown.
    #[must_use]
    pub fn answered(&self) -> bool {
        self.marks.is_some()
    }

    /// Goes on to the next visit; false at the end of the search.
    pub fn next(&mut self, tree: &SearchTree) -> bool {
        if self.visit + 1 >= tree.nodes.len() {
            return false;
        }
        self.visit += 1;
        self.marks = None;
        self.shown = false;
        true
    }

    /// The score as text.
    #[must_use]
    pub fn score_text(&self) -> String {
        let mut skipped = match self.skipped {
            0 => String::new(),
            1 => "; 1 visit shown, not answered".to_string(),
            k => format!("; {k} visits shown, not answered"),
        };
        match self.passed {
            0 => {}
            1 => skipped.push_str("; 1 visit skipped"),
            k => skipped.push_str(&format!("; {k} visits skipped")),
        }
        if self.asked == 0 {
            format!("no answers marked yet{skipped}")
        } else {
            format!(
                "{} of {} right ({:.0}%){skipped}",
                self.right,
                self.asked,
                100.0 * f64::from(self.right) / f64::from(self.asked)
            )
        }
    }
}

/// The last visit of each searched move under `i`, in the order first searched:
/// (move, value).
fn child_values(tree: &SearchTree, i: usize) -> Vec<(String, Option<i32>)> {
    let mut out: Vec<(String, Option<i32>)> = Vec::new();
    for &c in &tree.nodes[i].children {
        let mv = tree.nodes[c].mv.clone().unwrap_or_default();
        let v = tree.nodes[c].value;
        match out.iter_mut().find(|(m, _)| *m == mv) {
            Some(slot) => slot.1 = v,
            None => out.push((mv, v)),
        }
    }
    out
}

fn window_reason(tree: &SearchTree, i: usize) -> String {
    let n = &tree.nodes[i];
    let a = tree.request.algorithm;
    let w = tree.window_of(i);
    let Some(p) = n.parent else {
        return match a.info().quiz {
            QuizAsks::Passes => format!(
                "a pass of {}: a null window {w} that asks whether the value is above {}",
                a.label(),
                tree.vtext(n.alpha)
            ),
            _ if n.alpha <= -INF && n.beta >= INF => {
                "the root is searched with the full window".into()
            }
            _ => format!("the root's window {w}: the game's score range or an aspiration window"),
        };
    };
    let parent = &tree.nodes[p];
    if parent.chance {
        return tree.outcome_window_reason(i);
    }
    let mv = n.mv.as_deref().unwrap_or("?");
    match n.kind {
        VisitKind::NullWindow => format!(
            "a null-window test {w}: it only asks whether {mv}'s value is above {} or not",
            tree.vtext(n.alpha)
        ),
        VisitKind::Research => format!(
            "the test failed high, so {mv} is searched again with the window the parent has now, {w}"
        ),
        VisitKind::Probe => tree.outcome_window_reason(i),
        VisitKind::Normal if nega(a) => {
            let (pa, pb) = (-n.beta, -n.alpha);
            let rose = if pa > parent.alpha {
                format!(
                    " (α rose from {} after the earlier moves)",
                    tree.vtext(parent.alpha)
                )
            } else {
                String::new()
            };
            format!(
                "negamax: the parent's window is now ({}, {}){rose}, negated and swapped for {mv}",
                tree.vtext(pa),
                tree.vtext(pb)
            )
        }
        VisitKind::Normal => {
            let mut moved = Vec::new();
            if n.alpha > parent.alpha {
                moved.push(format!(
                    "α rose from {} to {}",
                    tree.vtext(parent.alpha),
                    tree.vtext(n.alpha)
                ));
            }
            if n.beta < parent.beta {
                moved.push(format!(
                    "β fell from {} to {}",
                    tree.vtext(parent.beta),
                    tree.vtext(n.beta)
                ));
            }
            let moved = if moved.is_empty() {
                String::new()
            } else {
                format!(" ({})", moved.join(", "))
            };
            format!("the parent's window as it stands{moved}: {mv} gets {w}")
        }
    }
}

fn value_reason(tree: &SearchTree, i: usize) -> String {
    let n = &tree.nodes[i];
    let a = tree.request.algorithm;
    let kids = child_values(tree, i);
    let Some(v) = n.value else {
        return tree.explain(i);
    };
    if n.chance || kids.iter().any(|(_, v)| v.is_none()) || kids.is_empty() {
        return tree.explain(i);
    }
    let vals: Vec<i32> = kids.iter().filter_map(|(_, v)| *v).collect();
    let (name, best, listed) = if nega(a) {
        let neg: Vec<String> = vals
            .iter()
            .map(|&x| format!("−({})", tree.vtext(x)))
            .collect();
        ("max", vals.iter().map(|x| -x).max(), neg.join(", "))
    } else if tree.role(i) == super::Role::Max {
        let l: Vec<String> = vals.iter().map(|&x| tree.vtext(x)).collect();
        ("max", vals.iter().copied().max(), l.join(", "))
    } else {
        let l: Vec<String> = vals.iter().map(|&x| tree.vtext(x)).collect();
        ("min", vals.iter().copied().min(), l.join(", "))
    };
    let Some(best) = best else {
        return tree.explain(i);
    };
    let formula = format!("{name}({listed}) = {}", tree.vtext(best));
    if best == v {
        if n.kind == VisitKind::NullWindow && (v <= n.alpha || v >= n.beta) {
            format!("{formula}: a bound, which is all the test needs")
        } else {
            formula
        }
    } else if v == n.alpha {
        format!(
            "{formula}, but fail-hard returns no less than α = {}",
            tree.vtext(n.alpha)
        )
    } else if v == n.beta {
        format!(
            "{formula}, but fail-hard returns no more than β = {}",
            tree.vtext(n.beta)
        )
    } else {
        tree.explain(i)
    }
}

fn cutoff_reason(tree: &SearchTree, i: usize) -> String {
    let n = &tree.nodes[i];
    if n.cutoff_child.is_some() || n.chance_cut.is_some() {
        return tree.explain(i);
    }
    if n.chance {
        return format!(
            "no outcome brought the mean to a bound of the window before the last, so every outcome is searched: {}",
            tree.explain(i)
        );
    }
    if n.pruned.is_empty() {
        match tree.role(i) {
            super::Role::Min => format!(
                "no child's value fell to α = {}, so every move is searched",
                tree.vtext(n.alpha)
            ),
            super::Role::Max => format!(
                "no child's value reached β = {}, so every move is searched",
                tree.vtext(n.beta)
            ),
            super::Role::Mover => format!(
                "no child's value, negated, reached β = {}, so every move is searched",
                tree.vtext(n.beta)
            ),
        }
    } else {
        format!(
            "no cutoff, but the search needed no more moves: {}",
            tree.explain(i)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameKind;
    use crate::search::SearchOptions;
    use crate::tree::tests::tree_of;

    fn tree(a: Algorithm) -> SearchTree {
        let pos = "w=3 d=3 seed=4 independent=20";
        tree_of(pos, GameKind::RandomTree, a, SearchOptions::default(), 3)
    }

    /// The answer the trace gives at the current visit.
    fn right_answer(t: &SearchTree, q: &Question) -> Answer {
        let n = &t.nodes[q.node];
        Answer {
            window: Some((n.alpha, n.beta)),
            value: n.value,
            cutoff: Some(n.cutoff_child.is_some()),
            never: n.pruned.iter().cloned().collect(),
        }
    }

    #[test]
    fn the_traced_answers_score_full_marks_and_a_wrong_value_is_corrected() {
        // Every algorithm the tree view draws.
        for a in Algorithm::ALL
            .into_iter()
            .filter(|a| a.info().tree_view == crate::search::registry::TreeView::Draws)
        {
            let t = tree(a);
            let mut quiz = Quiz::new();
            loop {
                let q = quiz.question(&t);
                let marks = quiz.mark(&t, &right_answer(&t, &q));
                assert!(marks.iter().all(|m| m.right), "{a:?} visit {}", q.node);
                assert!(marks.iter().all(|m| !m.reason.is_empty()));
                if !quiz.next(&t) {
                    break;
                }
            }
            assert_eq!(quiz.right, quiz.asked, "{a:?}");
            if windowed(a) {
                assert!(
                    quiz.asked as usize >= t.nodes.len(),
                    "a window at every visit"
                );
            }
            // A wrong value at the root: marked wrong, the right one shown.
            let mut quiz = Quiz::new();
            let q = quiz.question(&t);
            let mut wrong = right_answer(&t, &q);
            let v = t.nodes[0].value.unwrap();
            wrong.value = Some(v + 1);
            let marks = quiz.mark(&t, &wrong);
            let value = marks.iter().find(|m| m.part == Part::Value).unwrap();
            assert!(!value.right);
            assert_eq!(value.expected, v.to_string());
            // Marking again does not count twice.
            quiz.mark(&t, &wrong);
            assert_eq!(quiz.asked as usize, marks.len());
        }
    }

    #[test]
    fn bounds_are_read_as_learners_write_them() {
        assert_eq!(parse_bound(" 12 ", 1), Ok(12));
        assert_eq!(parse_bound("−3", 1), Ok(-3));
        assert_eq!(parse_bound("-inf", 1), Ok(-INF));
        assert_eq!(parse_bound("+∞", 1), Ok(INF));
        assert_eq!(parse_bound("∞", 1), Ok(INF));
        assert!(
            parse_bound("x", 1)
                .unwrap_err()
                .contains("'x' is not a number")
        );
        assert!(parse_bound("", 1).is_err());
        // A chance tree's values in its own units: 2.5 and 7/3 at scale 6.
        assert_eq!(parse_bound("2.5", 6), Ok(15));
        assert_eq!(parse_bound("−7/3", 6), Ok(-14));
        assert!(parse_bound("2.5", 1).is_err(), "not a value without chance");
        assert!(
            parse_bound("1/4", 6).is_err(),
            "not a whole number of units"
        );
    }

    #[test]
    fn showing_the_answer_counts_as_not_answered() {
        let t = tree(Algorithm::NegaAlpha);
        let mut quiz = Quiz::new();
        let marks = quiz.reveal(&t);
        assert!(!marks.is_empty() && quiz.answered() && quiz.shown);
        assert_eq!((quiz.right, quiz.asked, quiz.skipped), (0, 0, 1));
        assert!(quiz.score_text().contains("1 visit shown, not answered"));
        // A check after the answer was shown changes nothing.
        let q = quiz.question(&t);
        quiz.mark(&t, &right_answer(&t, &q));
        assert_eq!((quiz.right, quiz.asked), (0, 0));
        assert!(quiz.next(&t) && !quiz.answered() && !quiz.shown);
    }
}
