//! The extension module's other tools, each the command line's of the same name over
//! the same library calls: `solve` (the exact solvers), `match` (whole games with the
//! engine tester's statistics), `trace` (every visit of one search, with the tree
//! view's figure as SVG and TikZ), `exercise` (practice trees with their key) and
//! `across` (the across-positions figures of a grid). Records cross as JSON (the
//! Python side reads them into dicts) or as the command line's own CSV.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::{Value, json};

use treelab::engine::rowspec::parse_row_spec;
use treelab::engine::{AnyPosition, GameKind, Suite, SuiteItem, named_search};
use treelab::experiment::exercise::{self, Difficulty, sheet};
use treelab::matches::play::{MatchSpec, parse_player, run_match};
use treelab::search::SearchOptions;
use treelab::solve::{AnySolver, SolveOptions};
use treelab::stats::across::Across;
use treelab::tree::export::{FigureOptions, TreeFormat, encode, figure_of_trees};
use treelab::tree::{listing, trace_tree};

use super::{interruptible, value_error};

/// A `ValueError` from a message.
fn err(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// JSON text of `value` (never fails for the values built here).
fn to_json(value: &Value) -> String {
    value.to_string()
}

/// Solves `position` of `game` exactly with the game's solver (Othello endgames,
/// Connect Four), as `treelab solve` solves a suite's position: JSON with `score`,
/// `best` (empty for Connect Four and a finished game), `nodes` and `seconds`.
#[pyfunction]
#[pyo3(signature = (game, position, threads=1))]
pub fn solve_json(py: Python<'_>, game: &str, position: &str, threads: usize) -> PyResult<String> {
    let kind = GameKind::from_name(game).map_err(value_error)?;
    if !(1..=256).contains(&threads) {
        return Err(err(format!(
            "{threads} threads is out of range: use 1 to 256"
        )));
    }
    let pos = AnyPosition::parse(kind, position).map_err(|e| err(format!("position: {e}")))?;
    let mut opts = SolveOptions::default();
    opts.othello.threads = threads;
    opts.connect4.threads = threads;
    let mut solver = AnySolver::new(kind, &opts).map_err(err)?;
    let suite = Suite {
        name: "position".into(),
        kind,
        items: vec![SuiteItem {
            name: "position".into(),
            position: pos,
            expected_score: None,
            move_scores: Vec::new(),
        }],
    };
    let stop = Arc::new(AtomicBool::new(false));
    solver.set_stop(Some(Arc::clone(&stop)));
    let row = interruptible(py, &stop, move || solver.solve_item(&suite, 0))?.map_err(err)?;
    Ok(to_json(&json!({
        "score": row.score,
        "best": row.best,
        "nodes": row.nodes,
        "seconds": row.seconds,
    })))
}

/// Whole games between two players (`ROW@DEPTH` or `random`), as `treelab match`
/// plays them: `openings` random moves per game (a number) or a book (a shipped
/// suite's name or a file; each opening played twice, colours swapped). JSON with the
/// result (every game), the wins, draws and losses of `black`, the pentanomial counts,
/// Elo with its interval, LOS, the summary text and the CSV.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (game, black, white, games, openings="4", seed=1, alternate=true, threads=1, evaluator=""))]
pub fn match_json(
    py: Python<'_>,
    game: &str,
    black: &str,
    white: &str,
    games: usize,
    openings: &str,
    seed: u64,
    alternate: bool,
    threads: usize,
    evaluator: &str,
) -> PyResult<String> {
    let kind = GameKind::from_name(game).map_err(value_error)?;
    let base = SearchOptions::default();
    let (openings, book, book_name) = match openings.trim().parse::<usize>() {
        Ok(n) => (n, Vec::new(), None),
        Err(_) => {
            let suite =
                Suite::load_named(openings.trim()).map_err(|e| err(format!("openings: {e}")))?;
            if suite.kind != kind {
                return Err(err(format!(
                    "openings {}: a {} suite, not {}",
                    suite.name,
                    suite.kind.label(),
                    kind.label()
                )));
            }
            let positions = suite.items.into_iter().map(|it| it.position).collect();
            (0, positions, Some(suite.name))
        }
    };
    let alternate = alternate || book_name.is_some();
    let spec = MatchSpec {
        game: kind,
        a: parse_player(black, &base).map_err(|e| err(format!("black: {e}")))?,
        b: parse_player(white, &base).map_err(|e| err(format!("white: {e}")))?,
        games,
        seed,
        openings,
        book,
        book_name,
        alternate,
        evaluator: evaluator.to_string(),
        threads,
        sprt: None,
        shard: None,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let result = interruptible(py, &stop, move || run_match(&spec, &flag, &|_, _| {}))?
        .map_err(value_error)?;
    let (wins, draws, losses) = result.wins_draws_losses();
    let estimate = result.estimate();
    let finite = |x: f64| {
        if x.is_finite() {
            json!(x)
        } else {
            json!(x.to_string())
        }
    };
    let record = serde_json::to_value(&result).map_err(|e| err(e.to_string()))?;
    Ok(to_json(&json!({
        "result": record,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "pentanomial": result.pentanomial().map(|p| p.counts.to_vec()),
        "score": estimate.map(|e| e.score),
        "elo": estimate.map(|e| finite(e.elo)),
        "elo_low": estimate.map(|e| finite(e.low)),
        "elo_high": estimate.map(|e| finite(e.high)),
        "los": estimate.map(|e| e.los),
        "n_elo": estimate.and_then(|e| e.n_elo),
        "text": result.statistics_text(),
        "csv": result.render(true),
    })))
}

/// One search traced as the tree view traces it (at most 20,000 visits; MCTS rows by
/// iteration): the command line's CSV and text (`treelab trace --format csv|text`),
/// and the figure as SVG and TikZ (none for MCTS).
#[pyclass(frozen, module = "treelab._treelab")]
pub struct TraceData {
    /// `treelab trace --format csv`.
    #[pyo3(get)]
    csv: String,
    /// `treelab trace --format text`.
    #[pyo3(get)]
    text: String,
    /// The figure as SVG (`--svg`), None for MCTS.
    #[pyo3(get)]
    svg: Option<String>,
    /// The figure as TikZ (`--tikz`), None for MCTS.
    #[pyo3(get)]
    tikz: Option<String>,
    /// Whether the row is MCTS (its lines are iterations, not visits).
    #[pyo3(get)]
    mcts: bool,
}

/// Traces one search named as `treelab trace` names it.
#[pyfunction]
#[pyo3(signature = (game, position, row, depth=None, evaluator="", bounds=false))]
pub fn trace_row(
    py: Python<'_>,
    game: &str,
    position: &str,
    row: &str,
    depth: Option<u32>,
    evaluator: &str,
    bounds: bool,
) -> PyResult<TraceData> {
    let (pos, req) = named_search(game, position, row, depth, evaluator).map_err(value_error)?;
    py.detach(move || {
        if treelab::tree::mcts::is_mcts(&req) {
            let tree = treelab::tree::mcts::trace_mcts(&pos, &req).map_err(value_error)?;
            return Ok(TraceData {
                csv: tree.csv(),
                text: tree.text(),
                svg: None,
                tikz: None,
                mcts: true,
            });
        }
        let tree = trace_tree(&pos, &req).map_err(value_error)?;
        let figure = figure_of_trees(&[&tree], FigureOptions { bounds });
        let text_of = |format| {
            encode(&figure, format)
                .map_err(err)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
        };
        Ok(TraceData {
            csv: listing::csv(&tree),
            text: listing::text(&tree),
            svg: Some(text_of(TreeFormat::Svg)?),
            tikz: Some(text_of(TreeFormat::Tikz)?),
            mcts: false,
        })
    })
}

/// Practice trees for `algo` at `difficulty` from `seed`, as `treelab exercise`
/// draws them: JSON, a list of exercises, each with its id, tree, question, the
/// figures the request is about, and the key (value, best move, every visit, the
/// cutoffs, the leaves never evaluated, the search drawn as SVG).
#[pyfunction]
#[pyo3(signature = (algo="alphabeta", difficulty="easy", seed=1, count=1))]
pub fn exercise_json(algo: &str, difficulty: &str, seed: u64, count: usize) -> PyResult<String> {
    let difficulty = Difficulty::from_name(difficulty).map_err(err)?;
    let row =
        parse_row_spec(algo, &SearchOptions::default()).map_err(|e| err(format!("algo: {e}")))?;
    if !(1..=100).contains(&count) {
        return Err(err(format!("count {count}: give 1 to 100 exercises")));
    }
    let req = difficulty.request(row, seed, count);
    let exercises = exercise::generate(&req).map_err(err)?;
    let mut out = Vec::new();
    for ex in &exercises {
        let key = sheet::answers(ex, &req.row).map_err(err)?;
        let figure = figure_of_trees(&[&key.tree], FigureOptions::default());
        let svg = encode(&figure, TreeFormat::Svg).map_err(err)?;
        let visits: Vec<Value> = key
            .visits
            .iter()
            .map(|[step, node, window, value, kind, pruned]| {
                json!({"step": step, "node": node, "window": window, "value": value,
                       "type": kind, "pruned": pruned})
            })
            .collect();
        let cuts: Vec<Value> = key
            .cuts
            .iter()
            .map(|(node, pruned)| json!({"node": node, "pruned": pruned}))
            .collect();
        out.push(json!({
            "id": ex.id,
            "tree": ex.tree,
            "algorithm": req.row.label,
            "question": sheet::instructions(&req.row),
            "cutoffs": ex.measure.cutoffs,
            "deep_cutoffs": ex.measure.deep_cutoffs,
            "leaves_searched": ex.measure.leaves_searched,
            "leaves": ex.measure.leaves,
            "key": {
                "note": sheet::key_note(&req.row),
                "value": key.value,
                "best": key.best,
                "visits": visits,
                "cuts": cuts,
                "never": key.never,
                "svg": String::from_utf8_lossy(&svg),
            },
        }));
    }
    Ok(to_json(&Value::Array(out)))
}

/// The across-positions figures of one row against a baseline from `pairs` (the row's
/// count, the baseline's, one pair a position), as `treelab bench` prints them: JSON
/// with the positions compared, geometric mean and its bootstrap interval, the total
/// ratio, fewer/equal/more, the Wilcoxon p and its method, and the table's cells;
/// `null` when no pair has both counts above zero.
#[pyfunction]
pub fn across_json(pairs: Vec<(u64, u64)>) -> String {
    let Some(a) = Across::of(&pairs) else {
        return "null".into();
    };
    let (p, method) = a
        .wilcoxon
        .map_or((None, "all equal"), |w| (Some(w.p), w.method.name()));
    let cells = a.cells();
    to_json(&json!({
        "positions": a.n,
        "geomean": a.geomean,
        "low": a.interval.map(|i| i.0),
        "high": a.interval.map(|i| i.1),
        "total_ratio": a.total_ratio,
        "fewer": a.fewer,
        "equal": a.equal,
        "more": a.more,
        "wilcoxon_p": p,
        "test": method,
        "cells": cells,
        "p_text": p.map_or_else(|| "-".to_string(), treelab::report::p_text),
    }))
}
