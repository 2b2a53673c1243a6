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

pub use super::labels::{LABEL_SIZE, WINDOW_SIZE, node_labels, value_text, widest_label};
use super::layout::{Joint, Layout, Place};
use super::{NodeType, SearchTree, TreeNode, VisitDiff, pruned_label};
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
        VisitKind::Probe => Rgb(22, 160, 133),
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
/// The probabilities on the edges below a chance node.
pub const PROB: Rgb = Rgb(52, 101, 164);

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
    pub fn pos(&self, place: &Place) -> [f32; 2] {
        let x = if place.listed {
            (place.x - 0.5) * self.slot + RADIUS + 8.0
        } else {
            place.x * self.slot
        };
        let y = if place.listed {
            (place.level - 1.0) * self.level + self.first + place.row * self.row
        } else {
            place.level * self.level
        };
        [x, y]
    }

    /// The scene rectangle the whole drawing takes: `[x0, y0, x1, y1]`.
    #[must_use]
    pub fn bounds(&self, layout: &Layout) -> [f32; 4] {
        // Down to the lowest text: a window under its node, or a column's last line.
        let mut bottom = 0.0f32;
        for place in layout.at.iter().chain(layout.pruned_at.iter().flatten()) {
            if place.visible {
                let below = if place.listed {
                    7.0 + WINDOW_SIZE * 0.7
                } else {
                    LABEL_OFFSET + WINDOW_SIZE * 0.7
                };
                bottom = bottom.max(self.pos(place)[1] + below);
            }
        }
        let pad = LABEL_SIZE * 1.6;
        [
            -pad * 0.5,
            -pad - 4.0,
            layout.slots * self.slot + pad * 0.5,
            bottom + 4.0,
        ]
    }
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
/// [`super::fonts::text_width`]); None for other shapes.
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
    let w = super::fonts::text_width(text, *size, *mono);
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
    if pruned.len() <= 3 && super::fonts::text_width(&names, WINDOW_SIZE, false) <= room {
        names
    } else {
        format!("×{}", pruned.len())
    }
}

/// Draws `tree`, tree number `tree_index` of the joint shape `joint`, at the places of
/// `layout`, spaced by `spacing`, as `options` ask.
#[must_use]
pub fn draw(
    tree: &SearchTree,
    joint: &Joint,
    tree_index: usize,
    layout: &Layout,
    spacing: &Spacing,
    options: &DrawOptions<'_>,
) -> Drawing {
    let painter = Painter {
        tree,
        place_of: &joint.of[tree_index],
        layout,
        spacing,
        options,
        over: options.quiz.is_none_or(|q| q.over),
    };
    let mut drawing = Drawing::default();
    // Edges and never-searched stubs first; every text goes on top at the end.
    let mut texts = Vec::new();
    for (i, node) in tree.nodes.iter().enumerate() {
        if painter.shown(i) {
            painter.edge_to_parent(i, node, &mut drawing.prims);
            painter.pruned_stub(i, node, &mut drawing.prims, &mut texts);
        }
    }
    for (i, node) in tree.nodes.iter().enumerate() {
        if painter.shown(i) {
            painter.node(i, node, &mut drawing, &mut texts);
        }
    }
    if options.labels {
        drawing.prims.extend(texts);
    }
    drawing
}

/// What [`draw`] draws one tree with: the tree, where its nodes are placed, and how.
struct Painter<'a, 'o> {
    /// The tree drawn.
    tree: &'a SearchTree,
    /// Each of the tree's nodes' joint node (its place in `layout`).
    place_of: &'a [usize],
    /// The places of the joint nodes.
    layout: &'a Layout,
    /// The scene units of a layout unit.
    spacing: &'a Spacing,
    /// What to show.
    options: &'a DrawOptions<'o>,
    /// The search is over (always, outside a quiz): the principal variation and the
    /// marks against a second tree are drawn.
    over: bool,
}

impl Painter<'_, '_> {
    /// Whether scene point `p` is near enough the clip rectangle to be drawn.
    fn near(&self, p: [f32; 2]) -> bool {
        self.options.clip.is_none_or(|c| {
            let m = self.spacing.slot.max(self.spacing.level);
            p[0] >= c[0] - m && p[0] <= c[2] + m && p[1] >= c[1] - m && p[1] <= c[3] + m
        })
    }

    /// Whether node `i` is drawn at all: visited by the step shown, not folded away.
    fn shown(&self, i: usize) -> bool {
        self.tree.nodes[i].step <= self.options.step && self.layout.at[self.place_of[i]].visible
    }

    /// Whether node `i` shows all it is. In a quiz: the visits answered show it, the
    /// one asked nothing.
    fn revealed(&self, i: usize) -> bool {
        self.options
            .quiz
            .is_none_or(|q| i < q.asked || (i == q.asked && q.answered))
    }

    /// Whether node `i`'s value is known: its subtree is finished by the step shown
    /// (in a quiz: it is revealed).
    fn known(&self, i: usize) -> bool {
        if self.options.quiz.is_some() {
            self.revealed(i)
        } else {
            self.options.done_at[i] <= self.options.step
        }
    }

    /// Node `i`'s place in the layout and its position in the scene.
    fn place(&self, i: usize) -> (Place, [f32; 2]) {
        let place = self.layout.at[self.place_of[i]];
        (place, self.spacing.pos(&place))
    }

    /// The width, colour and dashes of the edge into node `i`.
    fn edge_style(&self, i: usize, node: &TreeNode) -> (f32, Rgb, Dash) {
        if !self.revealed(i) {
            return (1.2, edge_color(VisitKind::Normal), Dash::Solid);
        }
        let width = if node.on_pv && self.over { 3.0 } else { 1.2 };
        let dash = if matches!(node.kind, VisitKind::NullWindow | VisitKind::Probe) {
            Dash::Dashed
        } else {
            Dash::Solid
        };
        (width, edge_color(node.kind), dash)
    }

    /// The edge from node `i`'s parent down to it (none for a root).
    fn edge_to_parent(&self, i: usize, node: &TreeNode, prims: &mut Vec<Prim>) {
        let Some(parent) = node.parent else {
            return;
        };
        let (place, child_at) = self.place(i);
        let parent_at = self.place(parent).1;
        if !self.near(child_at) && !self.near(parent_at) {
            return;
        }
        let (width, color, dash) = self.edge_style(i, node);
        if place.listed {
            // A column: down the left of it, then across to the node.
            let bus = child_at[0] - RADIUS - 5.0;
            let top = parent_at[1] + RADIUS + 2.0;
            prims.push(Prim::Line {
                a: [bus, top.min(child_at[1])],
                b: [bus, child_at[1]],
                width: 1.0,
                color: edge_color(VisitKind::Normal),
                dash: Dash::Solid,
            });
            prims.push(Prim::Line {
                a: [bus, child_at[1]],
                b: [child_at[0] - RADIUS, child_at[1]],
                width,
                color,
                dash,
            });
        } else {
            // From under the parent's window to over the child's label.
            let (a, b) = if self.options.labels {
                (
                    [parent_at[0], parent_at[1] + EDGE_BOTTOM],
                    [child_at[0], child_at[1] - EDGE_TOP],
                )
            } else {
                (parent_at, child_at)
            };
            prims.push(Prim::Line {
                a,
                b,
                width,
                color,
                dash,
            });
        }
    }

    /// The moves node `i` never searched, once its subtree is finished: a dotted stub
    /// (or a column's last line) with their names, or their names right of the node.
    fn pruned_stub(&self, i: usize, node: &TreeNode, prims: &mut Vec<Prim>, texts: &mut Vec<Prim>) {
        if self.options.folded.contains(&self.place_of[i])
            || node.pruned.is_empty()
            || !self.known(i)
        {
            return;
        }
        let Some(stub) = self.layout.pruned_at[self.place_of[i]] else {
            return;
        };
        let (place, node_at) = self.place(i);
        let stub_at = self.spacing.pos(&stub);
        if !self.near(stub_at) && !self.near(node_at) {
            return;
        }
        let names = format!("× {}", pruned_label(&node.pruned));
        if stub.listed {
            let bus = stub_at[0] - RADIUS - 5.0;
            prims.push(dotted(
                [bus, stub_at[1] - self.spacing.row],
                [bus, stub_at[1]],
            ));
            prims.push(dotted([bus, stub_at[1]], stub_at));
            texts.push(pruned_text([stub_at[0] + 4.0, stub_at[1]], names));
        } else if stub.level == place.level {
            // Named right of the node, up to the edge of its slot (compact).
            let room = self.spacing.slot / 2.0 - RADIUS - 6.0;
            texts.push(pruned_text(
                [node_at[0] + RADIUS + 3.0, node_at[1]],
                beside_label(&node.pruned, room),
            ));
        } else {
            // A stub down to the children's level, the names right of its end on the
            // line of the children's labels.
            let (a, b) = if self.options.labels {
                (
                    [node_at[0], node_at[1] + EDGE_BOTTOM],
                    [stub_at[0], stub_at[1] - EDGE_TOP],
                )
            } else {
                (node_at, stub_at)
            };
            prims.push(dotted(a, b));
            texts.push(pruned_text(
                [stub_at[0] + 2.0, stub_at[1] - LABEL_OFFSET],
                names,
            ));
        }
    }

    /// Node `i` itself: its disc or square, its rings and its labels.
    fn node(&self, i: usize, node: &TreeNode, drawing: &mut Drawing, texts: &mut Vec<Prim>) {
        let (place, at) = self.place(i);
        if !self.near(at) {
            return;
        }
        let hidden = !self.revealed(i);
        let color = if hidden {
            UNKNOWN
        } else {
            type_color(node.node_type())
        };
        if node.chance {
            // A chance node is a circle, as in AIMA's figures.
            drawing.prims.push(Prim::Ring {
                c: at,
                r: RADIUS - 1.0,
                width: 3.0,
                color,
                dash: Dash::Solid,
            });
        } else if node.leaf {
            drawing.prims.push(Prim::Square {
                c: at,
                half: RADIUS - 0.5,
                color,
            });
        } else {
            drawing.prims.push(Prim::Disc {
                c: at,
                r: RADIUS,
                color,
            });
        }
        self.rings(i, at, &mut drawing.prims);
        drawing.nodes.push(DrawnNode {
            node: i,
            at,
            listed: place.listed,
            hidden,
            color,
        });
        if self.options.labels {
            self.labels(i, node, place, at, hidden, texts);
        }
    }

    /// The rings around node `i` at `at`: folded, a visit only one tree makes or one
    /// the other makes otherwise, and the current visit.
    fn rings(&self, i: usize, at: [f32; 2], prims: &mut Vec<Prim>) {
        let ring = |r: f32, width: f32, color: Rgb, dash: Dash| Prim::Ring {
            c: at,
            r,
            width,
            color,
            dash,
        };
        if self.options.folded.contains(&self.place_of[i]) {
            prims.push(ring(RADIUS + 3.0, 1.5, Rgb(90, 90, 90), Dash::Solid));
        }
        match self.options.marks.filter(|_| self.over).map(|m| m[i]) {
            Some(VisitDiff::OnlyHere) => {
                prims.push(ring(RADIUS + 4.5, 2.0, ONLY_HERE, Dash::Solid));
            }
            Some(VisitDiff::Otherwise) => {
                prims.push(ring(RADIUS + 4.5, 1.5, OTHERWISE, Dash::Dashed));
            }
            _ => {}
        }
        if self.options.current == Some(i) {
            prims.push(ring(RADIUS + 7.0, 2.5, CURRENT, Dash::Solid));
        }
    }

    /// Node `i`'s two label lines, its move and value and its window: above and under
    /// it, or right of it in a column. A hidden node shows `?`.
    fn labels(
        &self,
        i: usize,
        node: &TreeNode,
        place: Place,
        at: [f32; 2],
        hidden: bool,
        texts: &mut Vec<Prim>,
    ) {
        let (mut top, window) = if hidden {
            (
                format!("{} ?", node.mv.as_deref().unwrap_or("root")),
                "?".to_string(),
            )
        } else {
            node_labels(self.tree, i, self.known(i), self.options.bounds)
        };
        // The probability of an outcome of a chance node: on its edge, or before its
        // move in a column.
        if let (Some(p), Some(parent)) = (&node.prob, node.parent) {
            if place.listed {
                top = format!("{} · {top}", p.text);
            } else {
                let pa = self.place(parent).1;
                let (a, b) = ([pa[0], pa[1] + EDGE_BOTTOM], [at[0], at[1] - EDGE_TOP]);
                texts.push(Prim::Text {
                    at: [(a[0] + b[0]) / 2.0 + 4.0, (a[1] + b[1]) / 2.0],
                    text: p.text.clone(),
                    size: WINDOW_SIZE,
                    color: Some(PROB),
                    anchor: Anchor::Left,
                    mono: false,
                    node: None,
                });
            }
        }
        let (top_at, window_at, anchor) = if place.listed {
            let x = at[0] + RADIUS + 5.0;
            ([x, at[1] - 6.0], [x, at[1] + 7.0], Anchor::Left)
        } else {
            (
                [at[0], at[1] - LABEL_OFFSET],
                [at[0], at[1] + LABEL_OFFSET],
                Anchor::Centre,
            )
        };
        texts.push(Prim::Text {
            at: top_at,
            text: top,
            size: LABEL_SIZE,
            color: None,
            anchor,
            mono: false,
            node: Some(i),
        });
        texts.push(Prim::Text {
            at: window_at,
            text: window,
            size: WINDOW_SIZE,
            color: Some(Rgb(110, 110, 110)),
            anchor,
            mono: true,
            node: Some(i),
        });
    }
}

/// A dotted grey line from `a` to `b`: the way to moves never searched.
fn dotted(a: [f32; 2], b: [f32; 2]) -> Prim {
    Prim::Line {
        a,
        b,
        width: 1.0,
        color: PRUNED,
        dash: Dash::Dotted,
    }
}

/// The names of moves never searched, grey, starting at `at`.
fn pruned_text(at: [f32; 2], text: String) -> Prim {
    Prim::Text {
        at,
        text,
        size: WINDOW_SIZE,
        color: Some(PRUNED),
        anchor: Anchor::Left,
        mono: false,
        node: None,
    }
}

/// The room, in slots of `slot` points, a stub of never-searched moves needs right of
/// the searched children in the textbook drawing: its names and a margin.
#[must_use]
pub fn stub_slots(trees: &[&SearchTree], slot: f32) -> f32 {
    let mut widest = 0.0f32;
    for t in trees {
        for n in t.nodes.iter().filter(|n| !n.pruned.is_empty()) {
            let text = format!("× {}", pruned_label(&n.pruned));
            widest = widest.max(super::fonts::text_width(&text, WINDOW_SIZE, false));
        }
    }
    super::layout::STUB_GAP + (widest + 10.0) / slot.max(1.0)
}
