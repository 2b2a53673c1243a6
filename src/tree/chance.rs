//! Chance nodes in the tree view: which visits are chance nodes, the probability on each
//! edge below one, and the words for how one ended: its outcomes' mean weighted by their
//! probabilities, or a Star1/Star2 cutoff (the outcomes searched already bound the mean
//! beyond the window, whatever the others turn out to be), and Star2's probes.
//!
//! The bounds are recomputed here from the visits' values, the probabilities and the
//! game's score range, in exact arithmetic, the way the search computed them: the words
//! a learner reads add up.

use super::node::{Bound, EdgeProb, SearchTree, TreeNode, bound, replay};
use crate::game::chance::scaled_text;
use crate::search::registry::Bounds;
use crate::search::trace::VisitKind;

/// Marks node `n` as a chance node with these outcomes (notation, weight), and each of
/// its children with the probability of its outcome.
pub(super) fn mark(nodes: &mut [TreeNode], n: usize, outcomes: &[(String, u32)]) {
    let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
    nodes[n].chance = true;
    for c in nodes[n].children.clone() {
        let weight = outcomes
            .iter()
            .find(|(m, _)| Some(m.as_str()) == nodes[c].mv.as_deref())
            .map(|&(_, w)| w);
        nodes[c].prob = weight.map(|w| EdgeProb::new(w, total));
    }
}

/// What is known of one outcome of a chance node when it ended.
struct Term {
    /// Its move.
    mv: String,
    /// Its weight.
    weight: i64,
    /// How it enters the bound: its value (exact or a bound), or the value counted for
    /// it when not searched.
    value: i64,
    /// Its text in the sum: `3`, `(≤ 2)`, `(≥ 4, probed)`, `10`.
    text: String,
    /// Searched in full (or exactly known from its probe).
    searched: bool,
}

impl SearchTree {
    /// The outcomes of chance node `n`, each with what its visits tell, counting an
    /// outcome not searched at the highest value when `toward` is α (the mean's upper
    /// bound) and at its probe's lower bound or the lowest value when β.
    fn terms(&self, n: usize, toward: Bound) -> Vec<Term> {
        let node = &self.nodes[n];
        let Ok(pos) = replay(&self.root, &node.path) else {
            return Vec::new();
        };
        let outcomes = pos.as_dyn().chance_outcomes().unwrap_or_default();
        let (lo, hi) = pos.as_dyn().score_range(self.request.options.scoring);
        let s = self.scale();
        outcomes
            .into_iter()
            .map(|(mv, w)| {
                let visits = || {
                    node.children
                        .iter()
                        .map(|&c| &self.nodes[c])
                        .filter(|c| c.mv.as_deref() == Some(mv.as_str()))
                };
                let searched = visits()
                    .filter(|c| c.kind != VisitKind::Probe)
                    .filter_map(|c| c.value.map(|v| (c, v)))
                    .next_back();
                let probe = visits()
                    .filter(|c| c.kind == VisitKind::Probe)
                    .filter_map(|c| c.value.map(|v| (c, v)))
                    .next_back();
                let (value, text, full) = match (searched, probe) {
                    (Some((c, v)), _) => {
                        // At the game's range a value is exact: nothing lies beyond.
                        let t = if v <= c.alpha && v > lo && !c.leaf {
                            format!("(≤ {})", bound(v, s))
                        } else if v >= c.beta && v < hi && !c.leaf {
                            format!("(≥ {})", bound(v, s))
                        } else {
                            signed(v, s)
                        };
                        (v, t, true)
                    }
                    (None, Some((c, v))) if probe_exact(c) => (v, signed(v, s), true),
                    (None, Some((_, v))) if toward == Bound::Beta && v > lo => {
                        (v, format!("(≥ {}, probed)", bound(v, s)), false)
                    }
                    (None, _) if toward == Bound::Beta => (lo, signed(lo, s), false),
                    (None, _) => (hi, signed(hi, s), false),
                };
                Term {
                    mv,
                    weight: i64::from(w),
                    value: i64::from(value),
                    text,
                    searched: full,
                }
            })
            .collect()
    }

    /// The words for chance node `n` (without the visit's prefix).
    pub(super) fn chance_text(&self, n: usize) -> String {
        let node = &self.nodes[n];
        let Some(value) = node.value else {
            return format!(
                "window {}: a chance node; the search was stopped inside it",
                self.window_of(n)
            );
        };
        let windowless = self.request.algorithm.info().bounds == Bounds::NoWindow;
        let toward = node.chance_cut.unwrap_or(if value >= node.beta {
            Bound::Beta
        } else {
            Bound::Alpha
        });
        let terms = self.terms(n, toward);
        let total: i64 = terms.iter().map(|t| t.weight).sum();
        let num: i64 = terms.iter().map(|t| t.weight * t.value).sum();
        let mean = self.mean_text(num, total);
        let sum = terms
            .iter()
            .map(|t| {
                format!(
                    "{}·{}",
                    super::EdgeProb::new(t.weight as u32, total as u32).text,
                    t.text
                )
            })
            .collect::<Vec<_>>()
            .join(" + ");
        let intro = "a chance node, worth the mean of its outcomes weighted by their probabilities";
        if windowless {
            return format!("{intro}: {sum} = {mean}");
        }
        let window = self.window_of(n);
        let (a, b) = (self.vtext(node.alpha), self.vtext(node.beta));
        let unsearched: Vec<&str> = terms
            .iter()
            .filter(|t| !t.searched)
            .map(|t| t.mv.as_str())
            .collect();
        let name = self.request.algorithm.label();
        match node.chance_cut {
            Some(Bound::Alpha) => format!(
                "window {window}: {intro}. Counting the outcomes not searched ({}) at the highest value a position can have: {sum} = at most {mean} ≤ α = {a}. The first outcomes already bound the average below α, whatever the others are: a {name} cutoff, {} never searched",
                unsearched.join(", "),
                unsearched.join(", ")
            ),
            Some(Bound::Beta) if terms.iter().all(|t| !t.searched) => format!(
                "window {window}: {intro}. {name} probed each outcome's first move, and its side takes at least that: {sum} = at least {mean} ≥ β = {b}. The probes already bound the average above β: a cutoff before any outcome is searched in full{}",
                self.for_parent(n, num, total)
            ),
            Some(Bound::Beta) => format!(
                "window {window}: {intro}. Counting the outcomes not searched in full ({}) at {}: {sum} = at least {mean} ≥ β = {b}. The first outcomes already bound the average above β, whatever the others are: a {name} cutoff, {} never searched in full{}",
                unsearched.join(", "),
                if terms.iter().any(|t| t.text.contains("probed")) {
                    "their probes' lower bounds or the lowest value a position can have"
                } else {
                    "the lowest value a position can have"
                },
                unsearched.join(", "),
                self.for_parent(n, num, total)
            ),
            None if value <= node.alpha => format!(
                "window {window}: {intro}; every outcome searched, the last one's value a bound: {sum} = at most {mean} ≤ α = {a}: an upper bound, the value is at most {}",
                self.vtext(value)
            ),
            None if value >= node.beta => format!(
                "window {window}: {intro}; every outcome searched, the last one's value a bound: {sum} = at least {mean} ≥ β = {b}: a lower bound, the value is at least {}",
                self.vtext(value)
            ),
            None => format!(
                "window {window}: {intro}; every outcome searched, no cutoff: {sum} = {mean}, inside the window: the exact value"
            ),
        }
    }

    /// What a chance node cut above β is worth to its parent, which negates it (the
    /// parent's view, as two-sided figures draw it): nothing when it has none.
    fn for_parent(&self, n: usize, num: i64, total: i64) -> String {
        let node = &self.nodes[n];
        if node.parent.is_none() {
            return String::new();
        }
        format!(
            " (to the parent, which negates it, the chance node is worth at most {}, no more than the {} the parent is sure of already)",
            self.mean_text(-num, total),
            self.vtext(node.beta.saturating_neg())
        )
    }

    /// `num / total` engine units in the game's units: exact, or to six decimals.
    fn mean_text(&self, num: i64, total: i64) -> String {
        let scale = u64::from(self.scale()) * total.max(1) as u64;
        match u32::try_from(scale) {
            Ok(scale) => scaled_text(num, scale),
            Err(_) => format!("{:.6}", num as f64 / scale as f64),
        }
    }

    /// The words for Star2's probe visit `n` of an outcome (not a leaf or a table
    /// answer): its first move only, for a lower bound.
    pub(super) fn probe_text(&self, n: usize) -> String {
        let node = &self.nodes[n];
        let window = self.window_of(n);
        let first = node
            .children
            .first()
            .and_then(|&c| self.nodes[c].mv.clone())
            .unwrap_or_else(|| "?".into());
        let Some(v) = node.value else {
            return format!("window {window}: Star2's probe; the search was stopped inside it");
        };
        let others = if node.pruned.is_empty() {
            "it is the only move, so this is the outcome's exact value".to_string()
        } else {
            format!(
                "the side to move takes at least that, so the outcome is worth at least {}",
                self.vtext(v)
            )
        };
        format!(
            "window {window}: Star2's probe of this outcome: only its first move, {first}, is searched, worth {}; {others}",
            self.vtext(v)
        )
    }

    /// Whether `v`, a bound of node `n`'s window, is the game's own limit on values
    /// at its chance node (Star1 and Star2 keep an outcome's window inside the range
    /// the game gives its chance node): the bound it is at, if so. Only for the
    /// outcomes of chance nodes.
    pub(super) fn range_edge(&self, n: usize, v: i32) -> Option<Bound> {
        let parent = self.nodes[n].parent.filter(|&p| self.nodes[p].chance)?;
        // The chance node's range: the one Star1 clamps its outcomes' windows to.
        let pos = replay(&self.root, &self.nodes[parent].path).ok()?;
        let (lo, hi) = pos.as_dyn().score_range(self.request.options.scoring);
        if v >= hi {
            Some(Bound::Beta)
        } else if v <= lo {
            Some(Bound::Alpha)
        } else {
            None
        }
    }

    /// Why outcome `i` of a chance node gets its window from Star1 or Star2.
    pub(crate) fn outcome_window_reason(&self, i: usize) -> String {
        let n = &self.nodes[i];
        let mv = n.mv.as_deref().unwrap_or("?");
        let w = self.window_of(i);
        if n.kind == VisitKind::Probe {
            return format!(
                "Star2's probe of {mv}: from the lowest value up to the value at which this outcome alone would lift the mean to β, {w}"
            );
        }
        format!(
            "Star1's window for outcome {mv}, {w}: a value at or below its α brings the mean to the chance node's α even with the outcomes after it at the highest value; one at or above its β lifts the mean to β even with them at the lowest value (or their probes' bounds); both inside the game's range of values"
        )
    }
}

/// A value in a sum: in brackets when negative (`1/2·(-3)`).
fn signed(v: i32, scale: u32) -> String {
    if v < 0 {
        format!("({})", bound(v, scale))
    } else {
        bound(v, scale)
    }
}

/// Whether a probe visit gave its outcome's exact value (the search takes it then and
/// does not search the outcome again): a leaf, a table answer or a single move inside
/// its window.
fn probe_exact(c: &TreeNode) -> bool {
    let inside = c.value.is_some_and(|v| c.alpha < v && v < c.beta);
    c.leaf || (inside && (c.table_cut || c.pruned.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{AnyPosition, GameKind, SearchRequest};
    use crate::game::SeededRng;
    use crate::search::{Algorithm, SearchOptions};
    use crate::tree::quiz::{Answer, Quiz, parse_bound};
    use crate::tree::trace_tree;

    /// A random tree of players' nodes and chance nodes (AIMA's alternation, now and
    /// then two players' nodes in a row), leaves -9..=9.
    fn random_tree(rng: &mut SeededRng, levels: u32, chance: bool) -> String {
        const PROBS: [&[&str]; 3] = [&["1/2", "1/2"], &["1/3", "2/3"], &["1/4", "1/4", "1/2"]];
        if levels == 0 || rng.below(6) == 0 {
            return (rng.below(19) as i64 - 9).to_string();
        }
        if chance {
            let set = PROBS[rng.below(3) as usize];
            let outcomes: Vec<String> = set
                .iter()
                .map(|p| format!("{p}:{}", random_tree(rng, levels - 1, false)))
                .collect();
            return format!("?({})", outcomes.join(" "));
        }
        let children: Vec<String> = (0..1 + rng.below(3))
            .map(|_| {
                let next_chance = rng.below(4) != 0;
                random_tree(rng, levels - 1, next_chance)
            })
            .collect();
        format!("({})", children.join(" "))
    }

    fn traced(text: &str, algorithm: Algorithm, options: SearchOptions) -> SearchTree {
        let pos = AnyPosition::parse(GameKind::CustomTree, text).unwrap();
        let depth = pos.as_dyn().full_depth().unwrap_or(6);
        trace_tree(
            &pos,
            &SearchRequest {
                algorithm,
                options,
                depth,
                evaluator: String::new(),
            },
        )
        .unwrap()
    }

    #[test]
    fn chance_trees_draw_their_counters_and_every_cutoff_adds_up() {
        let with_table = SearchOptions {
            tt_mib: 1,
            ..SearchOptions::default()
        };
        let (mut cuts, mut probes) = (0, 0);
        for seed in 0..300u64 {
            let mut rng = SeededRng::new(seed);
            let text = random_tree(&mut rng, 4, false);
            for algorithm in [Algorithm::Expectimax, Algorithm::Star1, Algorithm::Star2] {
                let options = if seed % 2 == 0 || algorithm == Algorithm::Expectimax {
                    SearchOptions::default()
                } else {
                    with_table.clone()
                };
                let t = traced(&text, algorithm, options);
                let s = &t.record.counters;
                let count =
                    |f: &dyn Fn(&TreeNode) -> bool| t.nodes.iter().filter(|n| f(n)).count() as u64;
                assert_eq!(
                    t.counts(),
                    (s.nodes(), s.leaves(), s.beta_cutoffs(), s.researches())
                );
                assert_eq!(count(&|n| n.chance && !n.leaf), s.chance_nodes(), "{text}");
                assert_eq!(
                    count(&|n| n.chance_cut.is_some()),
                    s.chance_cutoffs(),
                    "{text}"
                );
                let probing = |n: &TreeNode| {
                    n.kind == VisitKind::Probe && !n.leaf && !n.table_cut && !n.children.is_empty()
                };
                assert_eq!(count(&probing), s.probes(), "{algorithm:?} {text}");
                for (i, n) in t.nodes.iter().enumerate() {
                    if n.parent.is_some_and(|p| t.nodes[p].chance) {
                        assert!(n.prob.is_some(), "an outcome's edge has its probability");
                    }
                    if !n.chance || n.table_cut {
                        continue;
                    }
                    let v = n.value.unwrap();
                    let toward = n.chance_cut.unwrap_or(if v >= n.beta {
                        Bound::Beta
                    } else {
                        Bound::Alpha
                    });
                    let terms = t.terms(i, toward);
                    let total: i64 = terms.iter().map(|t| t.weight).sum();
                    let num: i64 = terms.iter().map(|t| t.weight * t.value).sum();
                    let (a, b) = (i64::from(n.alpha), i64::from(n.beta));
                    // The sum the words show crosses the bound they name, or is the
                    // value the node returns.
                    match n.chance_cut {
                        Some(Bound::Beta) => assert!(num >= b * total, "{text}"),
                        Some(Bound::Alpha) => assert!(num <= a * total, "{text}"),
                        None if v > n.alpha && v < n.beta => {
                            assert_eq!(num, i64::from(v) * total, "{algorithm:?} {text}");
                        }
                        None => {}
                    }
                    cuts += usize::from(n.chance_cut.is_some());
                    probes += usize::from(t.nodes.iter().any(|c| c.kind == VisitKind::Probe));
                    assert!(t.explain(i).contains("a chance node"), "{}", t.explain(i));
                }
                quiz_scores_full_marks(&t);
            }
        }
        assert!(
            cuts > 100 && probes > 100,
            "{cuts} cut chance nodes, {probes} with probes"
        );
    }

    /// The trace's own answers, typed as the quiz writes them, score full marks.
    fn quiz_scores_full_marks(t: &SearchTree) {
        let mut quiz = Quiz::new();
        loop {
            let q = quiz.question(t);
            let n = &t.nodes[q.node];
            let typed = |v: i32| parse_bound(&t.vtext(v), t.scale()).unwrap();
            // Values the text rounds (thirds) are typed exactly, as fractions.
            let exact = |v: i32| {
                crate::game::chance::exact_fraction(i64::from(v), t.scale())
                    .filter(|_| v.abs() < crate::search::INF)
                    .map_or_else(|| typed(v), |f| parse_bound(&f, t.scale()).unwrap())
            };
            let answer = Answer {
                window: Some((exact(n.alpha), exact(n.beta))),
                value: n.value.map(exact),
                cutoff: Some(n.cutoff_child.is_some() || n.chance_cut.is_some()),
                never: n.pruned.iter().cloned().collect(),
            };
            let marks = quiz.mark(t, &answer);
            assert!(marks.iter().all(|m| m.right), "visit {}: {marks:?}", q.node);
            if !quiz.next(t) {
                break;
            }
        }
    }
}
