//! A search tree as a figure for slides and papers: SVG, TikZ (plain TikZ, one
//! `tikzpicture`) and PNG, all written from the same [`Drawing`] the app paints, so the
//! colours, shapes and labels are the screen's. The PNG is rasterized here (no
//! screenshot): the whole tree at any size, see [`super::png`].

use std::collections::HashSet;
use std::fmt::Write as _;

use super::SearchTree;
use super::draw::{
    Anchor, Dash, DrawOptions, Drawing, Prim, Rgb, Spacing, done_at, draw, estimated_width,
};
use super::layout::{Joint, Layout, place};

/// A whole drawing with its bounds and title, ready to write.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// The shapes.
    pub drawing: Drawing,
    /// `[x0, y0, x1, y1]` in scene units, the title included.
    pub bounds: [f32; 4],
    /// The title line (algorithm, depth, visits).
    pub title: String,
}

/// Above this many slots the textbook drawing of an export turns compact.
const WIDE: f32 = 40.0;

/// The figure of tree number `k` of the joint shape `j` laid out as `l` with `s`.
#[must_use]
pub fn figure(tree: &SearchTree, j: &Joint, k: usize, l: &Layout, s: &Spacing) -> Figure {
    let done = done_at(tree);
    let folded = HashSet::new();
    let o = DrawOptions {
        step: usize::MAX,
        only_here: None,
        current: None,
        folded: &folded,
        clip: None,
        done_at: &done,
        labels: true,
    };
    let drawing = draw(tree, j, k, l, s, &o);
    let mut bounds = s.bounds(l);
    bounds[1] -= 26.0;
    Figure {
        drawing,
        bounds,
        title: format!(
            "{} depth {} — {} visits",
            crate::vocab::rowspec::row_spec(tree.request.algorithm, &tree.request.options),
            tree.request.depth,
            tree.nodes.len()
        ),
    }
}

/// The figure of one tree on its own: the textbook drawing, or the compact one when
/// the textbook one would be more than about 40 labels wide.
#[must_use]
pub fn figure_of(tree: &SearchTree) -> Figure {
    let j = Joint::of(&[tree]);
    let folded = HashSet::new();
    let widest = estimated_width(&[tree]);
    let mut l = place(&j, &folded, false);
    let mut s = Spacing::readable(widest, false);
    if l.slots > WIDE {
        l = place(&j, &folded, true);
        s = Spacing::readable(widest, true);
    }
    figure(tree, &j, 0, &l, &s)
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The text colour of labels without their own.
const INK: Rgb = Rgb(34, 34, 34);

/// The figure as a standalone SVG file.
#[must_use]
pub fn to_svg(f: &Figure) -> String {
    let [x0, y0, x1, y1] = f.bounds;
    let (w, h) = (x1 - x0, y1 - y0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="{x0:.1} {y0:.1} {w:.1} {h:.1}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        out,
        r#"<rect fill="white" x="{x0:.1}" y="{y0:.1}" width="{w:.1}" height="{h:.1}"/>"#
    );
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" font-size="13">{}</text>"#,
        x0 + 6.0,
        y0 + 16.0,
        xml(&f.title)
    );
    for p in &f.drawing.prims {
        match p {
            Prim::Line {
                a,
                b,
                width,
                color,
                dash,
            } => {
                let dash = match dash {
                    Dash::Solid => "",
                    Dash::Dashed => r#" stroke-dasharray="6 4""#,
                    Dash::Dotted => r#" stroke-dasharray="1.5 3""#,
                };
                let _ = writeln!(
                    out,
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="{width}"{dash}/>"#,
                    a[0],
                    a[1],
                    b[0],
                    b[1],
                    color.hex()
                );
            }
            Prim::Disc { c, r, color } => {
                let _ = writeln!(
                    out,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="{r}" fill="{}"/>"#,
                    c[0],
                    c[1],
                    color.hex()
                );
            }
            Prim::Square { c, half, color } => {
                let _ = writeln!(
                    out,
                    r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{}"/>"#,
                    c[0] - half,
                    c[1] - half,
                    2.0 * half,
                    2.0 * half,
                    color.hex()
                );
            }
            Prim::Ring { c, r, width, color } => {
                let _ = writeln!(
                    out,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="{r}" fill="none" stroke="{}" stroke-width="{width}"/>"#,
                    c[0],
                    c[1],
                    color.hex()
                );
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
                let anchor = match anchor {
                    Anchor::Centre => "middle",
                    Anchor::Left => "start",
                };
                let family = if *mono {
                    r#" font-family="monospace""#
                } else {
                    ""
                };
                let _ = writeln!(
                    out,
                    r#"<text x="{:.1}" y="{:.1}" font-size="{size}" fill="{}" text-anchor="{anchor}" dominant-baseline="central"{family}>{}</text>"#,
                    at[0],
                    at[1],
                    color.unwrap_or(INK).hex(),
                    xml(text)
                );
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// A label as LaTeX text: infinities, minus signs and scissors as math, specials escaped.
fn latex(s: &str) -> String {
    let mut out = String::new();
    for ch in s.chars() {
        match ch {
            '∞' => out.push_str("$\\infty$"),
            '−' => out.push_str("$-$"),
            '…' => out.push_str("\\ldots{}"),
            '×' => out.push_str("$\\times$"),
            '#' | '$' | '%' | '&' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(ch);
            }
            '\\' => out.push_str("\\textbackslash{}"),
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            c => out.push(c),
        }
    }
    out
}

/// A colour's name in the TikZ picture: `tla`, `tlb`, ... (letters only, as xcolor
/// names are safest).
fn color_name(mut i: usize) -> String {
    let mut name = String::from("tl");
    loop {
        name.push((b'a' + (i % 26) as u8) as char);
        i /= 26;
        if i == 0 {
            return name;
        }
    }
}

/// The figure as a TikZ picture (`\usepackage{tikz}`; the colours are defined inside
/// it). One scene unit is one TeX point, so the figure has the screen's proportions;
/// scale it with `\resizebox` or the `scale` option.
#[must_use]
pub fn to_tikz(f: &Figure) -> String {
    let mut colors: Vec<Rgb> = Vec::new();
    let name = |c: Rgb, colors: &mut Vec<Rgb>| -> String {
        let i = colors.iter().position(|&x| x == c).unwrap_or_else(|| {
            colors.push(c);
            colors.len() - 1
        });
        color_name(i)
    };
    let mut body = String::new();
    let [x0, y0, _, _] = f.bounds;
    let _ = writeln!(
        body,
        "  \\node[anchor=west, font=\\small] at ({:.1},{:.1}) {{{}}};",
        x0 + 6.0,
        y0 + 14.0,
        latex(&f.title)
    );
    for p in &f.drawing.prims {
        match p {
            Prim::Line {
                a,
                b,
                width,
                color,
                dash,
            } => {
                let style = match dash {
                    Dash::Solid => "",
                    Dash::Dashed => ", dash pattern=on 6pt off 4pt",
                    Dash::Dotted => ", dash pattern=on 1.5pt off 3pt",
                };
                let c = name(*color, &mut colors);
                let _ = writeln!(
                    body,
                    "  \\draw[{c}, line width={width}pt{style}] ({:.1},{:.1}) -- ({:.1},{:.1});",
                    a[0], a[1], b[0], b[1]
                );
            }
            Prim::Disc { c, r, color } => {
                let k = name(*color, &mut colors);
                let _ = writeln!(
                    body,
                    "  \\fill[{k}] ({:.1},{:.1}) circle ({r}pt);",
                    c[0], c[1]
                );
            }
            Prim::Square { c, half, color } => {
                let k = name(*color, &mut colors);
                let _ = writeln!(
                    body,
                    "  \\fill[{k}] ({:.1},{:.1}) rectangle ({:.1},{:.1});",
                    c[0] - half,
                    c[1] - half,
                    c[0] + half,
                    c[1] + half
                );
            }
            Prim::Ring { c, r, width, color } => {
                let k = name(*color, &mut colors);
                let _ = writeln!(
                    body,
                    "  \\draw[{k}, line width={width}pt] ({:.1},{:.1}) circle ({r}pt);",
                    c[0], c[1]
                );
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
                let k = name(color.unwrap_or(INK), &mut colors);
                let anchor = match anchor {
                    Anchor::Centre => "center",
                    Anchor::Left => "west",
                };
                let family = if *mono { "\\ttfamily" } else { "" };
                let _ = writeln!(
                    body,
                    "  \\node[{k}, anchor={anchor}, inner sep=0pt, font=\\fontsize{{{size}}}{{{:.0}}}\\selectfont{family}] at ({:.1},{:.1}) {{{}}};",
                    size * 1.2,
                    at[0],
                    at[1],
                    latex(text)
                );
            }
        }
    }
    let mut out = String::new();
    out.push_str("% treelab search tree; needs \\usepackage{tikz}\n");
    out.push_str("\\begin{tikzpicture}[x=1pt, y=-1pt]\n");
    for (i, c) in colors.iter().enumerate() {
        let _ = writeln!(
            out,
            "  \\definecolor{{{}}}{{RGB}}{{{},{},{}}}",
            color_name(i),
            c.0,
            c.1,
            c.2
        );
    }
    out.push_str(&body);
    out.push_str("\\end{tikzpicture}\n");
    out
}

/// The file formats a tree figure is saved in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeFormat {
    /// A vector drawing for the web and slides.
    Svg,
    /// A TikZ picture for LaTeX papers and beamer slides.
    Tikz,
    /// A picture (2 pixels per point).
    Png,
}

impl TreeFormat {
    /// Every format, in menu order.
    pub const ALL: [TreeFormat; 3] = [TreeFormat::Svg, TreeFormat::Tikz, TreeFormat::Png];

    /// The file extension.
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            TreeFormat::Svg => "svg",
            TreeFormat::Tikz => "tex",
            TreeFormat::Png => "png",
        }
    }

    /// The menu label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            TreeFormat::Svg => "SVG…",
            TreeFormat::Tikz => "TikZ (LaTeX)…",
            TreeFormat::Png => "PNG…",
        }
    }

    /// The format a file name's extension names (`.svg`, `.tex` or `.tikz`, `.png`).
    pub fn from_path(path: &std::path::Path) -> Result<TreeFormat, String> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .unwrap_or_default();
        match ext.as_str() {
            "svg" => Ok(TreeFormat::Svg),
            "tex" | "tikz" => Ok(TreeFormat::Tikz),
            "png" => Ok(TreeFormat::Png),
            _ => Err(format!(
                "'{}' names no tree format: end it in .svg, .tex (TikZ) or .png",
                path.display()
            )),
        }
    }
}
