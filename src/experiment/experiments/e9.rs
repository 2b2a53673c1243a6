//! E9: AlphaZero's search beside alpha-beta in Connect Four, at equal nodes. On Pons'
//! three test sets (beginning, middle, end) and on the shipped network's held-out
//! positions, every move labelled exactly by the solver: the share of positions where
//! each searcher plays a best move (and a move that keeps the outcome) against the nodes
//! it may search, 10 to 100,000: PUCT with the network, UCT with random playouts,
//! MCTS-Solver, PVS with the network as its evaluator and PVS with the hand-written
//! evaluator; the network alone (its policy's top move, no search) and a random move as
//! the searchless points. Then a ladder of matches between the five at equal nodes per
//! move, and the published figures beside them.

use super::common::*;
use super::e9_judge::{HELD_OUT_DRAW, Judged, SEARCHERS, SETS, Searcher, items, judge};

/// E9 as the CLI runs it and the Presets menu sets it up.
pub(super) const E9: Experiment = Experiment {
    name: "e9",
    label: "E9: PUCT with a network beside UCT and alpha-beta, Connect Four at equal nodes",
    description: "The share of best moves against nodes searched (10 to 100,000) on Pons' three sets and the network's held-out positions, for PUCT, UCT, MCTS-Solver and PVS with the network or the hand-written evaluator; the network alone; a ladder of matches at equal nodes.",
    preset: Some(preset),
    run: e9,
};

/// Positions of each set ([`SETS`]' order), full and quick: all of each (Pons' sets
/// have 1,000, the held-out set 800).
const PER_SET: ([usize; 4], [usize; 4]) = ([1000, 1000, 1000, 800], [4, 4, 4, 4]);
/// The quick run starts at each set's third position (the children of Test_L1_R1's
/// second take the solver 40 s).
const QUICK_SKIP: usize = 2;
/// Node budgets, full and quick.
const BUDGETS: [u64; 5] = [10, 100, 1_000, 10_000, 100_000];
const QUICK_BUDGETS: usize = 3;
/// The ladder: nodes per move and games per pairing, full and quick.
const LADDER_NODES: (u64, u64) = (1_000, 100);
const LADDER_GAMES: (usize, usize) = (200, 4);
/// The ladder's opening: this many seeded random moves.
const LADDER_OPENING_MOVES: usize = 4;
const LADDER_SEED: u64 = 9;

/// The app's E9: the five searchers on Pons' beginning set (the MCTS family at 1,000
/// iterations, PVS deepening to 8 plies).
fn preset() -> Session {
    let mut s = preset_with_suite(preset_base(GameKind::Connect4), "Test_L1_R1");
    let base = SearchOptions::default();
    s.rows = SEARCHERS
        .iter()
        .filter_map(|searcher| {
            let sampling = searcher.spec.starts_with("mcts") || searcher.spec == "puct";
            let spec = if sampling {
                format!("{}+iterations=1000", searcher.spec)
            } else {
                searcher.spec.to_string()
            };
            let depths = if sampling { (42, 42) } else { (8, 8) };
            let mut row = preset_row(&spec, &base, depths)?;
            row.evaluator = searcher.evaluator.to_string();
            Some(row)
        })
        .collect();
    s.view.tab = ResultsTab::Table;
    s
}

/// Runs E9.
fn e9(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<ExperimentOutput, EngineError> {
    let (per_set, skip) = if cfg.quick {
        (PER_SET.1, QUICK_SKIP)
    } else {
        (PER_SET.0, 0)
    };
    let budgets: &[u64] = if cfg.quick {
        &BUDGETS[..QUICK_BUDGETS]
    } else {
        &BUDGETS
    };
    let positions = items(per_set, skip)?;
    let total = positions.len();
    let net = crate::net::load::for_game::<crate::game::connect4::Connect4>("")
        .map_err(EngineError::Input)?;
    let judged = parallel_map(
        &positions,
        cfg,
        |item| judge(item, budgets, &net),
        &|done| {
            progress(&format!(
                "E9: {done}/{total} positions labelled and searched"
            ))
        },
    )?;
    let (ladder_nodes, ladder) = ladder(cfg, progress)?;
    let mut out = ExperimentOutput::default();
    let mut text = String::from(
        "E9: Connect Four, every move of every position labelled by the solver. A move is best when its exact value is the position's, sound when it keeps the position's outcome (a win stays a win, a draw a draw; AlphaZero.jl's test against Pons' solver). Nodes as docs/node-definition.md counts them; each search stops at its budget exactly.\n",
    );
    let mut csv = TextTable::new(
        "",
        &[
            "set",
            "searcher",
            "budget",
            "positions",
            "best",
            "sound",
            "no_move",
            "mean_nodes",
            "seconds",
        ],
    );
    for (set, (_, title)) in SETS.iter().enumerate() {
        let mine: Vec<&Judged> = judged.iter().filter(|j| j.set == set).collect();
        let t = set_table(title, &mine, budgets, &mut csv, SETS[set].0);
        text.push_str(&t.text());
        text.push_str(&no_move_note(&mine, budgets));
    }
    let all: Vec<&Judged> = judged
        .iter()
        .filter(|j| SETS[j.set].0 != "held-out")
        .collect();
    text.push_str(&speed_table(&all, budgets).text());
    let ladder_table = ladder_table(&ladder, ladder_nodes);
    text.push_str(&ladder_table.text());
    text.push_str(&published(&judged));
    out.files.push(("e9.csv".into(), csv.csv()));
    out.files.push(("e9-ladder.csv".into(), ladder_table.csv()));
    out.files
        .push(("e9.svg".into(), chart(&all, budgets).to_svg()));
    let matches: Vec<&MatchResult> = ladder.iter().map(|(_, _, m)| m).collect();
    out.files.push(("e9.ron".into(), ron_text(&matches)?));
    out.text = text;
    Ok(out)
}

/// A share as a percentage with one decimal.
fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.1}", 100.0 * part as f64 / whole as f64)
    }
}

/// One set's table: per searcher the share of best (and sound) moves at each budget, the
/// network alone and a random move; the CSV lines go to `csv`.
fn set_table(
    title: &str,
    judged: &[&Judged],
    budgets: &[u64],
    csv: &mut TextTable,
    key: &str,
) -> TextTable {
    let n = judged.len();
    let mut head = vec!["searcher".to_string()];
    head.extend(budgets.iter().map(|b| format!("{} nodes", thousands(*b))));
    let mut t = TextTable {
        title: format!("{title}, {n} positions: best moves % (sound moves %) against nodes"),
        header: head,
        rows: Vec::new(),
    };
    for (s, searcher) in SEARCHERS.iter().enumerate() {
        let mut row = vec![searcher.label.to_string()];
        for (b, &budget) in budgets.iter().enumerate() {
            let cells: Vec<_> = judged.iter().map(|j| j.cells[s][b]).collect();
            let best = cells.iter().filter(|c| c.verdict.best).count();
            let sound = cells.iter().filter(|c| c.verdict.sound).count();
            let no_move = cells.iter().filter(|c| !c.moved).count();
            let nodes: u64 = cells.iter().map(|c| c.nodes).sum();
            let seconds: f64 = cells.iter().map(|c| c.seconds).sum();
            row.push(format!("{} ({})", percent(best, n), percent(sound, n)));
            csv.push(vec![
                key.to_string(),
                searcher.label.to_string(),
                budget.to_string(),
                n.to_string(),
                best.to_string(),
                sound.to_string(),
                no_move.to_string(),
                format!("{:.1}", nodes as f64 / n.max(1) as f64),
                format!("{seconds:.3}"),
            ]);
        }
        t.push(row);
    }
    let net_best = judged.iter().filter(|j| j.network.best).count();
    let net_sound = judged.iter().filter(|j| j.network.sound).count();
    let mut row = vec!["network alone (0 nodes)".to_string()];
    row.push(format!(
        "{} ({})",
        percent(net_best, n),
        percent(net_sound, n)
    ));
    t.push(row);
    let chance = |f: fn(&Judged) -> usize| {
        judged
            .iter()
            .map(|j| f(j) as f64 / j.legal.max(1) as f64)
            .sum::<f64>()
            * 100.0
            / n.max(1) as f64
    };
    t.push(vec![
        "a random move (expected)".into(),
        format!("{:.1} ({:.1})", chance(|j| j.best), chance(|j| j.sound)),
    ]);
    csv.push(vec![
        key.to_string(),
        "network alone".into(),
        "0".into(),
        n.to_string(),
        net_best.to_string(),
        net_sound.to_string(),
        "0".into(),
        "0".into(),
        "0".into(),
    ]);
    t
}

/// Which searchers gave no move within a budget (counted as not best): a budget too
/// small for the first iteration of the alpha-beta rows.
fn no_move_note(judged: &[&Judged], budgets: &[u64]) -> String {
    let mut parts = Vec::new();
    for (s, searcher) in SEARCHERS.iter().enumerate() {
        for (b, budget) in budgets.iter().enumerate() {
            let n = judged.iter().filter(|j| !j.cells[s][b].moved).count();
            if n > 0 {
                parts.push(format!(
                    "{} at {} nodes on {n}",
                    searcher.label,
                    thousands(*budget)
                ));
            }
        }
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(
            "No move within the budget (its first iteration unfinished; counted as not best): {}.\n",
            parts.join("; ")
        )
    }
}

/// Nodes per second of each searcher over Pons' sets at the largest budget: the price
/// of a node, network or not.
fn speed_table(judged: &[&Judged], budgets: &[u64]) -> TextTable {
    let last = budgets.len() - 1;
    let mut t = TextTable::new(
        &format!(
            "Nodes per second at {} nodes (Pons' sets; one thread a search)",
            thousands(budgets[last])
        ),
        &["searcher", "nodes", "seconds", "nodes/s"],
    );
    for (s, searcher) in SEARCHERS.iter().enumerate() {
        let nodes: u64 = judged.iter().map(|j| j.cells[s][last].nodes).sum();
        let seconds: f64 = judged.iter().map(|j| j.cells[s][last].seconds).sum();
        let rate = if seconds > 0.0 {
            thousands((nodes as f64 / seconds) as u64)
        } else {
            "-".into()
        };
        t.push(vec![
            searcher.label.to_string(),
            thousands(nodes),
            format!("{seconds:.2}"),
            rate,
        ]);
    }
    t
}

/// The share of moves that are not best (%) against nodes over Pons' sets, one line a
/// searcher, the network alone and a random move as flat lines.
fn chart(judged: &[&Judged], budgets: &[u64]) -> LineChart {
    let n = judged.len().max(1) as f64;
    let miss = |found: usize| {
        let v = 100.0 * (1.0 - found as f64 / n);
        (v > 0.0).then_some(v)
    };
    let mut series: Vec<Series> = SEARCHERS
        .iter()
        .enumerate()
        .map(|(s, searcher)| Series {
            name: searcher.label.into(),
            intervals: Vec::new(),
            values: (0..budgets.len())
                .map(|b| miss(judged.iter().filter(|j| j.cells[s][b].verdict.best).count()))
                .collect(),
        })
        .collect();
    let net = miss(judged.iter().filter(|j| j.network.best).count());
    series.push(Series {
        name: "network alone".into(),
        intervals: Vec::new(),
        values: vec![net; budgets.len()],
    });
    LineChart {
        title: "E9: moves that are not best, Pons' three sets (Connect Four)".into(),
        x_label: "nodes a search".into(),
        y_label: "not best (%)".into(),
        x_ticks: budgets.iter().map(|b| thousands(*b)).collect(),
        series,
    }
}

/// One match of the ladder: its players (indices into [`SEARCHERS`]) and its result.
type Pairing = (usize, usize, MatchResult);

/// The ladder: every pair of searchers plays a match at equal nodes per move (the
/// nodes, and each pairing).
fn ladder(
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<(u64, Vec<Pairing>), EngineError> {
    let nodes = if cfg.quick {
        LADDER_NODES.1
    } else {
        LADDER_NODES.0
    };
    let games = if cfg.quick {
        LADDER_GAMES.1
    } else {
        LADDER_GAMES.0
    };
    let base = SearchOptions::default();
    let player = |s: &Searcher| {
        let eval = if s.evaluator.is_empty() {
            String::new()
        } else {
            format!("+eval={}", s.evaluator)
        };
        parse_player(&format!("{}{eval}+nodes={nodes}", s.spec), &base)
    };
    let mut out = Vec::new();
    for (i, sa) in SEARCHERS.iter().enumerate() {
        for (j, sb) in SEARCHERS.iter().enumerate().skip(i + 1) {
            let spec = MatchSpec {
                game: GameKind::Connect4,
                a: player(sa)?,
                b: player(sb)?,
                games,
                seed: LADDER_SEED,
                openings: LADDER_OPENING_MOVES,
                book: Vec::new(),
                book_name: None,
                alternate: true,
                evaluator: String::new(),
                threads: cfg.threads,
                sprt: None,
                shard: None,
            };
            let stop = Arc::new(AtomicBool::new(false));
            let (la, lb) = (sa.label, sb.label);
            let m = match_quiet(&spec, cfg, &stop, &|done, total| {
                progress(&format!(
                    "E9 ladder, {la} against {lb}: {done}/{total} games"
                ));
            })?;
            out.push((i, j, m));
        }
    }
    Ok((nodes, out))
}

/// The ladder's table: each pairing's result, then each searcher's points.
fn ladder_table(pairings: &[Pairing], nodes: u64) -> TextTable {
    let mut t = TextTable::new(
        &format!(
            "The ladder: every pair at {nodes} nodes a move, {LADDER_OPENING_MOVES} seeded random opening moves, colours alternating"
        ),
        &[
            "A",
            "B",
            "games",
            "A wins",
            "draws",
            "A losses",
            "A's score",
            "Elo of A (95%)",
        ],
    );
    let mut points: Vec<(f64, usize)> = vec![(0.0, 0); SEARCHERS.len()];
    for (a, b, m) in pairings {
        let (w, d, l) = m.wins_draws_losses();
        for (who, got) in [
            (*a, w as f64 + d as f64 / 2.0),
            (*b, l as f64 + d as f64 / 2.0),
        ] {
            points[who].0 += got;
            points[who].1 += w + d + l;
        }
        let elo = m.estimate().map_or_else(
            || "-".into(),
            |e| format!("{:+.0} ({:+.0} to {:+.0})", e.elo, e.low, e.high),
        );
        let score = m
            .estimate()
            .map_or_else(|| "-".into(), |e| format!("{:.1}%", 100.0 * e.score));
        t.push(vec![
            SEARCHERS[*a].label.into(),
            SEARCHERS[*b].label.into(),
            (w + d + l).to_string(),
            w.to_string(),
            d.to_string(),
            l.to_string(),
            score,
            elo,
        ]);
    }
    for (i, s) in SEARCHERS.iter().enumerate() {
        let (p, g) = points[i];
        t.push(vec![
            format!("{} in all", s.label),
            String::new(),
            g.to_string(),
            String::new(),
            String::new(),
            String::new(),
            if g == 0 {
                "-".into()
            } else {
                format!("{:.1}%", 100.0 * p / g as f64)
            },
            String::new(),
        ]);
    }
    t
}

/// What the shipped Connect Four network's manifest says of its held-out best moves.
fn manifest_accuracy() -> String {
    crate::net::load::shipped("connect4")
        .and_then(|bytes| crate::net::PolicyValueNet::from_bytes(bytes, "shipped").ok())
        .and_then(|net| net.manifest.get("held_out_best_move").map(str::to_string))
        .unwrap_or_else(|| "?".into())
}

/// The published figures beside this run's.
fn published(judged: &[Judged]) -> String {
    let held: Vec<&Judged> = judged
        .iter()
        .filter(|j| SETS[j.set].0 == "held-out")
        .collect();
    let net_best = held.iter().filter(|j| j.network.best).count();
    format!(
        "\nThe network alone on its held-out positions: {net_best}/{} best moves here; training measured {} on all {} of them (the shipped file's manifest; a draw of {} positions, seed {}).\n\
         Published: AlphaZero searched about 80 thousand positions a second in chess against Stockfish's 70 million (Silver et al. 2018), a network evaluation costing about 900 of Stockfish's nodes; compare the nodes per second above. AlphaZero.jl's Connect Four agent (a residual network trained by self-play, MCTS with 600 simulations a move) makes mistakes (moves that lose the outcome) on about 0 to 0.2% of Pons' beginning-easy, middle-easy and end-easy positions after training, its depth-5 minimax baseline on 1.7%, 0.7% and 1.4% (AlphaZero.jl's Connect Four tutorial, read off its figure); compare 100 minus the sound share. The differences: their network is a larger residual network trained for hours on a GPU by self-play; ours is a two-layer perceptron trained in minutes on 2 cores from the solver's labels, and our searches are held to equal nodes, theirs to simulations.\n",
        held.len(),
        manifest_accuracy(),
        (HELD_OUT_DRAW.count as f64 * super::e9_judge::HELD_OUT_SHARE).round(),
        HELD_OUT_DRAW.count,
        HELD_OUT_DRAW.seed,
    )
}
