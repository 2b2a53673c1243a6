//! The texts of a drawn node: its move and value (a bound written `≤ v` or `≥ v`, a
//! Star2 probe's always `≥ v`) and its window, in the game's units; and the widest of
//! them, which sets the drawing's spacing.

use super::SearchTree;
use crate::search::trace::VisitKind;

/// Text sizes at zoom 1, in points.
pub const LABEL_SIZE: f32 = 12.0;
/// The window's text size at zoom 1.
pub const WINDOW_SIZE: f32 = 10.0;

/// A node's value as its label shows it: `≤ v` when it is at or below its window's α (it
/// failed low: an upper bound), `≥ v` at or above β (it failed high: a lower bound), when
/// `bounds` is on; a leaf's value is its own score and stays as it is. A Star2 probe's
/// value is always written `≥ v`: only its first move was searched.
#[must_use]
pub fn value_text(tree: &SearchTree, i: usize, bounds: bool) -> String {
    let n = &tree.nodes[i];
    let probe = n.kind == VisitKind::Probe && !n.leaf && !n.pruned.is_empty();
    match n.value {
        None => "?".into(),
        Some(v) if probe || (bounds && !n.leaf && v >= n.beta) => {
            format!("≥ {}", tree.vtext(v))
        }
        Some(v) if bounds && !n.leaf && v <= n.alpha => format!("≤ {}", tree.vtext(v)),
        Some(v) => tree.vtext(v),
    }
}

/// The labels of a node: (move and value, window). `known`: whether its value is known
/// at the step shown; `bounds`: values at a bound written `≤ v` and `≥ v`.
#[must_use]
pub fn node_labels(tree: &SearchTree, i: usize, known: bool, bounds: bool) -> (String, String) {
    let n = &tree.nodes[i];
    let value = if known {
        value_text(tree, i, bounds)
    } else {
        "…".into()
    };
    (
        format!("{} {value}", n.mv.as_deref().unwrap_or("root")),
        tree.window_of(i),
    )
}

/// The widest label line of `trees` (a node's move and value, or its window), in the
/// figures' fonts, with values at a bound written `≤ v` / `≥ v` when `bounds`.
#[must_use]
pub fn widest_label(trees: &[&SearchTree], bounds: bool) -> f32 {
    let mut widest = 0.0f32;
    for t in trees {
        for i in 0..t.nodes.len() {
            let (a, b) = node_labels(t, i, true, bounds);
            widest = widest
                .max(super::fonts::text_width(&a, LABEL_SIZE, false))
                .max(super::fonts::text_width(&b, WINDOW_SIZE, true));
        }
    }
    widest
}
