//! E7: Star1 and Star2 against expectimax, on random chance trees and on EinStein
//! würfelt nicht! positions, depths 1 to 5, move ordering off and on (docs
//! `experiments.md`, E7; Ballard 1983; Hauk, Buro & Schaeffer 2004).

use super::common::*;
use crate::game::custom_tree::{CustomTree, CustomTreeEval, parse_tree};
use crate::game::ewn::{Ewn, EwnEval, EwnMove, Phase};
use crate::game::{Evaluator, SeededRng};

/// E7 as the CLI runs it; the app's preset is its EWN part.
pub(super) const E7: Experiment = Experiment {
    name: "e7",
    label: "E7: Star1 and Star2 against expectimax, chance trees and EWN, depths 1-5",
    description: "Pruning below chance nodes: nodes, leaves and time of Star1 and Star2 over expectimax's, move ordering off and on.",
    preset: Some(preset),
    run: e7,
};

/// The shipped suite of E7's EWN positions.
const EWN_SUITE: &str = "ewn/e7-positions.ewn";

/// The app's E7: its EWN part, the five rows on the shipped suite, depths 1 to 5.
fn preset() -> Session {
    let mut s = preset_with_suite(preset_base(GameKind::Ewn), EWN_SUITE);
    let last = LAST_DEPTH.0;
    s.rows = [false, true]
        .into_iter()
        .flat_map(|ordered| {
            ALGORITHMS
                .into_iter()
                .filter(move |&a| !(ordered && a == Algorithm::Expectimax))
                .map(move |a| ComparisonRow {
                    options: options(ordered, a),
                    depth_min: 1,
                    depth_max: last,
                    ..ComparisonRow::new(a)
                })
        })
        .collect();
    s
}

/// The rows: expectimax (the baseline), Star1, Star2; ordering off, then on.
const ALGORITHMS: [Algorithm; 3] = [Algorithm::Expectimax, Algorithm::Star1, Algorithm::Star2];
/// Positions per depth (trees) or in all (EWN), full and quick.
const POSITIONS: (usize, usize) = (40, 10);
/// The deepest search, full and quick.
const LAST_DEPTH: (u32, u32) = (5, 4);
/// The random trees' shape: 3 moves a player's node, 2 equally likely outcomes a
/// chance node (the largest that fits a hand-built tree's 20,000 nodes at depth 5).
const TREE_WIDTH: u64 = 3;
const TREE_OUTCOMES: u64 = 2;
/// The random trees' values: each node is its parent's value plus a step in -10..=10
/// (an incremental model, so written interior values say something of their subtree).
const TREE_STEP: i64 = 10;

/// The options with ordering off (generation order, no table) or on (each child
/// ordered by a depth-1 expectimax, a 4 MiB table). Expectimax visits every node
/// whatever the order, and takes no table: it runs without either.
fn options(ordered: bool, algorithm: Algorithm) -> SearchOptions {
    if ordered && algorithm != Algorithm::Expectimax {
        SearchOptions {
            ordering: MoveOrder::Shallow(1),
            tt_mib: 4,
            ..SearchOptions::default()
        }
    } else {
        SearchOptions::default()
    }
}

/// A random chance tree `depth` players' plies deep in bracket notation: each player's
/// node has [`TREE_WIDTH`] chance children, each chance node [`TREE_OUTCOMES`] equally
/// likely outcomes; every node carries its value (its parent's plus a step), the leaves
/// as their value and interior nodes as `(…):v` for searches that stop there.
fn random_chance_tree(rng: &mut SeededRng, depth: u32, value: i64, chance: bool) -> String {
    let step = |rng: &mut SeededRng| rng.below(2 * TREE_STEP as u64 + 1) as i64 - TREE_STEP;
    if depth == 0 && !chance {
        return value.to_string();
    }
    let (width, prefix, prob) = if chance {
        (TREE_OUTCOMES, "?", format!("1/{TREE_OUTCOMES}:"))
    } else {
        (TREE_WIDTH, "", String::new())
    };
    let children: Vec<String> = (0..width)
        .map(|_| {
            let v = value + step(rng);
            let child = if chance {
                random_chance_tree(rng, depth - 1, v, false)
            } else {
                random_chance_tree(rng, depth, v, true)
            };
            format!("{prob}{child}")
        })
        .collect();
    format!("{prefix}({}):{value}", children.join(" "))
}

/// What one row did over a set of positions at one depth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct E7Cell {
    /// Nodes visited.
    pub nodes: u64,
    /// Leaves (static evaluations and finished games).
    pub leaves: u64,
    /// Nodes visited only to order moves.
    pub ordering_nodes: u64,
    /// Chance nodes cut with outcomes left unsearched.
    pub chance_cutoffs: u64,
    /// Star2's probes.
    pub probes: u64,
    /// Seconds.
    pub seconds: f64,
}

/// One part of E7: the cells by ordering (off, on), depth and algorithm.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct E7Part {
    /// What was searched.
    pub title: String,
    /// The depths.
    pub depths: Vec<u32>,
    /// `cells[ordered][depth index][algorithm index]`.
    pub cells: [Vec<[E7Cell; 3]>; 2],
    /// Each position's nodes: `each[ordered][depth index][position][algorithm index]`.
    #[serde(default)]
    pub each: [Vec<Vec<[u64; 3]>>; 2],
}

/// Searches `positions` at every depth with every row; the values must agree.
fn measure<G: Game, E: Evaluator<G>>(
    title: &str,
    positions: &[G],
    eval: &E,
    depths: &[u32],
    progress: &(dyn Fn(&str) + Sync),
) -> Result<E7Part, EngineError> {
    let mut part = E7Part {
        title: title.to_string(),
        depths: depths.to_vec(),
        cells: [Vec::new(), Vec::new()],
        each: [Vec::new(), Vec::new()],
    };
    for ordered in [false, true] {
        for &depth in depths {
            progress(&format!(
                "{title}: depth {depth}, ordering {}",
                if ordered { "on" } else { "off" }
            ));
            let mut row = [E7Cell::default(); 3];
            let mut each = Vec::with_capacity(positions.len());
            for (i, pos) in positions.iter().enumerate() {
                let mut value = None;
                let mut nodes = [0u64; 3];
                for (a, &algorithm) in ALGORITHMS.iter().enumerate() {
                    let r = crate::search::search(
                        pos,
                        eval,
                        algorithm,
                        &options(ordered, algorithm),
                        depth,
                        SearchControl::default(),
                    )?;
                    if value.is_some() && value != r.score {
                        return Err(EngineError::Input(format!(
                            "{title}, position {i}, depth {depth}: {algorithm} returns {:?}, expectimax {value:?} (a bug)",
                            r.score
                        )));
                    }
                    value = r.score;
                    nodes[a] = r.counters.nodes();
                    let c = &mut row[a];
                    c.nodes += r.counters.nodes();
                    c.leaves += r.counters.leaves();
                    c.ordering_nodes += r.counters.ordering_nodes();
                    c.chance_cutoffs += r.counters.chance_cutoffs();
                    c.probes += r.counters.probes();
                    c.seconds += r.counters.elapsed_secs();
                }
                each.push(nodes);
            }
            part.cells[usize::from(ordered)].push(row);
            part.each[usize::from(ordered)].push(each);
        }
    }
    Ok(part)
}

/// EWN positions to search: seeded random games from the start, each stopped after a
/// roll (the side to move picks a move for the die it has), at 4 to 23 plies.
fn ewn_positions(count: usize) -> Vec<Ewn> {
    let mut rng = SeededRng::new(7);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Ewn::start();
        let plies = 4 + rng.below(20);
        let mut moves = Vec::new();
        for _ in 0..plies {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            pos = pos.play(mv);
        }
        if pos.outcome().is_some() {
            continue;
        }
        if pos.phase == Phase::Roll {
            pos = pos.play(EwnMove::Roll(1 + rng.below(6) as u8));
        }
        out.push(pos);
    }
    out
}

/// The table of one part.
fn part_table(part: &E7Part) -> TextTable {
    let mut t = TextTable::new(
        &part.title,
        &[
            "ordering",
            "depth",
            "expectimax nodes",
            "Star1 nodes",
            "Star1/E",
            "Star2 nodes",
            "Star2/E",
            "E leaves",
            "Star1/E leaves",
            "Star2/E leaves",
            "Star2 probes",
            "ordering nodes (E, S1, S2)",
            "seconds (E, S1, S2)",
        ],
    );
    for (ordered, rows) in part.cells.iter().enumerate() {
        for (k, row) in rows.iter().enumerate() {
            let [e, s1, s2] = row;
            t.push(vec![
                if ordered == 1 {
                    "shallow:1 + table"
                } else {
                    "none"
                }
                .into(),
                part.depths[k].to_string(),
                thousands(e.nodes),
                thousands(s1.nodes),
                ratio(s1.nodes as f64, e.nodes as f64),
                thousands(s2.nodes),
                ratio(s2.nodes as f64, e.nodes as f64),
                thousands(e.leaves),
                ratio(s1.leaves as f64, e.leaves as f64),
                ratio(s2.leaves as f64, e.leaves as f64),
                thousands(s2.probes),
                format!(
                    "{}, {}, {}",
                    thousands(e.ordering_nodes),
                    thousands(s1.ordering_nodes),
                    thousands(s2.ordering_nodes)
                ),
                format!("{:.3}, {:.3}, {:.3}", e.seconds, s1.seconds, s2.seconds),
            ]);
        }
    }
    t
}

/// Star1 and Star2 against expectimax position by position, per ordering and depth.
fn part_across(part: &E7Part) -> TextTable {
    let mut lines = Vec::new();
    for (ordered, depths) in part.each.iter().enumerate() {
        for (k, positions) in depths.iter().enumerate() {
            for (a, alg) in ALGORITHMS.iter().enumerate().skip(1) {
                let pairs: Vec<(u64, u64)> = positions.iter().map(|n| (n[a], n[0])).collect();
                let ordering = if ordered == 1 {
                    "shallow:1 + table"
                } else {
                    "none"
                };
                let keys = vec![
                    ordering.into(),
                    part.depths[k].to_string(),
                    alg.label().into(),
                ];
                lines.push((keys, pairs));
            }
        }
    }
    across_table(
        &format!(
            "{}: nodes against expectimax's, position by position",
            short_title(&part.title)
        ),
        &["ordering", "depth", "row"],
        "positions",
        lines,
    )
}

/// The part's title up to its first colon.
fn short_title(title: &str) -> &str {
    title.split(':').next().unwrap_or(title)
}

fn e7(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let (count, last) = if cfg.quick {
        (POSITIONS.1, LAST_DEPTH.1)
    } else {
        (POSITIONS.0, LAST_DEPTH.0)
    };
    let depths: Vec<u32> = (1..=last).collect();
    let mut parts = Vec::new();
    // Part 1: random chance trees, a fresh set of trees for each depth.
    let mut tree_part = E7Part {
        title: format!(
            "Random chance trees: {TREE_WIDTH} moves a player's node, {TREE_OUTCOMES} equally likely outcomes a chance node, values by steps of -{TREE_STEP}..{TREE_STEP}; {count} trees a depth (totals)"
        ),
        depths: depths.clone(),
        cells: [Vec::new(), Vec::new()],
        each: [Vec::new(), Vec::new()],
    };
    for &depth in &depths {
        let trees: Vec<CustomTree> = (0..count as u64)
            .map(|seed| {
                let mut rng = SeededRng::new(seed * 1000 + u64::from(depth));
                parse_tree(&random_chance_tree(&mut rng, depth, 0, false))
            })
            .collect::<Result<_, _>>()
            .map_err(|e| EngineError::Input(format!("a random chance tree: {e}")))?;
        let one = measure(
            &tree_part.title,
            &trees,
            &CustomTreeEval::NodeValue,
            &[depth],
            progress,
        )?;
        for o in 0..2 {
            tree_part.cells[o].extend(one.cells[o].iter().copied());
            tree_part.each[o].extend(one.each[o].iter().cloned());
        }
    }
    parts.push(tree_part);
    // Part 2: EWN positions after a roll.
    let positions = ewn_positions(count);
    parts.push(measure(
        &format!("EinStein würfelt nicht!: {count} positions after a roll, from seeded random games (totals); the race evaluator"),
        &positions,
        &EwnEval::Race,
        &depths,
        progress,
    )?);
    let mut text = String::from(
        "E7: Star1 and Star2 against expectimax. Nodes and leaves are totals over the positions; the ratios are to expectimax's. Every row returns expectimax's value on every position (checked).\n",
    );
    let mut files = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let table = part_table(part);
        text.push_str(&table.text());
        files.push((format!("e7-part{}.csv", i + 1), table.csv()));
        let across = part_across(part);
        text.push('\n');
        text.push_str(&across.text());
        text.push_str(&across_note("expectimax", "nodes"));
        text.push('\n');
        files.push((format!("e7-part{}-across.csv", i + 1), across.csv()));
    }
    let _ = writeln!(
        text,
        "\nBallard (1983, abstract): Star1 saves 25-30% of an exhaustive search; Star2 over 50% with random ordering, an order of magnitude with perfect ordering. Hauk, Buro & Schaeffer (2004, abstract): with effective move ordering and probing Star2 considerably outperforms expectimax in backgammon, enough for depth 5 instead of 3."
    );
    let chart = LineChart {
        title: "E7: EWN, nodes against depth (ordering on)".into(),
        x_label: "depth".into(),
        y_label: "nodes (total)".into(),
        x_ticks: depths.iter().map(u32::to_string).collect(),
        series: ALGORITHMS
            .iter()
            .enumerate()
            .map(|(a, alg)| {
                let values: Vec<u64> = parts[1].cells[1].iter().map(|row| row[a].nodes).collect();
                series(alg.label(), &values)
            })
            .collect(),
    };
    files.push(("e7.ron".into(), ron_text(&parts)?));
    files.push(("e7.svg".into(), chart.to_svg()));
    Ok(ExperimentOutput { text, files })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped suite `ewn/e7-positions.ewn` holds E7's EWN positions, so that they
    /// open in the app and the command line (`--suite ewn/e7-positions.ewn`). With
    /// `TREELAB_WRITE_DOCS=1` the test writes it.
    #[test]
    fn the_shipped_ewn_suite_is_e7s_positions() {
        let mut text = String::from(
            "# E7's EinStein würfelt nicht! positions: seeded random games from the start, each\n# stopped after a roll (treelab experiment e7). One position a line, its text form.\n",
        );
        for p in ewn_positions(POSITIONS.0) {
            text.push_str(&crate::game::ewn::write_ewn(&p));
            text.push('\n');
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/ewn/e7-positions.ewn");
        if std::env::var_os("TREELAB_WRITE_DOCS").is_some() {
            std::fs::write(path, &text).unwrap();
        }
        let shipped = std::fs::read_to_string(path).unwrap();
        assert_eq!(shipped, text, "run with TREELAB_WRITE_DOCS=1 to write it");
        let suite = crate::engine::Suite::parse("e7-positions.ewn", &shipped).unwrap();
        assert_eq!(suite.items.len(), POSITIONS.0);
    }
}
