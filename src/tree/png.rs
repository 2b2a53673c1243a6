//! A tree figure rasterized to PNG on the CPU: the whole tree at a chosen number of
//! pixels per scene unit, with the app's own fonts (the glyph outlines are filled like
//! any other shape), so the picture does not depend on the window or a screenshot.

use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, MetadataProvider};
use vello_cpu::color::{AlphaColor, Srgb};
use vello_cpu::kurbo::{self, BezPath, Shape};
use vello_cpu::{Pixmap, RenderContext, Resources};

use super::draw::{Anchor, Dash, Prim, Rgb};
use super::export::Figure;

/// The largest side of a PNG, in pixels (larger figures are scaled down to it).
pub const MAX_SIDE: f32 = 16_000.0;

fn paint(c: Rgb) -> AlphaColor<Srgb> {
    AlphaColor::from_rgba8(c.0, c.1, c.2, 255)
}

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
struct Fonts {
    sans: FontRef<'static>,
    mono: FontRef<'static>,
}

impl Fonts {
    fn new() -> Result<Fonts, String> {
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
    fn text_path(&self, text: &str, size: f32, mono: bool, x: f64, y: f64) -> (BezPath, f64) {
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

/// The figure as PNG bytes, `scale` pixels per scene unit (made smaller when the
/// picture would be wider or taller than [`MAX_SIDE`]).
pub fn to_png(f: &Figure, scale: f32) -> Result<Vec<u8>, String> {
    let [x0, y0, x1, y1] = f.bounds;
    let scale = scale
        .min(MAX_SIDE / (x1 - x0).max(1.0))
        .min(MAX_SIDE / (y1 - y0).max(1.0));
    let w = ((x1 - x0) * scale).ceil().max(1.0) as u16;
    let h = ((y1 - y0) * scale).ceil().max(1.0) as u16;
    let fonts = Fonts::new()?;
    let mut ctx = RenderContext::new(w, h);
    ctx.set_paint(paint(Rgb(255, 255, 255)));
    ctx.fill_rect(&kurbo::Rect::new(0.0, 0.0, f64::from(w), f64::from(h)));
    ctx.set_transform(
        kurbo::Affine::scale(f64::from(scale))
            * kurbo::Affine::translate((-f64::from(x0), -f64::from(y0))),
    );
    for prim in &f.drawing.prims {
        paint_prim(&mut ctx, &fonts, prim);
    }
    ctx.flush();
    let mut pixmap = Pixmap::new(w, h);
    ctx.render(&mut pixmap, &mut Resources::new());
    encode_png(&pixmap, w, h)
}

/// A scene point as a drawing point.
fn point(p: [f32; 2]) -> kurbo::Point {
    kurbo::Point::new(f64::from(p[0]), f64::from(p[1]))
}

/// A stroke `width` wide with `dash`'s dashes, dashes as `dashed` (on, off).
fn stroke(width: f32, dash: Dash, dashed: [f64; 2]) -> kurbo::Stroke {
    let stroke = kurbo::Stroke::new(f64::from(width));
    match dash {
        Dash::Solid => stroke,
        Dash::Dashed => stroke.with_dashes(0.0, dashed),
        Dash::Dotted => stroke.with_dashes(0.0, [1.5, 3.0]),
    }
}

/// Paints one shape into `ctx`, texts in `fonts`.
fn paint_prim(ctx: &mut RenderContext, fonts: &Fonts, prim: &Prim) {
    match prim {
        Prim::Line {
            a,
            b,
            width,
            color,
            dash,
        } => {
            ctx.set_stroke(stroke(*width, *dash, [6.0, 4.0]));
            ctx.set_paint(paint(*color));
            ctx.stroke_path(&kurbo::Line::new(point(*a), point(*b)).to_path(0.1));
        }
        Prim::Disc { c, r, color } => {
            ctx.set_paint(paint(*color));
            ctx.fill_path(&kurbo::Circle::new(point(*c), f64::from(*r)).to_path(0.05));
        }
        Prim::Square { c, half, color } => {
            ctx.set_paint(paint(*color));
            let (c, half) = (point(*c), f64::from(*half));
            ctx.fill_rect(&kurbo::Rect::new(
                c.x - half,
                c.y - half,
                c.x + half,
                c.y + half,
            ));
        }
        Prim::Ring {
            c,
            r,
            width,
            color,
            dash,
        } => {
            ctx.set_stroke(stroke(*width, *dash, [3.0, 2.0]));
            ctx.set_paint(paint(*color));
            ctx.stroke_path(&kurbo::Circle::new(point(*c), f64::from(*r)).to_path(0.05));
        }
        Prim::Text {
            at,
            text,
            size,
            color,
            anchor,
            mono,
            ..
        } => {
            let (x, y) = (f64::from(at[0]), f64::from(at[1]));
            let (mut path, width) = fonts.text_path(text, *size, *mono, x, y);
            if *anchor == Anchor::Centre {
                path.apply_affine(kurbo::Affine::translate((-width / 2.0, 0.0)));
            }
            ctx.set_paint(paint(color.unwrap_or(Rgb(34, 34, 34))));
            ctx.fill_path(&path);
        }
    }
}

/// The rendered `pixmap`, `w` by `h` pixels, as PNG bytes.
fn encode_png(pixmap: &Pixmap, w: u16, h: u16) -> Result<Vec<u8>, String> {
    // Opaque everywhere (a white background), so premultiplied equals straight alpha.
    let mut bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut bytes, u32::from(w), u32::from(h));
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header().map_err(|e| e.to_string())?;
        writer
            .write_image_data(pixmap.data_as_u8_slice())
            .map_err(|e| e.to_string())?;
    }
    Ok(bytes)
}
