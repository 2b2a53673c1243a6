//! Words and number formats that several views share: a count kind's and a results
//! tab's label, and large numbers written short.

use crate::engine::count::CountKind;
use crate::session::ResultsTab;

/// 1234567 as "1.23M".
#[must_use]
pub fn human(v: f64) -> String {
    let a = v.abs();
    if a >= 1e9 {
        format!("{:.2}G", v / 1e9)
    } else if a >= 1e6 {
        format!("{:.2}M", v / 1e6)
    } else if a >= 1e4 {
        format!("{:.1}k", v / 1e3)
    } else {
        format!("{v:.0}")
    }
}

/// The count kind's label for combo boxes.
#[must_use]
pub fn count_label(c: CountKind) -> &'static str {
    match c {
        CountKind::Nodes => "nodes",
        CountKind::Leaves => "leaves",
    }
}

/// The tab's label.
#[must_use]
pub fn tab_label(t: ResultsTab) -> &'static str {
    match t {
        ResultsTab::Table => "Table",
        ResultsTab::Articles => "Article layout",
        ResultsTab::Charts => "Charts",
        ResultsTab::Tree => "Tree",
        ResultsTab::Match => "Match",
    }
}
