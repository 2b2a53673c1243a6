//! One search on any game, and its result with moves written out: what tables,
//! sessions and the CLI show.

use serde::{Deserialize, Serialize};

use super::EngineError;
use crate::game::Game;
use crate::game::describe::Describe;
use crate::net::eval::{NetValue, OwnOrNet};
use crate::search::registry::OwnOption;
use crate::search::{
    self, Algorithm, Counters, SearchControl, SearchOptions, SearchResult, StopReason,
};

/// A search result with moves written out: what tables, sessions and the CLI show.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchRecord {
    /// The value for the side to move at the root (None: stopped before depth 1 ended,
    /// or a sampling algorithm, whose value is [`SearchRecord::estimate`]).
    pub score: Option<i32>,
    /// A sampling algorithm's estimate (MCTS): mean reward and visits, not a score.
    pub estimate: Option<crate::search::Estimate>,
    /// The best move.
    pub best_move: Option<String>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Counters over the whole search (`stats` in files written before it was named so).
    #[serde(alias = "stats")]
    pub counters: Counters,
    /// The depth of the last finished iteration.
    pub depth_reached: u32,
    /// Per-iteration rows with iterative deepening: (depth, score, best move, nodes so
    /// far, seconds so far).
    pub iterations: Vec<IterationRecord>,
    /// Why it ended early, if it did.
    pub stopped: Option<StopReason>,
    /// The engine units of one unit of the game's values: 1 (written as 0 or left out)
    /// except on positions with chance nodes, whose scores are kept exact in smaller
    /// units ([`crate::game::chance`]). Read scores through [`SearchRecord::score_text`].
    #[serde(skip_serializing_if = "is_unit_scale")]
    pub scale: u32,
    /// The step of the clock that timed it, in seconds, where that clock is coarse (a
    /// browser's: 0.1 ms or 1 ms, [`crate::platform::clock::coarse_step_secs`]); 0
    /// (left out) for a clock finer than a microsecond. A time below one step reads
    /// as none, and a rate from a few steps is noise: the views say so.
    #[serde(skip_serializing_if = "is_fine_clock")]
    pub clock_step_secs: f64,
}

fn is_unit_scale(scale: &u32) -> bool {
    *scale <= 1
}

fn is_fine_clock(step: &f64) -> bool {
    *step <= 0.0
}

/// One iteration of a search, moves written out.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct IterationRecord {
    /// Depth of the iteration.
    pub depth: u32,
    /// Its value.
    pub score: i32,
    /// Its best move.
    pub best_move: Option<String>,
    /// Its principal variation.
    pub pv: Vec<String>,
    /// Nodes so far.
    pub nodes: u64,
    /// Null-window passes so far (MTD(f), MT-SSS*).
    pub null_window_passes: u64,
    /// Seconds so far.
    pub elapsed_secs: f64,
}

impl SearchRecord {
    /// The engine units of one unit of value (at least 1).
    #[must_use]
    pub fn scale(&self) -> u32 {
        self.scale.max(1)
    }

    /// An engine value of this search (its score, an iteration's) in the game's own
    /// units: exact, or to six decimals ([`crate::game::chance::scaled_text`]).
    #[must_use]
    pub fn value_text(&self, value: i32) -> String {
        crate::game::chance::scaled_text(i64::from(value), self.scale())
    }

    /// The score in the game's own units, `None` without one.
    #[must_use]
    pub fn score_text(&self) -> Option<String> {
        self.score.map(|v| self.value_text(v))
    }

    /// The score in the game's own units as a number (for sorting and charts).
    #[must_use]
    pub fn score_f64(&self) -> Option<f64> {
        self.score.map(|v| f64::from(v) / f64::from(self.scale()))
    }

    pub fn from_result<M: Copy>(
        r: &SearchResult<M>,
        name: fn(M) -> String,
        scale: u32,
    ) -> SearchRecord {
        SearchRecord {
            // 1 is stored as 0, as a file without the field reads back.
            scale: if scale > 1 { scale } else { 0 },
            score: r.score,
            estimate: r.estimate,
            best_move: r.best_move.map(name),
            pv: r.pv.iter().map(|&m| name(m)).collect(),
            counters: r.counters.clone(),
            depth_reached: r.depth_reached,
            iterations: r
                .iterations
                .iter()
                .map(|it| IterationRecord {
                    depth: it.depth,
                    score: it.score,
                    best_move: it.best_move.map(name),
                    pv: it.pv.iter().map(|&m| name(m)).collect(),
                    nodes: it.counters.nodes(),
                    null_window_passes: it.counters.null_window_passes(),
                    elapsed_secs: it.counters.elapsed_secs(),
                })
                .collect(),
            stopped: r.stopped,
            clock_step_secs: crate::platform::clock::coarse_step_secs(),
        }
    }
}

/// What to search: one row of a comparison at one depth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchRequest {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Its options.
    pub options: SearchOptions,
    /// The depth (the last one with iterative deepening).
    pub depth: u32,
    /// The evaluator's name (empty: the game's default).
    pub evaluator: String,
}

/// The evaluator `req` names for the game `D` describes (see [`pick_valuer`]), with the
/// network whose policy orders the moves when the row orders them by prior: the
/// evaluator's network (`net`, `net:FILE`), else the game's shipped one.
fn pick_eval<D: Describe>(pos: &D, req: &SearchRequest) -> Result<OwnOrNet<D::Eval>, EngineError> {
    let eval = pick_valuer(pos, req)?;
    if req.options.ordering != crate::search::MoveOrder::Prior {
        return Ok(eval);
    }
    let file = crate::net::eval::net_choice(&req.evaluator).unwrap_or("");
    let net = crate::net::load::for_game::<D::Game>(file).map_err(|e| {
        EngineError::Input(format!(
            "order=prior orders moves by a network's policy: {e}"
        ))
    })?;
    Ok(eval.with_policy(net))
}

/// The evaluator `req` names for the game `D` describes (empty: its default; `net` or
/// `net:FILE` a policy-value network's value, scaled into the game's heuristic band
/// under the request's scoring).
fn pick_valuer<D: Describe>(
    pos: &D,
    req: &SearchRequest,
) -> Result<OwnOrNet<D::Eval>, EngineError> {
    let name = req.evaluator.trim();
    if name.is_empty() {
        return Ok(OwnOrNet::own(D::Eval::default()));
    }
    if req.algorithm.info().has(OwnOption::Network) {
        return Err(EngineError::Input(format!(
            "{} values each position by its network (the option net), not by an evaluator: leave the evaluator '{name}' out",
            req.algorithm.label()
        )));
    }
    if let Some(file) = crate::net::eval::net_choice(name) {
        let net = crate::net::load::for_game::<D::Game>(file)
            .map_err(|e| EngineError::Input(format!("evaluator '{name}': {e}")))?;
        let game = pos.game();
        let scoring = req.options.scoring;
        let band = game
            .heuristic_limit(scoring)
            .unwrap_or_else(|| game.score_range(scoring).1);
        return Ok(OwnOrNet::net(NetValue::new(net, (band - 1).max(1))));
    }
    D::eval_from_name(name).map(OwnOrNet::own).ok_or_else(|| {
        let mut names: Vec<&str> = D::evaluators().into_iter().map(D::eval_name).collect();
        if <D::Game as Game>::NET_INPUTS > 0 {
            names.push("net (the shipped network; net:FILE for another)");
        }
        EngineError::Input(format!(
            "unknown evaluator '{name}' for {}; expected one of {}",
            D::name(),
            names.join(", ")
        ))
    })
}

/// Refuses a search that would stop where the game has no value to score
/// ([`Describe::horizon_refusal`]): the plies where it may stop come from the options
/// ([`SearchOptions::horizon_plies`]), and the refusal names what makes it stop early.
fn check_horizon<D: Describe>(pos: &D, req: &SearchRequest) -> Result<(), EngineError> {
    let depth = req.depth;
    let averages = req.algorithm.info().chance == crate::search::registry::ChanceNodes::Averages;
    let refusal = |plies: std::ops::RangeInclusive<u32>| {
        pos.horizon_refusal(plies.clone())
            .or_else(|| averages.then(|| pos.exact_horizon_refusal(plies)).flatten())
    };
    let (why, cause) = match refusal(depth..=depth) {
        Some(why) => (why, None),
        None => match refusal(req.options.horizon_plies(depth)) {
            Some(why) => (why, req.options.early_stop_cause()),
            None => return Ok(()),
        },
    };
    let cause = cause.map_or_else(String::new, |c| format!(" ({c})"));
    Err(EngineError::Input(format!(
        "{} at depth {} is refused{cause}: {why}",
        req.options.variant_label(req.algorithm),
        req.depth
    )))
}

/// Whether `req` would be refused on `pos` before it visits a node: an evaluator the
/// game lacks, options the algorithm cannot take at this depth, or a search that would
/// stop where the game has no value to score. Searches nothing: the app and the runner
/// ask it before a run, so that a refusal is never shown as a failed search.
pub fn check_described<D: Describe>(pos: &D, req: &SearchRequest) -> Result<(), EngineError> {
    pick_eval(pos, req)?;
    req.options.check(req.algorithm, req.depth)?;
    // A position with chance nodes is refused for that first: it is the deeper reason.
    crate::search::check_chance(pos.game(), req.algorithm, &req.options)?;
    crate::search::check_network::<D::Game>(req.algorithm, &req.options)?;
    check_horizon(pos, req)
}

/// Runs `req` on `pos` with the evaluator it names.
fn run_described<D: Describe>(
    pos: &D,
    req: &SearchRequest,
    control: SearchControl<'_>,
) -> Result<SearchResult<<D::Game as Game>::Move>, EngineError> {
    check_described(pos, req)?;
    let eval = pick_eval(pos, req)?;
    Ok(search::search(
        pos.game(),
        &eval,
        req.algorithm,
        &req.options,
        req.depth,
        control,
    )?)
}

/// Runs `req` on a position of any described game, registered or not, with the
/// evaluator it names; what [`run_search`] does once it knows the game.
pub fn search_described<D: Describe>(
    pos: &D,
    req: &SearchRequest,
    control: SearchControl<'_>,
) -> Result<SearchRecord, EngineError> {
    let result = run_described(pos, req, control)?;
    Ok(SearchRecord::from_result(
        &result,
        D::Game::move_to_string,
        pos.game().value_scale(),
    ))
}

/// [`search_described`] with a trace, moves written out.
pub fn search_described_traced<D: Describe>(
    pos: &D,
    req: &SearchRequest,
    control: SearchControl<'_>,
) -> Result<TracedRecord, EngineError> {
    let control = SearchControl {
        trace: true,
        ..control
    };
    let result = run_described(pos, req, control)?;
    let events = result
        .trace
        .as_ref()
        .map(|t| {
            t.events
                .iter()
                .map(|e| e.map_move(D::Game::move_to_string))
                .collect()
        })
        .unwrap_or_default();
    Ok((
        SearchRecord::from_result(&result, D::Game::move_to_string, pos.game().value_scale()),
        events,
    ))
}

/// A search record with its trace, moves in notation.
pub type TracedRecord = (SearchRecord, Vec<crate::search::TraceEvent<String>>);
