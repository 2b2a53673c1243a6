//! The tree view's drawing area: one or two trees on one shared zoom and scroll, the
//! same subtree at the same place in both (see [`crate::tree::layout::Joint`]).
//!
//! On Build tree the drawing fills the panes: the textbook drawing when its labels fit
//! across, else the compact one (leaves listed in columns); the level spacing stretches
//! to the pane's height. A tree too big to read whole opens at a legible zoom on the
//! current visit, with an overview (minimap) whose marked part can be dragged. The wheel
//! zooms at the cursor, `+`/`-` at the centre; the view is held so that part of the tree
//! always stays in the pane; stepping and Play keep the current visit in view.

use std::collections::HashSet;

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Vec2};

use crate::tree::SearchTree;
use crate::tree::draw::{
    Anchor, Dash, DrawOptions, LABEL_SIZE, Prim, RADIUS, Rgb, Spacing, WINDOW_SIZE, draw,
    node_labels,
};
use crate::tree::layout::{Joint, Layout, place};

/// The smallest zoom at which texts are drawn (below it they would be specks).
const TEXT_ZOOM: f32 = 0.45;
/// The largest zoom.
const MAX_ZOOM: f32 = 4.0;
/// The most a fitted drawing is enlarged (a small tree is not blown up to poster size).
const FIT_ZOOM: f32 = 1.4;

/// A label drawn in the last frame (for tests and accessibility).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawnLabel {
    /// Which pane (0: left).
    pub pane: usize,
    /// Which visit.
    pub node: usize,
    /// Where its marker and texts are, on screen.
    pub rect: Rect,
    /// The centre of its marker, on screen.
    pub at: Pos2,
    /// Its smallest text size, in points.
    pub text_size: f32,
}

/// The drawing's shape, layout and view, shared by the panes.
#[derive(Clone, Debug, Default)]
pub struct Canvas {
    /// The trees' joint shape.
    pub joint: Joint,
    /// Folded joint nodes.
    pub folded: HashSet<usize>,
    /// The layout for the current folds.
    pub layout: Layout,
    /// The spacing chosen by the fit.
    pub spacing: Option<Spacing>,
    /// Screen points per scene unit.
    pub zoom: f32,
    /// Where the scene's origin is, from the pane's top left.
    pub offset: Vec2,
    /// Fit the drawing to the pane (until the person zooms or pans).
    pub auto_fit: bool,
    /// The pane size of the last fit.
    fitted: Option<Vec2>,
    /// The widest label, in points at zoom 1 (0: not measured yet).
    widest: f32,
    /// The step last brought into view.
    followed: Option<usize>,
    /// The labels drawn in the last frame.
    pub drawn: Vec<DrawnLabel>,
    /// The panes' drawing areas in the last frame.
    pub areas: Vec<Rect>,
}

impl Canvas {
    /// The canvas of freshly built trees: fitted on the next frame.
    #[must_use]
    pub fn new(trees: &[&SearchTree]) -> Canvas {
        let joint = Joint::of(trees);
        let layout = place(&joint, &HashSet::new(), false);
        Canvas {
            joint,
            layout,
            zoom: 1.0,
            auto_fit: true,
            ..Canvas::default()
        }
    }

    /// Folds or unfolds joint node `n`, keeping the drawing's mode.
    pub fn toggle_fold(&mut self, n: usize) {
        if !self.folded.remove(&n) {
            self.folded.insert(n);
        }
        self.layout = place(&self.joint, &self.folded, self.layout.compact);
    }

    /// Fits again on the next frame.
    pub fn refit(&mut self) {
        self.auto_fit = true;
        self.fitted = None;
    }

    fn bounds(&self) -> Rect {
        let s = self.spacing.unwrap_or(Spacing::readable(60.0, false));
        let [x0, y0, x1, y1] = s.bounds(&self.layout);
        Rect::from_min_max(Pos2::new(x0, y0), Pos2::new(x1, y1))
    }

    /// Where scene point `p` is on screen in a pane whose area starts at `origin`.
    fn to_screen(&self, origin: Pos2, p: [f32; 2]) -> Pos2 {
        origin + self.offset + Vec2::new(p[0], p[1]) * self.zoom
    }

    /// The scene position of visit `i` of pane `k`.
    fn scene_of(&self, k: usize, i: usize) -> Option<[f32; 2]> {
        let s = self.spacing?;
        let j = *self.joint.of.get(k)?.get(i)?;
        Some(s.pos(&self.layout.at[j]))
    }

    fn measure(&mut self, ui: &egui::Ui, trees: &[&SearchTree]) {
        if self.widest > 0.0 {
            return;
        }
        let mut widest = 20.0f32;
        ui.fonts_mut(|f| {
            for t in trees {
                for i in 0..t.nodes.len() {
                    let (top, window) = node_labels(t, i, true);
                    let a = f
                        .layout_no_wrap(top, FontId::proportional(LABEL_SIZE), Color32::WHITE)
                        .size()
                        .x;
                    let b = f
                        .layout_no_wrap(window, FontId::monospace(WINDOW_SIZE), Color32::WHITE)
                        .size()
                        .x;
                    widest = widest.max(a).max(b);
                }
            }
        });
        self.widest = widest;
    }

    /// Chooses the drawing and the view for a pane of `size` (see the module doc);
    /// `readable` is the smallest zoom at which every text is still legible.
    fn fit(&mut self, size: Vec2, current: Option<usize>, readable: f32) {
        let (w, h) = (size.x.max(50.0), size.y.max(50.0));
        let mut layout = place(&self.joint, &self.folded, false);
        let mut s = Spacing::readable(self.widest, false);
        let [x0, _, x1, _] = s.bounds(&layout);
        if (x1 - x0) * readable > w {
            layout = place(&self.joint, &self.folded, true);
            s = Spacing::readable(self.widest, true);
        }
        self.layout = layout;
        let [x0, y0, x1, y1] = s.bounds(&self.layout);
        let (bw, bh) = (x1 - x0, y1 - y0);
        if bw * readable <= w && bh * readable <= h {
            let z = (w / bw).min(h / bh).clamp(readable, FIT_ZOOM);
            // Spread the slots across the width and the levels down the height.
            s.slot *= (w / (bw * z)).clamp(1.0, 3.0);
            let (mut lo, mut hi) = (s.level, s.level * 4.0);
            for _ in 0..24 {
                let mid = (lo + hi) / 2.0;
                let t = Spacing { level: mid, ..s };
                let [_, a, _, b] = t.bounds(&self.layout);
                if (b - a) * z <= h {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            s.level = lo;
            self.spacing = Some(s);
            self.zoom = z;
            let b = self.bounds();
            self.offset = (size - b.size() * z) / 2.0 - b.min.to_vec2() * z;
        } else {
            self.spacing = Some(s);
            self.zoom = 1.0;
            let b = self.bounds();
            let at = current
                .and_then(|i| self.scene_of(0, i))
                .unwrap_or([b.center().x, b.min.y]);
            // The current visit in the middle across; the root level at the top when
            // the visit is then still in view, else the visit in the middle.
            let x = w / 2.0 - at[0];
            let top = -b.min.y;
            let y = if at[1] + top <= h - 60.0 {
                top
            } else {
                h / 2.0 - at[1]
            };
            self.offset = Vec2::new(x, y);
        }
        self.fitted = Some(size);
        self.followed = current;
    }

    /// Keeps the zoom in range and part of the drawing in the pane.
    fn clamp(&mut self, size: Vec2) {
        let b = self.bounds();
        let whole = (size.x / b.width().max(1.0)).min(size.y / b.height().max(1.0));
        let min_zoom = (whole * 0.5).min(1.0);
        self.zoom = self.zoom.clamp(min_zoom, MAX_ZOOM);
        for axis in 0..2 {
            let (lo, hi, room) = (b.min[axis], b.max[axis], size[axis]);
            let c0 = self.offset[axis] + lo * self.zoom;
            let c1 = self.offset[axis] + hi * self.zoom;
            let m = (c1 - c0).min(room) * 0.25;
            if c1 < m {
                self.offset[axis] += m - c1;
            } else if c0 > room - m {
                self.offset[axis] -= c0 - (room - m);
            }
        }
    }

    /// When no visit of the left tree (up to `step`) is in the pane (zoomed in on an
    /// empty part of the drawing), brings the nearest one to the middle.
    fn keep_a_node_in_view(&mut self, size: Vec2, tree: &SearchTree, step: usize) {
        let Some(s) = self.spacing else {
            return;
        };
        let centre = (size / 2.0 - self.offset) / self.zoom;
        let mut nearest: Option<(f32, [f32; 2])> = None;
        for (i, n) in tree.nodes.iter().enumerate() {
            let place = self.layout.at[self.joint.of[0][i]];
            if n.step > step || !place.visible {
                continue;
            }
            let p = s.pos(&place);
            let screen = self.offset + Vec2::new(p[0], p[1]) * self.zoom;
            if screen.x >= 0.0 && screen.y >= 0.0 && screen.x <= size.x && screen.y <= size.y {
                return;
            }
            let d = (Vec2::new(p[0], p[1]) - centre).length_sq();
            if nearest.is_none_or(|(best, _)| d < best) {
                nearest = Some((d, p));
            }
        }
        if let Some((_, p)) = nearest {
            self.offset = size / 2.0 - Vec2::new(p[0], p[1]) * self.zoom;
        }
    }

    /// Zooms by `factor` keeping the scene point under `anchor` (pane coordinates) still.
    pub fn zoom_at(&mut self, factor: f32, anchor: Vec2) {
        let old = self.zoom;
        let new = (old * factor).clamp(0.02, MAX_ZOOM);
        let scene = (anchor - self.offset) / old;
        self.zoom = new;
        self.offset = anchor - scene * new;
        self.auto_fit = false;
    }

    /// Zooms by `factor` at the pane's centre (the `+` and `-` buttons).
    pub fn zoom_centre(&mut self, factor: f32) {
        let size = self.fitted.unwrap_or(Vec2::new(600.0, 400.0));
        self.zoom_at(factor, size / 2.0);
    }

    /// Brings visit `i` of the left tree into view when it is out of it.
    fn follow(&mut self, size: Vec2, step: usize) {
        if self.followed == Some(step) {
            return;
        }
        self.followed = Some(step);
        let Some(p) = self.scene_of(0, step) else {
            return;
        };
        let at = self.offset + Vec2::new(p[0], p[1]) * self.zoom;
        let margin = 40.0f32.min(size.x / 4.0).min(size.y / 4.0);
        if at.x < margin || at.y < margin || at.x > size.x - margin || at.y > size.y - margin {
            self.offset = size / 2.0 - Vec2::new(p[0], p[1]) * self.zoom;
        }
    }
}

/// A clicked node: (pane, visit, double click).
pub type Hit = (usize, usize, bool);

/// Draws the panes in `rect`, each tree in its own column; returns a clicked node.
pub fn canvas_ui(
    ui: &mut egui::Ui,
    canvas: &mut Canvas,
    panes: &[(&SearchTree, &[bool], &[usize])],
    step: usize,
    hide_current: bool,
    quiz: bool,
) -> Option<Hit> {
    let n = panes.len().max(1);
    let full = ui.available_rect_before_wrap();
    let full = Rect::from_min_size(full.min, Vec2::new(full.width(), full.height().max(160.0)));
    ui.allocate_rect(full, Sense::hover());
    let gap = 8.0;
    let width = (full.width() - gap * (n - 1) as f32) / n as f32;
    let header = 20.0;
    let areas: Vec<Rect> = (0..n)
        .map(|k| {
            let x = full.min.x + k as f32 * (width + gap);
            Rect::from_min_max(
                Pos2::new(x, full.min.y + header),
                Pos2::new(x + width, full.max.y),
            )
        })
        .collect();
    let size = areas[0].size();
    let trees: Vec<&SearchTree> = panes.iter().map(|p| p.0).collect();
    canvas.measure(ui, &trees);
    if canvas.spacing.is_none() || (canvas.auto_fit && canvas.fitted != Some(size)) {
        // Legible: no text smaller than the UI's small text.
        let small = ui
            .style()
            .text_styles
            .get(&egui::TextStyle::Small)
            .map_or(9.0, |f| f.size);
        canvas.fit(size, Some(step), (small / WINDOW_SIZE).min(1.0));
    }
    // Pan and zoom: dragging any pane, the wheel at the cursor.
    for (k, area) in areas.iter().enumerate() {
        let resp = ui.interact(
            *area,
            ui.scope_id().with(("tree_area", k)),
            Sense::click_and_drag(),
        );
        if resp.dragged() {
            canvas.offset += resp.drag_delta();
            canvas.auto_fit = false;
        }
        if resp.hovered() {
            let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta()));
            let wheel = scroll.y + scroll.x;
            let factor = pinch * (wheel * 0.003).exp();
            if (factor - 1.0).abs() > 1e-4
                && let Some(at) = resp.hover_pos()
            {
                canvas.zoom_at(factor, at - area.min);
            }
        }
    }
    canvas.follow(size, step);
    canvas.clamp(size);
    if let Some((tree, _, _)) = panes.first() {
        canvas.keep_a_node_in_view(size, tree, step);
    }
    let mut hit = None;
    canvas.drawn.clear();
    canvas.areas = areas.clone();
    for (k, (tree, only_here, done_at)) in panes.iter().enumerate() {
        let area = areas[k];
        let name = crate::vocab::rowspec::row_spec(tree.request.algorithm, &tree.request.options);
        let head = Rect::from_min_max(
            Pos2::new(area.min.x, area.min.y - header),
            Pos2::new(area.max.x, area.min.y),
        );
        let rec = &tree.record;
        let stats = if quiz {
            // A quiz: no score or counts that would give answers away.
            format!("{name}: {} visits", tree.nodes.len())
        } else {
            format!(
                "{name}: {} visits, {} leaves, {} cutoffs, {} re-searches; score {}; PV {}",
                tree.nodes.len(),
                rec.stats.leaves,
                rec.stats.beta_cutoffs,
                rec.stats.researches,
                rec.score.map_or_else(|| "?".into(), |s| s.to_string()),
                rec.pv.join(" ")
            )
        };
        ui.painter_at(head).text(
            Pos2::new(area.min.x + 2.0, area.min.y - header / 2.0),
            Align2::LEFT_CENTER,
            stats,
            FontId::proportional(13.0),
            ui.visuals().strong_text_color(),
        );
        let (h, drawn) = pane_ui(
            ui,
            canvas,
            k,
            area,
            tree,
            only_here,
            done_at,
            step,
            hide_current,
        );
        hit = h.or(hit);
        canvas.drawn.extend(drawn);
    }
    minimap_ui(ui, canvas, areas[n - 1]);
    hit
}

fn color(c: Rgb) -> Color32 {
    Color32::from_rgb(c.0, c.1, c.2)
}

#[allow(clippy::too_many_arguments)]
fn pane_ui(
    ui: &mut egui::Ui,
    canvas: &Canvas,
    k: usize,
    area: Rect,
    tree: &SearchTree,
    only_here: &[bool],
    done_at: &[usize],
    step: usize,
    hide_current: bool,
) -> (Option<Hit>, Vec<DrawnLabel>) {
    let Some(s) = canvas.spacing else {
        return (None, Vec::new());
    };
    let painter = ui.painter_at(area);
    painter.rect_filled(area, 4.0, ui.visuals().extreme_bg_color);
    let z = canvas.zoom;
    let origin = area.min;
    let visible = Rect::from_min_max(
        ((area.min - origin - canvas.offset) / z).to_pos2(),
        ((area.max - origin - canvas.offset) / z).to_pos2(),
    );
    let labels = z >= TEXT_ZOOM;
    let show_step = if k == 0 { step } else { usize::MAX };
    let o = DrawOptions {
        step: show_step,
        only_here: Some(only_here),
        current: (k == 0).then_some(step),
        folded: &canvas.folded,
        clip: Some([visible.min.x, visible.min.y, visible.max.x, visible.max.y]),
        done_at,
        labels,
    };
    let d = draw(tree, &canvas.joint, k, &canvas.layout, &s, &o);
    let text_color = ui.visuals().text_color();
    let at = |p: [f32; 2]| canvas.to_screen(origin, p);
    // Per node, the screen rectangle of its marker and texts.
    let mut rects: Vec<Option<Rect>> = vec![None; tree.nodes.len()];
    for dn in &d.nodes {
        let r = Rect::from_center_size(at(dn.at), Vec2::splat((2.0 * RADIUS + 4.0) * z));
        rects[dn.node] = Some(r);
    }
    let current = if hide_current && k == 0 {
        Some(step)
    } else {
        None
    };
    for p in &d.prims {
        match p {
            Prim::Line {
                a,
                b,
                width,
                color: c,
                dash,
            } => {
                let stroke = Stroke::new(width * z.sqrt(), color(*c));
                let pts = [at(*a), at(*b)];
                match dash {
                    Dash::Solid => {
                        painter.line_segment(pts, stroke);
                    }
                    Dash::Dashed => {
                        painter.extend(egui::Shape::dashed_line(&pts, stroke, 6.0 * z, 4.0 * z));
                    }
                    Dash::Dotted => {
                        painter.extend(egui::Shape::dotted_line(
                            &pts,
                            color(*c),
                            (4.0 * z).max(2.0),
                            (0.8 * z).max(0.5),
                        ));
                    }
                }
            }
            Prim::Disc { c, r, color: col } => {
                painter.circle_filled(at(*c), r * z, color(*col));
            }
            Prim::Square {
                c,
                half,
                color: col,
            } => {
                painter.rect_filled(
                    Rect::from_center_size(at(*c), Vec2::splat(2.0 * half * z)),
                    1.0,
                    color(*col),
                );
            }
            Prim::Ring {
                c,
                r,
                width,
                color: col,
            } => {
                painter.circle_stroke(at(*c), r * z, Stroke::new(width * z.sqrt(), color(*col)));
            }
            Prim::Text {
                at: pos,
                text,
                size,
                color: col,
                anchor,
                mono,
                node,
            } => {
                let node = *node;
                let font = if *mono {
                    FontId::monospace(size * z)
                } else {
                    FontId::proportional(size * z)
                };
                let align = match anchor {
                    Anchor::Centre => Align2::CENTER_CENTER,
                    Anchor::Left => Align2::LEFT_CENTER,
                };
                let hidden = current.is_some() && node == current;
                let shown = if hidden {
                    "?".to_string()
                } else {
                    text.clone()
                };
                let r = painter.text(at(*pos), align, shown, font, col.map_or(text_color, color));
                if let Some(i) = node
                    && let Some(slot) = rects.get_mut(i)
                {
                    *slot = Some(slot.map_or(r, |x| x.union(r)));
                }
            }
        }
    }
    let mut hit = None;
    let clickable = 2.0 * RADIUS * z >= 6.0;
    let mut drawn = Vec::new();
    for dn in &d.nodes {
        let Some(r) = rects[dn.node] else { continue };
        if !area.intersects(r) {
            continue;
        }
        drawn.push(DrawnLabel {
            pane: k,
            node: dn.node,
            rect: r,
            at: at(dn.at),
            text_size: if labels { WINDOW_SIZE * z } else { 0.0 },
        });
        if !clickable {
            continue;
        }
        let (top, window) = node_labels(tree, dn.node, done_at[dn.node] <= show_step);
        let resp = ui
            .interact(
                r.intersect(area),
                ui.scope_id().with(("tree_node", k, dn.node)),
                Sense::click(),
            )
            .on_hover_text(tree.explain(dn.node));
        let hidden = current == Some(dn.node);
        resp.widget_info(|| {
            let label = if hidden {
                format!("visit {}: ?", dn.node + 1)
            } else {
                format!("visit {}: {top} {window}", dn.node + 1)
            };
            egui::WidgetInfo::labeled(egui::Role::Button, true, label)
        });
        if resp.double_clicked() {
            hit = Some((k, dn.node, true));
        } else if resp.clicked() {
            hit = Some((k, dn.node, false));
        }
    }
    (hit, drawn)
}

/// The overview of a tree bigger than its pane: every node as a dot, the part on
/// screen marked; a click or a drag there moves the view.
fn minimap_ui(ui: &mut egui::Ui, canvas: &mut Canvas, area: Rect) {
    let Some(s) = canvas.spacing else {
        return;
    };
    let b = canvas.bounds();
    let size = area.size();
    let z = canvas.zoom;
    let c0 = canvas.offset + b.min.to_vec2() * z;
    let c1 = canvas.offset + b.max.to_vec2() * z;
    if c0.x >= -1.0 && c0.y >= -1.0 && c1.x <= size.x + 1.0 && c1.y <= size.y + 1.0 {
        return;
    }
    let scale = (180.0 / b.width().max(1.0)).min(110.0 / b.height().max(1.0));
    let mini = Vec2::new(b.width() * scale, b.height() * scale).max(Vec2::splat(24.0));
    let rect = Rect::from_min_size(area.max - mini - Vec2::splat(8.0), mini);
    let painter = ui.painter_at(area);
    let bg = ui.visuals().window_fill();
    painter.rect_filled(rect.expand(3.0), 3.0, bg);
    painter.rect_stroke(
        rect.expand(3.0),
        3.0,
        Stroke::new(1.0, ui.visuals().weak_text_color()),
        egui::StrokeKind::Outside,
    );
    let to_mini = |p: [f32; 2]| rect.min + (Vec2::new(p[0], p[1]) - b.min.to_vec2()) * scale;
    let dot = ui.visuals().text_color().gamma_multiply(0.6);
    // The joint shape is every visit of the trees shown.
    for place in canvas.layout.at.iter().filter(|p| p.visible) {
        painter.circle_filled(to_mini(s.pos(place)), 1.2, dot);
    }
    let view0 = (-canvas.offset) / z;
    let view1 = (size - canvas.offset) / z;
    let view = Rect::from_min_max(to_mini([view0.x, view0.y]), to_mini([view1.x, view1.y]));
    painter.rect_stroke(
        view.intersect(rect.expand(2.0)),
        0.0,
        Stroke::new(1.5, Color32::from_rgb(241, 196, 15)),
        egui::StrokeKind::Middle,
    );
    let resp = ui
        .interact(
            rect,
            ui.scope_id().with("tree_minimap"),
            Sense::click_and_drag(),
        )
        .on_hover_text(
            "The whole tree: the yellow frame is the part on screen; click or drag to move it",
        );
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "tree overview"));
    if (resp.clicked() || resp.dragged())
        && let Some(p) = resp.interact_pointer_pos()
    {
        let scene = b.min + (p - rect.min) / scale;
        canvas.offset = size / 2.0 - scene.to_vec2() * z;
        canvas.auto_fit = false;
    }
}
