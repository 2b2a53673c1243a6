//! E9's positions and how each is judged: Pons' three test sets and the shipped Connect
//! Four network's held-out positions, each labelled by the solver (every move's exact
//! value), then every searcher run on it at every node budget and its move checked
//! against the labels; the network alone (its policy's top move) and a random move are
//! the searchless points.

use super::common::*;
use crate::game::connect4::{Connect4, Connect4Position};
use crate::net::Inference;
use crate::net::data::{self, Draw, Sample};
use crate::solve::label::c4_exact;

/// One searcher of E9: its label, its row spec and its evaluator.
#[derive(Clone, Copy, Debug)]
pub(super) struct Searcher {
    /// Its name in tables and charts.
    pub label: &'static str,
    /// Its row (a bench row spec).
    pub spec: &'static str,
    /// Its evaluator (empty: the game's own).
    pub evaluator: &'static str,
}

/// The searchers, in the order of the tables.
pub(super) const SEARCHERS: [Searcher; 5] = [
    Searcher {
        label: "PUCT (network)",
        spec: "puct",
        evaluator: "",
    },
    Searcher {
        label: "UCT (playouts)",
        spec: "mcts",
        evaluator: "",
    },
    Searcher {
        label: "MCTS-Solver",
        spec: "mcts-solver",
        evaluator: "",
    },
    Searcher {
        label: "PVS (network eval)",
        spec: "pvs+tt=16+id",
        evaluator: "net",
    },
    Searcher {
        label: "PVS (hand eval)",
        spec: "pvs+tt=16+id",
        evaluator: "",
    },
];

/// The depth every search is given: the whole game (the alpha-beta rows deepen until
/// their node budget; MCTS's playouts and PUCT's tree go to the end).
const DEPTH: u32 = 42;

/// The held-out positions of the shipped network: the draw its manifest's command made
/// (`train-net --game connect4 --positions 8000 --plies 12..36 --held-out 0.1 --seed 1`),
/// shuffled and split as training split it.
pub(super) const HELD_OUT_DRAW: Draw = Draw {
    count: 8000,
    seed: 1,
    min_plies: 12,
    max_plies: 36,
};
/// The held-out share of that draw.
pub(super) const HELD_OUT_SHARE: f64 = 0.1;

/// The sets: Pons' three (in his order of stages: beginning, middle, end) and the
/// held-out positions.
pub(super) const SETS: [(&str, &str); 4] = [
    ("Test_L1_R1", "Pons' beginning (Test_L1_R1)"),
    ("Test_L2_R1", "Pons' middle (Test_L2_R1)"),
    ("Test_L3_R1", "Pons' end (Test_L3_R1)"),
    ("held-out", "the network's held-out positions"),
];

/// One position to judge: its set (index into [`SETS`]) and the position.
pub(super) type Item = (usize, Connect4);

/// Positions `skip + 1` to `skip + per_set[k]` of each set `k` (fewer when a set has
/// fewer).
pub(super) fn items(per_set: [usize; 4], skip: usize) -> Result<Vec<Item>, EngineError> {
    let mut out = Vec::new();
    for (set, (name, _)) in SETS.iter().enumerate() {
        let positions = if *name == "held-out" {
            held_out_positions()
        } else {
            Suite::load_named(name)?
                .items
                .into_iter()
                .filter_map(|it| match it.position {
                    AnyPosition::Connect4(p) => Some(p.board),
                    _ => None,
                })
                .collect()
        };
        out.extend(
            positions
                .into_iter()
                .skip(skip)
                .take(per_set[set])
                .map(|p| (set, p)),
        );
    }
    Ok(out)
}

/// The shipped network's held-out positions, in the order training measured them.
pub(super) fn held_out_positions() -> Vec<Connect4> {
    let mut drawn = data::draw_positions(&Connect4::new(), &HELD_OUT_DRAW);
    data::shuffle(&mut drawn, HELD_OUT_DRAW.seed);
    let held = ((drawn.len() as f64) * HELD_OUT_SHARE).round() as usize;
    drawn.truncate(held);
    drawn
}

/// How one move was judged: whether it is a best move (its exact value the
/// position's) and whether it is sound (it keeps the position's outcome).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(super) struct Verdict {
    /// A best move.
    pub best: bool,
    /// A move that keeps the outcome.
    pub sound: bool,
}

/// One searcher at one budget on one position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(super) struct Cell {
    /// Its move, judged (both false when it gave none).
    pub verdict: Verdict,
    /// Whether it gave a move.
    pub moved: bool,
    /// Nodes it searched.
    pub nodes: u64,
    /// Seconds it took.
    pub seconds: f64,
}

/// One position judged.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(super) struct Judged {
    /// Its set (index into [`SETS`]).
    pub set: usize,
    /// Legal moves, best moves and sound moves: a random move's chances.
    pub legal: usize,
    /// Best moves.
    pub best: usize,
    /// Sound moves.
    pub sound: usize,
    /// The network alone: its policy's top legal move.
    pub network: Verdict,
    /// `cells[searcher][budget]`.
    pub cells: Vec<Vec<Cell>>,
}

/// The network's own choice: the legal move of highest logit (the lower slot on a tie),
/// as training's held-out accuracy counts it.
fn network_pick(net: &Inference, sample: &Sample) -> Option<usize> {
    let (logits, _) = net.evaluate(&sample.input);
    crate::net::infer::policy_pick(&logits, &sample.legal)
}

/// Judges `slot` (a move slot, `None` for no move) against `sample`'s labels.
fn verdict(sample: &Sample, sound: &[usize], slot: Option<usize>) -> Verdict {
    slot.map_or_else(Verdict::default, |s| Verdict {
        best: sample.best.contains(&s),
        sound: sound.contains(&s),
    })
}

/// Labels `item` by the solver and runs every searcher on it at every one of `budgets`;
/// `net` (the shipped network) gives the searchless point.
pub(super) fn judge(item: &Item, budgets: &[u64], net: &Inference) -> Result<Judged, EngineError> {
    let (set, pos) = item;
    let sample = data::label(pos, &mut |q: &Connect4| c4_exact(q));
    let sound = sample.sound();
    let any = AnyPosition::from(Connect4Position::from_board(*pos));
    let base = SearchOptions::default();
    let mut cells = Vec::new();
    for searcher in SEARCHERS {
        let row = parse_row_spec(searcher.spec, &base)?;
        let mut options = row.options.clone();
        if row.algorithm.info().budget == crate::search::registry::Budget::Iterations {
            // The node budget decides when it stops, not a count of iterations.
            options.iterations = crate::search::option_decl::MAX_ITERATIONS;
        }
        let req = SearchRequest {
            algorithm: row.algorithm,
            options,
            depth: DEPTH,
            evaluator: searcher.evaluator.to_string(),
        };
        let mut line = Vec::new();
        for &budget in budgets {
            let control = SearchControl {
                node_budget: Some(budget),
                ..SearchControl::default()
            };
            let r = run_search(&any, &req, control)?;
            let slot = r
                .best_move
                .as_deref()
                .and_then(|m| pos.parse_move(m).ok())
                .map(Connect4::move_index);
            line.push(Cell {
                verdict: verdict(&sample, &sound, slot),
                moved: slot.is_some(),
                nodes: r.counters.nodes(),
                seconds: r.counters.elapsed_secs(),
            });
        }
        cells.push(line);
    }
    Ok(Judged {
        set: *set,
        legal: sample.legal.len(),
        best: sample.best.len(),
        sound: sound.len(),
        network: verdict(&sample, &sound, network_pick(net, &sample)),
        cells,
    })
}
