//! Undo and redo of every edit a person makes to the position and to the comparison's
//! rows (add, remove, copy, move, algorithm, depths, evaluator, options, on or off):
//! one history for both, so Ctrl+Z takes back the last edit whatever it was, and a
//! removed row comes back with its results. The edits of one drag (a number dragged
//! across many values, a frame each) are one step.

use crate::engine::AnyPosition;
use crate::session::{ComparisonRow, ResultEntry, Session};

/// The most edits kept to undo (the oldest go first).
const MAX_EDITS: usize = 200;

/// The rows as they were before an edit, with what follows them: their results, the
/// baseline, the tree view's rows and the row whose options were shown.
#[derive(Clone, Debug, PartialEq)]
pub struct RowsState {
    rows: Vec<ComparisonRow>,
    results: Vec<ResultEntry>,
    baseline_row: Option<usize>,
    tree_row: usize,
    tree_row_beside: Option<usize>,
    selected_row: Option<usize>,
}

impl RowsState {
    /// The rows of `session` now, with `selected_row`.
    #[must_use]
    pub fn of(session: &Session, selected_row: Option<usize>) -> RowsState {
        RowsState {
            rows: session.rows.clone(),
            results: session.results.clone(),
            baseline_row: session.view.baseline_row,
            tree_row: session.view.tree_row,
            tree_row_beside: session.view.tree_row_beside,
            selected_row,
        }
    }

    /// Puts these rows back into `session`; returns the row whose options to show.
    pub fn restore(self, session: &mut Session) -> Option<usize> {
        session.rows = self.rows;
        session.results = self.results;
        session.view.baseline_row = self.baseline_row;
        session.view.tree_row = self.tree_row;
        session.view.tree_row_beside = self.tree_row_beside;
        self.selected_row
    }
}

/// One edit's "before".
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// The position before a move or an edit of the board.
    Position(AnyPosition),
    /// The rows before an edit of them.
    Rows(Box<RowsState>),
}

impl Edit {
    /// What the menu calls the edit.
    #[must_use]
    pub fn noun(&self) -> &'static str {
        match self {
            Edit::Position(_) => "move",
            Edit::Rows(_) => "row edit",
        }
    }
}

/// The edits to undo and to redo.
#[derive(Debug, Default)]
pub struct History {
    undo: Vec<Edit>,
    redo: Vec<Edit>,
    /// When the pointer press under way now began (None: no button is down): every
    /// edit made while one press lasts is a drag of one widget.
    press: Option<f64>,
    /// The press the last kept edit was made in, if any.
    kept_in: Option<f64>,
}

impl History {
    /// Says when the pointer press under way began (None when no button is down), for
    /// the edits that follow: the edits of one press are one step.
    pub fn set_press(&mut self, press: Option<f64>) {
        self.press = press;
    }

    /// Keeps `before` as the state the last edit changed (forgetting what was undone),
    /// unless the edit goes on a drag whose first step is kept already: then the state
    /// before the drag stays the one to go back to.
    pub fn record(&mut self, before: Edit) {
        self.redo.clear();
        if self.press.is_some() && self.press == self.kept_in && !self.undo.is_empty() {
            return;
        }
        if self.undo.len() >= MAX_EDITS {
            self.undo.remove(0);
        }
        self.undo.push(before);
        self.kept_in = self.press;
    }

    /// Takes back the last kept edit of `record` when it changed nothing (its state
    /// equals `now`); says whether it did.
    pub fn drop_if_unchanged(&mut self, now: &Edit) -> bool {
        let unchanged = self.undo.last() == Some(now);
        if unchanged {
            self.undo.pop();
            self.kept_in = None;
        }
        unchanged
    }

    /// The edit to undo (`back`) or redo, taken off its stack.
    pub fn take(&mut self, back: bool) -> Option<Edit> {
        self.kept_in = None;
        if back {
            self.undo.pop()
        } else {
            self.redo.pop()
        }
    }

    /// Keeps `state` (the state before an undo or a redo) on the other stack.
    pub fn keep_other(&mut self, back: bool, state: Edit) {
        if back {
            self.redo.push(state);
        } else {
            self.undo.push(state);
        }
    }

    /// The next edit to undo (`back`) or redo, if any.
    #[must_use]
    pub fn next(&self, back: bool) -> Option<&Edit> {
        if back {
            self.undo.last()
        } else {
            self.redo.last()
        }
    }

    /// Forgets every edit (another session was opened).
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
        self.kept_in = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameKind;

    fn at(text: &str) -> Edit {
        Edit::Position(AnyPosition::parse(GameKind::TicTacToe, text).expect("a position"))
    }

    #[test]
    fn the_edits_of_one_drag_are_one_step_and_clicks_are_each_one() {
        let mut h = History::default();
        // A drag: three edits while one press lasts keep only the state before it.
        h.set_press(Some(1.0));
        for s in ["x........", "xo.......", "xox......"] {
            h.record(at(s));
        }
        assert_eq!(h.next(true), Some(&at("x........")));
        assert!(h.take(true).is_some());
        assert!(h.take(true).is_none(), "one step");
        // Clicks (no button down when they apply) are a step each.
        h.set_press(None);
        h.record(at("x........"));
        h.record(at("xo......."));
        assert_eq!(h.take(true), Some(at("xo.......")));
        assert_eq!(h.take(true), Some(at("x........")));
        // A second drag is a step of its own.
        h.set_press(Some(1.0));
        h.record(at("x........"));
        h.set_press(Some(2.0));
        h.record(at("xo......."));
        assert!(h.take(true).is_some() && h.take(true).is_some());
    }
}
