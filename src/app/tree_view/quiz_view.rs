//! The quiz panels of the tree view: at each visit the learner types the window, the
//! value and the cutoff (ticking the moves that will never be searched), presses Check,
//! and sees each part marked with the right answer and a one-line reason, and the
//! score; an MCTS tree's quiz asks selection's child and a backup's visits and mean the
//! same way. The marking is [`crate::tree::quiz`] and [`crate::tree::mcts_quiz`].

use std::collections::BTreeSet;

use egui::{Color32, RichText};

use crate::experiment::exercise::practice;
use crate::session::GivenAnswer;
use crate::tree::mcts::MctsTree;
use crate::tree::mcts_quiz::{MctsAnswer, MctsQuestion, MctsQuiz};
use crate::tree::quiz::{Answer, Mark, Part, Quiz, parse_bound};
use crate::tree::{SearchTree, TreeNode};

/// A quiz under way with the learner's unfinished answers.
#[derive(Clone, Debug, Default)]
pub struct QuizState {
    /// The quiz.
    pub quiz: Quiz,
    /// The typed α.
    pub alpha: String,
    /// The typed β.
    pub beta: String,
    /// The typed value.
    pub value: String,
    /// The cutoff answer.
    pub cutoff: Option<bool>,
    /// The moves ticked as never searched.
    pub never: BTreeSet<String>,
    /// Why the answer could not be read.
    pub error: Option<String>,
    /// The quiz is a handout exercise's: its answers are kept in the session, so it
    /// cannot be started again.
    pub kept: bool,
}

impl QuizState {
    /// Reads the typed answers for the parts asked.
    /// Values are in the game's units at `scale` engine units a unit.
    fn answer(&self, parts: &[Part], scale: u32) -> Result<Answer, String> {
        let mut a = Answer {
            never: self.never.clone(),
            cutoff: self.cutoff,
            ..Answer::default()
        };
        for part in parts {
            match part {
                Part::Window => {
                    let lo = parse_bound(&self.alpha, scale).map_err(|e| format!("α: {e}"))?;
                    let hi = parse_bound(&self.beta, scale).map_err(|e| format!("β: {e}"))?;
                    a.window = Some((lo, hi));
                }
                Part::Value => {
                    let v = parse_bound(&self.value, scale).map_err(|e| format!("value: {e}"))?;
                    a.value = Some(v);
                }
                Part::Cutoff => {
                    if self.cutoff.is_none() {
                        return Err("say whether it cuts off (yes or no)".into());
                    }
                }
            }
        }
        Ok(a)
    }

    fn clear_inputs(&mut self) {
        self.alpha.clear();
        self.beta.clear();
        self.value.clear();
        self.cutoff = None;
        self.never.clear();
        self.error = None;
    }
}

/// The quiz panel (in place of the step controls); returns the answer given at this
/// frame (checked, or shown), to be kept when the quiz is a handout's.
pub fn quiz_ui(ui: &mut egui::Ui, tree: &SearchTree, qs: &mut QuizState) -> Option<GivenAnswer> {
    let mut given = None;
    let q = qs.quiz.question(tree);
    let node = &tree.nodes[q.node];
    let total = tree.nodes.len();
    let mv = node.mv.as_deref().unwrap_or("the root");
    let what = visit_situation(tree, node);
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("Quiz — visit {} of {total}: {mv}", q.node + 1)).strong());
        ui.label(format!("at ply {} ({what})", node.ply));
        ui.separator();
        ui.label(format!("Score: {}", qs.quiz.score_text()));
    });
    match qs.quiz.marks.clone() {
        None if q.parts.is_empty() => {
            ui.label("Nothing to ask here: a leaf's value is given (and this algorithm has no window to ask).");
            if ui.button("Next visit").clicked() {
                qs.quiz.next(tree);
                qs.clear_inputs();
            }
        }
        None => {
            ui.horizontal_wrapped(|ui| {
                for part in &q.parts {
                    answer_field_ui(ui, qs, *part);
                }
            });
            if q.parts.contains(&Part::Cutoff) && !q.moves.is_empty() {
                never_searched_ui(ui, &q.moves, &mut qs.never);
            }
            ui.horizontal(|ui| given = check_buttons_ui(ui, qs, tree, &q.parts));
            if let Some(e) = &qs.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
        }
        Some(marks) => {
            let shown = qs.quiz.shown;
            for m in &marks {
                mark_ui(ui, m, shown);
            }
            ui.horizontal(|ui| {
                if q.node + 1 < total {
                    if ui.button("Next visit").clicked() {
                        qs.quiz.next(tree);
                        qs.clear_inputs();
                    }
                } else {
                    ui.label(
                        RichText::new(format!(
                            "The search is over. Final score: {}",
                            qs.quiz.score_text()
                        ))
                        .strong(),
                    );
                }
                if qs.kept {
                    ui.weak("a handout's answers are kept: they are marked as first given");
                } else if ui.button("Start again").clicked() {
                    qs.quiz = Quiz::new();
                    qs.clear_inputs();
                }
            });
        }
    }
    given
}

/// Where the visit asked stands, for the quiz's header: a leaf or a table's answer
/// with its value, the root, or the moves that lead to it; a chance node, an outcome's
/// probability and Star2's probes said so.
fn visit_situation(tree: &SearchTree, node: &TreeNode) -> String {
    let value = || node.value.map_or_else(|| "?".into(), |v| tree.vtext(v));
    let mut text = if node.leaf {
        format!("a leaf, its value {} is given", value())
    } else if node.table_cut {
        format!("the table answers it with {}", value())
    } else if node.path.is_empty() {
        "the root".to_string()
    } else {
        format!("after {}", node.path.join(" "))
    };
    if node.chance {
        text.push_str("; a chance node: its value is the mean of its outcomes, weighted by their probabilities");
    }
    if let Some(p) = &node.prob {
        text.push_str(&format!("; an outcome of probability {}", p.text));
    }
    if node.kind == crate::search::trace::VisitKind::Probe {
        text.push_str("; Star2's probe: only its first move is searched");
    }
    text
}

/// The field (or fields) where the learner answers one part of the question: the
/// window's α and β, the value returned, or whether it cuts off.
fn answer_field_ui(ui: &mut egui::Ui, state: &mut QuizState, part: Part) {
    match part {
        Part::Window => {
            let l = ui.label("window: α");
            ui.add(egui::TextEdit::singleline(&mut state.alpha).desired_width(48.0))
                .labelled_by(l.id);
            let l = ui.label("β");
            ui.add(egui::TextEdit::singleline(&mut state.beta).desired_width(48.0))
                .labelled_by(l.id);
        }
        Part::Value => {
            let l = ui.label("value returned");
            ui.add(egui::TextEdit::singleline(&mut state.value).desired_width(48.0))
                .labelled_by(l.id);
        }
        Part::Cutoff => {
            ui.label("cuts off?");
            if ui
                .selectable_label(state.cutoff == Some(true), "yes")
                .clicked()
            {
                state.cutoff = Some(true);
            }
            if ui
                .selectable_label(state.cutoff == Some(false), "no")
                .clicked()
            {
                state.cutoff = Some(false);
            }
        }
    }
}

/// A check box per move of the visit (`moves`) to tick those the search will never
/// look at (`never`: the moves ticked).
fn never_searched_ui(ui: &mut egui::Ui, moves: &[String], never: &mut BTreeSet<String>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("never searched here:");
        for m in moves {
            let mut on = never.contains(m);
            if ui
                .checkbox(&mut on, m.as_str())
                .on_hover_text("Tick the moves the search will not look at")
                .changed()
            {
                if on {
                    never.insert(m.clone());
                } else {
                    never.remove(m);
                }
            }
        }
    });
}

/// Check (marks the typed answers to `parts`, or says why they cannot be read) and
/// Show the answer, with a hint on how to write the infinities; returns the answer
/// given, if one was.
fn check_buttons_ui(
    ui: &mut egui::Ui,
    state: &mut QuizState,
    tree: &SearchTree,
    parts: &[Part],
) -> Option<GivenAnswer> {
    let mut given = None;
    let visit = state.quiz.question(tree).node;
    if ui.button("Check").clicked() {
        match state.answer(parts, tree.scale()) {
            Ok(a) => {
                state.error = None;
                state.quiz.mark(tree, &a);
                given = Some(practice::given(visit, &a, false));
            }
            Err(e) => state.error = Some(e),
        }
    }
    if ui
        .button("Show the answer")
        .on_hover_text("Counts as not answered")
        .clicked()
    {
        state.error = None;
        state.quiz.reveal(tree);
        given = Some(practice::given(visit, &Answer::default(), true));
    }
    if ui
        .button("Skip")
        .on_hover_text(
            "On to the next visit, this one neither answered nor shown (a handout keeps the skip)",
        )
        .clicked()
    {
        state.error = None;
        state.quiz.skip(tree);
        state.quiz.next(tree);
        state.clear_inputs();
        given = Some(practice::skipped(visit));
    }
    if tree.scale() > 1 {
        ui.weak("write −∞ and +∞ as -inf and inf, fractions as 2.5 or 7/3");
    } else {
        ui.weak("write −∞ and +∞ as -inf and inf");
    }
    given
}

/// One part marked: right or wrong with the right answer (or, when the answer was
/// `shown`, the answer), and its one-line reason.
fn mark_ui(ui: &mut egui::Ui, mark: &Mark, shown: bool) {
    // "the value is 3"; "a cutoff? no; every move is searched".
    let what = match mark.part {
        crate::tree::quiz::Part::Cutoff => format!("a cutoff? {}", mark.expected),
        _ => format!("the {} is {}", mark.part.label(), mark.expected),
    };
    let (text, color) = if shown {
        (format!("answer: {what}"), ui.visuals().strong_text_color())
    } else if mark.right {
        (
            format!("right: {} {}", mark.part.label(), mark.expected),
            Color32::from_rgb(39, 174, 96),
        )
    } else {
        (format!("wrong: {what}"), Color32::from_rgb(231, 76, 60))
    };
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(color, RichText::new(text).strong());
        ui.label(format!("— {}", mark.reason));
    });
}

/// The quiz panel of an MCTS tree (in place of its step controls), as the minimax
/// quiz's: the question, the answer's buttons or fields with Check, Show the answer
/// (counted neither right nor wrong) and Skip; once answered, right or not (or the
/// answer shown) with why, and Next question. `typed`: the backup's visits and mean
/// being typed.
pub fn mcts_quiz_ui(
    ui: &mut egui::Ui,
    quiz: &mut MctsQuiz,
    tree: &MctsTree,
    typed: &mut (String, String),
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(format!(
                "Quiz — question {} of {}",
                (quiz.at + 1).min(quiz.questions.len()),
                quiz.questions.len()
            ))
            .strong(),
        );
        ui.separator();
        ui.label(format!("Score: {}", quiz.score_text()));
    });
    ui.label(quiz.text(tree));
    let Some(q) = quiz.question() else { return };
    let mut next = false;
    match quiz.verdict.clone() {
        None => {
            ui.horizontal_wrapped(|ui| {
                mcts_answer_ui(ui, quiz, tree, q, typed);
                ui.separator();
                if ui
                    .button("Show the answer")
                    .on_hover_text("Counts as not answered")
                    .clicked()
                {
                    quiz.reveal(tree);
                }
                if ui
                    .button("Skip")
                    .on_hover_text("On to the next question, this one unanswered")
                    .clicked()
                {
                    quiz.skip();
                    *typed = (String::new(), String::new());
                }
            });
        }
        Some((right, why)) => {
            let (text, color) = if quiz.shown {
                ("The answer.", ui.visuals().strong_text_color())
            } else if right {
                ("Right.", Color32::from_rgb(30, 140, 60))
            } else {
                ("Not quite.", ui.visuals().error_fg_color)
            };
            ui.colored_label(color, RichText::new(text).strong());
            ui.label(why);
            next = ui.button("Next question").clicked();
        }
    }
    if next {
        quiz.advance();
        *typed = (String::new(), String::new());
    }
}

/// The answer to question `q`: a button per child to choose, or the backup's visits
/// and mean with Check.
fn mcts_answer_ui(
    ui: &mut egui::Ui,
    quiz: &mut MctsQuiz,
    tree: &MctsTree,
    q: MctsQuestion,
    typed: &mut (String, String),
) {
    match q {
        MctsQuestion::Select { .. } => {
            for (c, mv) in quiz.choices(tree) {
                if ui.button(mv).clicked() {
                    quiz.answer(tree, MctsAnswer::Child(c));
                }
            }
        }
        MctsQuestion::Backup { .. } => {
            let v = ui.label("visits");
            ui.add(egui::TextEdit::singleline(&mut typed.0).desired_width(50.0))
                .labelled_by(v.id);
            let m = ui.label("mean");
            ui.add(egui::TextEdit::singleline(&mut typed.1).desired_width(70.0))
                .labelled_by(m.id);
            let visits = typed.0.trim().parse::<u64>();
            let mean = typed.1.trim().replace('−', "-").parse::<f64>();
            let ok = visits.is_ok() && mean.is_ok();
            if ui
                .add_enabled(ok, egui::Button::new("Check"))
                .on_disabled_hover_text(
                    "Type the visits (a whole number) and the mean (e.g. -0.333)",
                )
                .clicked()
                && let (Ok(v), Ok(m)) = (visits, mean)
            {
                quiz.answer(tree, MctsAnswer::VisitsAndMean(v, m));
            }
        }
    }
}
