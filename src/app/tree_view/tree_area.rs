//! The tree view's drawing area on screen: the panes side by side, each tree's name
//! above its pane and its conventions under it, each pane painted by
//! [`super::tree_pane`] on the shared [`Canvas`], and the overview.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Vec2};

use super::tree_canvas::{Canvas, Hit, PaneInput, Show};
use crate::tree::SearchTree;
use crate::tree::draw::WINDOW_SIZE;

/// Lays out `text` in the small style wrapped to `width`.
fn small_galley(
    ui: &egui::Ui,
    text: String,
    width: f32,
    color: Color32,
    size: f32,
) -> std::sync::Arc<egui::Galley> {
    ui.painter()
        .layout(text, FontId::proportional(size), color, width.max(40.0))
}

/// Draws the panes in the space left, each tree in its own column, its name above it and
/// its conventions under it; returns a clicked node.
pub fn canvas_ui(
    ui: &mut egui::Ui,
    canvas: &mut Canvas,
    panes: &[PaneInput<'_>],
    show: &Show,
) -> Option<Hit> {
    let n = (panes.len() + usize::from(show.second_hidden)).max(1);
    let full = ui.available_rect_before_wrap();
    let full = Rect::from_min_size(full.min, Vec2::new(full.width(), full.height().max(160.0)));
    ui.allocate_rect(full, Sense::hover());
    let gap = 8.0;
    let width = (full.width() - gap * (n - 1) as f32) / n as f32;
    let strong = ui.visuals().strong_text_color();
    let weak = ui.visuals().weak_text_color();
    let small = ui
        .style()
        .text_styles
        .get(&egui::TextStyle::Small)
        .map_or(9.0, |f| f.size);
    let heads = pane_heads(ui, panes, show.quiz.is_some(), width, strong);
    let feet = pane_feet(ui, panes, width, small, weak);
    let header = heads.iter().map(|g| g.0.size().y).fold(14.0, f32::max) + 4.0;
    let footer = feet.iter().map(|g| g.size().y).fold(0.0, f32::max) + 4.0;
    let areas: Vec<Rect> = (0..n)
        .map(|k| {
            let x = full.min.x + k as f32 * (width + gap);
            Rect::from_min_max(
                Pos2::new(x, full.min.y + header),
                Pos2::new(
                    x + width,
                    (full.max.y - footer).max(full.min.y + header + 60.0),
                ),
            )
        })
        .collect();
    let size = areas[0].size();
    canvas.pane = Some(size);
    let trees: Vec<&SearchTree> = panes.iter().map(|p| p.tree).collect();
    canvas.measure(ui, &trees, show.bounds);
    if canvas.spacing.is_none() || (canvas.view.auto_fit && canvas.fitted != Some(size)) {
        // Legible: no text smaller than the UI's small text.
        canvas.fit(size, Some(show.step), (small / WINDOW_SIZE).min(1.0));
    }
    let shown = &areas[..panes.len().min(areas.len())];
    canvas.view.pan_and_zoom_ui(ui, shown, "tree_area");
    canvas.follow(size, show.step);
    canvas.clamp(size);
    if let Some(p) = panes.first() {
        canvas.keep_a_node_in_view(size, p.tree, show.step);
    }
    let mut hit = None;
    canvas.drawn.clear();
    canvas.notes.clear();
    canvas.areas = areas.clone();
    for (k, p) in panes.iter().enumerate() {
        let area = areas[k];
        let (head, long) = &heads[k];
        let at = Pos2::new(area.min.x + 2.0, full.min.y + 1.0);
        let head_resp = ui.interact(
            Rect::from_min_size(at, head.size()),
            ui.scope_id().with(("tree_head", k)),
            Sense::hover(),
        );
        head_resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, long));
        head_resp.on_hover_text(long.as_str());
        ui.painter().galley(at, head.clone(), strong);
        let foot_at = Pos2::new(area.min.x + 2.0, area.max.y + 3.0);
        ui.interact(
            Rect::from_min_size(foot_at, feet[k].size()),
            ui.scope_id().with(("tree_foot", k)),
            Sense::hover(),
        )
        .on_hover_text(p.full.conventions().join("\n"));
        ui.painter().galley(foot_at, feet[k].clone(), weak);
        let (h, drawn, notes) = super::tree_pane::pane_ui(ui, canvas, k, area, p, show);
        hit = h.or(hit);
        canvas.drawn.extend(drawn);
        canvas.notes.extend(notes.into_iter().map(|t| (k, t)));
    }
    if show.second_hidden && n > panes.len() {
        hidden_pane_ui(ui, areas[n - 1], weak);
    }
    super::tree_pane::minimap_ui(ui, canvas, areas[panes.len().max(1) - 1]);
    hit
}

/// Each tree's name and counts, to go above its pane: whole on one line when they fit
/// `width`, else the short form (the hover has them all), wrapped if even that is too
/// long. Each with the whole text, for the hover.
fn pane_heads(
    ui: &egui::Ui,
    panes: &[PaneInput<'_>],
    quiz: bool,
    width: f32,
    color: Color32,
) -> Vec<(std::sync::Arc<egui::Galley>, String)> {
    panes
        .iter()
        .map(|p| {
            let (long, short) = header(p, quiz);
            let shortest = short.split("; ").next().unwrap_or_default().to_string();
            // The longest form that fits on one line; the shortest wrapped if even it
            // does not.
            let g = [long.clone(), short]
                .into_iter()
                .map(|t| small_galley(ui, t, f32::INFINITY, color, 12.0))
                .find(|g| g.size().x <= width - 4.0)
                .unwrap_or_else(|| small_galley(ui, shortest, width - 4.0, color, 12.0));
            (g, long)
        })
        .collect()
}

/// Each tree's conventions, to go under its pane, in the small text (`small`: its
/// size), wrapped to the pane's width (the hover says each in full).
fn pane_feet(
    ui: &egui::Ui,
    panes: &[PaneInput<'_>],
    width: f32,
    small: f32,
    color: Color32,
) -> Vec<std::sync::Arc<egui::Galley>> {
    panes
        .iter()
        .map(|p| {
            let text = p.full.conventions_short().join(" · ");
            let job = egui::text::LayoutJob::simple(
                text,
                FontId::proportional(small),
                color,
                (width - 4.0).max(40.0),
            );
            ui.painter().layout_job(job)
        })
        .collect()
}

/// The place of the second tree while a quiz hides it: an empty pane saying when it
/// shows.
fn hidden_pane_ui(ui: &egui::Ui, area: Rect, color: Color32) {
    let painter = ui.painter_at(area);
    painter.rect_filled(area, 4.0, ui.visuals().extreme_bg_color);
    painter.text(
        area.center(),
        Align2::CENTER_CENTER,
        "The second tree shows when the quiz is over",
        FontId::proportional(13.0),
        color,
    );
}

/// The line above a pane: the row with its counts, score and principal variation, in
/// full and short (visits, score, PV); in a quiz only what gives nothing away.
fn header(p: &PaneInput<'_>, quiz: bool) -> (String, String) {
    let tree = p.full;
    // What ran: the tree's own search, whatever its row says now.
    let spec = crate::engine::rowspec::row_spec(tree.request.algorithm, &tree.request.options);
    let evaluator = tree.request.evaluator.trim();
    let name = if evaluator.is_empty() {
        format!("{spec} at depth {}", tree.request.depth)
    } else {
        format!("{spec} [eval {evaluator}] at depth {}", tree.request.depth)
    };
    if quiz {
        // A quiz: no score or counts that would give answers away.
        let text = format!("{name}: {} visits", tree.nodes.len());
        return (text.clone(), text);
    }
    let rec = &tree.record;
    let score = rec.score_text().unwrap_or_else(|| "?".into());
    let pv = rec.pv.join(" ");
    (
        format!(
            "{name}: {} visits, {} leaves, {} cutoffs, {} re-searches; score {score}; PV {pv}",
            tree.nodes.len(),
            rec.counters.leaves(),
            rec.counters.beta_cutoffs(),
            rec.counters.researches(),
        ),
        format!(
            "{name}: {} visits; score {score}; PV {pv}",
            tree.nodes.len()
        ),
    )
}
