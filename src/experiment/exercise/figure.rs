//! The question's figure: a game tree as a textbook draws it for an exercise, before
//! any search. MAX nodes are triangles pointing up, MIN nodes triangles pointing down,
//! chance nodes circles (each outcome's edge with its probability), each edge carries
//! its move's letter (the names the answer key uses: node `b a` is the
//! first child of the root's second child) and each leaf its value. The same layout is
//! written as SVG (for the HTML sheet) and as a TikZ picture (for the LaTeX sheet).

use std::fmt::Write as _;

use crate::game::Side;
use crate::game::describe::TreeNode;

/// Horizontal room per leaf, in SVG pixels.
const LEAF_GAP: f32 = 34.0;
/// Vertical room per ply, in SVG pixels.
const PLY_GAP: f32 = 62.0;
/// Half a node symbol's width, in SVG pixels.
const HALF: f32 = 10.0;
/// The margin around the drawing, in SVG pixels.
const MARGIN: f32 = 24.0;
/// SVG pixels per TikZ centimetre.
const PX_PER_CM: f32 = 45.0;

/// A node's place: x in leaf slots, y in plies.
fn places(nodes: &[TreeNode]) -> Vec<(f32, f32)> {
    let mut xy = vec![(0.0f32, 0.0f32); nodes.len()];
    let mut next_leaf = 0.0f32;
    // Preorder: a node's children follow it; place leaves left to right, then every
    // interior node over the middle of its first and last child (deepest first).
    for (i, n) in nodes.iter().enumerate() {
        xy[i].1 = n.ply as f32;
        if n.leaf {
            xy[i].0 = next_leaf;
            next_leaf += 1.0;
        }
    }
    for i in (0..nodes.len()).rev() {
        if nodes[i].leaf {
            continue;
        }
        let kids: Vec<usize> = (i + 1..nodes.len())
            .filter(|&k| nodes[k].parent == Some(i))
            .collect();
        if let (Some(&a), Some(&b)) = (kids.first(), kids.last()) {
            xy[i].0 = (xy[a].0 + xy[b].0) / 2.0;
        }
    }
    xy
}

/// The text on the edge into `n`: its move, and its probability when its parent is a
/// chance node (1/2 written ½).
fn edge_label(n: &TreeNode) -> String {
    match &n.prob {
        Some(p) if p == "1/2" => format!("{} ½", n.label),
        Some(p) => format!("{} {p}", n.label),
        None => n.label.clone(),
    }
}

/// The drawing's size in pixels.
fn size(xy: &[(f32, f32)]) -> (f32, f32) {
    let w = xy.iter().map(|p| p.0).fold(0.0, f32::max);
    let h = xy.iter().map(|p| p.1).fold(0.0, f32::max);
    (
        w * LEAF_GAP + 2.0 * MARGIN,
        h * PLY_GAP + 2.0 * MARGIN + 18.0,
    )
}

fn px(p: (f32, f32)) -> (f32, f32) {
    (MARGIN + p.0 * LEAF_GAP, MARGIN + p.1 * PLY_GAP)
}

/// The tree of `nodes` (preorder, as [`crate::engine::DynPosition::tree_nodes`] lists
/// them) as a standalone SVG drawing.
#[must_use]
pub fn svg(nodes: &[TreeNode]) -> String {
    let xy = places(nodes);
    let (w, h) = size(&xy);
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="sans-serif" font-size="13">"#
    );
    s.push('\n');
    for (i, n) in nodes.iter().enumerate() {
        if let Some(p) = n.parent {
            let (x0, y0) = px(xy[p]);
            let (x1, y1) = px(xy[i]);
            let _ = writeln!(
                s,
                r##"<line x1="{x0:.1}" y1="{:.1}" x2="{x1:.1}" y2="{:.1}" stroke="#444"/>"##,
                y0 + HALF,
                y1 - HALF
            );
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" font-size="10" fill="#777" text-anchor="middle">{}</text>"##,
                (x0 + x1) / 2.0 + if x1 < x0 { -6.0 } else { 6.0 },
                (y0 + y1) / 2.0 + 3.0,
                edge_label(n)
            );
        }
    }
    for (i, n) in nodes.iter().enumerate() {
        let (x, y) = px(xy[i]);
        if n.leaf {
            let v = n.value.unwrap_or(0);
            let _ = writeln!(
                s,
                r##"<rect x="{:.1}" y="{:.1}" width="{}" height="{}" fill="white" stroke="#444"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{v}</text>"##,
                x - HALF - 3.0,
                y - HALF,
                2.0 * HALF + 6.0,
                2.0 * HALF,
                y + 4.5
            );
        } else if n.chance {
            let _ = writeln!(
                s,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{HALF}" fill="white" stroke="#222" stroke-width="1.5"/>"##
            );
        } else {
            let (tip, base) = if n.side == Side::First {
                (y - HALF, y + HALF)
            } else {
                (y + HALF, y - HALF)
            };
            let _ = writeln!(
                s,
                r##"<path d="M{x:.1},{tip:.1} L{:.1},{base:.1} L{:.1},{base:.1} Z" fill="white" stroke="#222" stroke-width="1.5"/>"##,
                x - HALF - 2.0,
                x + HALF + 2.0
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

/// The tree of `nodes` as a TikZ picture (plain TikZ, no library).
#[must_use]
pub fn tikz(nodes: &[TreeNode]) -> String {
    let xy = places(nodes);
    let cm = |p: (f32, f32)| {
        let (x, y) = px(p);
        (x / PX_PER_CM, -y / PX_PER_CM)
    };
    let half = HALF / PX_PER_CM;
    let mut s = String::from("\\begin{tikzpicture}[font=\\small]\n");
    for (i, n) in nodes.iter().enumerate() {
        if let Some(p) = n.parent {
            let (x0, y0) = cm(xy[p]);
            let (x1, y1) = cm(xy[i]);
            let _ = writeln!(
                s,
                "\\draw ({x0:.3},{:.3}) -- node[midway, {}, text=gray, font=\\scriptsize] {{{}}} ({x1:.3},{:.3});",
                y0 - half,
                if x1 < x0 { "left" } else { "right" },
                edge_label(n).replace('½', "$\\frac12$"),
                y1 + half
            );
        }
    }
    for (i, n) in nodes.iter().enumerate() {
        let (x, y) = cm(xy[i]);
        if n.leaf {
            let _ = writeln!(
                s,
                "\\node[draw, fill=white, minimum width=0.55cm, minimum height=0.45cm, inner sep=1pt] at ({x:.3},{y:.3}) {{{}}};",
                n.value.unwrap_or(0)
            );
        } else if n.chance {
            let _ = writeln!(
                s,
                "\\filldraw[fill=white, thick] ({x:.3},{y:.3}) circle ({half:.3});"
            );
        } else {
            let (tip, base) = if n.side == Side::First {
                (y + half, y - half)
            } else {
                (y - half, y + half)
            };
            let _ = writeln!(
                s,
                "\\filldraw[fill=white, thick] ({x:.3},{tip:.3}) -- ({:.3},{base:.3}) -- ({:.3},{base:.3}) -- cycle;",
                x - half - 0.05,
                x + half + 0.05
            );
        }
    }
    s.push_str("\\end{tikzpicture}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{AnyPosition, GameKind};

    #[test]
    fn parents_sit_over_their_children_and_leaves_in_a_row() {
        let pos = AnyPosition::parse(GameKind::CustomTree, "((3 12 8) (2 4) (14 5 2))").unwrap();
        let nodes = pos.as_dyn().tree_nodes();
        let xy = places(&nodes);
        let leaves: Vec<f32> = nodes
            .iter()
            .zip(&xy)
            .filter(|(n, _)| n.leaf)
            .map(|(_, p)| p.0)
            .collect();
        assert_eq!(leaves, [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]);
        // The root over the middle of its first and last child.
        assert_eq!(xy[0], ((1.0 + 6.0) / 2.0, 0.0));
        let svg = svg(&nodes);
        assert_eq!(svg.matches("<rect").count(), 8);
        assert_eq!(
            svg.matches("<path").count(),
            4,
            "the root and its three children"
        );
        assert!(svg.contains(">14</text>"));
        let tikz = tikz(&nodes);
        assert_eq!(
            tikz.matches("\\draw (").count(),
            11,
            "an edge per node but the root"
        );
        assert!(tikz.contains("{14};"));
    }
}
