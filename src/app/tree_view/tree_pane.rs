//! One pane of the tree view painted: the shapes of [`crate::tree::draw`] on screen at
//! the canvas's zoom and scroll, each visit a clickable area with its explanation and
//! conventions on hover; and the overview (minimap) of a tree bigger than its pane.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Vec2};

use super::tree_canvas::{Canvas, DrawnLabel, Hit, PaneInput, Show, TEXT_ZOOM};
use crate::tree::VisitDiff;
use crate::tree::draw::{
    Anchor, Dash, DrawOptions, DrawnNode, Prim, RADIUS, Rgb, WINDOW_SIZE, draw,
};

fn color(c: Rgb) -> Color32 {
    Color32::from_rgb(c.0, c.1, c.2)
}

/// A dashed circle as short arcs.
fn dashed_circle(painter: &egui::Painter, c: Pos2, r: f32, stroke: Stroke) {
    let n = 16;
    for k in 0..n {
        let a0 = k as f32 / n as f32 * std::f32::consts::TAU;
        let a1 = a0 + 0.6 * std::f32::consts::TAU / n as f32;
        let pts: Vec<Pos2> = (0..=3)
            .map(|t| {
                let a = a0 + (a1 - a0) * t as f32 / 3.0;
                c + Vec2::new(a.cos(), a.sin()) * r
            })
            .collect();
        painter.add(egui::Shape::line(pts, stroke));
    }
}

/// One pane of the tree view: the drawing of tree `k` painted in `area`, each visit
/// shown a clickable area. Returns the visit clicked (if any), the labels drawn, and
/// the texts of no visit that show in the pane (the notes).
pub(in crate::app) fn pane_ui(
    ui: &mut egui::Ui,
    canvas: &Canvas,
    k: usize,
    area: Rect,
    pane: &PaneInput<'_>,
    show: &Show,
) -> (Option<Hit>, Vec<DrawnLabel>, Vec<String>) {
    let Some(s) = canvas.spacing else {
        return (None, Vec::new(), Vec::new());
    };
    let tree = pane.tree;
    let painter = ui.painter_at(area);
    painter.rect_filled(area, 4.0, ui.visuals().extreme_bg_color);
    let z = canvas.view.zoom;
    let origin = area.min;
    let visible = Rect::from_min_max(
        ((area.min - origin - canvas.view.offset) / z).to_pos2(),
        ((area.max - origin - canvas.view.offset) / z).to_pos2(),
    );
    let labels = z >= TEXT_ZOOM;
    let show_step = if k == 0 { show.step } else { usize::MAX };
    let o = DrawOptions {
        step: show_step,
        marks: Some(pane.marks),
        current: (k == 0).then_some(show.step),
        folded: &canvas.folded,
        clip: Some([visible.min.x, visible.min.y, visible.max.x, visible.max.y]),
        done_at: pane.done_at,
        labels,
        bounds: show.bounds,
        quiz: if k == 0 { show.quiz } else { None },
    };
    let d = draw(tree, &canvas.joint, k, &canvas.layout, &s, &o);
    let text_color = ui.visuals().text_color();
    let at = |p: [f32; 2]| canvas.to_screen(origin, p);
    // Per node, the screen rectangle of its marker and texts, its texts and colour.
    let mut rects: Vec<Option<Rect>> = vec![None; tree.nodes.len()];
    let mut texts: Vec<Vec<String>> = vec![Vec::new(); tree.nodes.len()];
    let mut notes = Vec::new();
    for dn in &d.nodes {
        let r = Rect::from_center_size(at(dn.at), Vec2::splat((2.0 * RADIUS + 4.0) * z));
        rects[dn.node] = Some(r);
    }
    for p in &d.prims {
        let Some(r) = paint_prim(&painter, p, &at, z, text_color) else {
            continue;
        };
        let Prim::Text { text, node, .. } = p else {
            continue;
        };
        if let Some(i) = *node
            && let Some(slot) = rects.get_mut(i)
        {
            *slot = Some(slot.map_or(r, |x| x.union(r)));
            texts[i].push(text.clone());
        } else if area.intersects(r) {
            notes.push(text.clone());
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
        let t = &texts[dn.node];
        drawn.push(DrawnLabel {
            pane: k,
            node: dn.node,
            rect: r,
            at: at(dn.at),
            text_size: if labels { WINDOW_SIZE * z } else { 0.0 },
            texts: [
                t.first().cloned().unwrap_or_default(),
                t.get(1).cloned().unwrap_or_default(),
            ],
            color: color(dn.color),
            mark: if show.quiz.is_none_or(|q| q.over) {
                pane.marks.get(dn.node).copied().unwrap_or_default()
            } else {
                VisitDiff::Same
            },
        });
        if !clickable {
            continue;
        }
        if let Some(h) = visit_click_ui(ui, r.intersect(area), k, dn, pane, t) {
            hit = Some(h);
        }
    }
    (hit, drawn, notes)
}

/// Paints one shape of a drawing at `zoom` (`at` takes a scene point to the screen;
/// a text without a colour of its own has `text_color`). Returns the rectangle of a
/// text, `None` for any other shape.
fn paint_prim(
    painter: &egui::Painter,
    prim: &Prim,
    at: &impl Fn([f32; 2]) -> Pos2,
    zoom: f32,
    text_color: Color32,
) -> Option<Rect> {
    match prim {
        Prim::Line {
            a,
            b,
            width,
            color: c,
            dash,
        } => {
            let stroke = Stroke::new(width * zoom.sqrt(), color(*c));
            let pts = [at(*a), at(*b)];
            match dash {
                Dash::Solid => {
                    painter.line_segment(pts, stroke);
                }
                Dash::Dashed => {
                    painter.extend(egui::Shape::dashed_line(
                        &pts,
                        stroke,
                        6.0 * zoom,
                        4.0 * zoom,
                    ));
                }
                Dash::Dotted => {
                    painter.extend(egui::Shape::dotted_line(
                        &pts,
                        color(*c),
                        (4.0 * zoom).max(2.0),
                        (0.8 * zoom).max(0.5),
                    ));
                }
            }
            None
        }
        Prim::Disc { c, r, color: col } => {
            painter.circle_filled(at(*c), r * zoom, color(*col));
            None
        }
        Prim::Square {
            c,
            half,
            color: col,
        } => {
            painter.rect_filled(
                Rect::from_center_size(at(*c), Vec2::splat(2.0 * half * zoom)),
                1.0,
                color(*col),
            );
            None
        }
        Prim::Ring {
            c,
            r,
            width,
            color: col,
            dash,
        } => {
            let stroke = Stroke::new(width * zoom.sqrt(), color(*col));
            if *dash == Dash::Solid {
                painter.circle_stroke(at(*c), r * zoom, stroke);
            } else {
                dashed_circle(painter, at(*c), r * zoom, stroke);
            }
            None
        }
        Prim::Text {
            at: pos,
            text,
            size,
            color: col,
            anchor,
            mono,
            node: _,
        } => {
            let font = if *mono {
                FontId::monospace(size * zoom)
            } else {
                FontId::proportional(size * zoom)
            };
            let align = match anchor {
                Anchor::Centre => Align2::CENTER_CENTER,
                Anchor::Left => Align2::LEFT_CENTER,
            };
            Some(painter.text(
                at(*pos),
                align,
                text.clone(),
                font,
                col.map_or(text_color, color),
            ))
        }
    }
}

/// The clickable area `rect` of a visit drawn in pane `pane_index` (`texts`: its texts on
/// screen), with its explanation and the tree's conventions on hover. Returns the
/// visit if it was clicked (double-clicked: the flag set).
fn visit_click_ui(
    ui: &mut egui::Ui,
    rect: Rect,
    pane_index: usize,
    visit: &DrawnNode,
    pane: &PaneInput<'_>,
    texts: &[String],
) -> Option<Hit> {
    let hover = if visit.hidden {
        "The visit asked: answer, or show the answer, to see it".to_string()
    } else {
        format!(
            "{}\n{}",
            pane.full.explain(visit.node),
            pane.full.conventions().join("\n")
        )
    };
    let resp = ui
        .interact(
            rect,
            ui.scope_id().with(("tree_node", pane_index, visit.node)),
            Sense::click(),
        )
        .on_hover_text(hover);
    let label = if visit.hidden {
        format!("visit {}: ?", visit.node + 1)
    } else {
        format!("visit {}: {}", visit.node + 1, texts.join(" "))
    };
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
    if resp.double_clicked() {
        Some((pane_index, visit.node, true))
    } else if resp.clicked() {
        Some((pane_index, visit.node, false))
    } else {
        None
    }
}

/// The overview of a tree bigger than its pane: every node as a dot, the
/// part on screen marked; a click or a drag there moves the view.
pub(in crate::app) fn minimap_ui(ui: &mut egui::Ui, canvas: &mut Canvas, area: Rect) {
    let Some(s) = canvas.spacing else {
        return;
    };
    let b = canvas.bounds();
    let size = area.size();
    let z = canvas.view.zoom;
    let c0 = canvas.view.offset + b.min.to_vec2() * z;
    let c1 = canvas.view.offset + b.max.to_vec2() * z;
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
    // The joint shape is every visit of the trees shown (in a quiz, of the visits so
    // far: its shape is built of them).
    for place in canvas.layout.at.iter().filter(|p| p.visible) {
        painter.circle_filled(to_mini(s.pos(place)), 1.2, dot);
    }
    let view0 = (-canvas.view.offset) / z;
    let view1 = (size - canvas.view.offset) / z;
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
        canvas.view.offset = size / 2.0 - scene.to_vec2() * z;
        canvas.view.auto_fit = false;
    }
}
