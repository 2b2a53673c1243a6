//! The extension module's other tools, each the command line's of the same name over
//! the same library calls: `solve` (the exact solvers), `match` (whole games with the
//! engine tester's statistics, on threads here or a shard at a time elsewhere),
//! `trace` (every visit of one search, with the tree view's figure as SVG and TikZ),
//! `exercise` (practice trees with their key) and `across` (the across-positions
//! figures of a grid, grouped by the library's report). Every result crosses as Python
//! objects built from the library's typed values.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use treelab::engine::count::CountKind;
use treelab::engine::rowspec::parse_row_spec;
use treelab::engine::{AnyPosition, GameKind, SearchRecord, Suite, SuiteItem, named_search};
use treelab::experiment::exercise::{self, Difficulty, sheet};
use treelab::matches::play::{
    MatchResult, MatchSpec, merge_matches, parse_openings, parse_player, run_match,
};
use treelab::report::Report;
use treelab::search::trace::PlayoutEnd;
use treelab::search::{Counter, Counters, SearchOptions};
use treelab::session::{PositionKey, ResultEntry};
use treelab::solve::{AnySolver, SolveOptions};
use treelab::tree::export::{FigureOptions, TreeFormat, encode, figure_of_trees};
use treelab::tree::mcts::MctsTree;
use treelab::tree::{SearchTree, trace_tree};

use crate::args::{self, Whole};
use crate::convert::{Fields, visit_fields};
use crate::value_error;
use crate::wait::{Report as Progress, in_background};

/// A `ValueError` from a message.
fn err(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// Solves `position` of `game` exactly with the game's solver (Othello endgames,
/// Connect Four), as `treelab solve` solves a suite's position: `score`, `best` (None
/// for Connect Four and a finished game), `nodes` and `seconds`.
#[pyfunction]
#[pyo3(signature = (game, position, threads))]
pub fn solve<'py>(
    py: Python<'py>,
    game: &str,
    position: &str,
    threads: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let kind = GameKind::from_name(game).map_err(value_error)?;
    let threads = args::threads(threads)?;
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
    let mut quiet = Progress::to(None);
    let row =
        in_background(py, &stop, &mut quiet, move || solver.solve_item(&suite, 0))?.map_err(err)?;
    Ok(Fields::new(py)
        .with("score", row.score)?
        .with("best", (!row.best.is_empty()).then_some(row.best))?
        .with("nodes", row.nodes)?
        .with("seconds", row.seconds)?
        .done())
}

/// The match the arguments name, as `treelab match` reads its flags: players
/// `ROW@DEPTH` or `random`, `openings` a number of random moves or a book (a suite,
/// whose positions are each played twice, colours swapped).
#[allow(clippy::too_many_arguments)]
fn match_spec(
    game: &str,
    black: &str,
    white: &str,
    games: &Bound<'_, PyAny>,
    openings: &str,
    seed: &Bound<'_, PyAny>,
    alternate: bool,
    evaluator: &str,
) -> PyResult<MatchSpec> {
    let kind = GameKind::from_name(game).map_err(value_error)?;
    let base = SearchOptions::default();
    let openings = parse_openings(kind, openings)
        .map_err(|e| err(format!("openings='{}': {e}", openings.trim())))?;
    Ok(MatchSpec {
        game: kind,
        a: parse_player(black, &base).map_err(|e| err(format!("black: {e}")))?,
        b: parse_player(white, &base).map_err(|e| err(format!("white: {e}")))?,
        games: args::GAMES.of(games)? as usize,
        seed: args::SEED.of(seed)?,
        // Each opening of a book is played twice, colours swapped.
        alternate: alternate || openings.book_name.is_some(),
        openings: openings.random_moves,
        book: openings.book,
        book_name: openings.book_name,
        evaluator: evaluator.to_string(),
        threads: 1,
        sprt: None,
        shard: None,
    })
}

/// Whole games between `black` and `white`, as `treelab match` plays them on
/// `threads` workers: [`match_fields`] of the result. `progress(done, total)` is told
/// the games played.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (game, black, white, games, openings, seed, alternate, threads, evaluator="", progress=None))]
pub fn play_match<'py>(
    py: Python<'py>,
    game: &str,
    black: &str,
    white: &str,
    games: &Bound<'py, PyAny>,
    openings: &str,
    seed: &Bound<'py, PyAny>,
    alternate: bool,
    threads: &Bound<'py, PyAny>,
    evaluator: &str,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut spec = match_spec(
        game, black, white, games, openings, seed, alternate, evaluator,
    )?;
    spec.threads = args::threads(threads)?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let mut report = Progress::to(progress);
    let meter = report.meter();
    let result = in_background(py, &stop, &mut report, move || {
        run_match(&spec, &flag, &|done, total| {
            meter.set(done as u64, Some(total as u64));
        })
    })?
    .map_err(value_error)?;
    match_fields(py, &result)
}

/// How many slices of a match [`match_slice`] plays: one per opening (a pair of games
/// with alternating colours, else a game), at most `most`.
#[pyfunction]
pub fn match_slices(games: &Bound<'_, PyAny>, alternate: bool, most: usize) -> PyResult<usize> {
    let games = args::GAMES.of(games)? as usize;
    let openings = if alternate { games.div_ceil(2) } else { games };
    Ok(openings.clamp(1, most.max(1)))
}

/// Slice `k` of `n` of a match (the games whose opening has index k modulo n), played
/// where it is called (a task of an executor), as `treelab match --shard k/n` plays it.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (game, black, white, games, openings, seed, alternate, evaluator, k, n))]
pub fn match_slice(
    py: Python<'_>,
    game: &str,
    black: &str,
    white: &str,
    games: &Bound<'_, PyAny>,
    openings: &str,
    seed: &Bound<'_, PyAny>,
    alternate: bool,
    evaluator: &str,
    k: usize,
    n: usize,
) -> PyResult<MatchSlice> {
    let mut spec = match_spec(
        game, black, white, games, openings, seed, alternate, evaluator,
    )?;
    spec.shard = Some((k, n));
    let stop = Arc::new(AtomicBool::new(false));
    let result = py
        .detach(|| run_match(&spec, &stop, &|_, _| {}))
        .map_err(value_error)?;
    Ok(MatchSlice { result })
}

/// The whole match from its slices ([`match_slice`]), joined by the library's merge
/// (as `treelab merge` joins shards): [`match_fields`] of it.
#[pyfunction]
pub fn merge_match<'py>(
    py: Python<'py>,
    slices: Vec<PyRef<'py, MatchSlice>>,
) -> PyResult<Bound<'py, PyDict>> {
    let parts = slices.iter().map(|s| s.result.clone()).collect();
    let whole = merge_matches(parts).map_err(value_error)?;
    match_fields(py, &whole)
}

/// Games of a match played elsewhere ([`match_slice`]), on their way to
/// [`merge_match`]. Pickles as the RON `treelab match --format ron` writes (which only
/// the library reads back), so an executor can carry it between processes.
#[pyclass(frozen, module = "treelab._treelab")]
pub struct MatchSlice {
    result: MatchResult,
}

#[pymethods]
impl MatchSlice {
    /// Pickles it: [`match_slice_from_ron`] of its RON.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let ron = ron::to_string(&self.result).map_err(|e| err(format!("a match as RON: {e}")))?;
        let rebuild = py
            .import("treelab._treelab")?
            .getattr("match_slice_from_ron")?;
        Ok((rebuild, (ron,)))
    }

    fn __repr__(&self) -> String {
        format!("MatchSlice({} games)", self.result.games.len())
    }
}

/// A [`MatchSlice`] from the RON it pickled as.
#[pyfunction]
pub fn match_slice_from_ron(ron: &str) -> PyResult<MatchSlice> {
    let result = ron::from_str(ron).map_err(|e| err(format!("not a match: {e}")))?;
    Ok(MatchSlice { result })
}

/// A match as `treelab.MatchResult`'s fields: what was played (`game`, `black`,
/// `white`, `seed`, `alternate`), the wins, draws and losses of the first player, the
/// pentanomial counts, Elo with its interval, LOS, normalized Elo, every game (a dict
/// each, the fields of `treelab match --format csv`'s lines) and the summary's text.
fn match_fields<'py>(py: Python<'py>, result: &MatchResult) -> PyResult<Bound<'py, PyDict>> {
    let (wins, draws, losses) = result.wins_draws_losses();
    let estimate = result.estimate();
    let games = PyList::empty(py);
    for g in &result.games {
        games.append(
            Fields::new(py)
                .with("index", g.index)?
                .with("a_first", g.a_first)?
                .with("start", &g.start)?
                .with("plies", g.plies())?
                .with("moves", &g.moves)?
                .with("rolls", g.rolls)?
                .with("opening_moves", g.opening_moves)?
                .with("nodes", g.nodes.to_vec())?
                .with("leaves", g.leaves.to_vec())?
                .with("searches", g.searches.to_vec())?
                .with("seconds", g.seconds.to_vec())?
                .with("score_a", g.score_a)?
                .done(),
        )?;
    }
    Ok(Fields::new(py)
        .with("game", &result.game)?
        .with("black", &result.a)?
        .with("white", &result.b)?
        .with("seed", result.seed)?
        .with("alternate", result.alternate)?
        .with("wins", wins)?
        .with("draws", draws)?
        .with("losses", losses)?
        .with(
            "pentanomial",
            result.pentanomial().map(|p| p.counts.to_vec()),
        )?
        .with("score", estimate.map(|e| e.score))?
        .with("elo", estimate.map(|e| e.elo))?
        .with("elo_low", estimate.map(|e| e.low))?
        .with("elo_high", estimate.map(|e| e.high))?
        .with("los", estimate.map(|e| e.los))?
        .with("n_elo", estimate.and_then(|e| e.n_elo))?
        .with("games", games)?
        .with("text", result.statistics_text())?
        .done())
}

/// One search traced as the tree view traces it (at most 20,000 visits; MCTS rows by
/// iteration): its visits (or iterations) as dicts, `treelab trace --format text`'s
/// text, and the figure as SVG and TikZ (none for MCTS).
#[pyclass(frozen, module = "treelab._treelab")]
pub struct TraceData {
    /// Every visit (an MCTS row: every iteration), a dict each.
    #[pyo3(get)]
    rows: Py<PyList>,
    /// `treelab trace --format text`.
    #[pyo3(get)]
    text: String,
    /// The figure as SVG (`--svg`), None for MCTS.
    #[pyo3(get)]
    svg: Option<String>,
    /// The figure as TikZ (`--tikz`), None for MCTS.
    #[pyo3(get)]
    tikz: Option<String>,
    /// Whether the row is MCTS (its rows are iterations, not visits).
    #[pyo3(get)]
    mcts: bool,
}

/// A traced search's visits as dicts ([`visit_fields`]), each with the tree view's
/// explanation as its `reason`.
fn visit_rows<'py>(py: Python<'py>, tree: &SearchTree) -> PyResult<Bound<'py, PyList>> {
    let rows = PyList::empty(py);
    for (i, n) in tree.nodes.iter().enumerate() {
        rows.append(visit_fields(py, i, n, tree.scale(), tree.explain(i))?)?;
    }
    Ok(rows)
}

/// An MCTS row's iterations as dicts: the columns of `treelab trace --format csv` for
/// MCTS, typed: `iteration` (from 1), `selected` (the nodes selection went through),
/// `added` and `added_move` (None when nothing was added), `playout` (its moves), `end`
/// (game-over, horizon, proven, network), `reward`, `proven` (MCTS-Solver: node -> the
/// value proven there) and `priors` (PUCT: the `(move, prior)` pairs the network gave
/// the moves of the position the iteration evaluated; empty otherwise).
fn iteration_rows<'py>(py: Python<'py>, tree: &MctsTree) -> PyResult<Bound<'py, PyList>> {
    let rows = PyList::empty(py);
    for (i, it) in tree.iterations.iter().enumerate() {
        let end = match it.end {
            PlayoutEnd::GameOver => "game-over",
            PlayoutEnd::Horizon => "horizon",
            PlayoutEnd::Proven => "proven",
            PlayoutEnd::Network => "network",
        };
        let proven = PyDict::new(py);
        for (node, lo, _) in it.bounds.iter().filter(|(_, lo, hi)| lo == hi) {
            proven.set_item(node, lo)?;
        }
        rows.append(
            Fields::new(py)
                .with("iteration", i + 1)?
                .with("selected", &it.selected)?
                .with("added", it.added.as_ref().map(|(n, _)| *n))?
                .with("added_move", it.added.as_ref().map(|(_, m)| m))?
                .with("playout", &it.playout)?
                .with("end", end)?
                .with("reward", it.reward)?
                .with("proven", proven)?
                .with("priors", &it.priors)?
                .done(),
        )?;
    }
    Ok(rows)
}

/// Traces one search named as `treelab trace` names it.
#[pyfunction]
#[pyo3(signature = (game, position, row, depth=None, evaluator="", bounds=false))]
pub fn trace_row(
    py: Python<'_>,
    game: &str,
    position: &str,
    row: &str,
    depth: Option<Bound<'_, PyAny>>,
    evaluator: &str,
    bounds: bool,
) -> PyResult<TraceData> {
    let depth = args::depth(depth.as_ref())?;
    let (pos, req) = named_search(game, position, row, depth, evaluator).map_err(value_error)?;
    if treelab::tree::mcts::is_mcts(&req) {
        let tree = py
            .detach(|| treelab::tree::mcts::trace_mcts(&pos, &req))
            .map_err(value_error)?;
        let rows = iteration_rows(py, &tree)?;
        return Ok(TraceData {
            rows: rows.unbind(),
            text: tree.text(),
            svg: None,
            tikz: None,
            mcts: true,
        });
    }
    let (tree, svg, tikz) = py.detach(|| {
        let tree = trace_tree(&pos, &req).map_err(value_error)?;
        let figure = figure_of_trees(&[&tree], FigureOptions { bounds });
        let text_of = |format| {
            encode(&figure, format)
                .map_err(err)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
        };
        let (svg, tikz) = (text_of(TreeFormat::Svg)?, text_of(TreeFormat::Tikz)?);
        Ok::<_, PyErr>((tree, svg, tikz))
    })?;
    Ok(TraceData {
        rows: visit_rows(py, &tree)?.unbind(),
        text: treelab::tree::listing::text(&tree),
        svg: Some(svg),
        tikz: Some(tikz),
        mcts: false,
    })
}

/// Practice trees for `algo` at `difficulty` from `seed`, as `treelab exercise`
/// draws them: a list of dicts, each with its id, tree, question, the figures the
/// request is about, and the key (value, best move, every visit, the cutoffs, the
/// leaves never evaluated, the search drawn as SVG).
#[pyfunction]
#[pyo3(signature = (algo, difficulty, seed, count))]
pub fn exercises<'py>(
    py: Python<'py>,
    algo: &str,
    difficulty: &str,
    seed: &Bound<'py, PyAny>,
    count: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let difficulty = Difficulty::from_name(difficulty).map_err(err)?;
    let row =
        parse_row_spec(algo, &SearchOptions::default()).map_err(|e| err(format!("algo: {e}")))?;
    let seed = Whole {
        name: "seed",
        what: "the seed the trees are drawn from",
        ..args::SEED
    }
    .of(seed)?;
    let count = Whole {
        name: "count",
        min: 1,
        max: 100,
        what: "the exercises to draw",
    }
    .of(count)? as usize;
    let req = difficulty.request(row, seed, count);
    let drawn = exercise::generate(&req).map_err(err)?;
    let out = PyList::empty(py);
    for ex in &drawn {
        let key = sheet::answers(ex, &req.row).map_err(err)?;
        let figure = figure_of_trees(&[&key.tree], FigureOptions::default());
        let svg = encode(&figure, TreeFormat::Svg).map_err(err)?;
        let visits = PyList::empty(py);
        for [step, node, window, value, kind, pruned] in &key.visits {
            visits.append(
                Fields::new(py)
                    .with("step", step)?
                    .with("node", node)?
                    .with("window", window)?
                    .with("value", value)?
                    .with("type", kind)?
                    .with("pruned", pruned)?
                    .done(),
            )?;
        }
        let cuts = PyList::empty(py);
        for (node, pruned) in &key.cuts {
            cuts.append(
                Fields::new(py)
                    .with("node", node)?
                    .with("pruned", pruned)?
                    .done(),
            )?;
        }
        let answers = Fields::new(py)
            .with("note", sheet::key_note(&req.row))?
            .with("value", &key.value)?
            .with("best", &key.best)?
            .with("visits", visits)?
            .with("cuts", cuts)?
            .with("never", &key.never)?
            .with("svg", String::from_utf8_lossy(&svg))?;
        out.append(
            Fields::new(py)
                .with("id", &ex.id)?
                .with("tree", &ex.tree)?
                .with("algorithm", &req.row.label)?
                .with("question", sheet::instructions(&req.row))?
                .with("cutoffs", ex.measure.cutoffs)?
                .with("deep_cutoffs", ex.measure.deep_cutoffs)?
                .with("leaves_searched", ex.measure.leaves_searched)?
                .with("leaves", ex.measure.leaves)?
                .with("key", answers.done())?
                .done(),
        )?;
    }
    Ok(out)
}

/// The across-positions figures of a grid's `cells` (each `(algorithm, position,
/// depth, count)`, the count None where it is missing), every row against `baseline`,
/// as `treelab bench` prints them: grouped by row and depth by the library's report
/// ([`Report::across`]), over the positions where both rows have a count, lines of at
/// least two positions. A list of dicts, by row (in the order the cells name them)
/// and depth.
#[pyfunction]
pub fn across_cells<'py>(
    py: Python<'py>,
    cells: Vec<(String, String, u32, Option<u64>)>,
    baseline: &str,
) -> PyResult<Bound<'py, PyList>> {
    let mut algorithms: Vec<&str> = Vec::new();
    for (a, ..) in &cells {
        if !algorithms.contains(&a.as_str()) {
            algorithms.push(a);
        }
    }
    let base = algorithms
        .iter()
        .position(|&a| a == baseline)
        .ok_or_else(|| {
            err(format!(
                "across: no row '{baseline}' in the grid (rows: {})",
                algorithms.join(", ")
            ))
        })?;
    // Each cell as a complete result whose node count is the count compared (whichever
    // column it came from): the report reads no other figure.
    let entries: Vec<ResultEntry> = cells
        .iter()
        .filter_map(|(a, position, depth, count)| {
            Some(ResultEntry {
                row: algorithms.iter().position(|x| x == a)?,
                position: position.clone(),
                label: a.clone(),
                depth: *depth,
                record: SearchRecord {
                    score: Some(0),
                    counters: Counters::reported(&[(Counter::Nodes, (*count)?)], 0.0),
                    ..SearchRecord::default()
                },
                ..ResultEntry::default()
            })
        })
        .collect();
    let mut names: Vec<&str> = Vec::new();
    for (_, position, ..) in &cells {
        if !names.contains(&position.as_str()) {
            names.push(position);
        }
    }
    let positions: Vec<PositionKey<'_>> = names
        .iter()
        .map(|&text| PositionKey {
            game: GameKind::default(),
            text,
        })
        .collect();
    let report = Report::new(&entries, &[], Some(base));
    let out = PyList::empty(py);
    for ((row, depth), a) in report.across(&positions, CountKind::Nodes) {
        let (p, method) = a
            .wilcoxon
            .map_or((None, "all equal"), |w| (Some(w.p), w.method.name()));
        out.append(
            Fields::new(py)
                .with("algorithm", algorithms[row])?
                .with("baseline", baseline)?
                .with("depth", depth)?
                .with("positions", a.n)?
                .with("geomean", a.geomean)?
                .with("low", a.interval.map(|i| i.0))?
                .with("high", a.interval.map(|i| i.1))?
                .with("total_ratio", a.total_ratio)?
                .with("fewer", a.fewer)?
                .with("equal", a.equal)?
                .with("more", a.more)?
                .with("wilcoxon_p", p)?
                .with("test", method)?
                .done(),
        )?;
    }
    Ok(out)
}
