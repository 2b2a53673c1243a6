//! Practice in the app: New exercise at a difficulty puts a generated tree on the board
//! (the next of a fixed sequence, so every student who starts the app gets the same
//! exercises in the same order) and opens the Tree tab's quiz on the first row, whose
//! algorithm the exercise practises; the exercise's id is shown and regenerates it on
//! the command line (`treelab exercise --id ID --key key.html`).

use super::{Command, TreelabApp};
use crate::engine::{AnyPosition, GameKind};
use crate::experiment::exercise::{self, Difficulty};
use crate::session::ResultsTab;
use crate::vocab::rowspec::{BenchRow, row_spec};

/// The exercise on the board: its id, difficulty and tree text.
#[derive(Clone, Debug, PartialEq)]
pub struct CurrentExercise {
    /// The id that regenerates it.
    pub id: String,
    /// How hard it was asked to be.
    pub difficulty: Difficulty,
    /// Its tree, in bracket notation.
    pub tree: String,
}

/// On a custom tree's board: the New exercise buttons and, while its tree is on the
/// board, the exercise's id.
pub fn exercise_ui(ui: &mut egui::Ui, app: &mut TreelabApp) {
    if app.session.position.kind() != GameKind::CustomTree {
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
                app.push(Command::NewExercise(d));
            }
        }
    });
    if let Some(ex) = app.current_exercise()
        && ex.tree == app.session.position.to_text()
    {
        ui.label(format!("Exercise {} ({})", ex.id, ex.difficulty.name()))
            .on_hover_text(format!(
                "treelab exercise --id {} --key key.html writes its answer key",
                ex.id
            ));
    }
}

impl TreelabApp {
    /// The exercise last put on the board, if any.
    #[must_use]
    pub fn current_exercise(&self) -> Option<&CurrentExercise> {
        self.exercise.as_ref()
    }

    /// Puts the next exercise of `difficulty` for row 1's algorithm on the board and
    /// opens its quiz.
    pub(super) fn new_exercise(&mut self, difficulty: Difficulty) {
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
        self.push(Command::SetPosition(pos));
        let view = &mut self.session.view;
        view.tab = ResultsTab::Tree;
        view.tree_row = 0;
        view.tree_row_beside = None;
        view.tree_depth = req.shape.depth;
        view.tree_quiz = true;
        self.push(Command::BuildTrees);
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
