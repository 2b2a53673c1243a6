//! The results views, one per tab of the results area (table, article layout, charts,
//! tree, match): each is a type that owns its view state and draws itself from the
//! panel's reads ([`crate::app::frame::panel::Panel`]), pushing commands for the rest.
//!
//! A new view is its file with a type implementing
//! [`ResultsView`](crate::app::frame::results_view::ResultsView), its
//! `ResultsTab` variant (in `session/mod.rs`, so the open tab is saved) with its line in
//! `ResultsTab::ALL`, its label (`tab_label`) and its field and arm in [`Views`].

use super::articles::ArticlesView;
use super::charts::ChartsView;
use super::table::TableView;
use crate::app::frame::results_view::ResultsView;
use crate::app::matches::MatchView;
use crate::app::tree_view::tree_state::TreeViewState;
use crate::session::ResultsTab;

/// Every results view, with its state.
#[derive(Default)]
pub struct Views {
    /// The sortable table.
    pub table: TableView,
    /// The articles' layout.
    pub articles: ArticlesView,
    /// The charts.
    pub charts: ChartsView,
    /// The tree view.
    pub tree: TreeViewState,
    /// Whole games between two rows.
    pub matches: MatchView,
}

impl Views {
    /// The view of `tab`.
    pub fn get(&mut self, tab: ResultsTab) -> &mut dyn ResultsView {
        match tab {
            ResultsTab::Table => &mut self.table,
            ResultsTab::Articles => &mut self.articles,
            ResultsTab::Charts => &mut self.charts,
            ResultsTab::Tree => &mut self.tree,
            ResultsTab::Match => &mut self.matches,
        }
    }
}
