//! The tree view's own state (not saved): the trees drawn, their canvas, the step
//! shown, the quiz under way and an MCTS row's tree. The tree view and its controls
//! read and change it; it names none of them.

use crate::platform::clock::Instant;

use super::mcts_view::MctsView;
use super::quiz_view::QuizState;
use super::tree_canvas::Canvas;
use crate::tree::draw::QuizShow;
use crate::tree::{SearchTree, VisitDiff};

/// What a tree was asked for: its row, the row beside it and the depth.
pub type TreeChoice = (usize, Option<usize>, u32);

/// One drawn tree.
pub struct TreePane {
    /// The tree.
    pub tree: SearchTree,
    /// How each visit stands beside the other tree (all the same without one).
    pub marks: Vec<VisitDiff>,
    /// For each node, the last step inside its subtree (its value is known after it).
    pub done_at: Vec<usize>,
}

/// The tree view's state (its row and depth choices are in the session's view).
pub struct TreeViewState {
    /// The trees.
    pub panes: Vec<TreePane>,
    /// Their drawing: shape, layout, zoom and scroll.
    pub canvas: Canvas,
    /// The last refusal or error, and the rows and depth it was about.
    pub message: Option<(String, TreeChoice)>,
    /// The step shown (visits of the left tree up to this one are drawn).
    pub step: usize,
    /// Playing the steps.
    pub playing: bool,
    /// Steps per second when playing.
    pub speed: f32,
    /// When the last step was taken while playing.
    pub last_tick: Option<Instant>,
    /// The node of the left tree last clicked.
    pub selected: Option<usize>,
    /// A click on a visit waiting to show it on the board (pane, visit, when): it is
    /// carried out once no second click has made it a double click (which folds the
    /// subtree and leaves the board alone).
    pub pending_show: Option<(usize, usize, f64)>,
    /// The quiz under way (quiz mode, once the tree is built).
    pub quiz: Option<QuizState>,
    /// The left tree as the quiz shows it now (the visits so far).
    pub so_far: Option<SearchTree>,
    /// What the trees were built with: the rows' labels and the depth.
    pub built_with: Option<(Vec<String>, u32)>,
    /// The position of a visit last shown on the board by a click (the board then
    /// shows a node of the tree, not another position).
    pub shown: Option<crate::engine::AnyPosition>,
    /// Save tree as… writes both trees side by side (when there are two).
    pub save_both: bool,
    /// The tree of an MCTS row (drawn instead of the panes), stepped by iteration.
    pub mcts: Option<MctsView>,
}

impl Default for TreeViewState {
    fn default() -> Self {
        TreeViewState {
            panes: Vec::new(),
            canvas: Canvas::default(),
            message: None,
            step: 0,
            playing: false,
            speed: 8.0,
            last_tick: None,
            selected: None,
            pending_show: None,
            quiz: None,
            so_far: None,
            built_with: None,
            shown: None,
            save_both: true,
            mcts: None,
        }
    }
}

impl TreeViewState {
    /// What the quiz lets the learner see now (None: no quiz).
    #[must_use]
    pub fn quiz_show(&self) -> Option<QuizShow> {
        let q = &self.quiz.as_ref()?.quiz;
        let len = self.panes.first().map_or(0, |p| p.tree.nodes.len());
        Some(QuizShow {
            asked: q.visit,
            answered: q.answered(),
            over: q.answered() && q.visit + 1 >= len,
        })
    }
}
