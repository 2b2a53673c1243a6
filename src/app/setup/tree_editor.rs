//! The board of a hand-built tree ([`BoardLayout::Tree`](crate::game::describe::BoardLayout)):
//! the position's tree drawn small (MAX nodes as up-triangles, MIN nodes as
//! down-triangles, leaves as boxes with their values, written values of interior nodes
//! beside them), a click selects a node, and the tools under it edit the selection:
//! Add child, Remove subtree, its Value, Chance node (its outcomes equally likely, or a
//! player's node again), an outcome's Probability (the others keep their proportions),
//! and Go to node (the board becomes that node's position). Every edit is a new position from the game's description
//! ([`crate::engine::DynPosition::tree_edited`]), pushed as an undoable
//! [`Command::SetPosition`]; the bracket text with Copy and the paste box are the
//! position panel's, as for every game.
//!
//! Each node is its own clickable area named by the moves that lead to it
//! (`node root`, `node b`, `node ba`), so tests and screen readers find it.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Vec2, pos2, vec2};

use super::position_state::PositionPanel;
use crate::app::frame::command::Command;
use crate::app::frame::layout;
use crate::app::frame::panel::Panel;
use crate::engine::AnyPosition;
use crate::game::Side;
use crate::game::describe::{TreeEdit, TreeNode};

/// The most plies drawn below the position.
const MAX_LEVELS: u32 = 6;
/// The narrowest slot a frontier node gets, in points.
const MIN_SLOT: f32 = 14.0;
/// The widest slot, in points.
const MAX_SLOT: f32 = 44.0;
/// Vertical distance between plies.
const LEVEL: f32 = 48.0;
/// Half the size of a node's triangle.
const NODE: f32 = 8.0;

const MAX_FILL: Color32 = Color32::from_rgb(52, 120, 200);
const MIN_FILL: Color32 = Color32::from_rgb(214, 110, 40);

/// The tree board with its tools and notes.
pub fn tree_ui(
    ui: &mut egui::Ui,
    cx: &mut Panel<'_>,
    panel: &mut PositionPanel,
    pos: &AnyPosition,
) {
    let listing = panel.tree.nodes(pos);
    let (nodes, paths) = (&listing.0, &listing.1);
    if nodes.is_empty() {
        return;
    }
    let selected = paths
        .iter()
        .position(|p| *p == panel.tree.selected)
        .unwrap_or(0);
    panel.tree.selected.clone_from(&paths[selected]);
    if let Some(clicked) = draw_tree(ui, nodes, paths, selected) {
        panel.tree.selected.clone_from(&paths[clicked]);
    }
    tools_ui(ui, cx, panel, pos, nodes, paths, selected);
    for note in pos.as_dyn().notes() {
        ui.label(note);
    }
}

/// The children of every node, in move order.
fn children_of(nodes: &[TreeNode]) -> Vec<Vec<usize>> {
    let mut children = vec![Vec::new(); nodes.len()];
    for (i, n) in nodes.iter().enumerate() {
        if let Some(p) = n.parent {
            children[p].push(i);
        }
    }
    children
}

/// The deepest ply drawn: as deep as fits [`MAX_LEVELS`] and `slots` frontier nodes
/// (leaves above it and the nodes on it), at least one ply.
fn shown_levels(nodes: &[TreeNode], slots: usize) -> u32 {
    let height = nodes.iter().map(|n| n.ply).max().unwrap_or(0);
    let mut best = height.min(1);
    for d in 1..=height.min(MAX_LEVELS) {
        let frontier = nodes
            .iter()
            .filter(|n| n.ply == d || (n.leaf && n.ply < d))
            .count();
        if frontier > slots {
            break;
        }
        best = d;
    }
    best
}

/// Draws the tree; returns the node clicked, if one was.
fn draw_tree(
    ui: &mut egui::Ui,
    nodes: &[TreeNode],
    paths: &[String],
    selected: usize,
) -> Option<usize> {
    let width = ui.available_width().clamp(240.0, 520.0);
    let levels = shown_levels(nodes, (width / MIN_SLOT) as usize);
    let children = children_of(nodes);
    // Frontier nodes take slots left to right; a parent sits over its children.
    let mut x = vec![0.0f32; nodes.len()];
    let mut slots = 0usize;
    place(0, &children, nodes, levels, &mut x, &mut slots);
    let slot = (width / slots.max(1) as f32).min(MAX_SLOT);
    let left = (width - slot * slots as f32) / 2.0 + slot / 2.0;
    let height = LEVEL * levels as f32 + 52.0;
    let (rect, _) = ui.allocate_exact_size(vec2(width, height), Sense::hover());
    let painter = ui.painter_at(rect);
    let at = |i: usize| {
        pos2(
            rect.min.x + left + x[i] * slot,
            rect.min.y + 16.0 + LEVEL * nodes[i].ply as f32,
        )
    };
    let visuals = ui.visuals().clone();
    let text = visuals.text_color();
    let weak = visuals.weak_text_color();
    let edge = Stroke::new(1.0, weak);
    for (i, n) in nodes.iter().enumerate() {
        if n.ply > levels {
            continue;
        }
        if let Some(p) = n.parent {
            let (a, b) = (at(p), at(i));
            painter.line_segment([a + vec2(0.0, NODE), b - vec2(0.0, NODE)], edge);
            // A chance node's edges carry their probabilities.
            let label = match &n.prob {
                Some(prob) => format!("{} {prob}", n.label),
                None => n.label.clone(),
            };
            painter.text(
                b - vec2(0.0, NODE + 9.0),
                Align2::CENTER_CENTER,
                label,
                FontId::proportional(10.0),
                weak,
            );
        }
    }
    let mut clicked = None;
    for (i, n) in nodes.iter().enumerate() {
        if n.ply > levels {
            continue;
        }
        let p = at(i);
        let shape = node_rect(p, n);
        let name = if paths[i].is_empty() {
            "node root".to_string()
        } else {
            format!("node {}", paths[i])
        };
        let id = ui.make_persistent_id(("tree_node", &paths[i]));
        let response = ui.interact(shape.expand(3.0), id, Sense::click());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
        draw_node(&painter, p, n, [text, visuals.extreme_bg_color]);
        if n.ply == levels && !n.leaf {
            painter.text(
                p + vec2(0.0, NODE + 8.0),
                Align2::CENTER_CENTER,
                "…",
                FontId::proportional(12.0),
                weak,
            );
        }
        if i == selected {
            painter.rect_stroke(
                shape.expand(4.0),
                3.0,
                Stroke::new(2.0, visuals.selection.stroke.color),
                egui::StrokeKind::Outside,
            );
        } else if response.hovered() {
            painter.rect_stroke(
                shape.expand(3.0),
                3.0,
                Stroke::new(1.0, visuals.selection.stroke.color),
                egui::StrokeKind::Outside,
            );
        }
        if response.clicked() {
            clicked = Some(i);
        }
    }
    clicked
}

/// Gives frontier nodes (leaves, and nodes on the last drawn ply) consecutive slots
/// and each parent the middle of its children's.
fn place(
    i: usize,
    children: &[Vec<usize>],
    nodes: &[TreeNode],
    levels: u32,
    x: &mut [f32],
    slots: &mut usize,
) {
    if children[i].is_empty() || nodes[i].ply >= levels {
        x[i] = *slots as f32;
        *slots += 1;
        return;
    }
    for &c in &children[i] {
        place(c, children, nodes, levels, x, slots);
    }
    let (first, last) = (children[i][0], children[i][children[i].len() - 1]);
    x[i] = (x[first] + x[last]) / 2.0;
}

/// The area a node takes: a box around a leaf's value, a triangle's square.
fn node_rect(p: Pos2, n: &TreeNode) -> Rect {
    if n.leaf {
        let chars = n.value.map_or(1, |v| v.to_string().len()) as f32;
        Rect::from_center_size(p, vec2((6.5 * chars + 8.0).max(18.0), 18.0))
    } else {
        Rect::from_center_size(p, Vec2::splat(2.0 * NODE))
    }
}

/// A leaf's box with its value, a triangle pointing the way its side wants the value
/// to go (up for MAX, down for MIN), or a circle for a chance node, with its written
/// value beside it.
fn draw_node(painter: &egui::Painter, p: Pos2, n: &TreeNode, [text, bg]: [Color32; 2]) {
    let value = n.value.map(|v| v.to_string());
    if n.leaf {
        let r = node_rect(p, n);
        painter.rect_filled(r, 2.0, bg);
        painter.rect_stroke(r, 2.0, Stroke::new(1.0, text), egui::StrokeKind::Inside);
        painter.text(
            p,
            Align2::CENTER_CENTER,
            value.unwrap_or_default(),
            FontId::monospace(11.0),
            text,
        );
        return;
    }
    if n.chance {
        // A chance node: a circle (nature moves), its side's colour.
        let fill = match n.side {
            Side::First => MAX_FILL,
            Side::Second => MIN_FILL,
        };
        painter.circle(p, NODE, bg, Stroke::new(2.0, fill));
        painter.text(
            p,
            Align2::CENTER_CENTER,
            "?",
            FontId::proportional(11.0),
            text,
        );
        if let Some(v) = value {
            painter.text(
                p + vec2(NODE + 7.0, 0.0),
                Align2::LEFT_CENTER,
                format!(":{v}"),
                FontId::monospace(10.0),
                text,
            );
        }
        return;
    }
    let (fill, points) = match n.side {
        Side::First => (
            MAX_FILL,
            vec![
                p + vec2(0.0, -NODE),
                p + vec2(NODE, NODE),
                p + vec2(-NODE, NODE),
            ],
        ),
        Side::Second => (
            MIN_FILL,
            vec![
                p + vec2(-NODE, -NODE),
                p + vec2(NODE, -NODE),
                p + vec2(0.0, NODE),
            ],
        ),
    };
    painter.add(egui::Shape::convex_polygon(points, fill, Stroke::NONE));
    if let Some(v) = value {
        painter.text(
            p + vec2(NODE + 7.0, 0.0),
            Align2::LEFT_CENTER,
            format!(":{v}"),
            FontId::monospace(10.0),
            text,
        );
    }
}

/// What the selection is, the edit buttons and the value field.
fn tools_ui(
    ui: &mut egui::Ui,
    cx: &mut Panel<'_>,
    panel: &mut PositionPanel,
    pos: &AnyPosition,
    nodes: &[TreeNode],
    paths: &[String],
    selected: usize,
) {
    let node = &nodes[selected];
    let sides = pos.kind().info().sides();
    let children = nodes.iter().filter(|n| n.parent == Some(selected)).count();
    let shown_path = if paths[selected].is_empty() {
        "the root".to_string()
    } else {
        format!("after {}", spaced(&paths[selected]))
    };
    let what = if node.leaf {
        "a leaf".to_string()
    } else {
        format!(
            "{} to move, {children} child{}",
            sides[node.side.index()],
            if children == 1 { "" } else { "ren" }
        )
    };
    ui.label(format!("Selected: {shown_path} ({what})"));
    let mut edit = None;
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Add child")
            .on_hover_text("A new last child worth 0 (a leaf's value moves to its new child)")
            .clicked()
        {
            edit = Some(TreeEdit::AddChild(selected));
        }
        if ui
            .add_enabled(selected != 0, egui::Button::new("Remove subtree"))
            .on_hover_text("Remove the node and everything below it")
            .clicked()
        {
            edit = Some(TreeEdit::Remove(selected));
        }
        if ui
            .add_enabled(selected != 0, egui::Button::new("Go to node"))
            .on_hover_text("Make the selected node the position (Undo comes back)")
            .clicked()
        {
            go_to(cx, pos, &paths[selected]);
            panel.tree.selected.clear();
        }
        ui.separator();
        let label = ui.label("Value:").id;
        if node.leaf {
            let mut v = node.value.unwrap_or(0);
            let r = ui.add(layout::number(&mut v)).labelled_by(label);
            if r.changed() {
                edit = Some(TreeEdit::SetValue(selected, Some(v)));
            }
        } else {
            let mut has = node.value.is_some();
            let r = ui
                .checkbox(&mut has, "")
                .on_hover_text("Give the node a value for searches that stop here")
                .labelled_by(label);
            if r.changed() {
                edit = Some(TreeEdit::SetValue(selected, has.then_some(0)));
            }
            if let Some(mut v) = node.value {
                let r = ui.add(layout::number(&mut v)).labelled_by(label);
                if r.changed() {
                    edit = Some(TreeEdit::SetValue(selected, Some(v)));
                }
            }
        }
    });
    let mut error = None;
    chance_tools_ui(
        ui,
        panel,
        node,
        &paths[selected],
        selected,
        &mut edit,
        &mut error,
    );
    if let Some(e) = error {
        cx.error(format!("Cannot set the probability: {e}"));
    }
    if let Some(edit) = edit {
        apply_edit(cx, panel, pos, nodes, paths, selected, edit);
    }
}

/// Makes the edited tree the position (undoable) and selects what the edit made: the
/// new child, the removed node's parent, or the node edited.
fn apply_edit(
    cx: &mut Panel<'_>,
    panel: &mut PositionPanel,
    pos: &AnyPosition,
    nodes: &[TreeNode],
    paths: &[String],
    selected: usize,
    edit: TreeEdit,
) {
    let node = &nodes[selected];
    let children = nodes.iter().filter(|n| n.parent == Some(selected)).count();
    match pos.as_dyn().tree_edited(edit) {
        Ok(q) => {
            panel.tree.selected = match edit {
                TreeEdit::AddChild(_) => {
                    let slot = if node.leaf { 0 } else { children };
                    format!("{}{}", paths[selected], char::from(b'a' + slot as u8))
                }
                TreeEdit::Remove(_) => node.parent.map_or_else(String::new, |p| paths[p].clone()),
                TreeEdit::SetValue(..) | TreeEdit::ToggleChance(_) | TreeEdit::SetProb(..) => {
                    paths[selected].clone()
                }
            };
            cx.push(Command::SetPosition(q));
        }
        Err(e) => cx.error(format!("Cannot edit the tree: {}", e.message)),
    }
}

/// The chance tools of the selection: make an interior node a chance node (or a
/// player's node again), and type an outcome's probability (`error`: why the typed
/// one is no probability).
fn chance_tools_ui(
    ui: &mut egui::Ui,
    panel: &mut PositionPanel,
    node: &TreeNode,
    path: &str,
    selected: usize,
    edit: &mut Option<TreeEdit>,
    error: &mut Option<String>,
) {
    let outcome = node.prob.is_some();
    if node.leaf && !outcome {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        if !node.leaf {
            let mut chance = node.chance;
            if ui
                .checkbox(&mut chance, "Chance node")
                .on_hover_text("Nature moves here: the node's value is the mean of its outcomes, weighted by their probabilities (equally likely to start with; select an outcome to set its own)")
                .changed()
            {
                *edit = Some(TreeEdit::ToggleChance(selected));
            }
        }
        if let Some(p) = &node.prob {
            let typed = &mut panel.tree.prob_text;
            if typed.1 != path {
                *typed = (p.clone(), path.to_string());
            }
            let label = ui.label("Probability:").id;
            let r = ui
                .add(egui::TextEdit::singleline(&mut typed.0).desired_width(56.0))
                .labelled_by(label)
                .on_hover_text("A fraction (1/6) or a decimal (0.25); the other outcomes share the rest in the proportions they had");
            let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Set").clicked() || enter {
                match crate::game::chance::Prob::parse(typed.0.trim()) {
                    Ok(p) => *edit = Some(TreeEdit::SetProb(selected, p)),
                    Err(e) => *error = Some(e),
                }
            }
        }
    });
}

/// `ba` as `b a`.
fn spaced(path: &str) -> String {
    path.chars().map(String::from).collect::<Vec<_>>().join(" ")
}

/// Makes the node `path` leads to the position.
fn go_to(cx: &mut Panel<'_>, pos: &AnyPosition, path: &str) {
    let mut at = pos.clone();
    for mv in path.chars() {
        match at.play(&mv.to_string()) {
            Ok(next) => at = next,
            Err(e) => {
                cx.error(e.to_string());
                return;
            }
        }
    }
    cx.push(Command::SetPosition(at));
    cx.info(format!(
        "The board shows the node after {} (Undo goes back)",
        spaced(path)
    ));
}
