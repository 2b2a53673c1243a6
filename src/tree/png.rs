//! A tree figure rasterized to PNG on the CPU: the whole tree at a chosen number of
//! pixels per scene unit, with the app's own fonts (the glyph outlines are filled like
//! any other shape), so the picture does not depend on the window or a screenshot.

use vello_cpu::color::{AlphaColor, Srgb};
use vello_cpu::kurbo::{self, Shape};
use vello_cpu::{Pixmap, RenderContext, Resources};

use super::draw::{Anchor, Dash, Prim, Rgb};
use super::fonts::Fonts;

/// The largest side of a PNG, in pixels (larger figures are scaled down to it).
pub const MAX_SIDE: f32 = 16_000.0;

fn paint(c: Rgb) -> AlphaColor<Srgb> {
    AlphaColor::from_rgba8(c.0, c.1, c.2, 255)
}

/// A figure's shapes (`bounds`: `[x0, y0, x1, y1]` in scene units) as PNG bytes,
/// `scale` pixels per scene unit (made smaller when the picture would be wider or taller
/// than [`MAX_SIDE`]).
pub fn to_png(prims: &[Prim], bounds: [f32; 4], scale: f32) -> Result<Vec<u8>, String> {
    let [x0, y0, x1, y1] = bounds;
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
    for prim in prims {
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
