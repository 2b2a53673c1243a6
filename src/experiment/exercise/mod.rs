//! Generated exercises: hand-sized game trees for students, each meeting a teacher's
//! request (how many cutoffs the algorithm makes, how many of them above the leaves, who
//! moves first, how well the moves are ordered), each with a short id that regenerates
//! it, and each with its answer key from the search itself ([`crate::tree::trace_tree`]).
//!
//! A tree is a function of its [`Shape`] and a 32-bit seed: every node's number of
//! children and every leaf's value are drawn by [`SeededRng`], then (for a good or a bad
//! order) each node's children are sorted by their minimax values. The id packs the
//! shape and the seed into 60 bits, written as twelve letters and digits
//! (`K7F3-M2QX-9A1B`), so a handout's id is all a student needs to rebuild the tree.
//! Requests are met by trying seeds drawn from the request's seed in order, each tree
//! searched and measured, until enough are found (or a stated number of tries fails, with
//! what was found).

pub mod figure;
pub mod practice;
pub mod sheet;

use crate::engine::rowspec::BenchRow;
use crate::engine::{AnyPosition, GameKind, SearchRequest};
use crate::game::{SeededRng, splitmix64};
use crate::tree::{SearchTree, trace_tree};

/// The deepest tree an exercise has (a handout's page holds about 3^4 leaves).
pub const MAX_DEPTH: u32 = 5;
/// The most children a node of an exercise has.
pub const MAX_WIDTH: u32 = 5;
/// The most leaves an exercise has.
pub const MAX_LEAVES: u64 = 81;
/// Leaf values lie within plus or minus this.
pub const MAX_VALUE: i32 = 99;
/// How many trees are tried before a request is given up.
pub const MAX_TRIES: u64 = 20_000;

/// How the children of each node are ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Best first for the side to move (the most cutoffs alpha-beta can make).
    Good,
    /// Worst first (no cutoff below any node but the last move).
    Bad,
    /// As drawn.
    Random,
}

impl Order {
    /// The order's name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Order::Good => "good",
            Order::Bad => "bad",
            Order::Random => "random",
        }
    }

    /// The order called `name`.
    pub fn from_name(name: &str) -> Result<Order, String> {
        match name.trim() {
            "good" => Ok(Order::Good),
            "bad" => Ok(Order::Bad),
            "random" => Ok(Order::Random),
            other => Err(format!("order '{other}': expected good, bad or random")),
        }
    }

    fn code(self) -> u64 {
        match self {
            Order::Random => 0,
            Order::Good => 1,
            Order::Bad => 2,
        }
    }
}

/// What a tree looks like: the same shape and seed give the same tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Plies from the root to every leaf (1 ..= [`MAX_DEPTH`]).
    pub depth: u32,
    /// The fewest and most children of an interior node (1 ..= [`MAX_WIDTH`]).
    pub width: (u32, u32),
    /// The lowest and highest leaf value (within ±[`MAX_VALUE`]).
    pub values: (i32, i32),
    /// How children are ordered.
    pub order: Order,
    /// MIN moves at the root (MAX by default).
    pub min_first: bool,
    /// After every move of the side at the root, a chance node with two equally likely
    /// outcomes (for expectimax, Star1 and Star2); chance nodes are not plies.
    pub chance: bool,
}

impl Shape {
    /// Checks the limits, saying which one is broken.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=MAX_DEPTH).contains(&self.depth) {
            return Err(format!(
                "depth {}: an exercise is 1 to {MAX_DEPTH} plies deep",
                self.depth
            ));
        }
        let (lo, hi) = self.width;
        if lo == 0 || lo > hi || hi > MAX_WIDTH {
            return Err(format!(
                "width {lo}..{hi}: give 1 to {MAX_WIDTH} children, the smaller first"
            ));
        }
        let most = u64::from(hi).pow(self.depth) << self.chance_layers();
        if most > MAX_LEAVES {
            let chance = if self.chance {
                " and two outcomes after each move of the side at the root"
            } else {
                ""
            };
            return Err(format!(
                "depth {} with up to {hi} children{chance} gives up to {most} leaves; a handout holds {MAX_LEAVES}: lower the depth or the width",
                self.depth
            ));
        }
        let (vlo, vhi) = self.values;
        if vlo > vhi || vlo < -MAX_VALUE || vhi > MAX_VALUE {
            return Err(format!(
                "values {vlo}..{vhi}: give a range within -{MAX_VALUE}..{MAX_VALUE}, the smaller first"
            ));
        }
        Ok(())
    }
}

impl Shape {
    /// How many chance nodes lie on a path from the root to a leaf.
    #[must_use]
    pub fn chance_layers(&self) -> u32 {
        if self.chance {
            self.depth.div_ceil(2)
        } else {
            0
        }
    }
}

/// One generated tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Exercise {
    /// The id that regenerates it ([`parse_id`]).
    pub id: String,
    /// The tree in bracket notation (`min:` first when MIN moves).
    pub tree: String,
    /// What the requested algorithm does on it.
    pub measure: Measure,
}

/// What a search does on a tree: the figures a request is about.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measure {
    /// Cutoffs that leave moves unsearched (pruning events).
    pub cutoffs: u32,
    /// Of those, the ones above the leaves' parents: whole subtrees left unsearched.
    pub deep_cutoffs: u32,
    /// Leaves evaluated (counting every pass).
    pub leaves_searched: u32,
    /// Leaves of the tree.
    pub leaves: u32,
}

/// A teacher's request.
#[derive(Clone, Debug)]
pub struct Request {
    /// The algorithm with its options.
    pub row: BenchRow,
    /// The trees' shape.
    pub shape: Shape,
    /// The fewest and most cutoffs (None: no upper limit).
    pub cutoffs: (u32, Option<u32>),
    /// The fewest and most cutoffs above the leaves' parents.
    pub deep_cutoffs: (u32, Option<u32>),
    /// The seed the candidate trees are drawn from.
    pub seed: u64,
    /// How many exercises.
    pub count: usize,
}

/// A difficulty preset: what easy, medium and hard mean.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Difficulty {
    /// Depth 2, 2-3 children, at least one cutoff.
    #[default]
    Easy,
    /// Depth 3, 2-3 children, at least 2 cutoffs, one above the leaves' parents.
    Medium,
    /// Depth 4, 2-3 children, at least 4 cutoffs, 2 above the leaves' parents.
    Hard,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// Its name on the command line and in the app.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The difficulty called `name`.
    pub fn from_name(name: &str) -> Result<Difficulty, String> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == name.trim())
            .ok_or_else(|| format!("difficulty '{name}': expected easy, medium or hard"))
    }

    /// Its request for `row`: `count` trees drawn from `seed`, values 0 to 20, children
    /// as drawn, MAX first. For a row that averages chance nodes (expectimax, Star1,
    /// Star2) the trees have them ([`Shape::chance`]) and are one ply shallower (hard:
    /// depth 3 with 2 children, at least 3 cutoffs); a row that never cuts off
    /// (minimax, expectimax) is asked for no cutoffs.
    #[must_use]
    pub fn request(self, row: BenchRow, seed: u64, count: usize) -> Request {
        let info = row.algorithm.info();
        let chance = info.chance == crate::search::registry::ChanceNodes::Averages;
        let (depth, width, cutoffs, deep) = match (self, chance) {
            (Difficulty::Easy, false) => (2, 3, 1, 0),
            (Difficulty::Medium, false) => (3, 3, 2, 1),
            (Difficulty::Hard, false) => (4, 3, 4, 2),
            (Difficulty::Easy, true) => (1, 3, 1, 0),
            (Difficulty::Medium, true) => (2, 3, 2, 1),
            (Difficulty::Hard, true) => (3, 2, 3, 1),
        };
        let (cutoffs, deep) = if info.takes_window {
            (cutoffs, deep)
        } else {
            (0, 0)
        };
        Request {
            row,
            shape: Shape {
                depth,
                width: (2, width),
                values: (0, 20),
                order: Order::Random,
                min_first: false,
                chance,
            },
            cutoffs: (cutoffs, None),
            deep_cutoffs: (deep, None),
            seed,
            count,
        }
    }
}

/// Twelve characters of Crockford's base 32 (no I, L, O, U), in three groups of four.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The id of the tree of `shape` and `seed`: twelve characters, and a thirteenth
/// (`1`) for a tree with chance nodes.
#[must_use]
pub fn id_of(shape: &Shape, seed: u32) -> String {
    let offset = |v: i32| (v + 128) as u64;
    let packed = u64::from(shape.depth)
        | u64::from(shape.width.0) << 3
        | u64::from(shape.width.1) << 6
        | shape.order.code() << 9
        | u64::from(shape.min_first) << 11
        | offset(shape.values.0) << 12
        | offset(shape.values.1) << 20
        | u64::from(seed) << 28;
    let chars: Vec<u8> = (0..12)
        .map(|k| ALPHABET[((packed >> (5 * (11 - k))) & 31) as usize])
        .collect();
    let s = String::from_utf8(chars).unwrap_or_default();
    let id = format!("{}-{}-{}", &s[..4], &s[4..8], &s[8..]);
    if shape.chance { format!("{id}-1") } else { id }
}

/// The shape and seed an id names; an error says what is wrong with it.
pub fn parse_id(id: &str) -> Result<(Shape, u32), String> {
    let mut packed: u64 = 0;
    let mut flags: u64 = 0;
    let mut n = 0;
    for c in id.trim().chars().filter(|&c| c != '-') {
        let c = match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        };
        let Some(v) = ALPHABET.iter().position(|&a| a as char == c) else {
            return Err(format!(
                "id '{id}': '{c}' is not one of its letters (0-9 and A-Z but I, L, O, U)"
            ));
        };
        if n < 12 {
            packed = packed << 5 | v as u64;
        } else {
            flags = v as u64;
        }
        n += 1;
    }
    // A thirteenth character says what else the tree has: 1, chance nodes.
    let chance = match n {
        12 => false,
        13 if flags == 1 => true,
        13 => return Err(format!("id '{id}' is not one treelab wrote")),
        _ => {
            return Err(format!(
                "id '{id}': an id has 12 letters and digits (13 with chance nodes), not {n}"
            ));
        }
    };
    let order = match packed >> 9 & 3 {
        0 => Order::Random,
        1 => Order::Good,
        2 => Order::Bad,
        _ => return Err(format!("id '{id}' is not one treelab wrote")),
    };
    let value = |bits: u64| (bits & 255) as i32 - 128;
    let shape = Shape {
        depth: (packed & 7) as u32,
        width: ((packed >> 3 & 7) as u32, (packed >> 6 & 7) as u32),
        values: (value(packed >> 12), value(packed >> 20)),
        order,
        min_first: packed >> 11 & 1 == 1,
        chance,
    };
    shape
        .check()
        .map_err(|e| format!("id '{id}' is not one treelab wrote ({e})"))?;
    Ok((shape, (packed >> 28) as u32))
}

/// A node of a generated tree, before it is written.
enum Node {
    Leaf(i32),
    Inner(Vec<Node>),
    /// A chance node: its outcomes, equally likely.
    Chance(Vec<Node>),
}

impl Node {
    /// Its expectiminimax value, MAX to move when `max` (at a chance node: MAX moves
    /// at its outcomes).
    fn value(&self, max: bool) -> f64 {
        match self {
            Node::Leaf(v) => f64::from(*v),
            Node::Inner(children) => {
                let values = children.iter().map(|c| c.value(!max));
                if max {
                    values.fold(f64::NEG_INFINITY, f64::max)
                } else {
                    values.fold(f64::INFINITY, f64::min)
                }
            }
            Node::Chance(outcomes) => {
                outcomes.iter().map(|c| c.value(max)).sum::<f64>() / outcomes.len() as f64
            }
        }
    }

    fn write(&self, out: &mut String) {
        match self {
            Node::Leaf(v) => out.push_str(&v.to_string()),
            Node::Inner(children) => {
                out.push('(');
                for (k, c) in children.iter().enumerate() {
                    if k > 0 {
                        out.push(' ');
                    }
                    c.write(out);
                }
                out.push(')');
            }
            Node::Chance(outcomes) => {
                out.push_str("?(");
                for (k, c) in outcomes.iter().enumerate() {
                    if k > 0 {
                        out.push(' ');
                    }
                    out.push_str(&format!("1/{}:", outcomes.len()));
                    c.write(out);
                }
                out.push(')');
            }
        }
    }
}

/// Draws a node `plies` above the leaves, MAX to move when `max`, ordered as `order`.
fn grow(rng: &mut SeededRng, shape: &Shape, plies: u32, max: bool) -> Node {
    if plies == 0 {
        let (lo, hi) = shape.values;
        let span = (hi - lo) as u64 + 1;
        return Node::Leaf(lo + rng.below(span) as i32);
    }
    let (lo, hi) = shape.width;
    let n = lo + rng.below(u64::from(hi - lo) + 1) as u32;
    // The side at the root moves to chance nodes, when the shape has them.
    let to_chance = shape.chance && max != shape.min_first;
    let mut children: Vec<Node> = (0..n)
        .map(|_| {
            if to_chance {
                Node::Chance(vec![
                    grow(rng, shape, plies - 1, !max),
                    grow(rng, shape, plies - 1, !max),
                ])
            } else {
                grow(rng, shape, plies - 1, !max)
            }
        })
        .collect();
    if shape.order != Order::Random {
        // The child's value from its own side's view is taken by the parent.
        let best_first = shape.order == Order::Good;
        let key = |c: &Node| {
            let v = c.value(!max);
            let better = if max { -v } else { v };
            if best_first { better } else { -better }
        };
        children.sort_by(|a, b| key(a).total_cmp(&key(b)));
    }
    Node::Inner(children)
}

/// The tree of `shape` and `seed` in bracket notation.
#[must_use]
pub fn tree_text(shape: &Shape, seed: u32) -> String {
    let mut rng = SeededRng::new(splitmix64(u64::from(seed) ^ 0x6578_6572_6369_7365));
    let root = grow(&mut rng, shape, shape.depth, !shape.min_first);
    let mut out = if shape.min_first {
        "min: ".to_string()
    } else {
        String::new()
    };
    root.write(&mut out);
    out
}

/// The search of `row` on `tree` (bracket notation) to its height.
pub fn search(tree: &str, row: &BenchRow) -> Result<SearchTree, String> {
    let pos = AnyPosition::parse(GameKind::CustomTree, tree).map_err(|e| e.to_string())?;
    let depth = pos.as_dyn().full_depth().unwrap_or(MAX_DEPTH);
    let req = SearchRequest {
        algorithm: row.algorithm,
        options: row.options.clone(),
        depth,
        evaluator: String::new(),
    };
    trace_tree(&pos, &req).map_err(|e| e.to_string())
}

/// What the traced search `t` did: its cutoffs (those that leave moves unsearched),
/// those above the leaves' parents, the leaves it evaluated and the tree's leaves.
#[must_use]
pub fn measure(t: &SearchTree, leaves: u32) -> Measure {
    let mut m = Measure {
        leaves,
        ..Measure::default()
    };
    for n in &t.nodes {
        let cut = (n.cutoff_child.is_some() || n.chance_cut.is_some()) && !n.pruned.is_empty();
        if cut {
            m.cutoffs += 1;
            // A child of a node is a leaf when no move of the node's children is left.
            let below_are_leaves = n
                .children
                .iter()
                .all(|&c| t.nodes[c].leaf && t.nodes[c].children.is_empty());
            if !below_are_leaves {
                m.deep_cutoffs += 1;
            }
        }
        if n.leaf {
            m.leaves_searched += 1;
        }
    }
    m
}

/// Whether every chance node of `tree` has leaves of two values at least below it, so
/// that Star1's bounds on an unsearched outcome are the lowest and highest leaf below
/// it, as the sheet says (with one value only, the engine widens them by one to keep its
/// window open).
fn chance_bounds_plain(tree: &str) -> bool {
    let Ok(pos) = AnyPosition::parse(GameKind::CustomTree, tree) else {
        return false;
    };
    let nodes = pos.as_dyn().tree_nodes();
    let mut range: Vec<Option<(i32, i32)>> = vec![None; nodes.len()];
    // Preorder lists a node before its subtree: fold the leaves up from the end.
    for i in (0..nodes.len()).rev() {
        if nodes[i].leaf {
            let v = nodes[i].value.unwrap_or(0);
            range[i] = Some((v, v));
        }
        if let (Some(p), Some((lo, hi))) = (nodes[i].parent, range[i]) {
            range[p] = Some(range[p].map_or((lo, hi), |(a, b)| (a.min(lo), b.max(hi))));
        }
    }
    nodes
        .iter()
        .zip(&range)
        .all(|(n, r)| !n.chance || r.is_some_and(|(lo, hi)| lo < hi))
}

/// Whether `m` meets the request's cutoff counts.
fn meets(req: &Request, m: &Measure) -> bool {
    let within = |v: u32, (lo, hi): (u32, Option<u32>)| v >= lo && hi.is_none_or(|h| v <= h);
    within(m.cutoffs, req.cutoffs) && within(m.deep_cutoffs, req.deep_cutoffs)
}

/// The exercise of `shape` and `seed` for `row`.
pub fn exercise(shape: &Shape, seed: u32, row: &BenchRow) -> Result<Exercise, String> {
    let tree = tree_text(shape, seed);
    let traced = search(&tree, row)?;
    let leaves = traced
        .root
        .as_dyn()
        .tree_nodes()
        .iter()
        .filter(|n| n.leaf)
        .count();
    Ok(Exercise {
        id: id_of(shape, seed),
        measure: measure(&traced, u32::try_from(leaves).unwrap_or(u32::MAX)),
        tree,
    })
}

/// The exercises `req` asks for, in the order found; an error when the request is
/// impossible or [`MAX_TRIES`] trees did not give enough (saying how many were found).
pub fn generate(req: &Request) -> Result<Vec<Exercise>, String> {
    req.shape.check()?;
    if req.count == 0 || req.count > 1_000 {
        return Err(format!("count {}: ask for 1 to 1000 exercises", req.count));
    }
    let mut found: Vec<Exercise> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for k in 0..MAX_TRIES {
        let seed = (splitmix64(req.seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15)) >> 32) as u32;
        let ex = exercise(&req.shape, seed, &req.row)?;
        let plain = !req.shape.chance || chance_bounds_plain(&ex.tree);
        if plain && meets(req, &ex.measure) && seen.insert(ex.tree.clone()) {
            found.push(ex);
            if found.len() == req.count {
                return Ok(found);
            }
        }
    }
    Err(format!(
        "only {} of the {} exercises asked for in {MAX_TRIES} trees: ask for fewer cutoffs, \
         or wider or deeper trees, or another order",
        found.len(),
        req.count
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_name_their_shape_and_seed() {
        let shape = Shape {
            depth: 3,
            width: (2, 3),
            values: (-9, 20),
            order: Order::Good,
            min_first: true,
            chance: false,
        };
        for seed in [0, 1, 77, u32::MAX] {
            let id = id_of(&shape, seed);
            assert_eq!(id.len(), 14, "{id}");
            assert_eq!(parse_id(&id), Ok((shape, seed)));
            assert_eq!(parse_id(&id.to_lowercase()), Ok((shape, seed)));
        }
        assert!(parse_id("K7F3-M2QX").unwrap_err().contains("12 letters"));
        assert!(parse_id("K7F3-M2QX-9AU1").unwrap_err().contains("'U'"));
        assert!(parse_id("0000-0000-0000").is_err());
        let chance = Shape {
            chance: true,
            width: (2, 2),
            ..shape
        };
        for seed in [0, 77, u32::MAX] {
            let id = id_of(&chance, seed);
            assert!(id.ends_with("-1") && id.len() == 16, "{id}");
            assert_eq!(parse_id(&id), Ok((chance, seed)));
        }
        let id = id_of(&chance, 77);
        assert!(parse_id(&format!("{}2", &id[..15])).is_err());
    }
}
