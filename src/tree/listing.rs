//! A traced search's visits as text and CSV, as `treelab trace` prints them and the
//! Python package hands them over: one line per visit in the order it happened, with
//! its window, value, kind, type, the moves never searched below it and why it ended
//! as it did.

use crate::search::INF;
use crate::search::trace::VisitKind;
use crate::tree::{NodeType, SearchTree};

/// The CSV's header.
pub const CSV_HEADER: &str = "index,ply,path,kind,alpha,beta,value,type,pruned,explanation";

/// A window bound as the CSV writes it: a number in the game's units at `scale`,
/// `-inf` or `inf`.
fn bound_csv(v: i32, scale: u32) -> String {
    if v >= INF {
        "inf".into()
    } else if v <= -INF {
        "-inf".into()
    } else {
        crate::game::chance::scaled_text(i64::from(v), scale)
    }
}

/// The name the CSV and the text give a visit's kind.
pub fn kind_name(kind: VisitKind) -> &'static str {
    match kind {
        VisitKind::Normal => "normal",
        VisitKind::NullWindow => "null-window",
        VisitKind::Research => "re-search",
        VisitKind::Probe => "probe",
    }
}

/// The name the CSV gives a node's type (and the Python package a visit's `type`).
pub fn type_name(t: NodeType) -> &'static str {
    match t {
        NodeType::Pv => "pv",
        NodeType::Cut => "cut",
        NodeType::All => "all",
        NodeType::Leaf => "leaf",
        NodeType::TableCut => "table",
    }
}

/// Every visit as a CSV line (RFC 4180 quoting), with [`CSV_HEADER`].
#[must_use]
pub fn csv(tree: &SearchTree) -> String {
    let field = crate::output::csv::field;
    let mut out = format!("{CSV_HEADER}\n");
    for (i, n) in tree.nodes.iter().enumerate() {
        let cells = [
            i.to_string(),
            n.ply.to_string(),
            n.path.join(" "),
            kind_name(n.kind).to_string(),
            bound_csv(n.alpha, tree.scale()),
            bound_csv(n.beta, tree.scale()),
            n.value.map(|v| tree.vtext(v)).unwrap_or_default(),
            type_name(n.node_type()).to_string(),
            n.pruned.join(" "),
            tree.explain(i),
        ];
        let line: Vec<String> = cells.iter().map(|c| field(c)).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

/// Every visit as a line, indented by its ply, then the conventions of the form.
#[must_use]
pub fn text(tree: &SearchTree) -> String {
    let mut out = String::new();
    for (i, n) in tree.nodes.iter().enumerate() {
        let mv = n.mv.as_deref().unwrap_or("root");
        let kind = match n.kind {
            VisitKind::Normal => String::new(),
            k => format!(" [{}]", kind_name(k)),
        };
        let value = n.value.map_or_else(|| "?".to_string(), |v| tree.vtext(v));
        let prob = n
            .prob
            .as_ref()
            .map_or_else(String::new, |p| format!(" (p {})", p.text));
        let chance = if n.chance { "chance " } else { "" };
        out.push_str(&format!(
            "{i:>5} {}{mv}{prob}{kind} {} -> {value} {chance}{}: {}\n",
            "  ".repeat(n.ply as usize),
            tree.window_of(i),
            n.node_type().label(),
            tree.explain(i)
        ));
    }
    for line in tree.conventions() {
        out.push_str(&format!("# {line}\n"));
    }
    out
}
