//! What every results view is: a type owning its view state that draws itself from a
//! panel's reads ([`Panel`]). The results area (`results/mod.rs`) calls the open tab's
//! view through it; no view names the results area or another view. It stands in the
//! frame because the views live in several rooms (`results/`, `tree_view/`,
//! `matches.rs`) and each stands on it.

use super::panel::Panel;

/// A view of the results.
pub trait ResultsView {
    /// Draws the view.
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Panel<'_>);

    /// Whether it shows the comparison's results (then the results toolbar's filters
    /// apply, and an empty comparison shows a hint instead); the tree view searches
    /// on its own.
    fn shows_results(&self) -> bool {
        true
    }
}
