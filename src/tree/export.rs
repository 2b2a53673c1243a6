//! A search tree as a figure for slides and papers: SVG, TikZ (plain TikZ, one
//! `tikzpicture`) and PNG, all written from the same [`Drawing`] the app paints, so the
//! colours, shapes and labels are the screen's. The PNG is rasterized here (no
//! screenshot): the whole tree at any size, see [`super::png`].

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;

use super::draw::{
    Anchor, Dash, DrawOptions, Drawing, Prim, Rgb, Spacing, WINDOW_SIZE, done_at, draw, stub_slots,
    widest_label,
};
use super::layout::{Joint, Layout, place_with};
use super::{SearchTree, diff};

/// A whole drawing with its bounds, titles and notes, ready to write.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// The shapes, the titles and notes among them.
    pub drawing: Drawing,
    /// `[x0, y0, x1, y1]` in scene units, the titles and notes included.
    pub bounds: [f32; 4],
}

/// How a figure is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FigureOptions {
    /// Values at a bound written `≤ v` (failed low) and `≥ v` (failed high), as
    /// textbooks write fail-hard bounds.
    pub bounds: bool,
}

/// Above this many slots the textbook drawing of an export turns compact.
const WIDE: f32 = 40.0;
/// Between two trees side by side, in scene units.
const GAP: f32 = 36.0;
/// A title's text size.
const TITLE_SIZE: f32 = 13.0;
/// The line height of the notes under the trees.
const NOTE_LINE: f32 = 15.0;

/// A tree's title: its row, depth and number of visits.
#[must_use]
pub fn title(tree: &SearchTree) -> String {
    format!(
        "{} depth {} — {} visits",
        crate::engine::rowspec::row_spec(tree.request.algorithm, &tree.request.options),
        tree.request.depth,
        tree.nodes.len()
    )
}

fn note(at: [f32; 2], text: String, size: f32, color: Option<Rgb>) -> Prim {
    Prim::Text {
        at,
        text,
        size,
        color,
        anchor: Anchor::Left,
        mono: false,
        node: None,
    }
}

/// The figure of `trees` (one, or two side by side, each on the same joint layout `joint`
/// laid out as `layout` with `spacing`): each tree under its title, the conventions of its values
/// under the drawing and, beside a second tree, the rings' meaning. Beside a second
/// tree, the visits only one tree makes are ringed and those both make in other ways
/// (a null-window test, a re-search) have a dashed ring, as on screen.
#[must_use]
pub fn figure_with(
    trees: &[&SearchTree],
    joint: &Joint,
    layout: &Layout,
    spacing: &Spacing,
    options: FigureOptions,
) -> Figure {
    let folded = HashSet::new();
    let [x0, y0, x1, y1] = spacing.bounds(layout);
    let width = x1 - x0;
    let marks: Vec<Vec<super::VisitDiff>> = match trees {
        [a, b] => vec![diff(a, b), diff(b, a)],
        _ => Vec::new(),
    };
    let mut drawing = Drawing::default();
    let mut right = x1;
    for (k, tree) in trees.iter().enumerate().take(2) {
        let done = done_at(tree);
        let draw_options = DrawOptions {
            step: usize::MAX,
            marks: marks.get(k).map(Vec::as_slice),
            current: None,
            folded: &folded,
            clip: None,
            done_at: &done,
            labels: true,
            bounds: options.bounds,
            quiz: None,
        };
        let mut part = draw(tree, joint, k, layout, spacing, &draw_options);
        let dx = k as f32 * (width + GAP);
        part.shift(dx);
        drawing.prims.push(note(
            [x0 + dx + 6.0, y0 - TITLE_SIZE],
            title(tree),
            TITLE_SIZE,
            None,
        ));
        drawing.prims.extend(part.prims);
        drawing.nodes.extend(part.nodes);
        right = right.max(x1 + dx);
    }
    // The notes: each tree's conventions, then the rings' meaning.
    let mut lines: Vec<String> = Vec::new();
    for tree in trees.iter().take(2) {
        let lead = if trees.len() > 1 {
            format!(
                "{}: ",
                crate::engine::rowspec::row_spec(tree.request.algorithm, &tree.request.options)
            )
        } else {
            String::new()
        };
        lines.push(format!("{lead}{}", tree.conventions().join("; ")));
    }
    if trees.len() > 1 {
        lines.push(
            "ring: a visit only this tree makes; dashed ring: both trees visit the node, one as a null-window test or a re-search".to_string(),
        );
    }
    let mut bottom = y1;
    for line in lines {
        let y = bottom + NOTE_LINE * 0.6;
        right = right.max(x0 + 6.0 + super::fonts::text_width(&line, WINDOW_SIZE, false) + 6.0);
        drawing.prims.push(note(
            [x0 + 6.0, y],
            line,
            WINDOW_SIZE,
            Some(Rgb(90, 90, 90)),
        ));
        bottom += NOTE_LINE;
    }
    Figure {
        drawing,
        bounds: [x0, y0 - 2.0 * TITLE_SIZE, right, bottom + 6.0],
    }
}

/// The figure of one or two trees on their own, side by side on their joint layout:
/// the textbook drawing, or the compact one when the textbook one would be more than
/// about 40 labels wide.
#[must_use]
pub fn figure_of_trees(trees: &[&SearchTree], options: FigureOptions) -> Figure {
    let trees = &trees[..trees.len().min(2)];
    let joint = Joint::of(trees);
    let folded = HashSet::new();
    let widest = widest_label(trees, options.bounds);
    let mut spacing = Spacing::readable(widest, false);
    let mut layout = place_with(&joint, &folded, false, stub_slots(trees, spacing.slot));
    if layout.slots > WIDE {
        spacing = Spacing::readable(widest, true);
        layout = place_with(&joint, &folded, true, 0.0);
    }
    figure_with(trees, &joint, &layout, &spacing, options)
}

/// The figure of one tree on its own ([`figure_of_trees`]).
#[must_use]
pub fn figure_of(tree: &SearchTree) -> Figure {
    figure_of_trees(&[tree], FigureOptions::default())
}

/// The figure in `format`: SVG or TikZ text, or PNG at two pixels per point.
pub fn encode(f: &Figure, format: TreeFormat) -> Result<Vec<u8>, String> {
    match format {
        TreeFormat::Svg => Ok(to_svg(f).into_bytes()),
        TreeFormat::Tikz => Ok(to_tikz(f).into_bytes()),
        TreeFormat::Png => super::png::to_png(&f.drawing.prims, f.bounds, 2.0),
    }
}

/// Writes one tree, or two side by side in one figure, to `path` in the format its
/// extension names (`.svg`, `.tex`/`.tikz`, `.png`), atomically: what Save tree as… and
/// the command line write.
pub fn save_trees(
    trees: &[&SearchTree],
    options: FigureOptions,
    path: &Path,
) -> Result<(), String> {
    if trees.is_empty() {
        return Err("no tree to save".into());
    }
    let format = TreeFormat::from_path(path)?;
    let bytes = encode(&figure_of_trees(trees, options), format)?;
    crate::platform::files::write_atomic(path, &bytes)
        .map_err(|e| format!("could not save {}: {e}", path.display()))
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
    for prim in &f.drawing.prims {
        write_svg_prim(&mut out, prim);
    }
    out.push_str("</svg>\n");
    out
}

/// An SVG `stroke-dasharray` attribute for `dash`, dashes as `dashed` (none when solid).
fn svg_dash(dash: Dash, dashed: &'static str) -> &'static str {
    match dash {
        Dash::Solid => "",
        Dash::Dashed => dashed,
        Dash::Dotted => r#" stroke-dasharray="1.5 3""#,
    }
}

/// Writes one shape as an SVG element, a line of `out`.
fn write_svg_prim(out: &mut String, prim: &Prim) {
    match prim {
        Prim::Line {
            a,
            b,
            width,
            color,
            dash,
        } => {
            let dash = svg_dash(*dash, r#" stroke-dasharray="6 4""#);
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
        Prim::Ring {
            c,
            r,
            width,
            color,
            dash,
        } => {
            let dash = svg_dash(*dash, r#" stroke-dasharray="3 2""#);
            let _ = writeln!(
                out,
                r#"<circle cx="{:.1}" cy="{:.1}" r="{r}" fill="none" stroke="{}" stroke-width="{width}"{dash}/>"#,
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

/// A label as LaTeX text in plain ASCII, which pdflatex reads without any package:
/// Greek letters, infinities, minus signs, bounds and arrows as math (one formula for
/// symbols side by side: `$-\infty$`), specials escaped, any other character beyond
/// ASCII as `?`.
fn latex(s: &str) -> String {
    let mut out = String::new();
    // Whether `out` ends with a formula this function closed (the next symbol joins it).
    let mut math_end = false;
    for ch in s.chars() {
        if let Some(symbol) = latex_math(ch) {
            if math_end {
                out.pop();
            } else {
                out.push('$');
            }
            out.push_str(symbol);
            out.push('$');
            math_end = true;
            continue;
        }
        math_end = false;
        match ch {
            '–' => out.push_str("--"),
            '—' => out.push_str("---"),
            '…' => out.push_str("\\ldots{}"),
            '#' | '$' | '%' | '&' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(ch);
            }
            '\\' => out.push_str("\\textbackslash{}"),
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

/// The math-mode form of a symbol the drawings use, if `ch` is one.
fn latex_math(ch: char) -> Option<&'static str> {
    Some(match ch {
        '∞' => "\\infty",
        '−' => "-",
        'α' => "\\alpha",
        'β' => "\\beta",
        '≤' => "\\le",
        '≥' => "\\ge",
        '≠' => "\\ne",
        '·' => "\\cdot",
        '√' => "\\surd",
        '→' => "\\to",
        '½' => "\\frac12",
        '×' => "\\times",
        _ => return None,
    })
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
    let mut colors = TikzColors::default();
    let mut body = String::new();
    for prim in &f.drawing.prims {
        write_tikz_prim(&mut body, prim, &mut colors);
    }
    let mut out = String::new();
    out.push_str("% treelab search tree; needs \\usepackage{tikz}\n");
    out.push_str("\\begin{tikzpicture}[x=1pt, y=-1pt]\n");
    colors.define(&mut out);
    out.push_str(&body);
    out.push_str("\\end{tikzpicture}\n");
    out
}

/// The colours a TikZ picture uses, in order of first use (the `i`th is named
/// [`color_name`]`(i)`).
#[derive(Default)]
struct TikzColors(Vec<Rgb>);

impl TikzColors {
    /// The name of colour `c`, added to the list on its first use.
    fn name(&mut self, c: Rgb) -> String {
        let i = self.0.iter().position(|&x| x == c).unwrap_or_else(|| {
            self.0.push(c);
            self.0.len() - 1
        });
        color_name(i)
    }

    /// Writes a `\definecolor` line for each colour to `out`.
    fn define(&self, out: &mut String) {
        for (i, c) in self.0.iter().enumerate() {
            let _ = writeln!(
                out,
                "  \\definecolor{{{}}}{{RGB}}{{{},{},{}}}",
                color_name(i),
                c.0,
                c.1,
                c.2
            );
        }
    }
}

/// A TikZ dash pattern option for `dash`, dashes as `dashed` (none when solid).
fn tikz_dash(dash: Dash, dashed: &'static str) -> &'static str {
    match dash {
        Dash::Solid => "",
        Dash::Dashed => dashed,
        Dash::Dotted => ", dash pattern=on 1.5pt off 3pt",
    }
}

/// Writes one shape as a TikZ command, a line of `body`, naming its colours in `colors`.
fn write_tikz_prim(body: &mut String, prim: &Prim, colors: &mut TikzColors) {
    match prim {
        Prim::Line {
            a,
            b,
            width,
            color,
            dash,
        } => {
            let style = tikz_dash(*dash, ", dash pattern=on 6pt off 4pt");
            let c = colors.name(*color);
            let _ = writeln!(
                body,
                "  \\draw[{c}, line width={width}pt{style}] ({:.1},{:.1}) -- ({:.1},{:.1});",
                a[0], a[1], b[0], b[1]
            );
        }
        Prim::Disc { c, r, color } => {
            let k = colors.name(*color);
            let _ = writeln!(
                body,
                "  \\fill[{k}] ({:.1},{:.1}) circle ({r}pt);",
                c[0], c[1]
            );
        }
        Prim::Square { c, half, color } => {
            let k = colors.name(*color);
            let _ = writeln!(
                body,
                "  \\fill[{k}] ({:.1},{:.1}) rectangle ({:.1},{:.1});",
                c[0] - half,
                c[1] - half,
                c[0] + half,
                c[1] + half
            );
        }
        Prim::Ring {
            c,
            r,
            width,
            color,
            dash,
        } => {
            let k = colors.name(*color);
            let style = tikz_dash(*dash, ", dash pattern=on 3pt off 2pt");
            let _ = writeln!(
                body,
                "  \\draw[{k}, line width={width}pt{style}] ({:.1},{:.1}) circle ({r}pt);",
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
            let k = colors.name(color.unwrap_or(INK));
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
