//! The printable sheet of a set of exercises and its answer key, as HTML (the figures
//! as inline SVG; opens in any browser, prints a page per few exercises) and as LaTeX
//! (the figures as TikZ pictures; compiles with pdflatex and the standard `tikz`
//! package). The key gives, per exercise, the root's value and best move, every visit in
//! order with its window and value, the cutoffs with the moves they leave unsearched,
//! the leaves never evaluated, and the search drawn as the tree view draws it.

use std::fmt::Write as _;

use super::{Exercise, search};
use crate::engine::rowspec::BenchRow;
use crate::engine::{AnyPosition, GameKind};
use crate::game::describe::TreeNode;
use crate::tree::SearchTree;

/// What the student is asked to do, for `row`.
#[must_use]
pub fn instructions(row: &BenchRow) -> String {
    use crate::search::registry::ChanceNodes;
    let info = row.algorithm.info();
    let window = if info.takes_window {
        " and the window (α, β) it is searched with, cross out every edge the search never \
         follows,"
    } else {
        ","
    };
    let mut text = format!(
        "Search each tree with {} to its leaves. Write each node's value{window} and \
         number the leaves in the order they are evaluated. MAX nodes point up, MIN nodes \
         down; the letters on the edges name the moves (node \"b a\" is the first child of \
         the root's second child).",
        row.label
    );
    if info.chance == ChanceNodes::Averages {
        text.push_str(
            " A circle is a chance node: its value is the mean of its outcomes' values, \
             each weighted by the probability on its edge; at its outcomes the other side \
             moves.",
        );
    }
    if info.chance == ChanceNodes::Averages && info.takes_window {
        text.push_str(
            " An outcome not yet searched is taken to lie between L and U, the lowest and \
             highest leaf values below its chance node.",
        );
    }
    text
}

/// How the key's values and windows read, for `row`: MAX's view, or the side to move's.
#[must_use]
pub fn key_note(row: &BenchRow) -> String {
    use crate::search::registry::Form;
    match row.algorithm.info().form {
        Form::TwoSided => "Values and windows are MAX's view of each node.".to_string(),
        Form::Negamax => format!(
            "{} searches in negamax form: each value and window is that of the side to move at \
             the node (a MIN node's value is minus its value for MAX; at a chance node, the side \
             that moves at its outcomes).",
            row.label
        ),
    }
}

/// The answers of one exercise, computed by searching it.
pub struct Answers {
    /// The traced search.
    pub tree: SearchTree,
    /// Every visit: step, node, window, value, type, moves never searched below it.
    pub visits: Vec<[String; 6]>,
    /// Per cutoff: the node and the moves it leaves unsearched.
    pub cuts: Vec<(String, String)>,
    /// The leaves never evaluated, by their moves from the root.
    pub never: Vec<String>,
    /// The root's value.
    pub value: String,
    /// The best move at the root.
    pub best: String,
}

/// Every leaf's moves from the root, in preorder.
fn leaf_paths(nodes: &[TreeNode]) -> Vec<String> {
    let path = |mut i: usize| {
        let mut moves = Vec::new();
        while let Some(p) = nodes[i].parent {
            moves.push(nodes[i].label.clone());
            i = p;
        }
        moves.reverse();
        moves.join(" ")
    };
    (0..nodes.len())
        .filter(|&i| nodes[i].leaf)
        .map(path)
        .collect()
}

/// The answers of `ex` for `row`.
pub fn answers(ex: &Exercise, row: &BenchRow) -> Result<Answers, String> {
    let tree = search(&ex.tree, row)?;
    // A search of several passes over the root (MTD(f), iterative deepening) names
    // each pass at its root, so the visits of each pass can be told apart.
    let passes = tree.roots.len();
    let name = |i: usize| match tree.roots.iter().position(|&r| r == i) {
        Some(k) if passes > 1 => format!("the root, pass {} of {passes}", k + 1),
        _ => tree.node_name(i),
    };
    let visits = tree
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            [
                (i + 1).to_string(),
                name(i),
                tree.window_of(i),
                n.value.map_or_else(|| "?".into(), |v| tree.vtext(v)),
                n.node_type().label().to_string(),
                n.pruned.join(", "),
            ]
        })
        .collect();
    let cuts = tree
        .nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| !n.pruned.is_empty())
        .map(|(i, n)| (name(i), n.pruned.join(", ")))
        .collect();
    let evaluated: std::collections::HashSet<String> = tree
        .nodes
        .iter()
        .filter(|n| n.leaf)
        .map(|n| n.path.join(" "))
        .collect();
    let never = leaf_paths(&tree.root.as_dyn().tree_nodes())
        .into_iter()
        .filter(|p| !evaluated.contains(p))
        .collect();
    let value = tree
        .roots
        .last()
        .and_then(|&r| tree.nodes[r].value)
        .map_or_else(|| "?".into(), |v| tree.vtext(v));
    let best = tree.record.best_move.clone().unwrap_or_else(|| "-".into());
    Ok(Answers {
        tree,
        visits,
        cuts,
        never,
        value,
        best,
    })
}

fn html_escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The nodes of `ex`'s tree, for its question figure.
fn question_nodes(ex: &Exercise) -> Result<Vec<TreeNode>, String> {
    let pos = AnyPosition::parse(GameKind::CustomTree, &ex.tree).map_err(|e| e.to_string())?;
    Ok(pos.as_dyn().tree_nodes())
}

const HTML_HEAD: &str = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<style>body{font-family:sans-serif;max-width:56em;margin:2em auto;padding:0 1em}\
section{break-inside:avoid;margin:1.5em 0}h2 small{color:#666;font-weight:normal;font-family:monospace}\
code{font-size:90%}table{border-collapse:collapse;font-size:90%}td,th{border:1px solid #bbb;padding:2px 6px}\
td:nth-child(4){text-align:right}svg{max-width:100%;height:auto}</style>";

/// The sheet as an HTML page: the instructions, then each exercise's id, figure and
/// tree text; `footer` (the manifest) at the end.
pub fn sheet_html(exercises: &[Exercise], row: &BenchRow, footer: &str) -> Result<String, String> {
    let mut s = format!(
        "{HTML_HEAD}<title>Exercises: {}</title></head><body>\n<h1>Exercises: {}</h1>\n<p>{}</p>\n",
        html_escape(&row.label),
        html_escape(&row.label),
        html_escape(&instructions(row))
    );
    for (k, ex) in exercises.iter().enumerate() {
        let _ = write!(
            s,
            "<section><h2>Exercise {} <small>{}</small></h2>\n{}<p>Tree: <code>{}</code></p></section>\n",
            k + 1,
            ex.id,
            super::figure::svg(&question_nodes(ex)?),
            html_escape(&ex.tree)
        );
    }
    let _ = writeln!(
        s,
        "<footer><pre>{}</pre></footer></body></html>",
        html_escape(footer)
    );
    Ok(s)
}

/// The answer key as an HTML page: per exercise its value, best move, cutoffs, leaves
/// never evaluated, the search's figure and every visit.
pub fn key_html(exercises: &[Exercise], row: &BenchRow, footer: &str) -> Result<String, String> {
    let mut s = format!(
        "{HTML_HEAD}<title>Answer key: {}</title></head><body>\n<h1>Answer key: {}</h1>\n<p>{}</p>\n",
        html_escape(&row.label),
        html_escape(&row.label),
        html_escape(&key_note(row))
    );
    for (k, ex) in exercises.iter().enumerate() {
        let a = answers(ex, row)?;
        let figure = crate::tree::export::to_svg(&crate::tree::export::figure_of(&a.tree));
        let cuts: Vec<String> = a
            .cuts
            .iter()
            .map(|(n, m)| format!("at {}: {} never searched", html_escape(n), html_escape(m)))
            .collect();
        let _ = write!(
            s,
            "<section><h2>Exercise {} <small>{}</small></h2>\n<p><code>{}</code></p>\n\
             <p>Value of the root: <b>{}</b>; best move: <b>{}</b>.</p>\n\
             <p>Cutoffs ({}): {}.</p>\n<p>Leaves never evaluated ({} of {}): {}.</p>\n{}",
            k + 1,
            ex.id,
            html_escape(&ex.tree),
            html_escape(&a.value),
            html_escape(&a.best),
            a.cuts.len(),
            if cuts.is_empty() {
                "none".into()
            } else {
                cuts.join("; ")
            },
            a.never.len(),
            ex.measure.leaves,
            if a.never.is_empty() {
                "none".into()
            } else {
                a.never.join(", ")
            },
            figure
        );
        s.push_str("<table><tr><th>step</th><th>node</th><th>window (α, β)</th><th>value</th><th>type</th><th>never searched below</th></tr>\n");
        for v in &a.visits {
            s.push_str("<tr>");
            for cell in v {
                let _ = write!(s, "<td>{}</td>", html_escape(cell));
            }
            s.push_str("</tr>\n");
        }
        s.push_str("</table></section>\n");
    }
    let _ = writeln!(
        s,
        "<footer><pre>{}</pre></footer></body></html>",
        html_escape(footer)
    );
    Ok(s)
}

/// `t` as LaTeX text: its special characters escaped, the symbols the key uses in math.
#[must_use]
pub fn latex_text(t: &str) -> String {
    let mut out = String::new();
    let mut open_quote = true;
    for c in t.chars() {
        match c {
            '"' => {
                out.push_str(if open_quote { "``" } else { "''" });
                open_quote = !open_quote;
            }
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '\\' => out.push_str("\\textbackslash{}"),
            '∞' => out.push_str("$\\infty$"),
            'α' => out.push_str("$\\alpha$"),
            'β' => out.push_str("$\\beta$"),
            '≤' => out.push_str("$\\le$"),
            '≥' => out.push_str("$\\ge$"),
            '≠' => out.push_str("$\\ne$"),
            '·' => out.push_str("$\\cdot$"),
            '→' => out.push_str("$\\to$"),
            '−' => out.push('-'),
            '–' => out.push_str("--"),
            '—' => out.push_str("---"),
            '…' => out.push_str("\\dots{}"),
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

const LATEX_HEAD: &str = "\\documentclass[a4paper,11pt]{article}\n\
\\usepackage[utf8]{inputenc}\n\\usepackage[margin=2cm]{geometry}\n\\usepackage{tikz}\n\
\\setlength{\\parindent}{0pt}\n\\setlength{\\parskip}{0.6em}\n";

/// `footer` as LaTeX comment lines.
fn latex_comment(footer: &str) -> String {
    footer.lines().map(|l| format!("% {l}\n")).collect()
}

/// The sheet as a LaTeX document (pdflatex with `tikz`).
pub fn sheet_latex(exercises: &[Exercise], row: &BenchRow, footer: &str) -> Result<String, String> {
    let mut s = latex_comment(footer);
    s.push_str(LATEX_HEAD);
    let _ = write!(
        s,
        "\\begin{{document}}\n\\section*{{Exercises: {}}}\n{}\n\n",
        latex_text(&row.label),
        latex_text(&instructions(row))
    );
    for (k, ex) in exercises.iter().enumerate() {
        let _ = write!(
            s,
            "\\subsection*{{Exercise {} \\texttt{{\\normalsize {}}}}}\n\\begin{{center}}\n{}\\end{{center}}\nTree: \\texttt{{{}}}\n\n",
            k + 1,
            ex.id,
            super::figure::tikz(&question_nodes(ex)?),
            latex_text(&ex.tree)
        );
    }
    s.push_str("\\end{document}\n");
    Ok(s)
}

/// The answer key as a LaTeX document: per exercise the answers and every visit in a
/// table (the search's figure is in the HTML key and `treelab trace --tikz`).
pub fn key_latex(exercises: &[Exercise], row: &BenchRow, footer: &str) -> Result<String, String> {
    let mut s = latex_comment(footer);
    s.push_str(LATEX_HEAD);
    let _ = write!(
        s,
        "\\begin{{document}}\n\\section*{{Answer key: {}}}\n{}\n\n",
        latex_text(&row.label),
        latex_text(&key_note(row))
    );
    for (k, ex) in exercises.iter().enumerate() {
        let a = answers(ex, row)?;
        let cuts: Vec<String> = a
            .cuts
            .iter()
            .map(|(n, m)| format!("at {n}: {m} never searched"))
            .collect();
        let _ = write!(
            s,
            "\\subsection*{{Exercise {} \\texttt{{\\normalsize {}}}}}\n\\texttt{{{}}}\n\n\
             Value of the root: \\textbf{{{}}}; best move: \\textbf{{{}}}.\n\n\
             Cutoffs ({}): {}.\n\nLeaves never evaluated ({} of {}): {}.\n\n",
            k + 1,
            ex.id,
            latex_text(&ex.tree),
            latex_text(&a.value),
            latex_text(&a.best),
            a.cuts.len(),
            latex_text(&if cuts.is_empty() {
                "none".into()
            } else {
                cuts.join("; ")
            }),
            a.never.len(),
            ex.measure.leaves,
            latex_text(&if a.never.is_empty() {
                "none".into()
            } else {
                a.never.join(", ")
            }),
        );
        s.push_str("{\\small\\begin{tabular}{rllrll}\nstep & node & window ($\\alpha$, $\\beta$) & value & type & never searched below\\\\\\hline\n");
        for v in &a.visits {
            let cells: Vec<String> = v.iter().map(|c| latex_text(c)).collect();
            let _ = writeln!(s, "{}\\\\", cells.join(" & "));
        }
        s.push_str("\\end{tabular}}\n\n");
    }
    s.push_str("\\end{document}\n");
    Ok(s)
}
