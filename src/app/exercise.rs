//! Practice in the app: New exercise at a difficulty puts a generated tree on the board
//! (the next of a fixed sequence, so every student who starts the app gets the same
//! exercises in the same order) and opens the Tree tab's quiz on the first row, whose
//! algorithm the exercise practises; the exercise's id is shown and regenerates it on
//! the command line (`treelab exercise --id ID --key key.html`).
//!
//! A handout (a session written by `treelab exercise --session`) lists its exercises
//! here with the student's name and each exercise's score; every answer checked or
//! shown in the quiz of the handout's exercise is kept in the session, and the quiz
//! picks up where the student left it when the session is opened again (the tree view
//! replays the answers when it builds the tree). File ▸ Scores
//! of students' sessions… marks a folder of them into `scores.csv`
//! ([`crate::experiment::exercise::practice`]).

use super::frame::command::Command;
use super::frame::model::{CurrentExercise, Model};
use super::frame::panel::Panel;
use crate::engine::rowspec::{BenchRow, row_spec};
use crate::engine::{AnyPosition, GameKind};
use crate::experiment::exercise::practice::{self, Score};
use crate::experiment::exercise::{self, Difficulty};
use crate::session::{GivenAnswer, PracticeItem};

/// On a custom tree's board: the New exercise buttons and, while its tree is on the
/// board, the exercise's id.
pub fn exercise_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>) {
    handout_ui(ui, cx);
    if cx.session().position.kind() != GameKind::CustomTree {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("New exercise:");
        for d in Difficulty::ALL {
            if ui
                .button(d.name())
                .on_hover_text(format!(
                    "A {} tree for row 1's algorithm, answered in the Tree tab's quiz",
                    d.name()
                ))
                .clicked()
            {
                cx.push(Command::NewExercise(d));
            }
        }
    });
    if let Some(ex) = cx.model.current_exercise()
        && ex.tree == cx.session().position.to_text()
    {
        ui.label(format!("Exercise {} ({})", ex.id, ex.difficulty.name()))
            .on_hover_text(format!(
                "treelab exercise --id {} --key key.html writes its answer key",
                ex.id
            ));
    }
}

/// The handout's exercises (when the session is one): the student's name, a button per
/// exercise with its score on hover, and the score of the one on the board.
fn handout_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>) {
    let Some(p) = cx.session().practice.as_ref() else {
        return;
    };
    let items = p.exercises.clone();
    let current = p.current;
    let on_board = practice::on_board(cx.session());
    let title = if p.handout {
        "Handout"
    } else {
        "Your exercises"
    };
    let count = match items.len() {
        1 => "1 exercise".to_string(),
        n => format!("{n} exercises"),
    };
    ui.label(egui::RichText::new(format!("{title}: {count}")).strong())
        .on_hover_text(
            "Every answer you check or show in the quiz is kept in this session: save it \
             (Ctrl+S), and hand the file in",
        );
    ui.horizontal(|ui| {
        let l = ui.label("Your name:");
        if let Some(p) = cx.session().practice.as_ref() {
            let mut student = p.student.clone();
            let edit = ui
                .add(egui::TextEdit::singleline(&mut student).desired_width(160.0))
                .labelled_by(l.id);
            if edit.changed() {
                cx.push(Command::SetStudent(student));
            }
        }
    });
    let scores: Vec<Result<Score, String>> =
        items.iter().map(|i| cx.model.handout_score(i)).collect();
    ui.horizontal_wrapped(|ui| {
        for (k, (item, score)) in items.iter().zip(&scores).enumerate() {
            let done = score
                .as_ref()
                .is_ok_and(|s| s.questions > 0 && s.answered == s.questions);
            let text = format!("Ex {}{}", k + 1, if done { " ✓" } else { "" });
            let hover = match score {
                Ok(s) => format!("{} for {}: {}", item.id, item.row, s.text()),
                Err(e) => format!("{}: {e}", item.id),
            };
            if ui
                .selectable_label(on_board == Some(k), text)
                .on_hover_text(hover)
                .clicked()
            {
                cx.push(Command::OpenExercise(k));
            }
        }
    });
    let item = &items[current.min(items.len() - 1)];
    match (&scores[current.min(items.len() - 1)], on_board) {
        (Ok(s), Some(_)) => {
            ui.label(format!(
                "Exercise {} ({}): {}",
                current + 1,
                item.id,
                s.text()
            ));
        }
        (Ok(_), None) => {
            ui.weak(
                "The board or row 1 is not this exercise's any more: press its button to go on \
                 with it (its answers are kept).",
            );
        }
        (Err(e), _) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("Exercise {}: {e}", current + 1),
            );
        }
    }
    ui.separator();
}

impl Model {
    /// How the handout's exercise `item` went (its answers marked again), remembered
    /// until its answers change.
    pub fn handout_score(&self, item: &PracticeItem) -> Result<Score, String> {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        item.hash(&mut h);
        let key = h.finish();
        let mut cache = self.handout_scores.borrow_mut();
        if cache.len() > 512 {
            cache.clear();
        }
        cache
            .entry(key)
            .or_insert_with(|| practice::score(item))
            .clone()
    }

    /// The exercise last put on the board, if any.
    #[must_use]
    pub fn current_exercise(&self) -> Option<&CurrentExercise> {
        self.exercise.as_ref()
    }

    /// Puts the handout's exercise `k` on the board and opens its quiz where the
    /// student left it.
    pub(super) fn open_exercise(&mut self, k: usize, out: &mut Vec<Command>) {
        match practice::open_item(&mut self.session, k) {
            Ok(position) => {
                self.touch();
                out.push(Command::SetPosition(position));
                out.push(Command::BuildTrees);
            }
            Err(e) => self.error(format!("exercise {}: {e}", k + 1)),
        }
    }

    /// Keeps `answer` in the handout when the quiz on show is its exercise's (`kept`:
    /// the quiz keeps its answers).
    pub(super) fn record_answer(&mut self, answer: GivenAnswer, kept: bool) {
        if !kept {
            return;
        }
        let Some(k) = practice::on_board(&self.session) else {
            return;
        };
        if let Some(item) = self
            .session
            .practice
            .as_mut()
            .and_then(|p| p.exercises.get_mut(k))
            && item.answers.last().is_none_or(|l| l.visit < answer.visit)
        {
            item.answers.push(answer);
            self.touch();
        }
    }

    /// Marks the handouts of the sessions in `dir` and writes `scores.csv` there (with
    /// its manifest beside it).
    pub(super) fn save_scores(&mut self, dir: &std::path::Path) {
        let written = practice::handouts(&[dir.to_path_buf()])
            .and_then(|students| Ok((students.len(), practice::scores_csv(&students)?)))
            .and_then(|(n, csv)| {
                let path = dir.join("scores.csv");
                self.manifest()
                    .write(&path, &csv)
                    .map_err(|e| format!("could not write {}: {e}", path.display()))?;
                Ok((n, path))
            });
        match written {
            Ok((n, path)) => self.info(format!(
                "Marked {n} students' sessions; their scores are in {}",
                path.display()
            )),
            Err(e) => self.error(e),
        }
    }

    /// Puts the next exercise of `difficulty` for row 1's algorithm on the board and
    /// opens its quiz.
    pub(super) fn new_exercise(&mut self, difficulty: Difficulty, out: &mut Vec<Command>) {
        let Some(first) = self.session.rows.first() else {
            return self.error("add a row first: the exercise practises row 1's algorithm");
        };
        let row = BenchRow {
            label: row_spec(first.algorithm, &first.options),
            algorithm: first.algorithm,
            options: first.options.clone(),
        };
        let label = row.label.clone();
        let seed = self.exercise_seed;
        self.exercise_seed += 1;
        let req = difficulty.request(row, seed, 1);
        let found = exercise::generate(&req)
            .and_then(|mut v| v.pop().ok_or_else(|| "none found".to_string()));
        let ex = match found {
            Ok(ex) => ex,
            Err(e) => {
                return self.error(format!(
                    "no {} exercise for {label}: {e}",
                    difficulty.name()
                ));
            }
        };
        let pos = match AnyPosition::parse(GameKind::CustomTree, &ex.tree) {
            Ok(p) => p,
            Err(e) => return self.error(format!("the exercise's tree: {e}")),
        };
        let tree = pos.to_text();
        // Kept with the others New exercise gave, unless a teacher's handout is open.
        let practice = self
            .session
            .practice
            .get_or_insert_with(crate::session::Practice::default);
        if !practice.handout && practice.exercises.len() < crate::session::MAX_EXERCISES {
            practice.exercises.push(PracticeItem {
                id: ex.id.clone(),
                row: label.clone(),
                answers: Vec::new(),
            });
            let k = practice.exercises.len() - 1;
            self.open_exercise(k, out);
        } else {
            out.push(Command::SetPosition(pos));
            practice::quiz_view(&mut self.session.view, req.shape.depth);
            self.touch();
            out.push(Command::BuildTrees);
        }
        self.info(format!(
            "Exercise {} ({}): search it with {label}; the quiz asks each visit",
            ex.id,
            difficulty.name()
        ));
        self.exercise = Some(CurrentExercise {
            id: ex.id,
            difficulty,
            tree,
        });
    }
}
