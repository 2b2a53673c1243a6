//! Where each visit is drawn: the joint shape of one or two search trees and its tidy
//! layout.
//!
//! [`Joint`] merges the trees shown side by side into one shape, visit by visit (a visit
//! is known by its parent, its move and how many times that move was visited under
//! that parent before), so both trees are drawn on the same places
//! and the same subtree lines up when they share a zoom and a scroll. A single tree is
//! its own joint shape.
//!
//! [`place`] lays the joint shape out in abstract units: `x` in slots (one label wide),
//! `level` in plies, `row` in text lines. Two modes: the textbook drawing, every child
//! one slot beside the next and the moves never searched as a stub right of them, and
//! the compact drawing, where a node whose children are all leaves lists them in a
//! column under it (one line each, its never-searched moves on a last line). The view
//! picks the compact drawing when the textbook one is too wide to read.

use std::collections::{HashMap, HashSet};

use super::SearchTree;

/// The room a stub of never-searched moves takes right of the searched children, in
/// slots (textbook drawing), unless the caller measures its names ([`place_with`]).
pub const PRUNED_SLOT: f32 = 0.7;

/// Where a stub starts right of the last searched child's slot, in slots.
pub const STUB_GAP: f32 = 0.1;

/// The visits of one or two trees merged into one shape.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Joint {
    /// Each joint node's parent.
    pub parent: Vec<Option<usize>>,
    /// Each joint node's children, in visit order (the first tree's order, the second
    /// tree's own visits after the visit they follow there).
    pub children: Vec<Vec<usize>>,
    /// The roots (one per pass over the root), in order.
    pub roots: Vec<usize>,
    /// The ply of each joint node.
    pub ply: Vec<u32>,
    /// Whether some tree left moves unsearched at this node.
    pub pruned: Vec<bool>,
    /// For each tree, its nodes' joint ids.
    pub of: Vec<Vec<usize>>,
}

/// A visit's identity across trees: its parent (or its pass), its move and how many
/// visits of that move came before it under the same parent. How it was visited is
/// left out, so that NegaScout's test of a move sits where alpha-beta's visit of it
/// does (and its re-search next to it).
type Key = (Option<usize>, usize, Option<String>, u32);

impl Joint {
    /// Merges `trees` (one or two) into one shape.
    #[must_use]
    pub fn of(trees: &[&SearchTree]) -> Joint {
        let mut j = Joint::default();
        let mut ids: HashMap<Key, usize> = HashMap::new();
        for tree in trees {
            let mut of = Vec::with_capacity(tree.nodes.len());
            // Per joint parent: where this tree's last child went among the children.
            let mut cursor: HashMap<Option<usize>, usize> = HashMap::new();
            // Per (tree parent, move, kind): visits so far (the occurrence number).
            let mut seen: HashMap<(Option<usize>, Option<&str>), u32> = HashMap::new();
            let mut passes = 0usize;
            for n in &tree.nodes {
                let parent = n.parent.map(|p| of[p]);
                let pass = if n.parent.is_none() {
                    passes += 1;
                    passes - 1
                } else {
                    0
                };
                let occ = seen.entry((n.parent, n.mv.as_deref())).or_insert(0);
                let key = (parent, pass, n.mv.clone(), *occ);
                *occ += 1;
                let id = match ids.get(&key) {
                    Some(&id) => {
                        let list = parent.map_or(&j.roots, |p| &j.children[p]);
                        if let Some(at) = list.iter().position(|&c| c == id) {
                            cursor.insert(parent, at);
                        }
                        id
                    }
                    None => {
                        let id = j.parent.len();
                        j.parent.push(parent);
                        j.children.push(Vec::new());
                        j.ply.push(n.ply);
                        j.pruned.push(false);
                        ids.insert(key, id);
                        let list = match parent {
                            Some(p) => &mut j.children[p],
                            None => &mut j.roots,
                        };
                        // Right after this tree's previous visit under the same parent.
                        let at = cursor.get(&parent).map_or(0, |&c| c + 1).min(list.len());
                        list.insert(at, id);
                        cursor.insert(parent, at);
                        id
                    }
                };
                if !n.pruned.is_empty() {
                    j.pruned[id] = true;
                }
                of.push(id);
            }
            j.of.push(of);
        }
        j
    }

    /// The number of joint nodes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Whether there are no nodes.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }
}

/// Where one joint node is drawn, in layout units.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Place {
    /// The centre of its slot (its column, when it is listed in one), in slots.
    pub x: f32,
    /// Its level (its ply; passes side by side all start at level 0).
    pub level: f32,
    /// Its line in its parent's column (compact drawing), 0 otherwise.
    pub row: f32,
    /// Listed in its parent's column (compact drawing) rather than centred in a slot.
    pub listed: bool,
    /// Drawn: not inside a folded subtree.
    pub visible: bool,
}

/// The layout of a joint shape.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layout {
    /// Each joint node's place.
    pub at: Vec<Place>,
    /// Where each node's never-searched moves are drawn (None: nowhere, or folded).
    pub pruned_at: Vec<Option<Place>>,
    /// The width in slots.
    pub slots: f32,
    /// The deepest level.
    pub levels: f32,
    /// Whether the compact drawing was used.
    pub compact: bool,
}

/// Lays out `joint` with `folded` nodes closed: the textbook drawing, or the compact one.
#[must_use]
pub fn place(joint: &Joint, folded: &HashSet<usize>, compact: bool) -> Layout {
    place_with(joint, folded, compact, PRUNED_SLOT)
}

/// [`place`] with `stub` slots of room for each stub of never-searched moves (the
/// textbook drawing names them right of the stub's end, so the room is their width).
#[must_use]
pub fn place_with(joint: &Joint, folded: &HashSet<usize>, compact: bool, stub: f32) -> Layout {
    let mut placer = Placer {
        joint,
        folded,
        stub,
        layout: Layout {
            at: vec![Place::default(); joint.len()],
            pruned_at: vec![None; joint.len()],
            slots: 0.0,
            levels: 0.0,
            compact,
        },
        next: 0.0,
    };
    // A gap between the passes over the root, none after the last (the drawing ends
    // at its last slot, so that a fit centres it).
    for (k, &root) in joint.roots.iter().enumerate() {
        if k > 0 {
            placer.next += if compact { 0.3 } else { 1.0 };
        }
        placer.node(root, true);
    }
    let Placer {
        layout: mut l,
        next,
        ..
    } = placer;
    // Hidden nodes sit at their folded ancestor.
    for n in 0..joint.len() {
        if !l.at[n].visible
            && let Some(p) = joint.parent[n]
        {
            l.at[n].x = l.at[p].x;
            l.at[n].level = l.at[p].level;
            l.at[n].row = l.at[p].row;
        }
    }
    l.slots = next.max(1.0);
    l.levels =
        l.at.iter()
            .filter(|p| p.visible)
            .map(|p| p.level)
            .fold(0.0, f32::max);
    l
}

/// Places the nodes of a joint shape, subtree by subtree from the left.
struct Placer<'a> {
    /// The shape.
    joint: &'a Joint,
    /// The nodes drawn closed.
    folded: &'a HashSet<usize>,
    /// The room for a stub of never-searched moves, in slots (textbook drawing).
    stub: f32,
    /// The places so far.
    layout: Layout,
    /// The left edge of the next free slot.
    next: f32,
}

impl Placer<'_> {
    /// Places node `n` and its subtree (drawn when `visible`) and returns its x.
    fn node(&mut self, n: usize, visible: bool) -> f32 {
        let joint = self.joint;
        let level = joint.ply[n] as f32;
        self.layout.at[n].level = level;
        self.layout.at[n].visible = visible;
        let open = !self.folded.contains(&n);
        let kids = &joint.children[n];
        if !open || kids.is_empty() {
            return self.without_children(n, open, visible);
        }
        let listable = |c: usize| joint.children[c].is_empty() || self.folded.contains(&c);
        if self.layout.compact && kids.iter().all(|&c| listable(c)) {
            return self.column(n, visible);
        }
        self.spread(n, visible)
    }

    /// The next free slot's centre, taking the slot.
    fn take_slot(&mut self) -> f32 {
        let x = self.next + 0.5;
        self.next += 1.0;
        x
    }

    /// Node `n` drawn without children (a leaf, or `open` false: folded, its subtree
    /// hidden) in a slot of its own; returns its x.
    fn without_children(&mut self, n: usize, open: bool, visible: bool) -> f32 {
        let joint = self.joint;
        // A folded node's subtree is hidden: placed on a scratch count of slots, so
        // that it takes no room from the drawing.
        let next = std::mem::replace(&mut self.next, 0.0);
        for &c in &joint.children[n] {
            self.node(c, false);
        }
        self.next = next;
        let x = self.take_slot();
        self.layout.at[n].x = x;
        let level = self.layout.at[n].level;
        if open && joint.pruned[n] && visible {
            // Moves never searched and no child drawn (a quiz's visit answered before
            // its children come): the stub under the node, or its names beside it.
            self.layout.pruned_at[n] = Some(if self.layout.compact {
                Place {
                    x,
                    level,
                    visible,
                    ..Place::default()
                }
            } else {
                self.next += self.stub;
                Place {
                    x,
                    level: level + 1.0,
                    visible,
                    ..Place::default()
                }
            });
        }
        x
    }

    /// Node `n` with its children listed one line each in a column under it (compact
    /// drawing, every child a leaf or folded); returns its x.
    fn column(&mut self, n: usize, visible: bool) -> f32 {
        let joint = self.joint;
        let kids = &joint.children[n];
        let level = self.layout.at[n].level;
        let x = self.take_slot();
        self.layout.at[n].x = x;
        for (k, &c) in kids.iter().enumerate() {
            // The child's own subtree is hidden: placed on a scratch count of slots.
            let next = std::mem::replace(&mut self.next, 0.0);
            self.node(c, visible);
            self.next = next;
            self.layout.pruned_at[c] = None;
            self.layout.at[c] = Place {
                x,
                level: level + 1.0,
                row: k as f32,
                listed: true,
                visible,
            };
        }
        if joint.pruned[n] && visible {
            self.layout.pruned_at[n] = Some(Place {
                x,
                level: level + 1.0,
                row: kids.len() as f32,
                listed: true,
                visible,
            });
        }
        x
    }

    /// Node `n` centred over its children's subtrees, placed side by side; returns its x.
    fn spread(&mut self, n: usize, visible: bool) -> f32 {
        let joint = self.joint;
        let level = self.layout.at[n].level;
        let xs: Vec<f32> = joint.children[n]
            .iter()
            .map(|&c| self.node(c, visible))
            .collect();
        let x = (xs[0] + xs[xs.len() - 1]) / 2.0;
        self.layout.at[n].x = x;
        if joint.pruned[n] && visible {
            let last = xs[xs.len() - 1];
            if self.layout.compact {
                // No room is kept: the moves are named right of the node itself.
                self.layout.pruned_at[n] = Some(Place {
                    x,
                    level,
                    row: 0.0,
                    listed: false,
                    visible,
                });
            } else {
                self.next += self.stub.max(2.0 * STUB_GAP);
                self.layout.pruned_at[n] = Some(Place {
                    x: last + 0.5 + STUB_GAP,
                    level: level + 1.0,
                    row: 0.0,
                    listed: false,
                    visible,
                });
            }
        }
        x
    }
}
