//! The pan and zoom both tree views share: a zoom and a scroll over a scene, the wheel
//! zooming at the cursor and a drag moving it, the zoom buttons and `fit`, the view
//! held so that part of the drawing always stays in its pane.

use egui::{Pos2, Rect, Sense, Vec2};

/// The largest zoom.
pub const MAX_ZOOM: f32 = 4.0;
/// The smallest zoom a wheel or a button reaches (the clamp holds it nearer the whole
/// drawing).
const MIN_ZOOM: f32 = 0.02;

/// A view of a scene: screen points per scene unit and where the scene's origin is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PanZoom {
    /// Screen points per scene unit.
    pub zoom: f32,
    /// Where the scene's origin is, from the pane's top left.
    pub offset: Vec2,
    /// The view follows the fit (until the person zooms or pans).
    pub auto_fit: bool,
}

impl Default for PanZoom {
    fn default() -> Self {
        PanZoom {
            zoom: 1.0,
            offset: Vec2::ZERO,
            auto_fit: true,
        }
    }
}

/// A zoom button pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoomAsk {
    /// `zoom +`: in at the pane's centre.
    In,
    /// `zoom −`: out at the pane's centre.
    Out,
    /// `fit`: the whole drawing in the pane.
    Fit,
}

impl ZoomAsk {
    /// The factor a button zooms by (1 for `fit`).
    #[must_use]
    pub fn factor(self) -> f32 {
        match self {
            ZoomAsk::In => 1.25,
            ZoomAsk::Out => 0.8,
            ZoomAsk::Fit => 1.0,
        }
    }
}

impl PanZoom {
    /// Where scene point `p` is on screen in a pane whose area starts at `origin`.
    #[must_use]
    pub fn to_screen(self, origin: Pos2, p: [f32; 2]) -> Pos2 {
        origin + self.offset + Vec2::new(p[0], p[1]) * self.zoom
    }

    /// The zoom at which scene rectangle `b` just fills a pane of `size`.
    #[must_use]
    pub fn whole_zoom(size: Vec2, b: Rect) -> f32 {
        (size.x / b.width().max(1.0)).min(size.y / b.height().max(1.0))
    }

    /// Puts scene rectangle `b` in the middle of a pane of `size` at the current zoom.
    pub fn centre(&mut self, size: Vec2, b: Rect) {
        self.offset = (size - b.size() * self.zoom) / 2.0 - b.min.to_vec2() * self.zoom;
    }

    /// Shows scene rectangle `b` whole and centred in a pane of `size`, at most at
    /// zoom `most`.
    pub fn fit(&mut self, size: Vec2, b: Rect, most: f32) {
        self.zoom = PanZoom::whole_zoom(size, b).min(most);
        self.centre(size, b);
    }

    /// Keeps the zoom in range (down to half the whole drawing `b`) and part of the
    /// drawing in a pane of `size`.
    pub fn clamp(&mut self, size: Vec2, b: Rect) {
        let min_zoom = (PanZoom::whole_zoom(size, b) * 0.5).min(1.0);
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

    /// Zooms by `factor` keeping the scene point under `anchor` (pane coordinates)
    /// still; the view no longer follows the fit.
    pub fn zoom_at(&mut self, factor: f32, anchor: Vec2) {
        let old = self.zoom;
        let new = (old * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        let scene = (anchor - self.offset) / old;
        self.zoom = new;
        self.offset = anchor - scene * new;
        self.auto_fit = false;
    }

    /// Brings scene point `p` to the middle of a pane of `size` when it is within
    /// `margin` of the pane's edge or out of it.
    pub fn keep_in_view(&mut self, size: Vec2, p: [f32; 2], margin: f32) {
        let at = self.offset + Vec2::new(p[0], p[1]) * self.zoom;
        let margin = margin.min(size.x / 4.0).min(size.y / 4.0);
        if at.x < margin || at.y < margin || at.x > size.x - margin || at.y > size.y - margin {
            self.offset = size / 2.0 - Vec2::new(p[0], p[1]) * self.zoom;
        }
    }

    /// Pan and zoom over the panes' `areas` (all on this view): dragging any pane
    /// moves the view, the wheel (or a pinch) zooms at the cursor. `salt` keeps the
    /// areas' ids apart from another view's.
    pub fn pan_and_zoom_ui(&mut self, ui: &mut egui::Ui, areas: &[Rect], salt: &str) {
        for (k, area) in areas.iter().enumerate() {
            let resp = ui.interact(
                *area,
                ui.scope_id().with((salt, k)),
                Sense::click_and_drag(),
            );
            if resp.dragged() {
                self.offset += resp.drag_delta();
                self.auto_fit = false;
            }
            if resp.hovered() {
                let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta()));
                let wheel = scroll.y + scroll.x;
                let factor = pinch * (wheel * 0.003).exp();
                if (factor - 1.0).abs() > 1e-4
                    && let Some(at) = resp.hover_pos()
                {
                    self.zoom_at(factor, at - area.min);
                }
            }
        }
    }
}

/// The zoom buttons, `zoom +`, `zoom −` and `fit` (its hover: `fit_hover`), in small
/// text; returns the one pressed.
pub fn zoom_buttons_ui(ui: &mut egui::Ui, fit_hover: &str) -> Option<ZoomAsk> {
    ui.spacing_mut().item_spacing.x = 3.0;
    let mut asked = None;
    if ui
        .small_button("zoom +")
        .on_hover_text("Zoom in at the centre (the wheel zooms at the cursor)")
        .clicked()
    {
        asked = Some(ZoomAsk::In);
    }
    if ui
        .small_button("zoom −")
        .on_hover_text("Zoom out at the centre, down to the whole tree")
        .clicked()
    {
        asked = Some(ZoomAsk::Out);
    }
    if ui.small_button("fit").on_hover_text(fit_hover).clicked() {
        asked = Some(ZoomAsk::Fit);
    }
    asked
}
