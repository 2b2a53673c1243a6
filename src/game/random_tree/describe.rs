//! Random trees as the facade and the app see them: the spec as the text form, MAX and
//! MIN, and no board: the spec's numbers as parameters, with a sketch of the shape.

use super::{
    MAX_DEPTH, MAX_MAGNITUDE, MAX_WIDTH, RandomTree, RandomTreeEval, TreeSpec, ValueModel,
    parse_spec,
};
use crate::game::describe::{BoardLayout, Describe, Param, SaveFormat, default_first};
use crate::game::{FormatError, Game};

/// The value models, in the order of [`Param::choices`].
const MODELS: &[&str] = &["independent", "incremental", "P-game"];

impl Describe for RandomTree {
    type Game = RandomTree;
    type Eval = RandomTreeEval;

    const LABEL: &'static str = "Random tree";
    const ALIASES: &'static [&'static str] = &["tree", "random"];
    const SIDES: [&'static str; 2] = ["MAX", "MIN"];
    const TEXT_NAME: &'static str = "Spec";
    const TEXT_HINT: &'static str = "w=4 d=6 seed=1 independent=100";
    const EDIT_HINT: &'static str = "Set width, depth, seed and values below the drawing";
    const LAYOUT: BoardLayout = BoardLayout::Parameters;
    const PLAYABLE: bool = false;

    fn start() -> Self {
        match RandomTree::new(TreeSpec::default()) {
            Ok(tree) => tree,
            Err(_) => unreachable!("the default tree spec is valid"),
        }
    }

    fn parse(text: &str) -> Result<Self, FormatError> {
        RandomTree::new(parse_spec(text)?)
    }

    fn to_text(&self) -> String {
        self.spec().to_spec_string()
    }

    fn game(&self) -> &RandomTree {
        self
    }

    fn play(&self, mv: <RandomTree as Game>::Move) -> Self {
        Game::play(self, mv)
    }

    fn evaluators() -> Vec<RandomTreeEval> {
        default_first(&RandomTreeEval::ALL)
    }

    fn eval_name(eval: RandomTreeEval) -> &'static str {
        eval.name()
    }

    fn save_formats() -> Vec<SaveFormat<Self>> {
        vec![SaveFormat {
            label: "Save tree spec…",
            extension: "txt",
            write: |p| format!("{}\n", p.to_text()),
        }]
    }

    fn params(&self) -> Vec<Param> {
        let spec = self.spec();
        let (model, magnitude) = match spec.model {
            ValueModel::Independent { range } => (0, range),
            ValueModel::Incremental { step } => (1, step),
            ValueModel::PGame { step } => (2, step),
        };
        let number = |name, value: u64, min, max, hint: String| Param {
            name,
            value,
            min,
            max,
            hint,
            choices: &[],
        };
        vec![
            number(
                "Width",
                u64::from(spec.width),
                1,
                u64::from(MAX_WIDTH),
                format!("children per node, 1 to {MAX_WIDTH}"),
            ),
            number(
                "Depth",
                u64::from(spec.depth),
                1,
                u64::from(MAX_DEPTH),
                format!("plies to the leaves, 1 to {MAX_DEPTH}"),
            ),
            number(
                "Seed",
                spec.seed,
                0,
                u64::MAX,
                "every value derives from it".into(),
            ),
            Param {
                name: "Values",
                value: model,
                min: 0,
                max: MODELS.len() as u64 - 1,
                hint: "value model".into(),
                choices: MODELS,
            },
            number(
                if model == 0 { "Range" } else { "Step" },
                u64::from(magnitude.unsigned_abs()),
                1,
                MAX_MAGNITUDE.unsigned_abs().into(),
                if model == 0 {
                    "leaf range ±, 1 to 1,000,000".into()
                } else {
                    "step per ply, 1 to 1,000,000".into()
                },
            ),
        ]
    }

    /// A new tree from (width, depth, seed, model, magnitude); the limits are checked.
    fn with_params(&self, values: &[u64]) -> Result<Self, FormatError> {
        let &[width, depth, seed, model, magnitude] = values else {
            return Err(FormatError::whole(format!(
                "{} values: a random tree has 5 (width, depth, seed, model, magnitude)",
                values.len()
            )));
        };
        let small = |v: u64| i32::try_from(v).unwrap_or(i32::MAX);
        let model = match model {
            0 => ValueModel::Independent {
                range: small(magnitude),
            },
            1 => ValueModel::Incremental {
                step: small(magnitude),
            },
            _ => ValueModel::PGame {
                step: small(magnitude),
            },
        };
        let spec = TreeSpec {
            width: u32::try_from(width).unwrap_or(u32::MAX),
            depth: u32::try_from(depth).unwrap_or(u32::MAX),
            seed,
            model,
        };
        if spec == *self.spec() {
            return Ok(*self);
        }
        RandomTree::new(spec)
    }

    fn notes(&self) -> Vec<String> {
        let spec = self.spec();
        let big = || "more than 2^64".to_string();
        let leaves = spec.leaf_count().map_or_else(big, |n| n.to_string());
        let minimal = spec.minimal_leaves().map_or_else(big, |n| n.to_string());
        let mut notes = vec![format!(
            "{leaves} leaves; a perfectly ordered alpha-beta sees {minimal}"
        )];
        if self.ply() > 0 {
            notes.push(format!(
                "At ply {} of the tree (value {})",
                self.ply(),
                self.value()
            ));
        }
        notes
    }

    fn tree_shape(&self) -> Option<(u32, u32)> {
        Some((self.spec().width, self.spec().depth))
    }

    fn uniform_below(&self) -> Option<(u32, u32)> {
        let spec = self.spec();
        Some((spec.width, spec.depth.saturating_sub(self.ply())))
    }
}
