//! Editing a comparison's rows: every change the app makes to them is a method here,
//! so results, the baseline and the options stay consistent whoever edits (the app's
//! commands, tests, scripts). Options an algorithm cannot take are reset when it
//! changes, and options that only mean something with another are dropped.

use super::model::Session;
use crate::search::option_decl::{Subject, all};
use crate::search::options::MAX_DEPTH;
use crate::search::registry::OwnOption;
use crate::search::{Algorithm, MtMemory, SearchOptions};

/// Whether an option that `set` changes from the defaults makes sense for `algorithm`;
/// the error is the reason in words (for the tooltip of a greyed-out control).
pub fn option_applies(
    algorithm: Algorithm,
    set: impl Fn(&mut SearchOptions),
) -> Result<(), String> {
    let mut o = SearchOptions::default();
    set(&mut o);
    o.check(algorithm, 2).map_err(|e| e.to_string())
}

/// Resets the options `algorithm` cannot take as they are set to their defaults (after
/// another algorithm is picked, or an edit), then drops the options whose needs are
/// gone ([`drop_orphans`]), so a row never carries a hidden, refused option. Each
/// option's rules are its declaration's ([`all`]).
pub fn sanitize(algorithm: Algorithm, o: &mut SearchOptions) {
    for _ in 0..all().count() {
        let run = o.resolved(algorithm);
        let subject = Subject {
            written: o,
            run: &run,
            algorithm,
        };
        let Some(refused) = all().find(|d| !d.is_default(o) && (d.check)(&subject).is_err()) else {
            break;
        };
        refused.reset(o);
    }
    drop_orphans(o);
}

/// Clears the options that only mean something with another one (aspiration without
/// iterative deepening, symmetry without a table, the blind oracle without the oracle):
/// each option whose declared needs are not met goes back to its default, until none is
/// left.
pub fn drop_orphans(o: &mut SearchOptions) {
    for _ in 0..all().count() {
        let Some(orphan) = all().find(|d| !d.is_default(o) && (d.needs)(o).is_err()) else {
            break;
        };
        orphan.reset(o);
    }
}

impl Session {
    /// Each row as menus name it: `row N: SPEC`.
    #[must_use]
    pub fn row_labels(&self) -> Vec<String> {
        self.rows
            .iter()
            .enumerate()
            .map(|(i, r)| format!("row {}: {}", i + 1, r.label()))
            .collect()
    }

    /// Adds a row (a copy of the last one, or a default row) and returns its index.
    pub fn add_row(&mut self) -> usize {
        let row = self.rows.last().cloned().unwrap_or_default();
        self.rows.push(row);
        self.rows.len() - 1
    }

    /// Removes row `i` and its results; later rows' results, the baseline and the tree
    /// view's rows follow (the baseline and the row beside are cleared, and the tree's
    /// row goes back to the first, when it was row `i`). Returns whether a row went.
    pub fn remove_row(&mut self, i: usize) -> bool {
        if i >= self.rows.len() {
            return false;
        }
        self.rows.remove(i);
        self.results.retain(|r| r.row != i);
        for r in &mut self.results {
            if r.row > i {
                r.row -= 1;
            }
        }
        let follow = |row: Option<usize>| match row {
            Some(b) if b == i => None,
            Some(b) if b > i => Some(b - 1),
            other => other,
        };
        self.view.baseline_row = follow(self.view.baseline_row);
        self.view.tree_row_beside = follow(self.view.tree_row_beside);
        self.view.tree_row = follow(Some(self.view.tree_row)).unwrap_or(0);
        true
    }

    /// Inserts a copy of row `i` after it (without results) and returns its index; the
    /// later rows' results, the baseline and the tree view's rows follow.
    pub fn duplicate_row(&mut self, i: usize) -> Option<usize> {
        let row = self.rows.get(i).cloned()?;
        self.rows.insert(i + 1, row);
        for r in &mut self.results {
            if r.row > i {
                r.row += 1;
            }
        }
        let view = &mut self.view;
        for b in [
            view.baseline_row.as_mut(),
            view.tree_row_beside.as_mut(),
            Some(&mut view.tree_row),
        ]
        .into_iter()
        .flatten()
        {
            if *b > i {
                *b += 1;
            }
        }
        Some(i + 1)
    }

    /// Swaps rows `a` and `b`, their results, the baseline and the tree view's rows
    /// following. Returns whether they swapped.
    pub fn swap_rows(&mut self, a: usize, b: usize) -> bool {
        let n = self.rows.len();
        if a >= n || b >= n || a == b {
            return false;
        }
        self.rows.swap(a, b);
        let swap = |x: usize| {
            if x == a {
                b
            } else if x == b {
                a
            } else {
                x
            }
        };
        for r in &mut self.results {
            r.row = swap(r.row);
        }
        self.view.baseline_row = self.view.baseline_row.map(swap);
        self.view.tree_row_beside = self.view.tree_row_beside.map(swap);
        self.view.tree_row = swap(self.view.tree_row);
        true
    }

    /// Whether row `i` takes part in the next run.
    pub fn set_row_enabled(&mut self, i: usize, enabled: bool) {
        if let Some(row) = self.rows.get_mut(i) {
            row.enabled = enabled;
        }
    }

    /// Row `i`'s algorithm; options it cannot take are reset. Returns the words of the
    /// options that were set and are now dropped (empty when none was).
    pub fn set_row_algorithm(&mut self, i: usize, algorithm: Algorithm) -> Vec<&'static str> {
        let Some(row) = self.rows.get_mut(i) else {
            return Vec::new();
        };
        let before = row.options.clone();
        row.algorithm = algorithm;
        sanitize(algorithm, &mut row.options);
        let mut reset: Vec<&'static str> = all()
            .filter(|d| !d.is_default(&before) && d.is_default(&row.options))
            .map(|d| d.label)
            .collect();
        // A network values the positions of the algorithms it guides: no evaluator.
        if algorithm.info().has(OwnOption::Network) && !row.evaluator.is_empty() {
            row.evaluator.clear();
            reset.push("Evaluator");
        }
        reset
    }

    /// Row `i`'s depths, `first` to `last` (a last before the first becomes the
    /// first; both kept within 1 ..= [`MAX_DEPTH`]).
    pub fn set_row_depths(&mut self, i: usize, first: u32, last: u32) {
        if let Some(row) = self.rows.get_mut(i) {
            row.depth_min = first.clamp(1, MAX_DEPTH);
            row.depth_max = last.clamp(1, MAX_DEPTH).max(row.depth_min);
        }
    }

    /// Row `i`'s evaluator by name (empty: the game's default).
    pub fn set_row_evaluator(&mut self, i: usize, evaluator: &str) {
        if let Some(row) = self.rows.get_mut(i) {
            row.evaluator = evaluator.trim().to_string();
        }
    }

    /// Reads a session written before format version 2, when a row named `mt-sss` ran
    /// with whatever table its options gave it: without a table it had no memory, with a
    /// table but without leaves an ordinary table. Such rows keep running what they ran
    /// (and their results keep matching them), now spelled `+no-memory` or
    /// `+ordinary-table`; MT-SSS* with leaves in its table was Plaat's and stays so.
    pub(super) fn upgrade_mt_sss_rows(&mut self) {
        for (i, row) in self.rows.iter_mut().enumerate() {
            // A migration of files written when only MT-SSS* existed with a memory.
            if row.algorithm != Algorithm::MtSss || row.options.mt_memory != MtMemory::Plaat {
                continue;
            }
            let old_label = row.label();
            row.options.mt_memory = if row.options.tt_mib == 0 {
                MtMemory::None
            } else if row.options.tt_leaves {
                continue;
            } else {
                MtMemory::Ordinary
            };
            let new_label = row.label();
            for r in &mut self.results {
                if r.row == i && r.label == old_label {
                    r.label.clone_from(&new_label);
                }
            }
        }
    }

    /// Row `i`'s options, with the ones that only mean something with another dropped.
    pub fn set_row_options(&mut self, i: usize, mut options: SearchOptions) {
        if let Some(row) = self.rows.get_mut(i) {
            sanitize(row.algorithm, &mut options);
            row.options = options;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{ComparisonRow, ResultEntry};

    fn session_with_results() -> Session {
        let mut s = Session {
            rows: vec![
                ComparisonRow::new(Algorithm::AlphaBeta),
                ComparisonRow::new(Algorithm::NegaScout),
                ComparisonRow::new(Algorithm::MtdF),
            ],
            results: (0..3)
                .map(|row| ResultEntry {
                    row,
                    depth: 2,
                    ..ResultEntry::default()
                })
                .collect(),
            ..Session::default()
        };
        s.view.baseline_row = Some(2);
        s
    }

    #[test]
    fn results_and_baseline_follow_their_rows() {
        let mut s = session_with_results();
        assert!(s.swap_rows(0, 2));
        assert_eq!(s.rows[0].algorithm, Algorithm::MtdF);
        assert_eq!(s.view.baseline_row, Some(0));
        let row_of = |s: &Session, a: Algorithm| {
            s.results
                .iter()
                .filter(|r| s.rows[r.row].algorithm == a)
                .count()
        };
        assert_eq!(row_of(&s, Algorithm::AlphaBeta), 1);
        assert_eq!(s.duplicate_row(0), Some(1));
        assert_eq!(s.rows.len(), 4);
        assert_eq!(s.view.baseline_row, Some(0));
        assert!(
            s.results.iter().all(|r| r.row != 1),
            "a copy has no results"
        );
        assert!(s.remove_row(0));
        assert_eq!(s.view.baseline_row, None, "the baseline row went");
        assert_eq!(s.results.len(), 2);
        assert!(s.results.iter().all(|r| r.row < s.rows.len()));
        assert!(!s.remove_row(9));
        assert!(!s.swap_rows(0, 9));
        assert_eq!(s.add_row(), s.rows.len() - 1);
    }

    #[test]
    fn the_tree_views_rows_follow_their_rows() {
        let mut s = session_with_results();
        s.view.tree_row = 1;
        s.view.tree_row_beside = Some(2);
        let algorithms = |s: &Session| {
            (
                s.rows[s.view.tree_row].algorithm,
                s.view.tree_row_beside.map(|b| s.rows[b].algorithm),
            )
        };
        let before = algorithms(&s);
        assert!(s.swap_rows(0, 1));
        assert_eq!(algorithms(&s), before);
        assert_eq!(s.duplicate_row(0), Some(1));
        assert_eq!(algorithms(&s), before);
        assert!(s.remove_row(0));
        assert_eq!(algorithms(&s), before);
        let beside = s.view.tree_row_beside;
        assert!(s.remove_row(beside.unwrap()));
        assert_eq!(s.view.tree_row_beside, None, "the row beside went");
        let tree = s.view.tree_row;
        assert!(s.remove_row(tree));
        assert_eq!(s.view.tree_row, 0, "the tree's row went: back to the first");
    }

    #[test]
    fn a_session_naming_missing_rows_opens_without_them() {
        let mut s = session_with_results();
        s.view.tree_row = 7;
        s.view.tree_row_beside = Some(3);
        s.view.baseline_row = Some(5);
        let opened = Session::from_ron(&s.to_ron().unwrap()).unwrap();
        assert_eq!(opened.view.tree_row, 0);
        assert_eq!(opened.view.tree_row_beside, None);
        assert_eq!(opened.view.baseline_row, None);
    }

    #[test]
    fn an_algorithm_change_resets_the_options_it_cannot_take() {
        let mut s = session_with_results();
        let mut o = SearchOptions {
            tt_mib: 4,
            tt_symmetry: true,
            skip_shallow_research: true,
            ..SearchOptions::default()
        };
        s.set_row_options(1, o.clone());
        assert!(s.rows[1].check().is_ok(), "{:?}", s.rows[1].check());
        s.set_row_algorithm(1, Algorithm::Minimax);
        assert_eq!(s.rows[1].options.tt_mib, 0);
        assert!(!s.rows[1].options.tt_symmetry);
        assert!(!s.rows[1].options.skip_shallow_research);
        assert!(s.rows[1].check().is_ok());
        // Orphans go whatever sets them: symmetry without a table.
        o.tt_mib = 0;
        s.set_row_options(2, o);
        assert!(!s.rows[2].options.tt_symmetry);
    }

    /// A version-1 file's MT-SSS* rows keep the search they ran: no table is no
    /// memory, a table without leaves an ordinary table, leaves Plaat's memory; their
    /// results keep matching their rows' labels. A version-2 `mt-sss` is Plaat's.
    #[test]
    fn old_mt_sss_rows_keep_the_search_they_ran() {
        let row = |spec: &str| {
            let r = crate::engine::rowspec::parse_row_spec(spec, &SearchOptions::default())
                .expect("parses");
            format!(
                "(algorithm: {}, options: (tt_mib: {}, tt_leaves: {}))",
                r.algorithm.name(),
                r.options.tt_mib,
                r.options.tt_leaves
            )
        };
        let text = |version: u32| {
            format!(
                "(version: {version}, game: r#random-tree, rows: [{}, {}, {}, {}], results: [(row: 0, label: \"mt-sss\"), (row: 1, label: \"mt-sss+tt=4\")])",
                row("mt-sss"),
                row("mt-sss+tt=4"),
                row("mt-sss+tt=4+tt-leaves"),
                row("negaalpha"),
            )
            .replace("algorithm: mt-sss", "algorithm: r#mt-sss")
        };
        let old = Session::from_ron(&text(1)).expect("a version-1 file reads");
        let labels: Vec<String> = old.rows.iter().map(|r| r.label()).collect();
        assert_eq!(
            labels,
            [
                "mt-sss+no-memory",
                "mt-sss+tt=4+ordinary-table",
                "mt-sss+tt=4+tt-leaves",
                "negaalpha"
            ]
        );
        for r in &old.results {
            assert_eq!(r.label, old.rows[r.row].label(), "the result still matches");
        }
        let new = Session::from_ron(&text(2)).expect("a version-2 file reads");
        assert_eq!(new.rows[0].label(), "mt-sss");
        assert_eq!(new.rows[0].options.mt_memory, MtMemory::Plaat);
    }

    #[test]
    fn depths_stay_in_order_and_in_range() {
        let mut s = session_with_results();
        s.set_row_depths(0, 5, 3);
        assert_eq!((s.rows[0].depth_min, s.rows[0].depth_max), (5, 5));
        s.set_row_depths(0, 0, 1000);
        assert_eq!((s.rows[0].depth_min, s.rows[0].depth_max), (1, MAX_DEPTH));
        s.set_row_evaluator(0, " discs ");
        assert_eq!(s.rows[0].evaluator, "discs");
    }
}
