//! Editing a hand-built tree: add a child, remove a subtree, set a value, make a node a
//! chance node and set an outcome's probability (the other outcomes keep their
//! proportions, so the probabilities always sum to 1). Each edit
//! writes the position's subtree out, changes it and builds a new position with the
//! same side to move, so the limits are checked as for typed text. Nodes are named by
//! their index in preorder below the position (the position itself is 0), as
//! [`Describe::tree_nodes`](crate::game::describe::Describe::tree_nodes) lists them.

use super::{CustomTree, MAX_VALUE, Subtree};
use crate::game::FormatError;
use crate::game::chance::Prob;
use crate::game::describe::TreeEdit;

impl CustomTree {
    /// The position after `edit`.
    pub fn edited(&self, edit: TreeEdit) -> Result<CustomTree, FormatError> {
        match edit {
            TreeEdit::AddChild(node) => self.with_child_added(node),
            TreeEdit::Remove(node) => self.with_subtree_removed(node),
            TreeEdit::SetValue(node, value) => self.with_value(node, value),
            TreeEdit::ToggleChance(node) => self.with_chance_toggled(node),
            TreeEdit::SetProb(node, p) => self.with_prob(node, p),
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
            Subtree::Inner {
                children,
                probs: Some(probs),
                ..
            } => {
                // A new outcome of probability 1/(k+1); the others keep their
                // proportions in the rest.
                let k = children.len() as u128;
                let mut next = Vec::with_capacity(probs.len() + 1);
                for p in probs.iter() {
                    next.push(p.times(k, k + 1).map_err(FormatError::whole)?);
                }
                next.push(Prob::ratio(1, k + 1).map_err(FormatError::whole)?);
                *probs = next;
                children.push(Subtree::Leaf(0));
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
        if let Subtree::Inner {
            children,
            value,
            probs,
        } = parent
        {
            if children.len() > 1 {
                children.remove(last);
                if let Some(probs) = probs {
                    // The other outcomes share the removed one's probability in
                    // their proportions: each is divided by 1 - p.
                    let gone = probs.remove(last);
                    let (n, d) = (u128::from(gone.num), u128::from(gone.den));
                    for p in probs.iter_mut() {
                        *p = p.times(d, d - n).map_err(FormatError::whole)?;
                    }
                }
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

impl CustomTree {
    /// Node `node` becomes a chance node with its outcomes equally likely, or, when it
    /// is one, a player's node again. A leaf has no outcomes; the limits (no chance node
    /// right under another, the scale) are checked as for typed text.
    pub fn with_chance_toggled(&self, node: usize) -> Result<CustomTree, FormatError> {
        let path = self.path_of(node)?;
        let mut root = self.subtree();
        match at_path(&mut root, &path) {
            Subtree::Leaf(_) => {
                return Err(FormatError::whole(
                    "a leaf cannot be a chance node: give it outcomes first (Add child)",
                ));
            }
            Subtree::Inner {
                probs: probs @ Some(_),
                ..
            } => *probs = None,
            Subtree::Inner {
                children, probs, ..
            } => {
                let k = children.len() as u128;
                let p = Prob::ratio(1, k).map_err(FormatError::whole)?;
                *probs = Some(vec![p; children.len()]);
            }
        }
        self.rebuilt(&root)
    }

    /// Outcome `node` of a chance node gets probability `p`; the other outcomes share
    /// `1 - p` in the proportions they had. A single outcome has probability 1.
    pub fn with_prob(&self, node: usize, p: Prob) -> Result<CustomTree, FormatError> {
        let path = self.path_of(node)?;
        let Some((&last, above)) = path.split_last() else {
            return Err(FormatError::whole(
                "the root is no outcome of a chance node: it has no probability",
            ));
        };
        let mut root = self.subtree();
        let Subtree::Inner {
            probs: Some(probs), ..
        } = at_path(&mut root, above)
        else {
            return Err(FormatError::whole(
                "only an outcome of a chance node has a probability: make its parent a chance node first",
            ));
        };
        let old = probs[last];
        if probs.len() == 1 || p.num == p.den {
            return Err(FormatError::whole(if probs.len() == 1 {
                "a chance node's only outcome has probability 1: add another outcome first"
            } else {
                "a probability of 1 leaves nothing to the other outcomes: remove them instead"
            }));
        }
        // Each other q becomes q · (1 - p) / (1 - old).
        let (pn, pd) = (u128::from(p.num), u128::from(p.den));
        let (on, od) = (u128::from(old.num), u128::from(old.den));
        for (i, q) in probs.iter_mut().enumerate() {
            *q = if i == last {
                p
            } else {
                q.times((pd - pn) * od, pd * (od - on))
                    .map_err(FormatError::whole)?
            };
        }
        self.rebuilt(&root)
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
