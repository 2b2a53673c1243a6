//! The tree view: the search tree of one row (or two rows side by side) on the current
//! position, with windows, node types, pruned moves, null-window tests, re-searches,
//! table cutoffs and the principal variation; stepped through in the order the search
//! visited it, or asked about visit by visit in quiz mode. The model is
//! [`crate::tree`]; the drawing area is [`super::tree_canvas`], the quiz panel
//! [`super::quiz_view`].

use std::time::Instant;

use super::quiz_view::{QuizState, quiz_ui};
use super::tree_canvas::{Canvas, DrawnLabel, canvas_ui};
use super::views::ResultsView;
use super::{Command, TreelabApp};
use crate::engine::SearchRequest;
use crate::tree::draw::{done_at, type_color};
use crate::tree::export::{Figure, TreeFormat};
use crate::tree::{NodeType, SearchTree, diff, replay, trace_tree};

/// One drawn tree.
pub struct TreePane {
    /// The tree.
    pub tree: SearchTree,
    /// Visits the other tree has not (all false without a second tree).
    pub only_here: Vec<bool>,
    /// For each node, the last step inside its subtree (its value is known after it).
    pub done_at: Vec<usize>,
}

/// The tree view's state (its row and depth choices are in the session's view).
pub struct TreeViewState {
    /// The trees.
    pub panes: Vec<TreePane>,
    /// Their drawing: shape, layout, zoom and scroll.
    pub canvas: Canvas,
    /// The last refusal or error.
    pub message: Option<String>,
    /// The step shown (visits of the left tree up to this one are drawn).
    pub step: usize,
    /// Playing the steps.
    pub playing: bool,
    /// Steps per second when playing.
    pub speed: f32,
    /// When the last step was taken while playing.
    pub last_tick: Option<Instant>,
    /// The node of the left tree last clicked.
    pub selected: Option<usize>,
    /// The quiz under way (quiz mode, once the tree is built).
    pub quiz: Option<QuizState>,
    /// What the trees were built with: the rows' labels and the depth.
    pub built_with: Option<(Vec<String>, u32)>,
    /// The position of a visit last shown on the board by a click (the board then
    /// shows a node of the tree, not another position).
    pub shown: Option<crate::engine::AnyPosition>,
}

impl Default for TreeViewState {
    fn default() -> Self {
        TreeViewState {
            panes: Vec::new(),
            canvas: Canvas::default(),
            message: None,
            step: 0,
            playing: false,
            speed: 8.0,
            last_tick: None,
            selected: None,
            quiz: None,
            built_with: None,
            shown: None,
        }
    }
}

impl TreelabApp {
    /// Builds the trees of the chosen rows on the current position.
    pub(super) fn build_trees(&mut self) {
        let rows = self.tree_rows();
        let labels = self.tree_row_labels();
        let view = &self.session.view;
        let depth = view.tree_depth;
        let quiz = view.tree_quiz;
        let state = &mut self.views.tree;
        state.panes.clear();
        state.message = None;
        state.step = 0;
        state.playing = false;
        state.selected = None;
        state.quiz = None;
        state.shown = None;
        state.built_with = None;
        for r in rows {
            let Some(row) = self.session.rows.get(r) else {
                state.message = Some(format!("there is no row {}", r + 1));
                return;
            };
            let req = SearchRequest {
                algorithm: row.algorithm,
                options: row.options.clone(),
                depth,
                evaluator: row.evaluator.clone(),
            };
            match trace_tree(&self.session.position, &req) {
                Ok(tree) => state.panes.push(TreePane {
                    only_here: vec![false; tree.nodes.len()],
                    done_at: done_at(&tree),
                    tree,
                }),
                Err(e) => {
                    state.message = Some(format!("row {}: {e}", r + 1));
                    state.panes.clear();
                    return;
                }
            }
        }
        if state.panes.len() == 2 {
            let a = diff(&state.panes[0].tree, &state.panes[1].tree);
            let b = diff(&state.panes[1].tree, &state.panes[0].tree);
            state.panes[0].only_here = a;
            state.panes[1].only_here = b;
        }
        state.built_with = Some((labels, depth));
        let trees: Vec<&SearchTree> = state.panes.iter().map(|p| &p.tree).collect();
        state.canvas = Canvas::new(&trees);
        if let Some(p) = state.panes.first() {
            state.step = p.tree.nodes.len().saturating_sub(1);
        }
        if quiz && !state.panes.is_empty() {
            state.quiz = Some(QuizState::default());
            state.step = 0;
        }
    }

    /// The rows the tree view draws: its row, and the one beside it if any.
    fn tree_rows(&self) -> Vec<usize> {
        let view = &self.session.view;
        std::iter::once(view.tree_row)
            .chain(view.tree_row_beside)
            .collect()
    }

    /// The labels of the rows the tree view draws (those that exist).
    fn tree_row_labels(&self) -> Vec<String> {
        self.tree_rows()
            .iter()
            .filter_map(|&r| {
                self.session
                    .rows
                    .get(r)
                    .map(crate::session::ComparisonRow::label)
            })
            .collect()
    }

    /// The left tree's figure as it is laid out on screen (for export).
    #[must_use]
    pub fn tree_figure(&self) -> Option<Figure> {
        let state = &self.views.tree;
        let p = state.panes.first()?;
        let c = &state.canvas;
        match c.spacing {
            Some(s) if c.folded.is_empty() => Some(crate::tree::export::figure(
                &p.tree, &c.joint, 0, &c.layout, &s,
            )),
            _ => Some(crate::tree::export::figure_of(&p.tree)),
        }
    }

    /// The left tree's SVG drawing (for export).
    #[must_use]
    pub fn tree_svg(&self) -> Option<String> {
        self.tree_figure().map(|f| crate::tree::export::to_svg(&f))
    }

    /// Writes the left tree to `path` in the format its extension names.
    pub(super) fn save_tree(&mut self, path: &std::path::Path) {
        let Some(figure) = self.tree_figure() else {
            self.error("build a tree first");
            return;
        };
        let bytes = match TreeFormat::from_path(path) {
            Ok(TreeFormat::Svg) => Ok(crate::tree::export::to_svg(&figure).into_bytes()),
            Ok(TreeFormat::Tikz) => Ok(crate::tree::export::to_tikz(&figure).into_bytes()),
            Ok(TreeFormat::Png) => crate::tree::png::to_png(&figure, 2.0),
            Err(e) => Err(e),
        };
        match bytes {
            Ok(b) => match crate::vocab::atomic::write_atomic(path, &b) {
                Ok(()) => self.info(format!("Saved the tree to {}", path.display())),
                Err(e) => self.error(format!("could not save {}: {e}", path.display())),
            },
            Err(e) => self.error(format!("could not save {}: {e}", path.display())),
        }
    }

    /// The trees on show (for tests).
    #[must_use]
    pub fn trees(&self) -> Vec<&SearchTree> {
        self.views.tree.panes.iter().map(|p| &p.tree).collect()
    }

    /// The node labels drawn in the last frame and the panes' drawing areas (for tests).
    #[must_use]
    pub fn tree_labels(&self) -> (Vec<DrawnLabel>, Vec<egui::Rect>) {
        let c = &self.views.tree.canvas;
        (c.drawn.clone(), c.areas.clone())
    }

    /// The tree view's zoom (screen points per scene unit).
    #[must_use]
    pub fn tree_zoom(&self) -> f32 {
        self.views.tree.canvas.zoom
    }

    /// The quiz under way, if any (for tests).
    #[must_use]
    pub fn tree_quiz(&self) -> Option<&crate::tree::quiz::Quiz> {
        self.views.tree.quiz.as_ref().map(|q| &q.quiz)
    }
}

fn color(t: NodeType) -> egui::Color32 {
    let c = type_color(t);
    egui::Color32::from_rgb(c.0, c.1, c.2)
}

impl ResultsView for TreeViewState {
    fn ui(&mut self, ui: &mut egui::Ui, app: &mut TreelabApp) {
        tree_view_ui(ui, app, self);
    }

    fn shows_results(&self) -> bool {
        false
    }
}

/// The tree tab.
fn tree_view_ui(ui: &mut egui::Ui, app: &mut TreelabApp, tree: &mut TreeViewState) {
    controls_ui(ui, app, tree);
    if let Some(m) = &tree.message {
        ui.colored_label(ui.visuals().error_fg_color, m);
    }
    if tree.panes.is_empty() {
        ui.add_space(12.0);
        ui.weak(
            "Pick a row and a small depth, then Build tree: every visit of the search is drawn, \
             with its window, its value and what happened there. Tick Quiz to be asked, at \
             each visit, what the search will do there.",
        );
        return;
    }
    if !stale_note_ui(ui, app, tree) {
        return;
    }
    if tree.quiz.is_some() {
        quiz_ui(ui, tree);
    } else {
        step_ui(ui, tree);
    }
    legend_ui(ui, &mut tree.canvas);
    let step = tree.step;
    let hide = tree.quiz.as_ref().is_some_and(|q| q.quiz.marks.is_none());
    let panes: Vec<(&SearchTree, &[bool], &[usize])> = tree
        .panes
        .iter()
        .map(|p| (&p.tree, p.only_here.as_slice(), p.done_at.as_slice()))
        .collect();
    let quiz = tree.quiz.is_some();
    let clicked = canvas_ui(ui, &mut tree.canvas, &panes, step, hide, quiz);
    if let Some((k, node, double)) = clicked {
        if double {
            let j = tree.canvas.joint.of[k][node];
            tree.canvas.toggle_fold(j);
        } else {
            let pane = &tree.panes[k];
            let path = pane.tree.nodes[node].path.clone();
            let root = pane.tree.root.clone();
            if k == 0 && tree.quiz.is_none() {
                tree.selected = Some(node);
                tree.step = node;
            }
            match replay(&root, &path) {
                Ok(p) => {
                    tree.shown = Some(p.clone());
                    app.push(Command::SetPosition(p));
                    let moves = if path.is_empty() {
                        "the root".to_string()
                    } else {
                        path.join(" ")
                    };
                    app.info(format!(
                        "The board shows the position after {moves} (Undo goes back)"
                    ));
                }
                Err(e) => app.error(e.to_string()),
            }
        }
    }
    // Playing: one step per 1/speed seconds.
    if tree.playing
        && let Some(p) = tree.panes.first()
    {
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
}

/// Says when the trees drawn are not of what the board and the rows show now: another
/// position (not one of the tree's own visits, shown by a click), or rows or a depth
/// changed since. Returns whether the trees are to be drawn: a quiz of another position
/// is not (it would ask about a position that is not on the board).
fn stale_note_ui(ui: &mut egui::Ui, app: &mut TreelabApp, tree: &TreeViewState) -> bool {
    let Some(root) = tree.panes.first().map(|p| &p.tree.root) else {
        return true;
    };
    let board = &app.session.position;
    let other_position = root != board && tree.shown.as_ref() != Some(board);
    let now = app.tree_row_labels();
    let other_setup = tree
        .built_with
        .as_ref()
        .is_some_and(|(labels, depth)| *labels != now || *depth != app.session.view.tree_depth);
    if !other_position && !other_setup {
        return true;
    }
    let what = if other_position {
        format!(
            "These trees were searched on another position ({}), not the one on the board.",
            crate::session::short_text(root.kind(), &root.to_text())
        )
    } else {
        "These trees were built with other rows or another depth than those chosen now.".to_string()
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
        app.push(Command::BuildTrees);
    }
    !(other_position && tree.quiz.is_some())
}

fn controls_ui(ui: &mut egui::Ui, app: &mut TreelabApp, tree: &TreeViewState) {
    let n = app.session.rows.len();
    let labels = app.session.row_labels();
    let has_trees = !tree.panes.is_empty();
    let state = &mut app.session.view;
    let mut build = false;
    let mut save = None;
    ui.horizontal_wrapped(|ui| {
        ui.label("Tree of");
        egui::ComboBox::from_id_salt("tree_row_a")
            .selected_text(labels.get(state.tree_row).cloned().unwrap_or_default())
            .show_ui(ui, |ui| {
                for (i, l) in labels.iter().enumerate() {
                    ui.selectable_value(&mut state.tree_row, i, l);
                }
            })
            .response
            .on_hover_text("The row whose search is drawn");
        ui.label("beside");
        egui::ComboBox::from_id_salt("tree_row_b")
            .selected_text(
                state
                    .tree_row_beside
                    .and_then(|b| labels.get(b).cloned())
                    .unwrap_or_else(|| "nothing".into()),
            )
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut state.tree_row_beside, None, "nothing");
                for (i, l) in labels.iter().enumerate() {
                    ui.selectable_value(&mut state.tree_row_beside, Some(i), l);
                }
            })
            .response
            .on_hover_text("A second row to draw beside it, on the same places: visits only one tree has are ringed");
        let depth = ui.label("depth");
        ui.add(
            egui::DragValue::new(&mut state.tree_depth)
                .range(1..=crate::search::options::MAX_DEPTH),
        )
        .labelled_by(depth.id);
        ui.checkbox(&mut state.tree_quiz, "Quiz")
            .on_hover_text("Build the tree as a quiz: at each visit, say the window, the value and the cutoff before you see them (saved in the session, to hand out)");
        if ui
            .add_enabled(n > 0, egui::Button::new("Build tree"))
            .on_hover_text("Search the current position with a trace and draw it")
            .clicked()
        {
            build = true;
        }
        ui.add_enabled_ui(has_trees, |ui| {
            ui.menu_button("Save tree as…", |ui| {
                for f in TreeFormat::ALL {
                    if ui.button(f.label()).clicked() {
                        save = Some(f);
                        ui.close();
                    }
                }
            });
        });
    });
    if app.session.view.tree_row >= n {
        app.session.view.tree_row = 0;
    }
    if app.session.view.tree_row_beside.is_some_and(|b| b >= n) {
        app.session.view.tree_row_beside = None;
    }
    if build {
        app.push(Command::BuildTrees);
    }
    if let Some(f) = save {
        app.push(Command::SaveTreeDialog(f));
    }
}

fn step_ui(ui: &mut egui::Ui, state: &mut TreeViewState) {
    let Some(p) = state.panes.first() else {
        return;
    };
    let last = p.tree.nodes.len().saturating_sub(1);
    ui.horizontal_wrapped(|ui| {
        if ui.button("|◀").on_hover_text("First visit").clicked() {
            state.step = 0;
        }
        if ui.button("◀").on_hover_text("Step back").clicked() {
            state.step = state.step.saturating_sub(1);
        }
        ui.add(egui::Slider::new(&mut state.step, 0..=last).text("step"));
        if ui.button("▶").on_hover_text("Step forward").clicked() {
            state.step = (state.step + 1).min(last);
        }
        if ui.button("▶|").on_hover_text("Last visit").clicked() {
            state.step = last;
        }
        let play = if state.playing { "Pause" } else { "Play" };
        if ui.button(play).clicked() {
            state.playing = !state.playing;
            if state.playing && state.step >= last {
                state.step = 0;
            }
            state.last_tick = None;
        }
        ui.add(
            egui::DragValue::new(&mut state.speed)
                .range(0.5..=200.0)
                .suffix(" steps/s"),
        );
    });
    let node = &p.tree.nodes[state.step.min(last)];
    let mv = node.mv.as_deref().unwrap_or("root");
    ui.label(format!(
        "Visit {} of {} — {} at ply {} ({}): {}",
        state.step + 1,
        last + 1,
        mv,
        node.ply,
        node.node_type().label(),
        p.tree.explain(state.step.min(last))
    ));
}

fn legend_ui(ui: &mut egui::Ui, canvas: &mut Canvas) {
    ui.horizontal_wrapped(|ui| {
        if ui
            .small_button("zoom +")
            .on_hover_text("Zoom in at the centre (the wheel zooms at the cursor)")
            .clicked()
        {
            canvas.zoom_centre(1.25);
        }
        if ui
            .small_button("zoom −")
            .on_hover_text("Zoom out at the centre")
            .clicked()
        {
            canvas.zoom_centre(0.8);
        }
        if ui
            .small_button("fit")
            .on_hover_text("Fit the drawing to the pane again")
            .clicked()
        {
            canvas.refit();
        }
        for t in [
            NodeType::Pv,
            NodeType::Cut,
            NodeType::All,
            NodeType::Leaf,
            NodeType::TableCut,
        ] {
            ui.colored_label(color(t), format!("● {}", t.label()));
        }
        ui.weak("· thick: PV · dashed: null-window test · orange: re-search · × never searched · ring: only in this tree")
            .on_hover_text("Click a visit to see its position on the board, double-click to fold its subtree; drag to pan, the wheel zooms at the cursor, fit draws the whole tree again");
    });
}
