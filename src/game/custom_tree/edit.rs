//! Editing a hand-built tree: add a child, remove a subtree, set a value. Each edit
//! writes the position's subtree out, changes it and builds a new position with the
//! same side to move, so the limits are checked as for typed text. Nodes are named by
//! their index in preorder below the position (the position itself is 0), as
//! [`Describe::tree_nodes`](crate::game::describe::Describe::tree_nodes) lists them.

use super::{CustomTree, MAX_VALUE, Subtree};
use crate::game::FormatError;
use crate::game::describe::TreeEdit;

impl CustomTree {
    /// The position after `edit`.
    pub fn edited(&self, edit: TreeEdit) -> Result<CustomTree, FormatError> {
        match edit {
            TreeEdit::AddChild(node) => self.with_child_added(node),
            TreeEdit::Remove(node) => self.with_subtree_removed(node),
            TreeEdit::SetValue(node, value) => self.with_value(node, value),
        }
    }

    /// The moves from the position to node `node` (preorder index), or why there is
    /// no such node.
    fn path_of(&self, node: usize) -> Result<Vec<usize>, FormatError> {
        if node >= self.node_count() {
            return Err(FormatError::whole(format!(
                "no node {node}: the tree has {} nodes",
                self.node_count()
            )));
        }
        Ok(self.path_to(self.node + node as u32))
    }

    /// A new position from an edited subtree, the same side to move.
    fn rebuilt(&self, root: &Subtree) -> Result<CustomTree, FormatError> {
        CustomTree::new(root, self.side)
    }

    /// Node `node` gets one more child, a leaf worth 0, as its last move. A leaf
    /// becomes an interior node whose one child carries its value, so the tree's value
    /// does not change.
    pub fn with_child_added(&self, node: usize) -> Result<CustomTree, FormatError> {
        let path = self.path_of(node)?;
        let mut root = self.subtree();
        let target = at_path(&mut root, &path);
        match target {
            Subtree::Leaf(v) => {
                let v = *v;
                *target = Subtree::Inner {
                    children: vec![Subtree::Leaf(v)],
                    value: None,
                    probs: None,
                };
            }
            Subtree::Inner { probs: Some(_), .. } => {
                return Err(FormatError::whole(
                    "a chance node's outcomes need probabilities that sum to 1: add the outcome in the tree's text, as ?(1/2:3 1/2:5)",
                ));
            }
            Subtree::Inner { children, .. } => children.push(Subtree::Leaf(0)),
        }
        self.rebuilt(&root)
    }

    /// Node `node` and everything below it go. The position itself cannot go; a parent
    /// left without children becomes a leaf worth its written value (0 without one).
    pub fn with_subtree_removed(&self, node: usize) -> Result<CustomTree, FormatError> {
        let path = self.path_of(node)?;
        let Some((&last, above)) = path.split_last() else {
            return Err(FormatError::whole(
                "the root cannot be removed: remove its children, or type a new tree",
            ));
        };
        let mut root = self.subtree();
        let parent = at_path(&mut root, above);
        if let Subtree::Inner { probs: Some(_), .. } = parent {
            return Err(FormatError::whole(
                "removing a chance node's outcome would leave probabilities that do not sum to 1: edit the tree's text",
            ));
        }
        if let Subtree::Inner {
            children, value, ..
        } = parent
        {
            if children.len() > 1 {
                children.remove(last);
            } else {
                *parent = Subtree::Leaf(value.unwrap_or(0));
            }
        }
        self.rebuilt(&root)
    }

    /// Node `node`'s value becomes `value` (MAX's view): a leaf's value, or an interior
    /// node's written value (`None` takes it away). A leaf always has one.
    pub fn with_value(&self, node: usize, value: Option<i32>) -> Result<CustomTree, FormatError> {
        if let Some(v) = value
            && !(-MAX_VALUE..=MAX_VALUE).contains(&v)
        {
            return Err(FormatError::whole(format!(
                "{v} is out of range: values are -{MAX_VALUE} to {MAX_VALUE}"
            )));
        }
        let path = self.path_of(node)?;
        let mut root = self.subtree();
        match (at_path(&mut root, &path), value) {
            (Subtree::Leaf(_), None) => {
                return Err(FormatError::whole(
                    "a leaf needs a value: it is the score of a finished game",
                ));
            }
            (Subtree::Leaf(old), Some(v)) => *old = v,
            (Subtree::Inner { value: old, .. }, v) => *old = v,
        }
        let edited = self.rebuilt(&root)?;
        // Keep sharing the tree when nothing changed.
        Ok(if edited == *self {
            self.clone()
        } else {
            edited
        })
    }
}

/// The subtree `path` (child indices) leads to from `root`; a step past a leaf or a
/// missing child stops where it is (paths come from the tree itself).
fn at_path<'a>(root: &'a mut Subtree, path: &[usize]) -> &'a mut Subtree {
    let Some((&i, rest)) = path.split_first() else {
        return root;
    };
    if !matches!(root, Subtree::Inner { children, .. } if i < children.len()) {
        return root;
    }
    match root {
        Subtree::Inner { children, .. } => at_path(&mut children[i], rest),
        leaf => leaf,
    }
}
