//! One search on a position of any game: by value ([`run_search`], guarded against a
//! panic, traced for the tree view), by name as the command line gives it
//! ([`named_search`]), checked without searching ([`check_search`]), and sized before it
//! starts ([`work_estimate`], [`beyond_reach`], [`expected_cost`]).

use super::record::{SearchRecord, SearchRequest, TracedRecord};
use super::registry::{AnyPosition, GameKind};
use super::size::WorkEstimate;
use super::{EngineError, run_guarded};
use crate::search::{SearchControl, SearchOptions};

/// Runs one search on any game and records its trace (for the tree view).
pub fn run_search_traced(
    pos: &AnyPosition,
    req: &SearchRequest,
    control: SearchControl<'_>,
) -> Result<TracedRecord, EngineError> {
    pos.as_dyn().search_traced(req, control)
}

/// Runs one search on any game.
pub fn run_search(
    pos: &AnyPosition,
    req: &SearchRequest,
    control: SearchControl<'_>,
) -> Result<SearchRecord, EngineError> {
    pos.as_dyn().search(req, control)
}

/// The position and request of a search named as the command line names it: the game
/// (`othello`), the position's one-line text form (empty: the start), a row
/// (`negascout+tt=16+id`), the depth (`None`: where the game has one, the depth that
/// reaches every end of the game, a tree's height) and the evaluator (empty: the
/// game's own).
///
/// # Errors
/// An unknown game, a position or row that does not read, no depth where the game has
/// no end to reach.
pub fn named_search(
    game: &str,
    position: &str,
    row: &str,
    depth: Option<u32>,
    evaluator: &str,
) -> Result<(AnyPosition, SearchRequest), EngineError> {
    let kind = GameKind::from_name(game)?;
    let pos = AnyPosition::parse(kind, position).map_err(|error| EngineError::Format {
        context: "position".into(),
        error,
    })?;
    let depth = match depth {
        Some(d) => d,
        None => pos.as_dyn().full_depth().ok_or_else(|| {
            EngineError::Input(format!(
                "a depth is needed: {} has no depth that reaches every end of the game",
                kind.label()
            ))
        })?,
    };
    let row = super::rowspec::parse_row_spec(row, &SearchOptions::default())?;
    let req = SearchRequest {
        algorithm: row.algorithm,
        options: row.options,
        depth,
        evaluator: evaluator.to_string(),
    };
    Ok((pos, req))
}

/// One search named as the command line names it ([`named_search`]).
///
/// # Errors
/// As [`named_search`], and a refused search.
pub fn search_named(
    game: &str,
    position: &str,
    row: &str,
    depth: Option<u32>,
    control: SearchControl<'_>,
) -> Result<SearchRecord, EngineError> {
    let (pos, req) = named_search(game, position, row, depth, "")?;
    run_search(&pos, &req, control)
}

/// Whether `req` would be refused on `pos` ([`check_described`]), without searching.
pub fn check_search(pos: &AnyPosition, req: &SearchRequest) -> Result<(), EngineError> {
    pos.as_dyn().check(req)
}

/// [`run_search`] under [`run_guarded`]: a panic inside the search (a bug in a game,
/// an evaluator or an algorithm) comes back as [`EngineError::Failed`] with the panic's
/// message instead of unwinding into the caller. What the app's worker and the bench
/// runner call.
pub fn run_search_guarded(
    pos: &AnyPosition,
    req: &SearchRequest,
    control: SearchControl<'_>,
) -> Result<SearchRecord, EngineError> {
    run_guarded(|| run_search(pos, req, control))?
}

/// The size of `req` on `pos` when its algorithm prunes nothing
/// ([`crate::search::registry::AlgorithmInfo::prunes_nothing`]) and no option cuts the
/// tree (the win-at-once shortcut scores nodes without their children); `None` for
/// every other search, and on a finished position. Walks at most [`SAMPLED_PATHS`](crate::engine::SAMPLED_PATHS) paths: a
/// few milliseconds.
#[must_use]
pub fn work_estimate(pos: &AnyPosition, req: &SearchRequest) -> Option<WorkEstimate> {
    if !req.algorithm.info().prunes_nothing() || req.options.win_at_once || pos.is_over() {
        return None;
    }
    let deepening = req.options.iterative_deepening;
    Some(WorkEstimate {
        algorithm: req.algorithm.name().to_string(),
        depth: req.depth,
        deepening,
        estimate: pos.as_dyn().leaf_estimate(req.depth, deepening),
    })
}

/// The size of `req` on `pos` when it is a search that prunes nothing and would visit
/// more than [`LEAF_LIMIT`] leaves, so that it cannot end in any time worth waiting
/// (minimax to depth 40 on a tree of width 64, minimax over a whole Othello game);
/// `None` when it is within reach or prunes. The CLI refuses such a search unless
/// forced; the app asks before it starts one. Its `Display` gives the size and the
/// limit.
#[must_use]
pub fn beyond_reach(pos: &AnyPosition, req: &SearchRequest) -> Option<WorkEstimate> {
    work_estimate(pos, req).filter(WorkEstimate::beyond_limit)
}

/// How long a search of `pos` to `depth` is expected to take, as a number that only
/// orders searches (larger: longer): the logarithm of `b^depth`, `b` the branching
/// found from the moves two plies deep. A grid starts its cells in this order so that
/// the longest do not start last ([`crate::platform::pool::longest_first`]). Cheap:
/// two plies of move generation.
#[must_use]
pub fn expected_cost(pos: &AnyPosition, depth: u32) -> f64 {
    if pos.is_over() {
        return 0.0;
    }
    let two = pos.perft(2, pos.kind().perft_convention()).max(1) as f64;
    f64::from(depth) * two.ln() / 2.0
}
