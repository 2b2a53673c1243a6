//! The figures' and the app's fonts (proportional and monospace) read for drawing on the
//! CPU: the width of a text, and its glyph outlines as a path.

use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, MetadataProvider};
use vello_cpu::kurbo::BezPath;

/// Collects a glyph outline into a path at a pen position, flipping y (fonts go up).
struct Pen<'a> {
    path: &'a mut BezPath,
    x: f64,
    y: f64,
}

impl OutlinePen for Pen<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        self.path
            .move_to((self.x + f64::from(x), self.y - f64::from(y)));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.path
            .line_to((self.x + f64::from(x), self.y - f64::from(y)));
    }
    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        self.path.quad_to(
            (self.x + f64::from(cx0), self.y - f64::from(cy0)),
            (self.x + f64::from(x), self.y - f64::from(y)),
        );
    }
    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        self.path.curve_to(
            (self.x + f64::from(cx0), self.y - f64::from(cy0)),
            (self.x + f64::from(cx1), self.y - f64::from(cy1)),
            (self.x + f64::from(x), self.y - f64::from(y)),
        );
    }
    fn close(&mut self) {
        self.path.close_path();
    }
}

/// The fonts: proportional and monospace, each with the other as fallback.
pub(super) struct Fonts {
    sans: FontRef<'static>,
    mono: FontRef<'static>,
}

impl Fonts {
    pub(super) fn new() -> Result<Fonts, String> {
        let load = |bytes: &'static [u8]| FontRef::new(bytes).map_err(|e| e.to_string());
        Ok(Fonts {
            sans: load(epaint_default_fonts::UBUNTU_LIGHT)?,
            mono: load(epaint_default_fonts::HACK_REGULAR)?,
        })
    }

    /// The font to draw in (the mono one for `mono`) and the one to fall back on.
    fn fonts(&self, mono: bool) -> (&FontRef<'static>, &FontRef<'static>) {
        if mono {
            (&self.mono, &self.sans)
        } else {
            (&self.sans, &self.mono)
        }
    }

    /// The advance width of `text` at `size` pixels.
    fn width(&self, text: &str, size: f32, mono: bool) -> f32 {
        let (first, second) = self.fonts(mono);
        let px = Size::new(size);
        let loc = LocationRef::default();
        let mut w = 0.0;
        for ch in text.chars() {
            let found = [first, second]
                .into_iter()
                .find_map(|f| f.charmap().map(ch).map(|g| (f, g)));
            w += found
                .and_then(|(f, g)| f.glyph_metrics(px, loc).advance_width(g))
                .unwrap_or(size * 0.5);
        }
        w
    }

    /// The path of `text` at `size` pixels with its left end at `x` and its middle at
    /// `y`; returns the path and the text's width.
    pub(super) fn text_path(
        &self,
        text: &str,
        size: f32,
        mono: bool,
        x: f64,
        y: f64,
    ) -> (BezPath, f64) {
        let (first, second) = self.fonts(mono);
        let px = Size::new(size);
        let loc = LocationRef::default();
        let metrics = first.metrics(px, loc);
        // The baseline sits so that the ascent and descent are centred on y.
        let baseline = y + f64::from(metrics.ascent + metrics.descent) / 2.0;
        let mut path = BezPath::new();
        let mut pen_x = x;
        for ch in text.chars() {
            let font = [first, second]
                .into_iter()
                .find(|f| f.charmap().map(ch).is_some());
            let Some(font) = font else {
                pen_x += f64::from(size) * 0.5;
                continue;
            };
            let Some(gid) = font.charmap().map(ch) else {
                continue;
            };
            if let Some(outline) = font.outline_glyphs().get(gid) {
                let mut pen = Pen {
                    path: &mut path,
                    x: pen_x,
                    y: baseline,
                };
                let _ = outline.draw(DrawSettings::unhinted(px, loc), &mut pen);
            }
            let advance = font
                .glyph_metrics(px, loc)
                .advance_width(gid)
                .unwrap_or(size * 0.5);
            pen_x += f64::from(advance);
        }
        (path, pen_x - x)
    }
}

/// The width of `text` at `size` points in the figures' and the app's fonts
/// (proportional, or monospace): what the layout measures labels with when no window is
/// at hand. An unreadable font measures half an em a character.
#[must_use]
pub fn text_width(text: &str, size: f32, mono: bool) -> f32 {
    static FONTS: std::sync::OnceLock<Option<Fonts>> = std::sync::OnceLock::new();
    match FONTS.get_or_init(|| Fonts::new().ok()) {
        Some(f) => f.width(text, size, mono),
        None => text.chars().count() as f32 * size * 0.5,
    }
}
