//! The tree view's drawing area: one or two trees on one shared zoom and scroll, the
//! same subtree at the same place in both (see [`crate::tree::layout::Joint`]).
//!
//! On Build tree the drawing fills the panes: the textbook drawing when its labels fit
//! across, else the compact one (leaves listed in columns); the level spacing stretches
//! to the pane's height. A tree too big to read whole opens at a legible zoom on the
//! current visit, with an overview (minimap) whose marked part can be dragged; `fit`
//! shows the whole tree however small. The wheel zooms at the cursor, `+`/`-` at the
//! pane's centre; the view is held so that part of the tree always stays in the pane;
//! stepping and Play keep the current visit in view. Each pane names its tree above it
//! and the conventions of its values under it (drawn by `tree_area.rs`).

use std::collections::HashSet;

pub mod pan_zoom;

use egui::{Color32, FontId, Pos2, Rect, Vec2};

use crate::tree::draw::{LABEL_SIZE, QuizShow, Spacing, WINDOW_SIZE, node_labels};
use crate::tree::layout::{Joint, Layout, STUB_GAP, place_with};
use crate::tree::{SearchTree, VisitDiff, pruned_label};
use pan_zoom::PanZoom;

/// The smallest zoom at which texts are drawn (below it they would be specks).
pub(in crate::app) const TEXT_ZOOM: f32 = 0.45;
/// The most a fitted drawing is enlarged (a small tree is not blown up to poster size).
const FIT_ZOOM: f32 = 1.4;

/// A label drawn in the last frame (for tests and accessibility).
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnLabel {
    /// Which pane (0: left).
    pub pane: usize,
    /// Which visit.
    pub node: usize,
    /// Where its marker and texts are, on screen.
    pub rect: Rect,
    /// The centre of its marker, on screen.
    pub at: Pos2,
    /// Its smallest text size, in points (0: no text drawn at this zoom).
    pub text_size: f32,
    /// Its texts as drawn (move and value, window), empty when none are.
    pub texts: [String; 2],
    /// Its fill colour.
    pub color: Color32,
    /// Its ring against the other tree.
    pub mark: VisitDiff,
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
    /// The zoom and scroll, fitted to the pane until the person zooms or pans.
    pub view: PanZoom,
    /// The fit shows the whole tree, however small (the `fit` button), rather than a
    /// legible part of a big one (on Build tree).
    pub whole: bool,
    /// What the shape was built of in a quiz: (visit asked, answered); None for the
    /// whole trees.
    pub shape: Option<(usize, bool)>,
    /// The pane size of the last fit.
    pub(in crate::app) fitted: Option<Vec2>,
    /// The pane size in the last frame.
    pub(in crate::app) pane: Option<Vec2>,
    /// The widest label, in points at zoom 1 (0: not measured yet).
    widest: f32,
    /// The widest names of never-searched moves, in points at zoom 1.
    stub: f32,
    /// Whether the labels measured show bounds as `≤ v` / `≥ v`.
    bounds: bool,
    /// The step last brought into view.
    followed: Option<usize>,
    /// The labels drawn in the last frame.
    pub drawn: Vec<DrawnLabel>,
    /// The other texts drawn in the last frame (never-searched moves), with their pane.
    pub notes: Vec<(usize, String)>,
    /// The panes' drawing areas in the last frame.
    pub areas: Vec<Rect>,
}

impl Canvas {
    /// The canvas of freshly built trees: fitted on the next frame.
    #[must_use]
    pub fn new(trees: &[&SearchTree]) -> Canvas {
        let joint = Joint::of(trees);
        let layout = place_with(&joint, &HashSet::new(), false, 0.0);
        Canvas {
            joint,
            layout,
            view: PanZoom::default(),
            ..Canvas::default()
        }
    }

    /// Rebuilds the shape of `trees` (a quiz's tree so far grows), keeping the view
    /// the person chose; refits when the view follows the fit.
    pub fn reshape(&mut self, trees: &[&SearchTree], shape: Option<(usize, bool)>) {
        self.joint = Joint::of(trees);
        self.folded.clear();
        self.shape = shape;
        self.widest = 0.0;
        self.layout = place_with(&self.joint, &self.folded, self.layout.compact, 0.0);
        if self.view.auto_fit {
            self.fitted = None;
        } else if let Some(s) = self.spacing {
            self.relayout(s);
        }
    }

    fn relayout(&mut self, s: Spacing) {
        let stub = if self.layout.compact {
            0.0
        } else {
            STUB_GAP + (self.stub + 10.0) / s.slot.max(1.0)
        };
        self.layout = place_with(&self.joint, &self.folded, self.layout.compact, stub);
    }

    /// Folds or unfolds joint node `n`, keeping the drawing's mode.
    pub fn toggle_fold(&mut self, n: usize) {
        if !self.folded.remove(&n) {
            self.folded.insert(n);
        }
        match self.spacing {
            Some(s) => self.relayout(s),
            None => {
                self.layout = place_with(&self.joint, &self.folded, self.layout.compact, 0.0);
            }
        }
    }

    /// Fits the whole drawing to the pane on the next frame (the `fit` button).
    pub fn refit(&mut self) {
        self.view.auto_fit = true;
        self.whole = true;
        self.fitted = None;
    }

    pub(in crate::app) fn bounds(&self) -> Rect {
        let s = self.spacing.unwrap_or(Spacing::readable(60.0, false));
        let [x0, y0, x1, y1] = s.bounds(&self.layout);
        Rect::from_min_max(Pos2::new(x0, y0), Pos2::new(x1, y1))
    }

    /// Where scene point `p` is on screen in a pane whose area starts at `origin`.
    pub(in crate::app) fn to_screen(&self, origin: Pos2, p: [f32; 2]) -> Pos2 {
        self.view.to_screen(origin, p)
    }

    /// The scene position of visit `i` of pane `k`.
    fn scene_of(&self, k: usize, i: usize) -> Option<[f32; 2]> {
        let s = self.spacing?;
        let j = *self.joint.of.get(k)?.get(i)?;
        Some(s.pos(&self.layout.at[j]))
    }

    pub(in crate::app) fn measure(&mut self, ui: &egui::Ui, trees: &[&SearchTree], bounds: bool) {
        if self.widest > 0.0 && self.bounds == bounds {
            return;
        }
        if self.bounds != bounds && self.widest > 0.0 {
            self.fitted = None;
        }
        self.bounds = bounds;
        let mut widest = 20.0f32;
        let mut stub = 0.0f32;
        ui.fonts_mut(|f| {
            let mut width =
                |text: String, font: FontId| f.layout_no_wrap(text, font, Color32::WHITE).size().x;
            for t in trees {
                for (i, n) in t.nodes.iter().enumerate() {
                    let (top, window) = node_labels(t, i, true, bounds);
                    widest = widest
                        .max(width(top, FontId::proportional(LABEL_SIZE)))
                        .max(width(window, FontId::monospace(WINDOW_SIZE)));
                    if !n.pruned.is_empty() {
                        let text = format!("× {}", pruned_label(&n.pruned));
                        stub = stub.max(width(text, FontId::proportional(WINDOW_SIZE)));
                    }
                }
            }
        });
        self.widest = widest;
        self.stub = stub;
    }

    /// The layout of `compact` mode with its readable spacing, and its bounds' size.
    fn try_layout(&self, compact: bool) -> (Layout, Spacing, Vec2) {
        let s = Spacing::readable(self.widest, compact);
        let stub = if compact {
            0.0
        } else {
            STUB_GAP + (self.stub + 10.0) / s.slot
        };
        let l = place_with(&self.joint, &self.folded, compact, stub);
        let [x0, y0, x1, y1] = s.bounds(&l);
        (l, s, Vec2::new(x1 - x0, y1 - y0))
    }

    /// Chooses the drawing and the view for a pane of `size` (see the module doc);
    /// `readable` is the smallest zoom at which every text is still legible.
    pub(in crate::app) fn fit(&mut self, size: Vec2, current: Option<usize>, readable: f32) {
        let (w, h) = (size.x.max(50.0), size.y.max(50.0));
        let whole_zoom = |b: Vec2| (w / b.x.max(1.0)).min(h / b.y.max(1.0));
        let textbook = self.try_layout(false);
        let (mut layout, mut s, mut b) = if textbook.2.x * readable <= w {
            textbook
        } else {
            self.try_layout(true)
        };
        if b.x * readable > w || b.y * readable > h {
            // Too big to read whole: of the two drawings, the one that shows most.
            let other = self.try_layout(!layout.compact);
            if whole_zoom(other.2) > whole_zoom(b) {
                (layout, s, b) = other;
            }
        }
        self.layout = layout;
        let fits = b.x * readable <= w && b.y * readable <= h;
        if fits {
            let z = whole_zoom(b).clamp(readable, FIT_ZOOM);
            // Spread the slots across the width and the levels down the height.
            s.slot *= (w / (b.x * z)).clamp(1.0, 3.0);
            self.spacing = Some(self.stretched(s, z, h));
            self.view.zoom = z;
            self.centre(size);
        } else if self.whole {
            // The whole tree, however small (texts go below a legible zoom).
            let z = whole_zoom(b).min(FIT_ZOOM);
            self.spacing = Some(self.stretched(s, z, h));
            self.view.zoom = z;
            self.centre(size);
        } else {
            // A legible part: the smallest legible zoom, on the current visit.
            let z = readable.max(whole_zoom(b)).min(1.0);
            self.spacing = Some(self.stretched(s, z, h));
            self.view.zoom = z;
            let b = self.bounds();
            let at = current
                .and_then(|i| self.scene_of(0, i))
                .unwrap_or([b.center().x, b.min.y]);
            // The current visit in the middle across; the root level at the top when
            // the drawing's height fits or the visit is then still in view, else the
            // visit in the middle.
            let z = self.view.zoom;
            let x = w / 2.0 - at[0] * z;
            let top = -b.min.y * z;
            let tall = b.height() * z > h;
            let y = if !tall || at[1] * z + top <= h - 60.0 {
                top
            } else {
                h / 2.0 - at[1] * z
            };
            self.view.offset = Vec2::new(x, y);
        }
        self.fitted = Some(size);
        self.followed = current;
    }

    /// `s` with its levels spread down a pane `h` high at zoom `z` (at most four times
    /// as far apart).
    fn stretched(&self, s: Spacing, z: f32, h: f32) -> Spacing {
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
        Spacing { level: lo, ..s }
    }

    /// Puts the drawing in the middle of a pane of `size` at the current zoom.
    fn centre(&mut self, size: Vec2) {
        let b = self.bounds();
        self.view.centre(size, b);
    }

    /// Keeps the zoom in range and part of the drawing in the pane.
    pub(in crate::app) fn clamp(&mut self, size: Vec2) {
        let b = self.bounds();
        self.view.clamp(size, b);
    }

    /// When no visit of the left tree (up to `step`) is in the pane (zoomed in on an
    /// empty part of the drawing), brings the nearest one to the middle.
    pub(in crate::app) fn keep_a_node_in_view(
        &mut self,
        size: Vec2,
        tree: &SearchTree,
        step: usize,
    ) {
        let Some(s) = self.spacing else {
            return;
        };
        let centre = (size / 2.0 - self.view.offset) / self.view.zoom;
        let mut nearest: Option<(f32, [f32; 2])> = None;
        for (i, n) in tree.nodes.iter().enumerate() {
            let Some(&j) = self.joint.of.first().and_then(|of| of.get(i)) else {
                break;
            };
            let place = self.layout.at[j];
            if n.step > step || !place.visible {
                continue;
            }
            let p = s.pos(&place);
            let screen = self.view.offset + Vec2::new(p[0], p[1]) * self.view.zoom;
            if screen.x >= 0.0 && screen.y >= 0.0 && screen.x <= size.x && screen.y <= size.y {
                return;
            }
            let d = (Vec2::new(p[0], p[1]) - centre).length_sq();
            if nearest.is_none_or(|(best, _)| d < best) {
                nearest = Some((d, p));
            }
        }
        if let Some((_, p)) = nearest {
            self.view.offset = size / 2.0 - Vec2::new(p[0], p[1]) * self.view.zoom;
        }
    }

    /// Zooms by `factor` at the pane's centre (the `+` and `-` buttons).
    pub fn zoom_centre(&mut self, factor: f32) {
        let size = self.pane.or(self.fitted).unwrap_or(Vec2::new(600.0, 400.0));
        self.view.zoom_at(factor, size / 2.0);
    }

    /// Brings visit `i` of the left tree into view when it is out of it.
    pub(in crate::app) fn follow(&mut self, size: Vec2, step: usize) {
        if self.followed == Some(step) {
            return;
        }
        self.followed = Some(step);
        if let Some(p) = self.scene_of(0, step) {
            self.view.keep_in_view(size, p, 40.0);
        }
    }
}

/// A clicked node: (pane, visit, double click).
pub type Hit = (usize, usize, bool);

/// One tree to draw.
#[derive(Clone, Copy)]
pub struct PaneInput<'a> {
    /// The tree drawn (in a quiz, the visits so far).
    pub tree: &'a SearchTree,
    /// The whole tree (its explanations and conventions).
    pub full: &'a SearchTree,
    /// How each visit stands beside the other tree.
    pub marks: &'a [VisitDiff],
    /// For each node, the last step inside its subtree.
    pub done_at: &'a [usize],
}

/// What the panes show.
#[derive(Clone, Copy, Debug)]
pub struct Show {
    /// The visit shown last (the current one).
    pub step: usize,
    /// A quiz under way.
    pub quiz: Option<QuizShow>,
    /// Values at a bound as `≤ v` / `≥ v`.
    pub bounds: bool,
    /// A second tree that a quiz hides until it is over.
    pub second_hidden: bool,
}
