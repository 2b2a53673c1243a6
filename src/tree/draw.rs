//! The drawing of a search tree as a list of shapes in scene units (points at zoom 1):
//! the one look the app paints and the SVG, TikZ and PNG exports write, so a figure
//! for slides has the colours and labels of the screen.
//!
//! A node is a disc (a leaf is a square) coloured by what it turned out to be, with its
//! move and value above it and its window under it (in the compact drawing, right of
//! it on two lines). Edges: thick on the principal variation, dashed for a null-window
//! test, orange for a re-search. The moves never searched are a dotted grey stub (or a
//! last grey line of a column) with their names after a `×`.

use std::collections::HashSet;

use super::layout::{Joint, Layout, Place};
use super::{NodeType, SearchTree, pruned_label};
use crate::search::trace::VisitKind;

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    #[must_use]
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// The colour of a node type.
#[must_use]
pub fn type_color(t: NodeType) -> Rgb {
    match t {
        NodeType::Pv => Rgb(39, 174, 96),
        NodeType::Cut => Rgb(192, 57, 43),
        NodeType::All => Rgb(41, 128, 185),
        NodeType::Leaf => Rgb(127, 140, 141),
        NodeType::TableCut => Rgb(142, 68, 173),
    }
}

/// The colour of an edge into a visit of this kind.
#[must_use]
pub fn edge_color(kind: VisitKind) -> Rgb {
    match kind {
        VisitKind::Research => Rgb(230, 126, 34),
        VisitKind::NullWindow => Rgb(120, 120, 120),
        VisitKind::Normal => Rgb(150, 150, 150),
    }
}

/// The ring around visits only one of two trees has.
pub const ONLY_HERE: Rgb = Rgb(243, 156, 18);
/// The ring around the current visit.
pub const CURRENT: Rgb = Rgb(241, 196, 15);
/// Never-searched moves.
pub const PRUNED: Rgb = Rgb(150, 150, 150);

/// Text sizes at zoom 1, in points.
pub const LABEL_SIZE: f32 = 12.0;
/// The window's text size at zoom 1.
pub const WINDOW_SIZE: f32 = 10.0;
/// A node's radius at zoom 1.
pub const RADIUS: f32 = 7.0;

/// How a line is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dash {
    /// Solid.
    Solid,
    /// Dashes (a null-window test).
    Dashed,
    /// Dots (never-searched moves).
    Dotted,
}

/// Where a text's position is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The text's centre.
    Centre,
    /// The middle of its left edge.
    Left,
}

/// One shape, in scene units.
#[derive(Clone, Debug, PartialEq)]
pub enum Prim {
    /// A line.
    Line {
        /// From.
        a: [f32; 2],
        /// To.
        b: [f32; 2],
        /// Width.
        width: f32,
        /// Colour.
        color: Rgb,
        /// Dashes.
        dash: Dash,
    },
    /// A filled disc (an interior node).
    Disc {
        /// Centre.
        c: [f32; 2],
        /// Radius.
        r: f32,
        /// Colour.
        color: Rgb,
    },
    /// A filled square (a leaf).
    Square {
        /// Centre.
        c: [f32; 2],
        /// Half the side.
        half: f32,
        /// Colour.
        color: Rgb,
    },
    /// A ring.
    Ring {
        /// Centre.
        c: [f32; 2],
        /// Radius.
        r: f32,
        /// Line width.
        width: f32,
        /// Colour.
        color: Rgb,
    },
    /// A line of text.
    Text {
        /// Position (see `anchor`).
        at: [f32; 2],
        /// The text.
        text: String,
        /// Size in points.
        size: f32,
        /// Colour (None: the text colour of the theme).
        color: Option<Rgb>,
        /// Where `at` is on the text.
        anchor: Anchor,
        /// Monospace.
        mono: bool,
        /// The visit it labels (None: a note such as the moves never searched).
        node: Option<usize>,
    },
}

/// Distances between places, in scene units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spacing {
    /// Between slot centres.
    pub slot: f32,
    /// Between levels.
    pub level: f32,
    /// Between lines of a column (compact drawing).
    pub row: f32,
    /// From a node down to the first line of its column (compact drawing).
    pub first: f32,
}

impl Spacing {
    /// The smallest spacing at which labels of `widest` points do not overlap: the
    /// widest node label (textbook drawing) or column line (compact drawing).
    #[must_use]
    pub fn readable(widest: f32, compact: bool) -> Spacing {
        let slot = if compact {
            widest + 2.0 * RADIUS + 14.0
        } else {
            widest + 10.0
        };
        Spacing {
            slot: slot.max(36.0),
            level: if compact { 46.0 } else { 58.0 },
            row: 26.0,
            first: 34.0,
        }
    }

    /// Where a node's marker is.
    #[must_use]
    pub fn pos(&self, p: &Place) -> [f32; 2] {
        let x = if p.listed {
            (p.x - 0.5) * self.slot + RADIUS + 8.0
        } else {
            p.x * self.slot
        };
        let y = if p.listed {
            (p.level - 1.0) * self.level + self.first + p.row * self.row
        } else {
            p.level * self.level
        };
        [x, y]
    }

    /// The scene rectangle the whole drawing takes: `[x0, y0, x1, y1]`.
    #[must_use]
    pub fn bounds(&self, l: &Layout) -> [f32; 4] {
        let mut bottom = 0.0f32;
        for p in l.at.iter().chain(l.pruned_at.iter().flatten()) {
            if p.visible {
                bottom = bottom.max(self.pos(p)[1]);
            }
        }
        let pad = LABEL_SIZE * 1.6;
        [
            -pad * 0.5,
            -pad - 4.0,
            l.slots * self.slot + pad * 0.5,
            bottom + pad + 6.0,
        ]
    }
}

/// The labels of a node: (move and value, window). `known`: whether its value is known
/// at the step shown.
#[must_use]
pub fn node_labels(tree: &SearchTree, i: usize, known: bool) -> (String, String) {
    let n = &tree.nodes[i];
    let value = if known {
        n.value.map_or_else(|| "?".into(), |v| v.to_string())
    } else {
        "…".into()
    };
    (
        format!("{} {value}", n.mv.as_deref().unwrap_or("root")),
        n.window_text(),
    )
}

/// What to draw.
#[derive(Clone, Copy, Debug)]
pub struct DrawOptions<'a> {
    /// The last step shown (visits after it are not drawn; values of nodes not finished
    /// by then show `…`). `usize::MAX`: everything.
    pub step: usize,
    /// Visits this tree has and the other has not (ringed).
    pub only_here: Option<&'a [bool]>,
    /// The current visit (ringed).
    pub current: Option<usize>,
    /// Folded joint nodes.
    pub folded: &'a HashSet<usize>,
    /// Only shapes near this scene rectangle `[x0, y0, x1, y1]` (None: all).
    pub clip: Option<[f32; 4]>,
    /// For each node, the last step inside its subtree.
    pub done_at: &'a [usize],
    /// Draw texts.
    pub labels: bool,
}

/// A drawn node: its index in the tree and where its marker is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawnNode {
    /// The node.
    pub node: usize,
    /// The marker's centre.
    pub at: [f32; 2],
    /// Listed in a column (its labels are right of it).
    pub listed: bool,
}

/// A drawing: its shapes and where its nodes are.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawing {
    /// The shapes, back to front.
    pub prims: Vec<Prim>,
    /// The nodes drawn.
    pub nodes: Vec<DrawnNode>,
}

/// For each node, the last step inside its subtree (its value is known after it).
#[must_use]
pub fn done_at(tree: &SearchTree) -> Vec<usize> {
    let n = tree.nodes.len();
    let mut done: Vec<usize> = (0..n).collect();
    // Children come after their parents in visit order: one backward pass.
    for i in (0..n).rev() {
        if let Some(p) = tree.nodes[i].parent {
            done[p] = done[p].max(done[i]);
        }
    }
    done
}

/// Draws tree `t` (number `k` of the joint shape `j`) at the places of `l`.
#[must_use]
pub fn draw(
    tree: &SearchTree,
    j: &Joint,
    k: usize,
    l: &Layout,
    s: &Spacing,
    o: &DrawOptions<'_>,
) -> Drawing {
    let mut d = Drawing::default();
    let of = &j.of[k];
    let near = |p: [f32; 2]| {
        o.clip.is_none_or(|c| {
            let m = s.slot.max(s.level);
            p[0] >= c[0] - m && p[0] <= c[2] + m && p[1] >= c[1] - m && p[1] <= c[3] + m
        })
    };
    let shown = |i: usize| tree.nodes[i].step <= o.step && l.at[of[i]].visible;
    // Edges and never-searched stubs first.
    let mut texts = Vec::new();
    for (i, n) in tree.nodes.iter().enumerate() {
        if !shown(i) {
            continue;
        }
        let place = l.at[of[i]];
        let p = s.pos(&place);
        if let Some(par) = n.parent {
            let q = s.pos(&l.at[of[par]]);
            if near(p) || near(q) {
                let width = if n.on_pv { 3.0 } else { 1.2 };
                let color = edge_color(n.kind);
                let dash = if n.kind == VisitKind::NullWindow {
                    Dash::Dashed
                } else {
                    Dash::Solid
                };
                if place.listed {
                    // A column: down the left of it, then across to the node.
                    let bus = p[0] - RADIUS - 5.0;
                    let top = q[1] + RADIUS + 2.0;
                    d.prims.push(Prim::Line {
                        a: [bus, top.min(p[1])],
                        b: [bus, p[1]],
                        width: 1.0,
                        color: edge_color(VisitKind::Normal),
                        dash: Dash::Solid,
                    });
                    d.prims.push(Prim::Line {
                        a: [bus, p[1]],
                        b: [p[0] - RADIUS, p[1]],
                        width,
                        color,
                        dash,
                    });
                } else {
                    d.prims.push(Prim::Line {
                        a: q,
                        b: p,
                        width,
                        color,
                        dash,
                    });
                }
            }
        }
        let folded = o.folded.contains(&of[i]);
        if !folded
            && !n.pruned.is_empty()
            && o.done_at[i] <= o.step
            && let Some(stub) = l.pruned_at[of[i]]
        {
            let c = s.pos(&stub);
            if near(c) || near(p) {
                let text = pruned_label(&n.pruned);
                if stub.listed {
                    let bus = c[0] - RADIUS - 5.0;
                    d.prims.push(Prim::Line {
                        a: [bus, c[1] - s.row],
                        b: [bus, c[1]],
                        width: 1.0,
                        color: PRUNED,
                        dash: Dash::Dotted,
                    });
                    d.prims.push(Prim::Line {
                        a: [bus, c[1]],
                        b: [c[0], c[1]],
                        width: 1.0,
                        color: PRUNED,
                        dash: Dash::Dotted,
                    });
                    texts.push(Prim::Text {
                        at: [c[0] + 4.0, c[1]],
                        text: format!("× {text}"),
                        size: WINDOW_SIZE,
                        color: Some(PRUNED),
                        anchor: Anchor::Left,
                        mono: false,
                        node: None,
                    });
                } else if stub.level == place.level {
                    // Named right of the node (compact drawing).
                    let text = if n.pruned.len() <= 2 {
                        format!("× {}", n.pruned.join(" "))
                    } else {
                        format!("×{}", n.pruned.len())
                    };
                    texts.push(Prim::Text {
                        at: [p[0] + RADIUS + 3.0, p[1]],
                        text,
                        size: WINDOW_SIZE,
                        color: Some(PRUNED),
                        anchor: Anchor::Left,
                        mono: false,
                        node: None,
                    });
                } else {
                    d.prims.push(Prim::Line {
                        a: p,
                        b: c,
                        width: 1.0,
                        color: PRUNED,
                        dash: Dash::Dotted,
                    });
                    texts.push(Prim::Text {
                        at: [c[0], c[1] + 10.0],
                        text: format!("× {text}"),
                        size: WINDOW_SIZE,
                        color: Some(PRUNED),
                        anchor: Anchor::Centre,
                        mono: false,
                        node: None,
                    });
                }
            }
        }
    }
    for (i, n) in tree.nodes.iter().enumerate() {
        if !shown(i) {
            continue;
        }
        let place = l.at[of[i]];
        let p = s.pos(&place);
        if !near(p) {
            continue;
        }
        let color = type_color(n.node_type());
        if n.leaf {
            d.prims.push(Prim::Square {
                c: p,
                half: RADIUS - 0.5,
                color,
            });
        } else {
            d.prims.push(Prim::Disc {
                c: p,
                r: RADIUS,
                color,
            });
        }
        if o.folded.contains(&of[i]) {
            d.prims.push(Prim::Ring {
                c: p,
                r: RADIUS + 3.0,
                width: 1.5,
                color: Rgb(90, 90, 90),
            });
        }
        if o.only_here.is_some_and(|h| h[i]) {
            d.prims.push(Prim::Ring {
                c: p,
                r: RADIUS + 4.5,
                width: 2.0,
                color: ONLY_HERE,
            });
        }
        if o.current == Some(i) {
            d.prims.push(Prim::Ring {
                c: p,
                r: RADIUS + 7.0,
                width: 2.5,
                color: CURRENT,
            });
        }
        d.nodes.push(DrawnNode {
            node: i,
            at: p,
            listed: place.listed,
        });
        if !o.labels {
            continue;
        }
        let (top, window) = node_labels(tree, i, o.done_at[i] <= o.step);
        if place.listed {
            let x = p[0] + RADIUS + 5.0;
            texts.push(Prim::Text {
                at: [x, p[1] - 6.0],
                text: top,
                size: LABEL_SIZE,
                color: None,
                anchor: Anchor::Left,
                mono: false,
                node: Some(i),
            });
            texts.push(Prim::Text {
                at: [x, p[1] + 7.0],
                text: window,
                size: WINDOW_SIZE,
                color: Some(Rgb(110, 110, 110)),
                anchor: Anchor::Left,
                mono: true,
                node: Some(i),
            });
        } else {
            texts.push(Prim::Text {
                at: [p[0], p[1] - RADIUS - 8.0],
                text: top,
                size: LABEL_SIZE,
                color: None,
                anchor: Anchor::Centre,
                mono: false,
                node: Some(i),
            });
            texts.push(Prim::Text {
                at: [p[0], p[1] + RADIUS + 8.0],
                text: window,
                size: WINDOW_SIZE,
                color: Some(Rgb(110, 110, 110)),
                anchor: Anchor::Centre,
                mono: true,
                node: Some(i),
            });
        }
    }
    if o.labels {
        d.prims.extend(texts);
    }
    d
}

/// The widest label line of `trees` (a node's move and value, or its window), at a
/// rough 0.55 em per character: exports have no font at hand to measure with.
#[must_use]
pub fn estimated_width(trees: &[&SearchTree]) -> f32 {
    let mut top = 0usize;
    let mut window = 0usize;
    for t in trees {
        for i in 0..t.nodes.len() {
            let (a, b) = node_labels(t, i, true);
            top = top.max(a.chars().count());
            window = window.max(b.chars().count());
        }
    }
    (top as f32 * LABEL_SIZE * 0.55).max(window as f32 * WINDOW_SIZE * 0.62)
}
