//! The tree view: the search tree of one row (or two rows side by side) on the current
//! position, drawn as a tidy tree with windows, node types, pruned moves, null-window
//! tests, re-searches, table cutoffs and the principal variation; stepped through in
//! the order the search visited it. The model is [`crate::tree`].

use std::collections::HashSet;
use std::time::Instant;

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Vec2};

use super::views::ResultsView;
use super::{Command, TreelabApp};
use crate::engine::SearchRequest;
use crate::search::trace::VisitKind;
use crate::tree::{
    NodeType, PRUNED_SLOT, Placed, SearchTree, diff, layout, pruned_label, replay, trace_tree,
};

/// Horizontal distance between leaf slots, in scene points.
const SLOT: f32 = 46.0;
/// Vertical distance between plies.
const LEVEL: f32 = 74.0;

/// One drawn tree with its view state.
pub struct TreePane {
    /// The tree.
    pub tree: SearchTree,
    /// Visits the other tree has not (all false without a second tree).
    pub only_here: Vec<bool>,
    /// Collapsed nodes.
    pub collapsed: HashSet<usize>,
    /// The pan/zoom rectangle of the scene.
    pub scene_rect: Rect,
    /// For each node, the last step inside its subtree (its value is known after it).
    pub done_at: Vec<usize>,
    /// The layout for the current folds, and its width in slots.
    placed: Vec<Placed>,
    width: f32,
}

impl TreePane {
    fn new(tree: SearchTree) -> TreePane {
        let n = tree.nodes.len();
        let mut done_at: Vec<usize> = (0..n).collect();
        // Children come after their parents in visit order: one backward pass.
        for i in (0..n).rev() {
            if let Some(p) = tree.nodes[i].parent {
                done_at[p] = done_at[p].max(done_at[i]);
            }
        }
        let collapsed = HashSet::new();
        let (placed, width) = layout(&tree, &collapsed);
        TreePane {
            only_here: vec![false; n],
            tree,
            collapsed,
            scene_rect: Rect::NOTHING,
            done_at,
            placed,
            width,
        }
    }

    /// Folds or unfolds node `n` and lays the tree out again.
    fn toggle_fold(&mut self, n: usize) {
        if !self.collapsed.remove(&n) {
            self.collapsed.insert(n);
        }
        (self.placed, self.width) = layout(&self.tree, &self.collapsed);
    }
}

/// The tree view's state (its row and depth choices are in the session's view).
pub struct TreeViewState {
    /// The trees.
    pub panes: Vec<TreePane>,
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
}

impl Default for TreeViewState {
    fn default() -> Self {
        TreeViewState {
            panes: Vec::new(),
            message: None,
            step: 0,
            playing: false,
            speed: 8.0,
            last_tick: None,
            selected: None,
        }
    }
}

impl TreelabApp {
    /// Builds the trees of the chosen rows on the current position.
    pub(super) fn build_trees(&mut self) {
        let view = &self.session.view;
        let mut rows = vec![view.tree_row];
        if let Some(b) = view.tree_row_beside {
            rows.push(b);
        }
        let depth = view.tree_depth;
        let state = &mut self.views.tree;
        state.panes.clear();
        state.message = None;
        state.step = 0;
        state.playing = false;
        state.selected = None;
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
            match trace_tree(&self.position, &req) {
                Ok(t) => state.panes.push(TreePane::new(t)),
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
        if let Some(p) = state.panes.first() {
            state.step = p.tree.nodes.len().saturating_sub(1);
        }
    }

    /// The left tree's SVG drawing (for export).
    #[must_use]
    pub fn tree_svg(&self) -> Option<String> {
        let p = self.views.tree.panes.first()?;
        Some(crate::tree::to_svg(&p.tree, &p.collapsed))
    }

    /// The trees on show (for tests).
    #[must_use]
    pub fn trees(&self) -> Vec<&SearchTree> {
        self.views.tree.panes.iter().map(|p| &p.tree).collect()
    }
}

/// The colour of a node type.
fn type_color(t: NodeType) -> Color32 {
    match t {
        NodeType::Pv => Color32::from_rgb(39, 174, 96),
        NodeType::Cut => Color32::from_rgb(192, 57, 43),
        NodeType::All => Color32::from_rgb(41, 128, 185),
        NodeType::Leaf => Color32::from_rgb(149, 165, 166),
        NodeType::TableCut => Color32::from_rgb(142, 68, 173),
    }
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
    let state = &*tree;
    if let Some(m) = &state.message {
        ui.colored_label(ui.visuals().error_fg_color, m);
    }
    if tree.panes.is_empty() {
        ui.add_space(12.0);
        ui.weak(
            "Pick a row and a small depth, then Build tree: every visit of the search is drawn, \
             with its window, its value and what happened there.",
        );
        return;
    }
    step_ui(ui, tree);
    legend_ui(ui);
    let n = tree.panes.len();
    let step = tree.step;
    let mut clicked: Option<(usize, usize, bool)> = None;
    let height = ui.available_height().max(200.0);
    ui.columns(n, |cols| {
        for (k, col) in cols.iter_mut().enumerate() {
            let state = &mut *tree;
            let show_step = if k == 0 { step } else { usize::MAX };
            // Each scene needs its own id: its layer (and pan/zoom) is keyed by it.
            let hit = col
                .push_id(("tree_pane", k), |ui| {
                    pane_ui(ui, &mut state.panes[k], k, show_step, height)
                })
                .inner;
            if let Some(hit) = hit {
                clicked = Some((k, hit.0, hit.1));
            }
        }
    });
    if let Some((k, node, double)) = clicked {
        let pane = &mut tree.panes[k];
        if double {
            pane.toggle_fold(node);
        } else {
            let path = pane.tree.nodes[node].path.clone();
            let root = pane.tree.root.clone();
            if k == 0 {
                tree.selected = Some(node);
                tree.step = node;
            }
            match replay(&root, &path) {
                Ok(p) => {
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
    let state = tree;
    if state.playing
        && let Some(p) = state.panes.first()
    {
        let now = Instant::now();
        let due = state
            .last_tick
            .is_none_or(|t| now.duration_since(t).as_secs_f32() >= 1.0 / state.speed.max(0.1));
        if due {
            state.last_tick = Some(now);
            if state.step + 1 < p.tree.nodes.len() {
                state.step += 1;
            } else {
                state.playing = false;
            }
        }
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f32(
                1.0 / state.speed.max(0.1),
            ));
    }
}

fn controls_ui(ui: &mut egui::Ui, app: &mut TreelabApp, tree: &TreeViewState) {
    let n = app.session.rows.len();
    let labels: Vec<String> = app
        .session
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| format!("row {}: {}", i + 1, r.label()))
        .collect();
    let has_trees = !tree.panes.is_empty();
    let state = &mut app.session.view;
    let mut build = false;
    let mut save = false;
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
            .on_hover_text("A second row to draw beside it; visits only one tree has are ringed");
        ui.label("depth");
        ui.add(
            egui::DragValue::new(&mut state.tree_depth)
                .range(1..=crate::search::options::MAX_DEPTH),
        );
        if ui
            .add_enabled(n > 0, egui::Button::new("Build tree"))
            .on_hover_text("Search the current position with a trace and draw it")
            .clicked()
        {
            build = true;
        }
        if ui
            .add_enabled(has_trees, egui::Button::new("Save tree as SVG…"))
            .clicked()
        {
            save = true;
        }
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
    if save {
        app.push(Command::SaveTreeDialog);
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
    let rec = &p.tree.record;
    ui.label(format!(
        "Visit {} of {} — {} at ply {} ({}): {}",
        state.step + 1,
        last + 1,
        mv,
        node.ply,
        node.node_type().label(),
        p.tree.explain(state.step.min(last))
    ));
    ui.weak(format!(
        "{} nodes, {} leaves, {} cutoffs, {} re-searches; score {}; PV {}",
        rec.stats.nodes,
        rec.stats.leaves,
        rec.stats.beta_cutoffs,
        rec.stats.researches,
        rec.score.map_or_else(|| "?".into(), |s| s.to_string()),
        rec.pv.join(" ")
    ));
}

fn legend_ui(ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        for t in [
            NodeType::Pv,
            NodeType::Cut,
            NodeType::All,
            NodeType::Leaf,
            NodeType::TableCut,
        ] {
            ui.colored_label(type_color(t), format!("● {}", t.label()));
        }
        ui.weak("· thick: principal variation · dashed: null-window test · orange: re-search · dotted grey: pruned · ring: only in this tree · click: board, double-click: fold · drag to pan, wheel or + and - to zoom");
    });
}

/// Draws one tree; returns a clicked node (and whether it was a double click).
fn pane_ui(
    ui: &mut egui::Ui,
    pane: &mut TreePane,
    k: usize,
    step: usize,
    height: f32,
) -> Option<(usize, bool)> {
    let (placed, width) = (&pane.placed, pane.width);
    let depth = pane.tree.nodes.iter().map(|n| n.ply).max().unwrap_or(0) as f32;
    // Spread the levels so that a wide, shallow tree fills the pane's height too.
    let pane_w = ui.available_width().max(100.0);
    let level =
        ((width + 2.0) * SLOT * (height - 40.0) / pane_w / (depth + 1.4)).clamp(LEVEL, 2.0 * LEVEL);
    let bounds = Rect::from_min_size(
        Pos2::new(-SLOT, -level * 0.6),
        Vec2::new((width + 2.0) * SLOT, (depth + 1.4) * level),
    );
    // The whole tree across the pane's width, its root at the top.
    let pane_h = (height - 40.0).max(100.0);
    let fit = Rect::from_min_size(
        bounds.min,
        Vec2::new(
            bounds.width().max(bounds.height() * pane_w / pane_h),
            bounds.height().max(bounds.width() * pane_h / pane_w),
        ),
    );
    if pane.scene_rect == Rect::NOTHING {
        pane.scene_rect = fit;
    }
    let name =
        crate::vocab::rowspec::row_spec(pane.tree.request.algorithm, &pane.tree.request.options);
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(format!("{name}: {} visits", pane.tree.nodes.len())).strong());
        let c = pane.scene_rect.center();
        if ui.small_button("+").on_hover_text("Zoom in").clicked() {
            pane.scene_rect = Rect::from_center_size(c, pane.scene_rect.size() / 1.6);
        }
        if ui.small_button("-").on_hover_text("Zoom out").clicked() {
            pane.scene_rect = Rect::from_center_size(c, pane.scene_rect.size() * 1.6);
        }
        if ui
            .small_button("fit")
            .on_hover_text("The whole tree")
            .clicked()
        {
            pane.scene_rect = bounds;
        }
    });
    let mut hit = None;
    let mut scene_rect = pane.scene_rect;
    // What is on screen, in scene coordinates (last frame's view: culls the rest).
    let visible = scene_rect.expand2(scene_rect.size() * 0.25);
    // Points on screen per scene point: labels only when nodes are far enough apart
    // to read them, click areas only when they can be hit.
    let scale = pane_w / scene_rect.width().max(1.0);
    let labels = SLOT * scale >= 18.0;
    let clickable = SLOT * scale >= 8.0;
    let frame = egui::Frame::canvas(ui.style());
    frame.show(ui, |ui| {
        ui.set_min_height(height - 40.0);
        egui::Scene::new()
            .zoom_range(0.02..=4.0)
            .scroll_zooms(true)
            .show(ui, &mut scene_rect, |ui| {
                let painter = ui.painter().clone();
                let clip = visible.expand(SLOT);
                let at = |i: usize| Pos2::new(placed[i].x * SLOT, placed[i].y * level);
                let nodes = &pane.tree.nodes;
                let text = ui.visuals().text_color();
                let weak = ui.visuals().weak_text_color();
                // Edges and pruned stubs first.
                for (i, n) in nodes.iter().enumerate() {
                    if !placed[i].visible || n.step > step {
                        continue;
                    }
                    let p = at(i);
                    if let Some(par) = n.parent {
                        let q = at(par);
                        if !clip.contains(p) && !clip.contains(q) {
                            continue;
                        }
                        let color = match n.kind {
                            VisitKind::Research => Color32::from_rgb(230, 126, 34),
                            VisitKind::NullWindow => Color32::from_gray(140),
                            VisitKind::Normal => Color32::from_gray(170),
                        };
                        let w = if n.on_pv { 3.5 } else { 1.2 };
                        if n.kind == VisitKind::NullWindow && labels {
                            painter.add(egui::Shape::dashed_line(
                                &[q, p],
                                Stroke::new(w, color),
                                6.0,
                                4.0,
                            ));
                        } else {
                            painter.line_segment([q, p], Stroke::new(w, color));
                        }
                    }
                    if !pane.collapsed.contains(&i)
                        && !n.children.is_empty()
                        && !n.pruned.is_empty()
                        && pane.done_at[i] <= step
                    {
                        let last = n.children.last().map_or(placed[i], |&c| placed[c]);
                        let c = Pos2::new((last.x + PRUNED_SLOT) * SLOT, last.y * level);
                        if clip.contains(c) || clip.contains(p) {
                            if labels {
                                painter.add(egui::Shape::dotted_line(
                                    &[p, c],
                                    Color32::from_gray(110),
                                    6.0,
                                    1.0,
                                ));
                            } else {
                                painter
                                    .line_segment([p, c], Stroke::new(0.5, Color32::from_gray(70)));
                            }
                            if labels {
                                painter.text(
                                    c + Vec2::new(0.0, 10.0),
                                    Align2::CENTER_CENTER,
                                    pruned_label(&n.pruned),
                                    FontId::proportional(10.0),
                                    weak,
                                );
                            }
                        }
                    }
                }
                for (i, n) in nodes.iter().enumerate() {
                    if !placed[i].visible || n.step > step {
                        continue;
                    }
                    let p = at(i);
                    if !clip.contains(p) {
                        continue;
                    }
                    let fill = type_color(n.node_type());
                    let r = 8.0;
                    if n.leaf {
                        painter.rect_filled(
                            Rect::from_center_size(p, Vec2::splat(2.0 * r)),
                            1.0,
                            fill,
                        );
                    } else {
                        painter.circle_filled(p, r, fill);
                    }
                    if pane.collapsed.contains(&i) {
                        painter.circle_stroke(p, r + 3.0, Stroke::new(1.5, text));
                    }
                    if pane.only_here[i] {
                        painter.circle_stroke(
                            p,
                            r + 5.0,
                            Stroke::new(2.0, Color32::from_rgb(243, 156, 18)),
                        );
                    }
                    if k == 0 && i == step {
                        painter.circle_stroke(p, r + 8.0, Stroke::new(2.5, Color32::YELLOW));
                    }
                    if labels {
                        let value = if pane.done_at[i] <= step {
                            n.value.map_or_else(|| "?".into(), |v| v.to_string())
                        } else {
                            "…".into()
                        };
                        painter.text(
                            p - Vec2::new(0.0, 15.0),
                            Align2::CENTER_CENTER,
                            format!("{} {value}", n.mv.as_deref().unwrap_or("root")),
                            FontId::proportional(11.0),
                            text,
                        );
                        painter.text(
                            p + Vec2::new(0.0, 17.0),
                            Align2::CENTER_CENTER,
                            n.window_text(),
                            FontId::monospace(9.0),
                            weak,
                        );
                    }
                    if !clickable {
                        continue;
                    }
                    let resp = ui
                        .interact(
                            Rect::from_center_size(p, Vec2::splat(2.0 * r + 4.0)),
                            ui.scope_id().with(("tree_node", k, i)),
                            Sense::click(),
                        )
                        .on_hover_text(pane.tree.explain(i));
                    if resp.double_clicked() {
                        hit = Some((i, true));
                    } else if resp.clicked() {
                        hit = Some((i, false));
                    }
                }
            });
    });
    pane.scene_rect = scene_rect;
    hit
}
