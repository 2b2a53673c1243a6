//! Random uniform trees: every interior node has `width` children, every leaf lies at
//! ply `depth`, and the leaf values come from a seed, so the same spec gives the same
//! tree on every machine (all randomness is [`splitmix64`] of node ids).
//!
//! Two value models (Knuth & Moore 1975; Plaat et al. 1996 for the incremental one):
//! - [`ValueModel::Independent`]: each leaf's value, from the root player's (MAX's)
//!   view, is uniform in `-range ..= range`, independent of every other node.
//! - [`ValueModel::Incremental`]: the root is worth 0 and each child is worth its
//!   parent's value plus a step uniform in `-step ..= step`; a leaf's value is the sum
//!   along its path, so interior values carry information about their subtrees.
//!
//! Node ids: the root's id is `splitmix64(seed ^ ROOT_SALT)`, child `i`'s id is
//! `splitmix64(parent ^ (i + 1) * CHILD_SALT)`. A node is a few machine words, so
//! trees of any size are generated lazily as the search walks them.
//!
//! Text form (see [`parse_spec`]): `w=3 d=4 seed=7 independent=100` or
//! `w=8 d=6 seed=1 incremental=10`, tokens in any order.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::perft::PerftConvention;
use super::{Evaluator, FormatError, Game, Outcome, Scoring, Side, split_tokens, splitmix64};

/// The most children a node may have (and [`Game::MOVE_SLOTS`]).
pub const MAX_WIDTH: u32 = 64;
/// The deepest a tree may be.
pub const MAX_DEPTH: u32 = 40;
/// The largest `range` or `step` a value model may have.
pub const MAX_MAGNITUDE: i32 = 1_000_000;

/// Mixed into the seed to get the root's id.
const ROOT_SALT: u64 = 0x7265_6554_6D6F_6452; // "RdomTree"
/// Multiplied by the child index (plus one) and mixed into the parent's id.
const CHILD_SALT: u64 = 0xD6E8_FEB8_6659_FD93;
/// Mixed into a node id to draw an independent value.
const VALUE_SALT: u64 = 0x9FB2_1C65_1E98_DF25;
/// Mixed into a node id to draw an incremental step.
const STEP_SALT: u64 = 0xC2B2_AE3D_27D4_EB4F;

/// How the values of a random tree are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValueModel {
    /// Every leaf independently uniform in `-range ..= range` (MAX's view).
    Independent {
        /// The largest leaf value magnitude, 1 ..= 1,000,000.
        range: i32,
    },
    /// The root is 0; each child adds a step uniform in `-step ..= step`.
    Incremental {
        /// The largest step magnitude, 1 ..= 1,000,000.
        step: i32,
    },
}

/// The shape, seed and value model of a random uniform tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TreeSpec {
    /// Children per interior node, 1 ..= 64.
    pub width: u32,
    /// Plies from the root to every leaf, 1 ..= 40.
    pub depth: u32,
    /// The seed every value derives from.
    pub seed: u64,
    /// How leaf values are drawn.
    pub model: ValueModel,
}

impl Default for TreeSpec {
    /// A tree small enough for full minimax: `w=4 d=6 seed=1 independent=100`.
    fn default() -> Self {
        TreeSpec {
            width: 4,
            depth: 6,
            seed: 1,
            model: ValueModel::Independent { range: 100 },
        }
    }
}

fn check_width(width: i64) -> Result<(), String> {
    if (1..=i64::from(MAX_WIDTH)).contains(&width) {
        Ok(())
    } else {
        Err(format!(
            "width {width} is out of range: use 1 to {MAX_WIDTH}"
        ))
    }
}

fn check_depth(depth: i64) -> Result<(), String> {
    if (1..=i64::from(MAX_DEPTH)).contains(&depth) {
        Ok(())
    } else {
        Err(format!(
            "depth {depth} is out of range: use 1 to {MAX_DEPTH}"
        ))
    }
}

fn check_model(model: ValueModel) -> Result<(), String> {
    let (name, magnitude) = match model {
        ValueModel::Independent { range } => ("independent", range),
        ValueModel::Incremental { step } => ("incremental", step),
    };
    check_magnitude(name, i64::from(magnitude))
}

fn check_magnitude(name: &str, magnitude: i64) -> Result<(), String> {
    let what = if name == "independent" {
        "independent range"
    } else {
        "incremental step"
    };
    if (1..=i64::from(MAX_MAGNITUDE)).contains(&magnitude) {
        Ok(())
    } else {
        Err(format!(
            "{what} {magnitude} is out of range: use 1 to {MAX_MAGNITUDE}"
        ))
    }
}

impl TreeSpec {
    /// Checks the limits: width 1 ..= 64, depth 1 ..= 40, range or step 1 ..= 1,000,000.
    /// The number of leaves may be astronomically large; searches bound themselves.
    pub fn validate(&self) -> Result<(), FormatError> {
        check_width(i64::from(self.width))
            .and_then(|()| check_depth(i64::from(self.depth)))
            .and_then(|()| check_model(self.model))
            .map_err(FormatError::whole)
    }

    /// `width^depth`, the number of leaves, or `None` when it overflows a `u64`.
    #[must_use]
    pub fn leaf_count(&self) -> Option<u64> {
        u64::from(self.width).checked_pow(self.depth)
    }

    /// The leaves a perfectly ordered alpha-beta evaluates in this tree (see
    /// [`knuth_moore_minimal_leaves`]).
    #[must_use]
    pub fn minimal_leaves(&self) -> Option<u64> {
        knuth_moore_minimal_leaves(self.width, self.depth)
    }

    /// The text form [`parse_spec`] reads, e.g. `w=3 d=4 seed=7 independent=100`.
    #[must_use]
    pub fn to_spec_string(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for TreeSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "w={} d={} seed={} ", self.width, self.depth, self.seed)?;
        match self.model {
            ValueModel::Independent { range } => write!(f, "independent={range}"),
            ValueModel::Incremental { step } => write!(f, "incremental={step}"),
        }
    }
}

impl FromStr for TreeSpec {
    type Err = FormatError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_spec(s)
    }
}

/// Knuth and Moore's minimal tree: a perfectly ordered alpha-beta evaluates
/// `w^ceil(d/2) + w^floor(d/2) - 1` leaves of a uniform tree of width `w` and depth
/// `d` (3x3: 11, 8x6: 1,023). `None` when that overflows a `u64`.
#[must_use]
pub fn knuth_moore_minimal_leaves(width: u32, depth: u32) -> Option<u64> {
    let w = u64::from(width);
    let ceil = w.checked_pow(depth.div_ceil(2))?;
    let floor = w.checked_pow(depth / 2)?;
    ceil.checked_add(floor)?.checked_sub(1)
}

/// Parses `key=value` tokens separated by whitespace, in any order: `w` (or `width`),
/// `d` (or `depth`), `seed`, and exactly one of `independent=RANGE` or
/// `incremental=STEP`. Every key is required once. Errors carry the 1-based column of
/// the offending token.
pub fn parse_spec(text: &str) -> Result<TreeSpec, FormatError> {
    const KEYS: &str = "w, d, seed, independent or incremental";
    let (mut width, mut depth, mut seed, mut model) = (None, None, None, None);
    for (column, token) in split_tokens(text) {
        let err = |message: String| FormatError::at_column(column, message);
        let Some((key, value)) = token.split_once('=') else {
            return Err(err(format!("'{token}' is not key=value (keys: {KEYS})")));
        };
        let number = |what: &str| -> Result<i64, FormatError> {
            value
                .parse::<i64>()
                .map_err(|_| err(format!("'{value}' is not a whole number for {what}")))
        };
        let first_time = |seen: bool| {
            if seen {
                Err(err(format!("{key} is given twice")))
            } else {
                Ok(())
            }
        };
        match key {
            "w" | "width" => {
                first_time(width.is_some())?;
                let w = number("the width")?;
                check_width(w).map_err(err)?;
                width = u32::try_from(w).ok();
            }
            "d" | "depth" => {
                first_time(depth.is_some())?;
                let d = number("the depth")?;
                check_depth(d).map_err(err)?;
                depth = u32::try_from(d).ok();
            }
            "seed" => {
                first_time(seed.is_some())?;
                let s = value.parse::<u64>().map_err(|_| {
                    err(format!(
                        "'{value}' is not a seed: use a whole number 0 or more"
                    ))
                })?;
                seed = Some(s);
            }
            "independent" | "incremental" => {
                if model.is_some() {
                    return Err(err(
                        "the value model is given twice: use one of independent= or incremental="
                            .to_string(),
                    ));
                }
                let magnitude = number(key)?;
                check_magnitude(key, magnitude).map_err(err)?;
                let magnitude = i32::try_from(magnitude).unwrap_or(MAX_MAGNITUDE);
                model = Some(if key == "independent" {
                    ValueModel::Independent { range: magnitude }
                } else {
                    ValueModel::Incremental { step: magnitude }
                });
            }
            _ => return Err(err(format!("unknown key '{key}': use {KEYS}"))),
        }
    }
    let missing = |what: &str| FormatError::whole(format!("missing {what}"));
    let spec = TreeSpec {
        width: width.ok_or_else(|| missing("the width: w=<1..64>"))?,
        depth: depth.ok_or_else(|| missing("the depth: d=<1..40>"))?,
        seed: seed.ok_or_else(|| missing("the seed: seed=<number>"))?,
        model: model
            .ok_or_else(|| missing("the value model: independent=<range> or incremental=<step>"))?,
    };
    Ok(spec)
}

/// A value uniform in `-magnitude ..= magnitude` drawn from `id` and `salt`.
fn uniform(id: u64, salt: u64, magnitude: i32) -> i32 {
    let magnitude = u64::from(magnitude.unsigned_abs());
    let span = 2 * magnitude + 1;
    let draw = ((u128::from(splitmix64(id ^ salt)) * u128::from(span)) >> 64) as u64;
    // draw <= 2 * magnitude, so the difference fits: -magnitude ..= magnitude.
    (draw as i64 - magnitude as i64) as i32
}

/// A move in a random tree: the child index, `0 .. width`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TreeMove(pub u16);

/// One node of a random uniform tree: the spec (copied, it is small), the node's id, its
/// ply and its value from MAX's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomTree {
    spec: TreeSpec,
    id: u64,
    ply: u32,
    value: i32,
}

impl RandomTree {
    /// The root of the tree `spec` describes, after checking its limits.
    pub fn new(spec: TreeSpec) -> Result<RandomTree, FormatError> {
        spec.validate()?;
        let id = splitmix64(spec.seed ^ ROOT_SALT);
        let value = match spec.model {
            ValueModel::Independent { range } => uniform(id, VALUE_SALT, range),
            ValueModel::Incremental { .. } => 0,
        };
        Ok(RandomTree {
            spec,
            id,
            ply: 0,
            value,
        })
    }

    /// The spec of the whole tree.
    #[must_use]
    pub fn spec(&self) -> &TreeSpec {
        &self.spec
    }

    /// The node's id (also its [`Game::hash`]).
    #[must_use]
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Distance from the root.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The node's value from MAX's (the root player's) view. At a leaf this is the leaf
    /// value. Above the leaves: the path sum so far (incremental model) or a draw
    /// independent of the subtree (independent model).
    #[must_use]
    pub fn value(&self) -> i32 {
        self.value
    }

    /// [`RandomTree::value`] from the side to move's view (negated at odd plies).
    #[must_use]
    pub fn value_for_side_to_move(&self) -> i32 {
        if self.ply.is_multiple_of(2) {
            self.value
        } else {
            -self.value
        }
    }

    /// Whether this node is a leaf.
    #[must_use]
    pub fn is_leaf(&self) -> bool {
        self.ply >= self.spec.depth
    }

    /// The exact negamax value of this node for the side to move, by visiting every
    /// leaf below it: for tests and small trees only (`width^(depth - ply)` leaves).
    #[must_use]
    pub fn minimax_value(&self) -> i32 {
        if self.is_leaf() {
            return self.value_for_side_to_move();
        }
        (0..self.spec.width)
            .map(|i| -self.play(TreeMove(i as u16)).minimax_value())
            .max()
            .unwrap_or_else(|| self.value_for_side_to_move())
    }
}

impl Game for RandomTree {
    type Move = TreeMove;

    const NAME: &'static str = "random-tree";
    const MOVE_SLOTS: usize = MAX_WIDTH as usize;
    const MAX_PLIES: usize = 64;
    /// Irrelevant: every leaf lies at the same depth.
    const PERFT_CONVENTION: PerftConvention = PerftConvention::FinishedIsLeaf;

    fn side_to_move(&self) -> Side {
        if self.ply.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    fn legal_moves(&self, out: &mut Vec<TreeMove>) {
        out.clear();
        if !self.is_leaf() {
            out.extend((0..self.spec.width).map(|i| TreeMove(i as u16)));
        }
    }

    fn play(&self, mv: TreeMove) -> Self {
        debug_assert!(
            !self.is_leaf() && u32::from(mv.0) < self.spec.width,
            "illegal {mv:?}"
        );
        let id = splitmix64(self.id ^ (u64::from(mv.0) + 1).wrapping_mul(CHILD_SALT));
        let value = match self.spec.model {
            ValueModel::Independent { range } => uniform(id, VALUE_SALT, range),
            ValueModel::Incremental { step } => self.value + uniform(id, STEP_SALT, step),
        };
        RandomTree {
            spec: self.spec,
            id,
            ply: self.ply + 1,
            value,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_leaf() {
            return None;
        }
        Some(match self.value_for_side_to_move().signum() {
            1 => Outcome::Win,
            -1 => Outcome::Loss,
            _ => Outcome::Draw,
        })
    }

    fn terminal_score(&self, scoring: Scoring) -> i32 {
        match scoring {
            Scoring::Native | Scoring::ShortestWin => self.value_for_side_to_move(),
            Scoring::WinLoss => self.value_for_side_to_move().signum(),
        }
    }

    fn score_range(&self, scoring: Scoring) -> (i32, i32) {
        let bound = match (scoring, self.spec.model) {
            (Scoring::WinLoss, _) => 1,
            (_, ValueModel::Independent { range }) => {
                i32::try_from(range.unsigned_abs()).unwrap_or(i32::MAX)
            }
            (_, ValueModel::Incremental { step }) => {
                let total = i64::from(step.unsigned_abs()) * i64::from(self.spec.depth);
                i32::try_from(total).unwrap_or(i32::MAX)
            }
        };
        (-bound, bound)
    }

    fn hash(&self) -> u64 {
        self.id
    }

    fn move_index(mv: TreeMove) -> usize {
        usize::from(mv.0)
    }

    fn move_to_string(mv: TreeMove) -> String {
        mv.0.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<TreeMove, FormatError> {
        let offset = text[..text.len() - text.trim_start().len()].chars().count();
        let trimmed = text.trim();
        let err = |message: String| FormatError::at_column(offset + 1, message);
        if trimmed.is_empty() {
            return Err(FormatError::whole("no move: expected a child number"));
        }
        if self.is_leaf() {
            return Err(err("this node is a leaf: it has no children".to_string()));
        }
        let last = self.spec.width - 1;
        let index = trimmed.parse::<u32>().map_err(|_| {
            err(format!(
                "'{trimmed}' is not a child number: use 0 to {last}"
            ))
        })?;
        if index > last {
            return Err(err(format!("no child {index}: use 0 to {last}")));
        }
        Ok(TreeMove(index as u16))
    }

    fn plies_played(&self) -> usize {
        self.ply as usize
    }
}

/// Static evaluations for random trees.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RandomTreeEval {
    /// The node's own value from the side to move's view. Incremental model: the path
    /// sum so far, an informative estimate of the subtree. Independent model: a value
    /// hashed from the node id, uniform in the leaf range and unrelated to the subtree,
    /// so it is pure noise (by design: such trees carry no heuristic signal).
    #[default]
    NodeValue,
    /// Always 0.
    Zero,
}

impl RandomTreeEval {
    /// Every evaluator, in the order the UI lists them.
    pub const ALL: [RandomTreeEval; 2] = [RandomTreeEval::NodeValue, RandomTreeEval::Zero];

    /// The name used in the CLI, the app and session files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            RandomTreeEval::NodeValue => "node-value",
            RandomTreeEval::Zero => "zero",
        }
    }

    /// The evaluator called `name` (as [`RandomTreeEval::name`] writes it).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.name() == name)
    }
}

impl Evaluator<RandomTree> for RandomTreeEval {
    fn evaluate(&self, pos: &RandomTree) -> i32 {
        match self {
            RandomTreeEval::NodeValue => pos.value_for_side_to_move(),
            RandomTreeEval::Zero => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> TreeSpec {
        parse_spec(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn root(text: &str) -> RandomTree {
        RandomTree::new(spec(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// Every leaf value (MAX's view) in generation order.
    fn leaves(node: &RandomTree, out: &mut Vec<i32>) {
        if node.is_leaf() {
            out.push(node.value());
            return;
        }
        let mut moves = Vec::new();
        node.legal_moves(&mut moves);
        for mv in moves {
            leaves(&node.play(mv), out);
        }
    }

    fn all_leaves(node: &RandomTree) -> Vec<i32> {
        let mut out = Vec::new();
        leaves(node, &mut out);
        out
    }

    /// Plain minimax from MAX's view, to cross-check the negamax helper.
    fn minimax(node: &RandomTree) -> i32 {
        if node.is_leaf() {
            return node.value();
        }
        let children = (0..node.spec().width).map(|i| minimax(&node.play(TreeMove(i as u16))));
        if node.side_to_move() == Side::First {
            children.max().unwrap_or(0)
        } else {
            children.min().unwrap_or(0)
        }
    }

    #[test]
    fn same_spec_same_tree() {
        for text in [
            "w=3 d=4 seed=7 independent=100",
            "w=4 d=5 seed=7 incremental=10",
        ] {
            let a = all_leaves(&root(text));
            let b = all_leaves(&root(text));
            assert_eq!(a, b);
            assert_eq!(a.len() as u64, spec(text).leaf_count().unwrap_or(0));
        }
    }

    #[test]
    fn golden_values_pin_the_generator() {
        // These numbers are the tree: changing them changes every random-tree result.
        let r = root("w=3 d=4 seed=7 independent=100");
        assert_eq!(r.id(), splitmix64(7 ^ ROOT_SALT));
        assert_eq!(all_leaves(&r)[..6], GOLDEN_INDEPENDENT);
        let r = root("w=3 d=4 seed=7 incremental=10");
        assert_eq!(all_leaves(&r)[..6], GOLDEN_INCREMENTAL);
        assert_eq!(root("w=3 d=4 seed=7 independent=100").minimax_value(), -28);
        assert_eq!(r.minimax_value(), -1);
        assert_eq!(
            root("w=8 d=6 seed=1 independent=1000").minimax_value(),
            -625
        );
        assert_eq!(root("w=8 d=6 seed=1 incremental=100").minimax_value(), 34);
    }

    const GOLDEN_INDEPENDENT: [i32; 6] = [-64, 78, -65, -51, -87, 2];
    const GOLDEN_INCREMENTAL: [i32; 6] = [-1, -17, -4, 12, 16, 12];

    #[test]
    fn different_seeds_differ() {
        let a = all_leaves(&root("w=4 d=4 seed=1 independent=1000"));
        let b = all_leaves(&root("w=4 d=4 seed=2 independent=1000"));
        assert_ne!(a, b);
        let same = a.iter().zip(&b).filter(|(x, y)| x == y).count();
        assert!(same < a.len() / 10, "{same} of {} leaves agree", a.len());
        let a = all_leaves(&root("w=4 d=4 seed=1 incremental=10"));
        let b = all_leaves(&root("w=4 d=4 seed=2 incremental=10"));
        assert_ne!(a, b);
    }

    #[test]
    fn values_stay_in_range() {
        let r = root("w=6 d=5 seed=3 independent=2");
        let values = all_leaves(&r);
        for v in -2..=2 {
            let share = values.iter().filter(|&&x| x == v).count() as f64 / values.len() as f64;
            assert!((share - 0.2).abs() < 0.02, "value {v}: share {share}");
        }
        let r = root("w=3 d=6 seed=3 incremental=5");
        let (lo, hi) = r.score_range(Scoring::Native);
        assert_eq!((lo, hi), (-30, 30));
        fn walk(node: &RandomTree, step: i32) {
            if node.is_leaf() {
                return;
            }
            for i in 0..node.spec().width {
                let child = node.play(TreeMove(i as u16));
                assert!((child.value() - node.value()).abs() <= step);
                walk(&child, step);
            }
        }
        walk(&r, 5);
        assert_eq!(r.value(), 0);
        for v in all_leaves(&r) {
            assert!(lo <= v && v <= hi);
        }
    }

    #[test]
    fn game_contract() {
        let r = root("w=3 d=3 seed=11 independent=50");
        assert_eq!(r.side_to_move(), Side::First);
        let mut moves = Vec::new();
        r.legal_moves(&mut moves);
        assert_eq!(moves, [TreeMove(0), TreeMove(1), TreeMove(2)]);
        assert_eq!(r.outcome(), None);
        let child = r.play(TreeMove(2));
        assert_eq!(child.side_to_move(), Side::Second);
        assert_eq!(child.plies_played(), 1);
        let leaf = child.play(TreeMove(0)).play(TreeMove(1));
        assert!(leaf.is_leaf());
        leaf.legal_moves(&mut moves);
        assert!(moves.is_empty());
        // Ply 3: the second player moves; scores are from its view.
        assert_eq!(leaf.side_to_move(), Side::Second);
        assert_eq!(leaf.terminal_score(Scoring::Native), -leaf.value());
        assert_eq!(leaf.terminal_score(Scoring::ShortestWin), -leaf.value());
        assert_eq!(
            leaf.terminal_score(Scoring::WinLoss),
            (-leaf.value()).signum()
        );
        let expected = match (-leaf.value()).signum() {
            1 => Outcome::Win,
            -1 => Outcome::Loss,
            _ => Outcome::Draw,
        };
        assert_eq!(leaf.outcome(), Some(expected));
        assert_eq!(r.score_range(Scoring::Native), (-50, 50));
        assert_eq!(r.score_range(Scoring::WinLoss), (-1, 1));
        assert_eq!(r.perft(3, RandomTree::PERFT_CONVENTION), 27);
        assert_eq!(r.perft(5, PerftConvention::FinishedIsLeaf), 27);
        assert_ne!(r.hash(), child.hash());
        assert_ne!(r.play(TreeMove(0)).hash(), r.play(TreeMove(1)).hash());
    }

    #[test]
    fn minimax_value_matches_plain_minimax() {
        for seed in 0..20 {
            for model in ["independent=100", "incremental=7"] {
                let r = root(&format!("w=3 d={} seed={seed} {model}", 1 + seed % 5));
                assert_eq!(r.minimax_value(), minimax(&r), "seed {seed} {model}");
                let child = r.play(TreeMove(1));
                if !child.is_leaf() {
                    assert_eq!(child.minimax_value(), -minimax(&child));
                }
            }
        }
    }

    #[test]
    fn knuth_moore_formula() {
        assert_eq!(knuth_moore_minimal_leaves(3, 3), Some(11));
        assert_eq!(knuth_moore_minimal_leaves(8, 6), Some(1023));
        assert_eq!(knuth_moore_minimal_leaves(2, 1), Some(2));
        assert_eq!(knuth_moore_minimal_leaves(64, 40), None);
        assert_eq!(
            spec("w=8 d=6 seed=0 independent=1").minimal_leaves(),
            Some(1023)
        );
        assert_eq!(
            spec("w=8 d=6 seed=0 independent=1").leaf_count(),
            Some(262_144)
        );
        assert_eq!(spec("w=64 d=40 seed=0 independent=1").leaf_count(), None);
    }

    #[test]
    fn spec_text_round_trip() {
        let s = spec("  seed=7 independent=100\tw=3 d=4 ");
        assert_eq!(
            s,
            TreeSpec {
                width: 3,
                depth: 4,
                seed: 7,
                model: ValueModel::Independent { range: 100 }
            }
        );
        assert_eq!(s.to_string(), "w=3 d=4 seed=7 independent=100");
        assert_eq!(parse_spec(&s.to_spec_string()), Ok(s));
        let t = spec("width=64 depth=40 seed=18446744073709551615 incremental=1000000");
        assert_eq!(t.to_string().parse::<TreeSpec>(), Ok(t));
        assert_eq!(
            parse_spec(&TreeSpec::default().to_string()),
            Ok(TreeSpec::default())
        );
        let ron_text = ron::to_string(&t).unwrap_or_default();
        assert_eq!(ron::from_str::<TreeSpec>(&ron_text).ok(), Some(t));
    }

    #[test]
    fn bad_specs_name_the_column() {
        let cases: &[(&str, usize, &str)] = &[
            ("w=0 d=4 seed=1 independent=5", 1, "width 0 is out of range"),
            (
                "d=4 w=1000 seed=1 independent=5",
                5,
                "width 1000 is out of range",
            ),
            (
                "w=3 d=50 seed=1 independent=5",
                5,
                "depth 50 is out of range",
            ),
            (
                "w=3 d=4 seed=1 independent=5 color=red",
                30,
                "unknown key 'color'",
            ),
            (
                "w=3 d=4 seed=1 independent=0",
                16,
                "independent range 0 is out of range",
            ),
            (
                "w=3 d=4 seed=1 incremental=1000001",
                16,
                "incremental step 1000001",
            ),
            ("w=3 d=4 seed=1 independent=-5", 16, "out of range"),
            ("w=3 d=4 seed=-1 independent=5", 9, "is not a seed"),
            (
                "w=3 d=4 seed=1 independent=5 incremental=2",
                30,
                "given twice",
            ),
            ("w=3 w=4", 5, "w is given twice"),
            ("w=x", 1, "'x' is not a whole number"),
            ("w=99999999999999999999", 1, "not a whole number"),
            ("w=-1", 1, "width -1 is out of range"),
            ("w3", 1, "not key=value"),
            ("  w=3 é", 7, "not key=value"),
        ];
        for &(text, column, message) in cases {
            let e = parse_spec(text)
                .err()
                .unwrap_or_else(|| panic!("{text} accepted"));
            assert_eq!((e.line, e.column), (0, column), "{text}: {e}");
            assert!(e.message.contains(message), "{text}: {e}");
        }
        for (text, message) in [
            ("", "missing the width"),
            ("w=3", "missing the depth"),
            ("w=3 d=2", "missing the seed"),
            ("w=3 d=2 seed=1", "missing the value model"),
        ] {
            let e = parse_spec(text)
                .err()
                .unwrap_or_else(|| panic!("{text} accepted"));
            assert_eq!(e.column, 0);
            assert!(e.message.contains(message), "{text}: {e}");
        }
        let bad = TreeSpec {
            width: 65,
            ..TreeSpec::default()
        };
        assert!(bad.validate().is_err());
        assert!(RandomTree::new(bad).is_err());
        let bad = TreeSpec {
            model: ValueModel::Incremental { step: 0 },
            ..TreeSpec::default()
        };
        assert!(RandomTree::new(bad).is_err());
    }

    #[test]
    fn parse_moves() {
        let r = root("w=5 d=2 seed=1 independent=9");
        assert_eq!(r.parse_move(" 4 "), Ok(TreeMove(4)));
        assert_eq!(RandomTree::move_to_string(TreeMove(4)), "4");
        assert_eq!(r.parse_move("5").map_err(|e| e.column), Err(1));
        assert_eq!(r.parse_move("  x").map_err(|e| e.column), Err(3));
        assert!(r.parse_move("").is_err());
        let leaf = r.play(TreeMove(0)).play(TreeMove(0));
        assert!(
            leaf.parse_move("0")
                .is_err_and(|e| e.message.contains("leaf"))
        );
    }

    #[test]
    fn evaluators() {
        let r = root("w=3 d=4 seed=5 incremental=10");
        let child = r.play(TreeMove(1));
        assert_eq!(RandomTreeEval::NodeValue.evaluate(&r), 0);
        assert_eq!(RandomTreeEval::NodeValue.evaluate(&child), -child.value());
        assert_eq!(RandomTreeEval::Zero.evaluate(&child), 0);
        assert_eq!(RandomTreeEval::default(), RandomTreeEval::NodeValue);
        for e in RandomTreeEval::ALL {
            assert_eq!(RandomTreeEval::from_name(e.name()), Some(e));
        }
        let text = ron::to_string(&RandomTreeEval::NodeValue).unwrap_or_default();
        assert_eq!(
            ron::from_str::<RandomTreeEval>(&text).ok(),
            Some(RandomTreeEval::NodeValue)
        );
    }
}
