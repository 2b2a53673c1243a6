//! The drawing of a search tree as a list of shapes in scene units (points at zoom 1):
//! the one look the app paints and the SVG, TikZ and PNG exports write, so a figure
//! for slides has the colours and labels of the screen.
//!
//! A node is a disc (a leaf is a square) coloured by what it turned out to be, with its
//! move and value above it and its window under it (in the compact drawing, right of
//! it on two lines). Edges: thick on the principal variation, dashed for a null-window
//! test, orange for a re-search. The moves never searched are a dotted grey stub (or a
//! last grey line of a column) with their names after a `×`. An edge runs from under its
//! parent's window to over its child's move and value (a column's line runs left of
//! its labels), so no edge crosses a label; the texts sit in bands around their nodes'
//! levels and the edges in the gaps between them.
//!
//! In a quiz nothing about the visit asked or a later one is drawn before it is
//! answered: the visit asked is a grey node marked `?`, with a plain edge, and the
//! principal variation and the marks against a second tree wait for the end.

use std::collections::HashSet;

use super::layout::{Joint, Layout, Place};
use super::{NodeType, SearchTree, VisitDiff, bound, pruned_label};
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
/// The dashed ring around visits both trees make, but not in the same ways (one of them
/// as a null-window test or a re-search).
pub const OTHERWISE: Rgb = Rgb(26, 188, 156);
/// A visit asked in a quiz, not answered yet.
pub const UNKNOWN: Rgb = Rgb(160, 160, 160);
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
/// From a node's centre to the middle of its label above (move and value) and of its
/// window below.
pub const LABEL_OFFSET: f32 = RADIUS + 8.0;
/// From a node's centre up to where an edge into it ends: over its move and value.
pub const EDGE_TOP: f32 = LABEL_OFFSET + LABEL_SIZE * 0.75;
/// From a node's centre down to where its edges start: under its window.
pub const EDGE_BOTTOM: f32 = LABEL_OFFSET + WINDOW_SIZE * 0.8;

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
        /// Solid or dashed.
        dash: Dash,
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
            // Room between the label bands of two levels for the edges to be seen.
            level: if compact { 60.0 } else { 72.0 },
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
        // Down to the lowest text: a window under its node, or a column's last line.
        let mut bottom = 0.0f32;
        for p in l.at.iter().chain(l.pruned_at.iter().flatten()) {
            if p.visible {
                let below = if p.listed {
                    7.0 + WINDOW_SIZE * 0.7
                } else {
                    LABEL_OFFSET + WINDOW_SIZE * 0.7
                };
                bottom = bottom.max(self.pos(p)[1] + below);
            }
        }
        let pad = LABEL_SIZE * 1.6;
        [
            -pad * 0.5,
            -pad - 4.0,
            l.slots * self.slot + pad * 0.5,
            bottom + 4.0,
        ]
    }
}

/// A node's value as its label shows it: `≤ v` when it is at or below its window's α (it
/// failed low: an upper bound), `≥ v` at or above β (it failed high: a lower bound), when
/// `bounds` is on; a leaf's value is its own score and stays as it is.
#[must_use]
pub fn value_text(tree: &SearchTree, i: usize, bounds: bool) -> String {
    let n = &tree.nodes[i];
    match n.value {
        None => "?".into(),
        Some(v) if bounds && !n.leaf && v <= n.alpha => format!("≤ {}", bound(v)),
        Some(v) if bounds && !n.leaf && v >= n.beta => format!("≥ {}", bound(v)),
        Some(v) => v.to_string(),
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
        n.window_text(),
    )
}

/// What a quiz lets the learner see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuizShow {
    /// The visit asked now (later visits are not drawn).
    pub asked: usize,
    /// Whether its answers are shown (checked, or shown without an answer).
    pub answered: bool,
    /// Whether the last visit is answered: the principal variation and the marks
    /// against a second tree show.
    pub over: bool,
}

/// What to draw.
#[derive(Clone, Copy, Debug)]
pub struct DrawOptions<'a> {
    /// The last step shown (visits after it are not drawn; values of nodes not finished
    /// by then show `…`). `usize::MAX`: everything.
    pub step: usize,
    /// How each visit stands beside a second tree (rings).
    pub marks: Option<&'a [VisitDiff]>,
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
    /// Values at a bound as `≤ v` / `≥ v`.
    pub bounds: bool,
    /// A quiz under way (None: everything up to `step` is shown).
    pub quiz: Option<QuizShow>,
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
    /// Drawn as a quiz's open question (nothing about it shown).
    pub hidden: bool,
    /// Its fill colour.
    pub color: Rgb,
}

/// A drawing: its shapes and where its nodes are.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawing {
    /// The shapes, back to front.
    pub prims: Vec<Prim>,
    /// The nodes drawn.
    pub nodes: Vec<DrawnNode>,
}

impl Drawing {
    /// Moves every shape `dx` to the right (a second tree beside the first).
    pub fn shift(&mut self, dx: f32) {
        let mv = |p: &mut [f32; 2]| p[0] += dx;
        for p in &mut self.prims {
            match p {
                Prim::Line { a, b, .. } => {
                    mv(a);
                    mv(b);
                }
                Prim::Disc { c, .. } | Prim::Square { c, .. } | Prim::Ring { c, .. } => mv(c),
                Prim::Text { at, .. } => mv(at),
            }
        }
        for n in &mut self.nodes {
            mv(&mut n.at);
        }
    }
}

/// The box `[x0, y0, x1, y1]` a text takes, measured in the figures' fonts (see
/// [`super::png::text_width`]); None for other shapes.
#[must_use]
pub fn text_box(p: &Prim) -> Option<[f32; 4]> {
    let Prim::Text {
        at,
        text,
        size,
        anchor,
        mono,
        ..
    } = p
    else {
        return None;
    };
    let w = super::png::text_width(text, *size, *mono);
    let x0 = match anchor {
        Anchor::Centre => at[0] - w / 2.0,
        Anchor::Left => at[0],
    };
    // Ascent and descent of the fonts: about 0.6 em either side of the middle.
    let h = size * 0.6;
    Some([x0, at[1] - h, x0 + w, at[1] + h])
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

/// The never-searched moves as written right of a node (compact drawing) in `room`
/// points: their names when they fit, else how many.
fn beside_label(pruned: &[String], room: f32) -> String {
    let names = format!("× {}", pruned.join(" "));
    if pruned.len() <= 3 && super::png::text_width(&names, WINDOW_SIZE, false) <= room {
        names
    } else {
        format!("×{}", pruned.len())
    }
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
    // In a quiz: answered visits show all they are; the one asked, nothing.
    let revealed = |i: usize| {
        o.quiz
            .is_none_or(|q| i < q.asked || (i == q.asked && q.answered))
    };
    let over = o.quiz.is_none_or(|q| q.over);
    let known = |i: usize| {
        if o.quiz.is_some() {
            revealed(i)
        } else {
            o.done_at[i] <= o.step
        }
    };
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
                let (width, color, dash) = if revealed(i) {
                    (
                        if n.on_pv && over { 3.0 } else { 1.2 },
                        edge_color(n.kind),
                        if n.kind == VisitKind::NullWindow {
                            Dash::Dashed
                        } else {
                            Dash::Solid
                        },
                    )
                } else {
                    (1.2, edge_color(VisitKind::Normal), Dash::Solid)
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
                    // From under the parent's window to over the child's label.
                    let (a, b) = if o.labels {
                        ([q[0], q[1] + EDGE_BOTTOM], [p[0], p[1] - EDGE_TOP])
                    } else {
                        (q, p)
                    };
                    d.prims.push(Prim::Line {
                        a,
                        b,
                        width,
                        color,
                        dash,
                    });
                }
            }
        }
        let folded = o.folded.contains(&of[i]);
        let finished = if o.quiz.is_some() {
            revealed(i)
        } else {
            o.done_at[i] <= o.step
        };
        if !folded
            && !n.pruned.is_empty()
            && finished
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
                    // Named right of the node, up to the edge of its slot (compact).
                    let room = s.slot / 2.0 - RADIUS - 6.0;
                    texts.push(Prim::Text {
                        at: [p[0] + RADIUS + 3.0, p[1]],
                        text: beside_label(&n.pruned, room),
                        size: WINDOW_SIZE,
                        color: Some(PRUNED),
                        anchor: Anchor::Left,
                        mono: false,
                        node: None,
                    });
                } else {
                    // A stub down to the children's level, the names right of its end
                    // on the line of the children's labels.
                    let (a, b) = if o.labels {
                        ([p[0], p[1] + EDGE_BOTTOM], [c[0], c[1] - EDGE_TOP])
                    } else {
                        (p, c)
                    };
                    d.prims.push(Prim::Line {
                        a,
                        b,
                        width: 1.0,
                        color: PRUNED,
                        dash: Dash::Dotted,
                    });
                    texts.push(Prim::Text {
                        at: [c[0] + 2.0, c[1] - LABEL_OFFSET],
                        text: format!("× {text}"),
                        size: WINDOW_SIZE,
                        color: Some(PRUNED),
                        anchor: Anchor::Left,
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
        let hidden = !revealed(i);
        let color = if hidden {
            UNKNOWN
        } else {
            type_color(n.node_type())
        };
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
                dash: Dash::Solid,
            });
        }
        match o.marks.filter(|_| over).map(|m| m[i]) {
            Some(VisitDiff::OnlyHere) => d.prims.push(Prim::Ring {
                c: p,
                r: RADIUS + 4.5,
                width: 2.0,
                color: ONLY_HERE,
                dash: Dash::Solid,
            }),
            Some(VisitDiff::Otherwise) => d.prims.push(Prim::Ring {
                c: p,
                r: RADIUS + 4.5,
                width: 1.5,
                color: OTHERWISE,
                dash: Dash::Dashed,
            }),
            _ => {}
        }
        if o.current == Some(i) {
            d.prims.push(Prim::Ring {
                c: p,
                r: RADIUS + 7.0,
                width: 2.5,
                color: CURRENT,
                dash: Dash::Solid,
            });
        }
        d.nodes.push(DrawnNode {
            node: i,
            at: p,
            listed: place.listed,
            hidden,
            color,
        });
        if !o.labels {
            continue;
        }
        let (top, window) = if hidden {
            (
                format!("{} ?", n.mv.as_deref().unwrap_or("root")),
                "?".to_string(),
            )
        } else {
            node_labels(tree, i, known(i), o.bounds)
        };
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
                at: [p[0], p[1] - LABEL_OFFSET],
                text: top,
                size: LABEL_SIZE,
                color: None,
                anchor: Anchor::Centre,
                mono: false,
                node: Some(i),
            });
            texts.push(Prim::Text {
                at: [p[0], p[1] + LABEL_OFFSET],
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

/// The widest label line of `trees` (a node's move and value, or its window), in the
/// figures' fonts, with values at a bound written `≤ v` / `≥ v` when `bounds`.
#[must_use]
pub fn widest_label(trees: &[&SearchTree], bounds: bool) -> f32 {
    let mut widest = 0.0f32;
    for t in trees {
        for i in 0..t.nodes.len() {
            let (a, b) = node_labels(t, i, true, bounds);
            widest = widest
                .max(super::png::text_width(&a, LABEL_SIZE, false))
                .max(super::png::text_width(&b, WINDOW_SIZE, true));
        }
    }
    widest
}

/// The room, in slots of `slot` points, a stub of never-searched moves needs right of
/// the searched children in the textbook drawing: its names and a margin.
#[must_use]
pub fn stub_slots(trees: &[&SearchTree], slot: f32) -> f32 {
    let mut widest = 0.0f32;
    for t in trees {
        for n in t.nodes.iter().filter(|n| !n.pruned.is_empty()) {
            let text = format!("× {}", pruned_label(&n.pruned));
            widest = widest.max(super::png::text_width(&text, WINDOW_SIZE, false));
        }
    }
    super::layout::STUB_GAP + (widest + 10.0) / slot.max(1.0)
}
