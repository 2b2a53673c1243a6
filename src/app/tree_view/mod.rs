//! The tree view: the search tree of one row (or two rows side by side) on the current
//! position, with windows, node types, pruned moves, null-window tests, re-searches,
//! table cutoffs and the principal variation; stepped through in the order the search
//! visited it, or asked about visit by visit in quiz mode. The model is
//! [`crate::tree`]; the drawing area is [`self::tree_area`], the controls above it
//! [`self::tree_controls`], the quiz panel [`self::quiz_view`]. A quiz on a handout's
//! exercise picks up where the student left it (its answers replayed when the tree is
//! built).

pub(super) mod mcts_view;
pub(super) mod quiz_view;
pub(super) mod tree_area;
pub(super) mod tree_canvas;
pub(super) mod tree_controls;
pub(super) mod tree_pane;
pub(super) mod tree_state;

use crate::platform::clock::Instant;

use self::quiz_view::{QuizState, quiz_ui};
use self::tree_area::canvas_ui;
use self::tree_canvas::{Canvas, PaneInput, Show};
use self::tree_controls::{controls_ui, legend_ui, step_ui};
use self::tree_state::{TreePane, TreeViewState};
use super::frame::command::Command;
use super::frame::model::Model;
use super::frame::panel::Panel;
use super::frame::results_view::ResultsView;
use crate::experiment::exercise::practice;
use crate::tree::draw::done_at;
use crate::tree::export::{Figure, FigureOptions};
use crate::tree::{SearchTree, VisitDiff, diff, trace_tree};

/// The rows the tree view draws with `view`: its row, and the one beside it if any.
fn tree_rows(view: &crate::session::ViewChoices) -> Vec<usize> {
    std::iter::once(view.tree_row)
        .chain(view.tree_row_beside)
        .collect()
}

/// The names of the rows the tree view draws (those that exist), as `row 1: negaalpha`:
/// what a tree is labelled with, and what tells a tree built before a row changed.
fn tree_row_labels(
    session: &crate::session::Session,
    view: &crate::session::ViewChoices,
) -> Vec<String> {
    tree_rows(view)
        .iter()
        .filter_map(|&r| {
            session
                .rows
                .get(r)
                .map(|row| format!("row {}: {}", r + 1, row.label()))
        })
        .collect()
}

/// What trees built with `labels` at `depth` show, in words: `row 1: negaalpha at
/// depth 3`, or both rows with which is drawn where.
fn drawn_text(labels: &[String], depth: u32) -> String {
    match labels {
        [one] => format!("{one} at depth {depth}"),
        [left, right] => format!("{left} (left) and {right} (right) at depth {depth}"),
        more => format!("{} at depth {depth}", more.join(", ")),
    }
}

impl TreeViewState {
    /// Builds the trees of `model`'s chosen rows on its position.
    pub(in crate::app) fn build(&mut self, model: &mut Model) {
        let rows = tree_rows(&model.session.view);
        let labels = tree_row_labels(&model.session, &model.session.view);
        let view = &model.session.view;
        let depth = view.tree_depth;
        let quiz = view.tree_quiz;
        let about = (view.tree_row, view.tree_row_beside, depth);
        self.panes.clear();
        self.message = None;
        self.step = 0;
        self.playing = false;
        self.selected = None;
        self.quiz = None;
        self.so_far = None;
        self.shown = None;
        self.built_with = None;
        self.mcts = None;
        if let Some(row) = model.session.rows.get(view.tree_row) {
            let req = row.request(depth);
            if crate::tree::mcts::is_mcts(&req) {
                if view.tree_row_beside.is_some() {
                    self.message = Some((
                        "an MCTS tree is drawn alone: set \"beside\" to nothing".into(),
                        about,
                    ));
                    return;
                }
                match crate::tree::mcts::trace_mcts(&model.session.position, &req) {
                    Ok(tree) => {
                        self.mcts = Some(self::mcts_view::MctsView::new(tree, quiz));
                        self.built_with = Some((labels, depth));
                    }
                    Err(e) => {
                        self.message = Some((format!("row {}: {e}", view.tree_row + 1), about));
                    }
                }
                return;
            }
        }
        for r in rows {
            let Some(row) = model.session.rows.get(r) else {
                self.message = Some((format!("there is no row {}", r + 1), about));
                return;
            };
            let req = row.request(depth);
            match trace_tree(&model.session.position, &req) {
                Ok(tree) => self.panes.push(TreePane {
                    marks: vec![VisitDiff::Same; tree.nodes.len()],
                    done_at: done_at(&tree),
                    tree,
                }),
                Err(e) => {
                    self.message = Some((format!("row {}: {e}", r + 1), about));
                    self.panes.clear();
                    return;
                }
            }
        }
        if self.panes.len() == 2 {
            let a = diff(&self.panes[0].tree, &self.panes[1].tree);
            let b = diff(&self.panes[1].tree, &self.panes[0].tree);
            self.panes[0].marks = a;
            self.panes[1].marks = b;
        }
        self.built_with = Some((labels, depth));
        let trees: Vec<&SearchTree> = self.panes.iter().map(|p| &p.tree).collect();
        self.canvas = Canvas::new(&trees);
        if let Some(p) = self.panes.first() {
            self.step = p.tree.nodes.len().saturating_sub(1);
        }
        if quiz && !self.panes.is_empty() {
            self.quiz = Some(QuizState::default());
            self.step = 0;
            restore_handout_quiz(self, model);
        }
    }

    /// The figure Save tree as… writes: the left tree, or both side by side, as laid out
    /// on screen (the same joint layout) unless folds or a quiz change what is drawn.
    #[must_use]
    pub fn figure(&self, bounds: bool) -> Option<Figure> {
        let n = if self.save_both { 2 } else { 1 };
        let trees: Vec<&SearchTree> = self.panes.iter().take(n).map(|p| &p.tree).collect();
        if trees.is_empty() {
            return None;
        }
        let o = FigureOptions { bounds };
        let c = &self.canvas;
        match c.spacing {
            Some(s)
                if c.folded.is_empty() && c.shape.is_none() && c.joint.of.len() == trees.len() =>
            {
                Some(crate::tree::export::figure_with(
                    &trees, &c.joint, &c.layout, &s, o,
                ))
            }
            _ => Some(crate::tree::export::figure_of_trees(&trees, o)),
        }
    }

    /// Writes the tree (or both, side by side) to `path` in the format its extension
    /// names.
    pub(in crate::app) fn save(&self, model: &mut Model, path: &std::path::Path) {
        if self.quiz_show().is_some_and(|q| !q.over) {
            model.error("finish the quiz first: the figure shows every answer");
            return;
        }
        let Some(figure) = self.figure(model.session.view.tree_bounds) else {
            model.error("build a tree first");
            return;
        };
        let bytes = crate::tree::export::TreeFormat::from_path(path)
            .and_then(|f| crate::tree::export::encode(&figure, f));
        match bytes {
            Ok(b) => match crate::platform::files::write_atomic(path, &b) {
                Ok(()) => model.info(format!("Saved the tree to {}", path.display())),
                Err(e) => model.error(format!("could not save {}: {e}", path.display())),
            },
            Err(e) => model.error(format!("could not save {}: {e}", path.display())),
        }
    }
}

/// After the trees are built: when the quiz is on the handout's exercise, its
/// answers so far are replayed into it and the next ones are kept.
fn restore_handout_quiz(state: &mut TreeViewState, model: &mut Model) {
    let Some(k) = practice::on_board(&model.session) else {
        return;
    };
    let view = &model.session.view;
    if view.tree_row != 0 || view.tree_row_beside.is_some() {
        return;
    }
    let Some(item) = model
        .session
        .practice
        .as_ref()
        .and_then(|p| p.exercises.get(k))
        .cloned()
    else {
        return;
    };
    let (Some(pane), Some(qs)) = (state.panes.first(), state.quiz.as_mut()) else {
        return;
    };
    let same = practice::item_search(&item).is_ok_and(|fresh| {
        fresh.nodes.len() == pane.tree.nodes.len() && fresh.request.depth == pane.tree.request.depth
    });
    if !same {
        return;
    }
    match practice::resume(&pane.tree, &item.answers) {
        Ok(quiz) => {
            state.step = quiz.visit;
            qs.quiz = quiz;
            qs.kept = true;
        }
        Err(e) => model.error(format!(
            "exercise {}: its answers cannot be marked again ({e}); new answers are not kept",
            k + 1
        )),
    }
}

impl ResultsView for TreeViewState {
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Panel<'_>) {
        tree_view_ui(ui, cx, self);
    }

    fn shows_results(&self) -> bool {
        false
    }
}

/// The tree tab.
fn tree_view_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, tree: &mut TreeViewState) {
    controls_ui(ui, cx, tree);
    if let Some((m, _)) = &tree.message {
        ui.colored_label(ui.visuals().error_fg_color, m);
    }
    if let Some(mut view) = tree.mcts.take() {
        let root = view.tree.root.clone();
        if stale_note_ui(ui, cx, tree, &root, view.quiz.is_some())
            && let Some(p) = self::mcts_view::mcts_ui(ui, cx, &mut view)
        {
            tree.shown = Some(p);
        }
        tree.mcts = Some(view);
        return;
    }
    if tree.panes.is_empty() {
        ui.add_space(12.0);
        ui.weak(
            "Pick a row and a small depth, then Build tree: every visit of the search is drawn, \
             with its window, its value and what happened there. Tick Quiz to be asked, at \
             each visit, what the search will do there. An MCTS row is drawn as its tree, \
             stepped iteration by iteration through its four phases.",
        );
        return;
    }
    let root = tree.panes[0].tree.root.clone();
    if !stale_note_ui(ui, cx, tree, &root, tree.quiz.is_some()) {
        return;
    }
    if tree.quiz.is_some() {
        if let (Some(pane), Some(qs)) = (tree.panes.first(), tree.quiz.as_mut()) {
            let answer = quiz_ui(ui, &pane.tree, qs);
            tree.step = qs.quiz.visit;
            if let Some(answer) = answer {
                cx.push(Command::RecordAnswer(answer));
            }
        }
    } else {
        step_ui(ui, tree);
    }
    legend_ui(ui, &mut tree.canvas, tree.panes.len() > 1);
    let quiz = tree.quiz_show();
    // A quiz draws the visits so far, and the second tree once it is over.
    let shape = quiz.filter(|q| !q.over).map(|q| (q.asked, q.answered));
    if tree.canvas.shape != shape {
        reshape_canvas(tree, shape);
    }
    let step = tree
        .step
        .min(tree.panes[0].tree.nodes.len().saturating_sub(1));
    let show = Show {
        step,
        quiz,
        bounds: cx.view.tree_bounds,
        second_hidden: shape.is_some() && tree.panes.len() > 1,
    };
    let panes: Vec<PaneInput<'_>> = match (&tree.so_far, shape) {
        (Some(so_far), Some(_)) => vec![PaneInput {
            tree: so_far,
            full: &tree.panes[0].tree,
            marks: &[],
            done_at: &tree.panes[0].done_at,
        }],
        _ => tree
            .panes
            .iter()
            .map(|p| PaneInput {
                tree: &p.tree,
                full: &p.tree,
                marks: &p.marks,
                done_at: &p.done_at,
            })
            .collect(),
    };
    let clicked = canvas_ui(ui, &mut tree.canvas, &panes, &show);
    clicks_ui(ui, cx, tree, clicked);
    if tree.playing {
        play_tick(ui, tree);
    }
}

/// A click on a visit (`clicked`: pane, visit, whether a double click): a double click
/// folds or unfolds its subtree, the step and the board staying where they are; a click
/// shows the visit on the board once it is clear it is not a double click's first.
fn clicks_ui(
    ui: &egui::Ui,
    cx: &mut Panel<'_>,
    tree: &mut TreeViewState,
    clicked: Option<(usize, usize, bool)>,
) {
    let now = ui.input(|i| i.time);
    let delay = ui.ctx().options(|o| o.input_options.max_double_click_delay);
    if let Some((k, node, double)) = clicked {
        if double {
            // Folds or unfolds the subtree; the step and the board stay where they are.
            tree.pending_show = None;
            if let Some(&j) = tree.canvas.joint.of.get(k).and_then(|of| of.get(node)) {
                tree.canvas.toggle_fold(j);
            }
        } else {
            // Shown on the board once it is clear the click is not a double click's
            // first.
            if k == 0 {
                tree.selected = Some(node);
            }
            tree.pending_show = Some((k, node, now));
        }
    }
    if let Some((k, node, at)) = tree.pending_show {
        if now - at > delay {
            tree.pending_show = None;
            if k < tree.panes.len() && node < tree.panes[k].tree.nodes.len() {
                show_visit(cx, tree, k, node);
            }
        } else {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(delay + 0.01));
        }
    }
}

/// Lays the canvas out again for `shape`: in a quiz under way (the visit asked and
/// whether it is answered), the first tree's visits so far; else every tree whole.
fn reshape_canvas(tree: &mut TreeViewState, shape: Option<(usize, bool)>) {
    match shape {
        Some((asked, answered)) => {
            let so_far = tree.panes[0].tree.so_far(asked, answered);
            tree.canvas.reshape(&[&so_far], shape);
            tree.so_far = Some(so_far);
        }
        None => {
            let trees: Vec<&SearchTree> = tree.panes.iter().map(|p| &p.tree).collect();
            tree.canvas.reshape(&trees, None);
            tree.so_far = None;
        }
    }
}

/// A click on visit `node` of pane `k`: the board shows the visit's position (Undo
/// goes back); the step stays where it is.
fn show_visit(cx: &mut Panel<'_>, tree: &mut TreeViewState, k: usize, node: usize) {
    let pane = &tree.panes[k];
    let path = pane.tree.nodes[node].path.clone();
    let root = pane.tree.root.clone();
    if k == 0 {
        tree.selected = Some(node);
    }
    if let Some(p) = cx.show_line(&root, &path) {
        tree.shown = Some(p);
    }
}

/// Playing: one step per 1/speed seconds, stopping at the last visit; asks for the
/// next frame in time for the next step.
fn play_tick(ui: &egui::Ui, tree: &mut TreeViewState) {
    let Some(p) = tree.panes.first() else {
        return;
    };
    let now = Instant::now();
    let due = tree
        .last_tick
        .is_none_or(|t| now.duration_since(t).as_secs_f32() >= 1.0 / tree.speed.max(0.1));
    if due {
        tree.last_tick = Some(now);
        if tree.step + 1 < p.tree.nodes.len() {
            tree.step += 1;
        } else {
            tree.playing = false;
        }
    }
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_secs_f32(
            1.0 / tree.speed.max(0.1),
        ));
}

/// Says when the trees drawn are not of what the board and the rows show now: another
/// position (not one of the tree's own visits, shown by a click), or rows or a depth
/// changed since. Returns whether the trees are to be drawn: a quiz of another position
/// is not (it would ask about a position that is not on the board).
fn stale_note_ui(
    ui: &mut egui::Ui,
    cx: &mut Panel<'_>,
    tree: &TreeViewState,
    root: &crate::engine::AnyPosition,
    quiz: bool,
) -> bool {
    let board = &cx.session().position;
    let other_position = root != board && tree.shown.as_ref() != Some(board);
    let now = tree_row_labels(cx.session(), cx.view);
    let other_setup = tree
        .built_with
        .as_ref()
        .is_some_and(|(labels, depth)| *labels != now || *depth != cx.view.tree_depth);
    let drawn = tree
        .built_with
        .as_ref()
        .map(|(labels, depth)| drawn_text(labels, *depth))
        .unwrap_or_default();
    if !other_position && !other_setup {
        // Each pane's head names what ran (its search's algorithm, options and depth).
        return true;
    }
    let what = if other_position {
        format!(
            "These trees ({drawn}) were searched on another position ({}), not the one on the board.",
            crate::session::short_text(root.kind(), &root.to_text())
        )
    } else {
        format!(
            "Stale: these trees were built with {drawn}; chosen now: {}.",
            drawn_text(&now, cx.view.tree_depth)
        )
    };
    let mut rebuild = false;
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(ui.visuals().warn_fg_color, what);
        rebuild = ui
            .button("Build tree again")
            .on_hover_text("Search the board's position with the rows and depth chosen now")
            .clicked();
    });
    if rebuild {
        cx.push(Command::BuildTrees);
    }
    !(other_position && quiz)
}
