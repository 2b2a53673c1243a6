//! Hand-built trees as the facade and the app see them: the bracket notation as the
//! text form, MAX and MIN, the textbook trees as a shipped suite (`.tree` files), a
//! board that lists the nodes for the app to draw and edit, the tree's height as the
//! command line's default depth, and the refusal of a search that would stop at an
//! interior node without a value.

use std::ops::RangeInclusive;

use super::{CustomTree, CustomTreeEval, parse_suite_text, parse_tree, write_tree};
use crate::game::chance::scaled_text;
use crate::game::describe::{
    BoardLayout, Claim, Describe, SaveFormat, SuiteLine, TreeEdit, TreeNode, default_first,
};
use crate::game::random_tree::knuth_moore_minimal_leaves;
use crate::game::{FormatError, Game};

/// The start position: AIMA's figure 5.2.
const START: &str = "((3 12 8) (2 4 6) (14 5 2))";

impl Describe for CustomTree {
    type Game = CustomTree;
    type Eval = CustomTreeEval;

    const LABEL: &'static str = "Custom tree";
    const ALIASES: &'static [&'static str] = &["custom-tree", "hand-built"];
    const SIDES: [&'static str; 2] = ["MAX", "MIN"];
    const TEXT_NAME: &'static str = "Tree";
    const TEXT_HINT: &'static str =
        "((3 12 8) (2 4 6) (14 5 2)); (…):5 values a node, min: puts MIN to move";
    const EDIT_HINT: &'static str =
        "Click a node to select it; Add child, Remove subtree and Value edit it";
    const LAYOUT: BoardLayout = BoardLayout::Tree;
    const PLAYABLE: bool = false;
    const SHIPPED_SUITES: &'static [(&'static str, &'static str)] = &[(
        "custom_tree/textbook.tree",
        include_str!("../../../assets/custom_tree/textbook.tree"),
    )];

    fn start() -> Self {
        match parse_tree(START) {
            Ok(tree) => tree,
            Err(_) => unreachable!("the start tree is valid"),
        }
    }

    fn parse(text: &str) -> Result<Self, FormatError> {
        parse_tree(text)
    }

    fn to_text(&self) -> String {
        write_tree(self)
    }

    fn game(&self) -> &CustomTree {
        self
    }

    fn play(&self, mv: <CustomTree as Game>::Move) -> Self {
        Game::play(self, mv)
    }

    fn evaluators() -> Vec<CustomTreeEval> {
        default_first(&CustomTreeEval::ALL)
    }

    fn eval_name(eval: CustomTreeEval) -> &'static str {
        eval.name()
    }

    fn claims_suite(file_name: &str) -> Claim {
        if file_name.to_ascii_lowercase().ends_with(".tree") {
            Claim::Yes
        } else {
            Claim::No
        }
    }

    /// `NAME VALUE TREE` lines (see [`parse_suite_text`]).
    fn parse_suite(_name: &str, text: &str) -> Result<Vec<SuiteLine<Self>>, FormatError> {
        Ok(parse_suite_text(text)?
            .into_iter()
            .map(|(name, expected_score, position)| SuiteLine {
                name,
                position,
                expected_score,
                move_scores: Vec::new(),
            })
            .collect())
    }

    fn save_formats() -> Vec<SaveFormat<Self>> {
        vec![
            SaveFormat {
                label: "Save tree…",
                extension: "txt",
                write: |p| format!("{}\n", p.to_text()),
            },
            SaveFormat {
                label: "Save tree as a suite (.tree)…",
                extension: "tree",
                write: |p| {
                    format!(
                        "# name, minimax value for the side to move, tree\ncustom {} {}\n",
                        scaled_text(i64::from(p.minimax_value()), p.value_scale()),
                        p.to_text()
                    )
                },
            },
        ]
    }

    fn counts_note(&self) -> Option<String> {
        let chance = self.chance_count();
        Some(if chance == 0 {
            format!(
                "{} nodes, {} leaves, height {}",
                self.node_count(),
                self.leaf_count(),
                self.height()
            )
        } else {
            format!(
                "{} nodes ({chance} chance), {} leaves, height {} (depth {} without chance nodes)",
                self.node_count(),
                self.leaf_count(),
                self.height(),
                self.reach()
            )
        })
    }

    fn notes(&self) -> Vec<String> {
        let height = self.reach();
        let mut notes = Vec::new();
        if height > 0 {
            notes.push(format!("A search to depth {height} reaches every leaf"));
        }
        if self.has_chance() {
            notes.push(format!(
                "Chance nodes: searched by expectimax, Star1 and Star2; values are exact multiples of 1/{}",
                self.value_scale()
            ));
        }
        let valued = self.valued_interior_count();
        if height > 1 && valued == 0 {
            notes.push(
                "No interior node has a value, so shallower searches are refused; write one as (…):5"
                    .into(),
            );
        } else if valued > 0 {
            notes.push(format!(
                "{valued} interior node{} carr{} a value for shallower searches",
                if valued == 1 { "" } else { "s" },
                if valued == 1 { "ies" } else { "y" }
            ));
        }
        // Knuth and Moore's minimal tree is a minimax tree's: with chance nodes alpha-beta
        // does not search it at all.
        if !self.has_chance()
            && let Some((width, depth)) = self.uniform_shape().filter(|&(w, d)| w > 1 && d > 0)
            && let Some(minimal) = knuth_moore_minimal_leaves(width, depth)
        {
            notes.push(format!(
                "Uniform ({width} children, {depth} plies): a perfectly ordered alpha-beta sees {minimal} of its leaves"
            ));
        }
        if self.ply() > 0 {
            notes.push(format!(
                "At ply {} of the tree it was reached in",
                self.ply()
            ));
        }
        notes
    }

    fn tree_nodes(&self) -> Vec<TreeNode> {
        let base = self.ply();
        self.subtree_indices()
            .map(|i| {
                let node = &self.tree.nodes[i as usize];
                let ply = node.ply - base;
                let parent = node.parent.filter(|_| i != self.node);
                let slot = parent.map(|p| {
                    self.tree.nodes[p as usize]
                        .children
                        .iter()
                        .position(|&c| c == i)
                        .unwrap_or(0)
                });
                let label = slot.map_or_else(String::new, |s| {
                    CustomTree::move_to_string(super::Branch(s as u8))
                });
                let prob = parent
                    .zip(slot)
                    .and_then(|(p, s)| self.tree.nodes[p as usize].probs.get(s))
                    .map(ToString::to_string);
                TreeNode {
                    parent: parent.map(|p| (p - self.node) as usize),
                    label,
                    ply,
                    side: self.side_at(i),
                    value: node.value,
                    leaf: node.children.is_empty(),
                    chance: !node.weights.is_empty(),
                    prob,
                }
            })
            .collect()
    }

    fn tree_edited(&self, edit: TreeEdit) -> Result<Self, FormatError> {
        self.edited(edit)
    }

    /// The depth that reaches every leaf (at least 1, so a lone leaf can be searched
    /// too).
    fn full_depth(&self) -> Option<u32> {
        Some(self.reach().max(1))
    }

    fn horizon_refusal(&self, plies: RangeInclusive<u32>) -> Option<String> {
        let (index, depth) = self.first_unvalued(plies)?;
        let path = self.path_to(index);
        let place = if path.is_empty() {
            "at the root".to_string()
        } else {
            format!("after {}", CustomTree::path_text(&path))
        };
        let kind = if self.tree.nodes[index as usize].weights.is_empty() {
            format!("{} node", Self::SIDES[self.side_at(index).index()])
        } else {
            "chance node".to_string()
        };
        Some(format!(
            "the search would stop at the {kind} {place} (depth {depth}), which has children but no value; search to depth {} to reach every leaf, or give the node a value as (…):5",
            self.reach()
        ))
    }
}
