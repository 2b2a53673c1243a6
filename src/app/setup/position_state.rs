//! The position panel's own state (not saved): the paste box, a board being edited,
//! and the tree board's selection. The board, the position tools and the tree editor
//! draw from it; it names none of them. It follows the model's position.

use std::sync::Arc;

use crate::app::frame::model::Model;
use crate::engine::{AnyPosition, GameKind};
use crate::game::Side;
use crate::game::describe::TreeNode;

/// The position panel: the board, the position tools and the text form, with its own
/// state (not saved).
#[derive(Clone, Debug, Default)]
pub struct PositionPanel {
    /// What the person typed or pasted into the apply box.
    pub paste_text: String,
    /// Why the last pasted text was refused.
    pub paste_error: Option<String>,
    /// A board being edited that no game reaches yet: its cells, row by row.
    pub draft: Option<Vec<Option<Side>>>,
    /// Why the edited board is not a position yet (or cannot be saved as text).
    pub edit_error: Option<String>,
    /// A tree board's selection (custom trees).
    pub tree: TreeEditorState,
    /// The model's position revision and game this state was last kept for.
    seen: Option<(u64, GameKind)>,
}

impl PositionPanel {
    /// Forgets the drafts when the position changes by other means.
    pub fn clear_drafts(&mut self) {
        self.draft = None;
        self.edit_error = None;
    }

    /// Follows `model`'s position: another one put on the board drops the drafts, and
    /// one of another game empties the paste box too (its text was of the old game).
    pub fn follow(&mut self, model: &Model) {
        let now = (model.position_revision(), model.session.position.kind());
        if let Some((revision, kind)) = self.seen
            && revision != now.0
        {
            self.clear_drafts();
            if kind != now.1 {
                self.paste_text.clear();
                self.paste_error = None;
            }
        }
        self.seen = Some(now);
    }
}

/// What the tree board keeps between frames (not saved).
#[derive(Clone, Debug, Default)]
pub struct TreeEditorState {
    /// The selected node, as the moves from the position (`""` for the position).
    pub selected: String,
    /// The probability typed for the selected outcome, and the node it was typed for.
    pub prob_text: (String, String),
    /// The position the cached nodes are of, its nodes and each node's moves.
    cache: Option<(AnyPosition, Listing)>,
}

/// A tree's nodes and each node's moves from the position, shared with the cache.
type Listing = Arc<(Vec<TreeNode>, Vec<String>)>;

impl TreeEditorState {
    /// The nodes of `pos` and each node's path, from the cache when it is the same
    /// position.
    pub fn nodes(&mut self, pos: &AnyPosition) -> Listing {
        if let Some((cached, listing)) = &self.cache
            && cached == pos
        {
            return Arc::clone(listing);
        }
        let nodes = pos.as_dyn().tree_nodes();
        let mut paths: Vec<String> = Vec::with_capacity(nodes.len());
        for n in &nodes {
            let path = match n.parent {
                Some(p) => format!("{}{}", paths[p], n.label),
                None => String::new(),
            };
            paths.push(path);
        }
        let listing = Arc::new((nodes, paths));
        self.cache = Some((pos.clone(), Arc::clone(&listing)));
        listing
    }
}
