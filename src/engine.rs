//! The game-agnostic facade over the generic engine: a position of any game, evaluators
//! by name, one-call searches whose results carry moves as text, and suites.
//!
//! The CLI, the app and the experiments all go through here, so a search means the same
//! in each of them.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::game::connect4::{self, Connect4, Connect4Eval};
use crate::game::othello::{self, Othello, OthelloEval};
use crate::game::random_tree::{self, RandomTree, RandomTreeEval, TreeSpec};
use crate::game::tictactoe::{self, TicTacToe, TicTacToeEval};
use crate::game::{Evaluator, FormatError, Game, SuiteEntry, perft::PerftConvention};
use crate::search::{
    self, Algorithm, SearchControl, SearchOptions, SearchResult, SearchStats, StopReason,
};

/// The games treelab knows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    /// Othello 8x8.
    #[default]
    Othello,
    /// Tic-tac-toe.
    #[serde(rename = "tictactoe")]
    TicTacToe,
    /// Connect Four 7x6.
    #[serde(rename = "connect4")]
    Connect4,
    /// Seeded random uniform trees.
    RandomTree,
}

impl GameKind {
    /// Every game, in menu order.
    pub const ALL: [GameKind; 4] = [
        GameKind::Othello,
        GameKind::TicTacToe,
        GameKind::Connect4,
        GameKind::RandomTree,
    ];

    /// The name in the CLI and session files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Othello => Othello::NAME,
            GameKind::TicTacToe => TicTacToe::NAME,
            GameKind::Connect4 => Connect4::NAME,
            GameKind::RandomTree => RandomTree::NAME,
        }
    }

    /// The display name.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            GameKind::Othello => "Othello",
            GameKind::TicTacToe => "Tic-tac-toe",
            GameKind::Connect4 => "Connect Four",
            GameKind::RandomTree => "Random tree",
        }
    }

    /// Parses [`GameKind::name`] (also `ttt`, `c4`, `tree`).
    pub fn from_name(text: &str) -> Result<GameKind, EngineError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "othello" | "reversi" => Ok(GameKind::Othello),
            "tictactoe" | "tic-tac-toe" | "ttt" => Ok(GameKind::TicTacToe),
            "connect4" | "connect-four" | "c4" => Ok(GameKind::Connect4),
            "random-tree" | "tree" | "random" => Ok(GameKind::RandomTree),
            _ => Err(EngineError::Input(format!(
                "unknown game '{text}'; expected othello, tictactoe, connect4 or random-tree"
            ))),
        }
    }

    /// The names of the game's evaluators, the default first.
    #[must_use]
    pub fn evaluator_names(self) -> Vec<&'static str> {
        fn list<T: Copy + Default + PartialEq>(
            all: &[T],
            name: fn(T) -> &'static str,
        ) -> Vec<&'static str> {
            let default = T::default();
            let mut names = vec![name(default)];
            names.extend(all.iter().filter(|&&e| e != default).map(|&e| name(e)));
            names
        }
        match self {
            GameKind::Othello => list(&OthelloEval::ALL, OthelloEval::name),
            GameKind::TicTacToe => list(&TicTacToeEval::ALL, TicTacToeEval::name),
            GameKind::Connect4 => list(&Connect4Eval::ALL, Connect4Eval::name),
            GameKind::RandomTree => list(&RandomTreeEval::ALL, RandomTreeEval::name),
        }
    }

    /// The perft convention of the game's community.
    #[must_use]
    pub fn perft_convention(self) -> PerftConvention {
        match self {
            GameKind::Othello => Othello::PERFT_CONVENTION,
            GameKind::TicTacToe => TicTacToe::PERFT_CONVENTION,
            GameKind::Connect4 => Connect4::PERFT_CONVENTION,
            GameKind::RandomTree => RandomTree::PERFT_CONVENTION,
        }
    }
}

/// What went wrong, in words for the user.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// A position, move or file that does not parse.
    #[error("{context}: {error}")]
    Format {
        /// Which input (a file name, "position", ...).
        context: String,
        /// Where and why.
        error: FormatError,
    },
    /// A refused option or parameter.
    #[error("{0}")]
    Input(String),
    /// A file that cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The system's reason.
        source: std::io::Error,
    },
    /// A search that panicked (a bug), caught by [`run_guarded`].
    #[error(transparent)]
    Failed(#[from] SearchFailure),
}

impl From<search::OptionError> for EngineError {
    fn from(e: search::OptionError) -> Self {
        EngineError::Input(e.0)
    }
}

/// A position of any game.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyPosition {
    /// An Othello position.
    Othello(Othello),
    /// A tic-tac-toe position.
    TicTacToe(TicTacToe),
    /// A Connect Four position, with the moves that led to it when known (the
    /// community's text form is the move string).
    Connect4(Connect4, Option<String>),
    /// The root of a random tree.
    RandomTree(RandomTree),
}

/// Runs `$body` with `$p` bound to the concrete position, whatever the game.
#[macro_export]
macro_rules! with_position {
    ($pos:expr, $p:ident => $body:expr) => {
        match $pos {
            $crate::engine::AnyPosition::Othello($p) => $body,
            $crate::engine::AnyPosition::TicTacToe($p) => $body,
            $crate::engine::AnyPosition::Connect4($p, _) => $body,
            $crate::engine::AnyPosition::RandomTree($p) => $body,
        }
    };
}

impl AnyPosition {
    /// The game's start position (a default random tree for random trees).
    #[must_use]
    pub fn start(kind: GameKind) -> AnyPosition {
        match kind {
            GameKind::Othello => AnyPosition::Othello(Othello::start()),
            GameKind::TicTacToe => AnyPosition::TicTacToe(TicTacToe::default()),
            GameKind::Connect4 => AnyPosition::Connect4(Connect4::default(), Some(String::new())),
            GameKind::RandomTree => match RandomTree::new(TreeSpec::default()) {
                Ok(t) => AnyPosition::RandomTree(t),
                Err(_) => unreachable!("the default tree spec is valid"),
            },
        }
    }

    /// Which game.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        match self {
            AnyPosition::Othello(_) => GameKind::Othello,
            AnyPosition::TicTacToe(_) => GameKind::TicTacToe,
            AnyPosition::Connect4(..) => GameKind::Connect4,
            AnyPosition::RandomTree(_) => GameKind::RandomTree,
        }
    }

    /// Parses the one-line text form of `kind`: an OBF line, a tic-tac-toe board, a
    /// Connect Four move string (or board with `/` between rows), a tree spec.
    /// An empty string is the start position.
    pub fn parse(kind: GameKind, text: &str) -> Result<AnyPosition, FormatError> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(AnyPosition::start(kind));
        }
        Ok(match kind {
            GameKind::Othello => AnyPosition::Othello(othello::parse_obf_line(text)?.0),
            GameKind::TicTacToe => AnyPosition::TicTacToe(tictactoe::parse_ttt(text)?),
            GameKind::Connect4 => {
                if text.contains('/') || text.contains('\n') {
                    let board = text.replace('/', "\n");
                    let pos = connect4::parse_board(&board)?;
                    // An empty board's history is known: no moves. Keeping it makes the
                    // start read from its board form equal to the start itself.
                    let history = (pos.moves_played() == 0).then(String::new);
                    AnyPosition::Connect4(pos, history)
                } else {
                    AnyPosition::Connect4(Connect4::from_moves(text)?, Some(text.to_string()))
                }
            }
            GameKind::RandomTree => {
                AnyPosition::RandomTree(RandomTree::new(random_tree::parse_spec(text)?)?)
            }
        })
    }

    /// The one-line text form ([`AnyPosition::parse`] reads it back).
    #[must_use]
    pub fn to_text(&self) -> String {
        match self {
            AnyPosition::Othello(p) => othello::to_obf(p, &[]),
            AnyPosition::TicTacToe(p) => tictactoe::to_ttt(p),
            AnyPosition::Connect4(_, Some(moves)) if !moves.is_empty() => moves.clone(),
            AnyPosition::Connect4(p, _) => connect4::to_board(p).trim_end().replace('\n', "/"),
            AnyPosition::RandomTree(t) => t.spec().to_spec_string(),
        }
    }

    /// The legal moves in notation, in generation order.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        fn names<G: Game>(p: &G) -> Vec<String> {
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            moves.into_iter().map(G::move_to_string).collect()
        }
        with_position!(self, p => names(p))
    }

    /// The position after the move written `mv`, or why it is not legal.
    pub fn play(&self, mv: &str) -> Result<AnyPosition, FormatError> {
        Ok(match self {
            AnyPosition::Othello(p) => AnyPosition::Othello(p.play(p.parse_move(mv)?)),
            AnyPosition::TicTacToe(p) => AnyPosition::TicTacToe(p.play(p.parse_move(mv)?)),
            AnyPosition::Connect4(p, moves) => {
                let m = p.parse_move(mv)?;
                let history = moves
                    .as_ref()
                    .map(|h| format!("{h}{}", Connect4::move_to_string(m)));
                AnyPosition::Connect4(p.play(m), history)
            }
            AnyPosition::RandomTree(p) => AnyPosition::RandomTree(p.play(p.parse_move(mv)?)),
        })
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        with_position!(self, p => p.outcome().is_some())
    }

    /// Perft from this position with bulk counting.
    #[must_use]
    pub fn perft(&self, depth: u32, convention: PerftConvention) -> u64 {
        with_position!(self, p => p.perft(depth, convention))
    }
}

/// A search result with moves written out: what tables, sessions and the CLI show.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchRecord {
    /// The value for the side to move at the root (None: stopped before depth 1 ended).
    pub score: Option<i32>,
    /// The best move.
    pub best_move: Option<String>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Counters over the whole search.
    pub stats: SearchStats,
    /// The depth of the last finished iteration.
    pub depth_reached: u32,
    /// Per-iteration rows with iterative deepening: (depth, score, best move, nodes so
    /// far, seconds so far).
    pub iterations: Vec<IterationRecord>,
    /// Why it ended early, if it did.
    pub stopped: Option<StopReason>,
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
    fn from_result<M: Copy>(r: &SearchResult<M>, name: fn(M) -> String) -> SearchRecord {
        SearchRecord {
            score: r.score,
            best_move: r.best_move.map(name),
            pv: r.pv.iter().map(|&m| name(m)).collect(),
            stats: r.stats.clone(),
            depth_reached: r.depth_reached,
            iterations: r
                .iterations
                .iter()
                .map(|it| IterationRecord {
                    depth: it.depth,
                    score: it.score,
                    best_move: it.best_move.map(name),
                    pv: it.pv.iter().map(|&m| name(m)).collect(),
                    nodes: it.stats.nodes,
                    null_window_passes: it.stats.null_window_passes,
                    elapsed_secs: it.stats.elapsed_secs,
                })
                .collect(),
            stopped: r.stopped,
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

fn pick_eval<T: Copy + Default>(
    name: &str,
    from: fn(&str) -> Option<T>,
    kind: GameKind,
) -> Result<T, EngineError> {
    if name.trim().is_empty() {
        return Ok(T::default());
    }
    from(name.trim()).ok_or_else(|| {
        EngineError::Input(format!(
            "unknown evaluator '{name}' for {}; expected one of {}",
            kind.name(),
            kind.evaluator_names().join(", ")
        ))
    })
}

/// Runs `req` on one game's position with the evaluator it names.
fn search_with<G: Game, E: Evaluator<G> + Copy + Default>(
    pos: &G,
    eval_from_name: fn(&str) -> Option<E>,
    kind: GameKind,
    req: &SearchRequest,
    control: SearchControl<'_>,
) -> Result<SearchRecord, EngineError> {
    let eval = pick_eval(&req.evaluator, eval_from_name, kind)?;
    let result = search::search(pos, &eval, req.algorithm, &req.options, req.depth, control)?;
    Ok(SearchRecord::from_result(&result, G::move_to_string))
}

/// Runs `req` on one game's position with a trace, moves written out.
fn search_traced_with<G: Game, E: Evaluator<G> + Copy + Default>(
    pos: &G,
    eval_from_name: fn(&str) -> Option<E>,
    kind: GameKind,
    req: &SearchRequest,
    control: SearchControl<'_>,
) -> Result<TracedRecord, EngineError> {
    let eval = pick_eval(&req.evaluator, eval_from_name, kind)?;
    let control = SearchControl {
        trace: true,
        ..control
    };
    let result = search::search(pos, &eval, req.algorithm, &req.options, req.depth, control)?;
    let events = result
        .trace
        .as_ref()
        .map(|t| {
            t.events
                .iter()
                .map(|e| e.map_move(G::move_to_string))
                .collect()
        })
        .unwrap_or_default();
    Ok((
        SearchRecord::from_result(&result, G::move_to_string),
        events,
    ))
}

/// A search record with its trace, moves in notation.
pub type TracedRecord = (SearchRecord, Vec<crate::search::TraceEvent<String>>);

/// Runs one search on any game and records its trace (for the tree view).
pub fn run_search_traced(
    pos: &AnyPosition,
    req: &SearchRequest,
    control: SearchControl<'_>,
) -> Result<TracedRecord, EngineError> {
    let kind = pos.kind();
    match pos {
        AnyPosition::Othello(p) => {
            search_traced_with(p, OthelloEval::from_name, kind, req, control)
        }
        AnyPosition::TicTacToe(p) => {
            search_traced_with(p, TicTacToeEval::from_name, kind, req, control)
        }
        AnyPosition::Connect4(p, _) => {
            search_traced_with(p, Connect4Eval::from_name, kind, req, control)
        }
        AnyPosition::RandomTree(p) => {
            search_traced_with(p, RandomTreeEval::from_name, kind, req, control)
        }
    }
}

/// Runs one search on any game.
pub fn run_search(
    pos: &AnyPosition,
    req: &SearchRequest,
    control: SearchControl<'_>,
) -> Result<SearchRecord, EngineError> {
    let kind = pos.kind();
    match pos {
        AnyPosition::Othello(p) => search_with(p, OthelloEval::from_name, kind, req, control),
        AnyPosition::TicTacToe(p) => search_with(p, TicTacToeEval::from_name, kind, req, control),
        AnyPosition::Connect4(p, _) => search_with(p, Connect4Eval::from_name, kind, req, control),
        AnyPosition::RandomTree(p) => search_with(p, RandomTreeEval::from_name, kind, req, control),
    }
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

/// A search (or any job) that panicked instead of returning: the panic's message and,
/// when known, where it was raised.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the search failed: {message}")]
pub struct SearchFailure {
    /// The panic message followed by ` at file:line:column` when the location is known.
    pub message: String,
}

thread_local! {
    /// How many [`run_guarded`] calls are running on this thread (they may nest).
    static GUARD_DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// Where the last guarded panic on this thread was raised.
    static GUARDED_PANIC_AT: std::cell::RefCell<Option<String>> =
        const { std::cell::RefCell::new(None) };
}

static QUIET_HOOK: std::sync::Once = std::sync::Once::new();

/// Installs (once per process) a panic hook that stays silent for panics inside
/// [`run_guarded`] (they are reported through its `Err`, so printing them too would only
/// spam stderr and test output) and hands every other panic to the hook that was there
/// before, unchanged.
fn install_quiet_hook() {
    QUIET_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if GUARD_DEPTH.with(std::cell::Cell::get) > 0 {
                let at = info
                    .location()
                    .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
                GUARDED_PANIC_AT.with(|slot| *slot.borrow_mut() = at);
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `f` and catches a panic inside it: `Ok` with its value, or `Err` with the panic
/// message and location. Use it around anything that runs user-chosen code paths on
/// user-chosen inputs (a search job, a bench cell) so one bug fails one job, not the
/// process or the window.
///
/// Panics inside `f` are not printed (a process-wide hook, installed on first use,
/// silences them while a guard runs on the panicking thread; other panics print as
/// before). Whatever `f` borrowed mutably may be left half-updated: discard it, as the
/// search's own state is discarded. Threads spawned by `f` are not covered: guard their
/// bodies themselves. A panic with `panic = "abort"` cannot be caught; treelab's profiles
/// all unwind.
pub fn run_guarded<T>(f: impl FnOnce() -> T) -> Result<T, SearchFailure> {
    install_quiet_hook();
    GUARD_DEPTH.with(|d| d.set(d.get() + 1));
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    GUARD_DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    outcome.map_err(|payload| {
        let text = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic with a non-text payload".to_string());
        let message = match GUARDED_PANIC_AT.with(|slot| slot.borrow_mut().take()) {
            Some(at) => format!("{text} at {at}"),
            None => text,
        };
        SearchFailure { message }
    })
}

/// One position of a suite, game-agnostic.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteItem {
    /// Display name (`#40`, `line 12`).
    pub name: String,
    /// The position.
    pub position: AnyPosition,
    /// The exact value for the side to move, when the file gives it.
    pub expected_score: Option<i32>,
    /// Exact scores of moves, best first, when the file gives them.
    pub move_scores: Vec<(String, i32)>,
}

/// A list of positions from one file.
#[derive(Clone, Debug, PartialEq)]
pub struct Suite {
    /// The file's name (or the shipped suite's name).
    pub name: String,
    /// The game.
    pub kind: GameKind,
    /// Its positions.
    pub items: Vec<SuiteItem>,
}

fn items_from<G: Game>(
    entries: Vec<SuiteEntry<G>>,
    wrap: impl Fn(G) -> AnyPosition,
) -> Vec<SuiteItem> {
    entries
        .into_iter()
        .map(|e| SuiteItem {
            name: e.name,
            expected_score: e.expected_score,
            move_scores: e
                .move_scores
                .iter()
                .map(|&(m, s)| (G::move_to_string(m), s))
                .collect(),
            position: wrap(e.position),
        })
        .collect()
}

impl Suite {
    /// Parses a suite from its text. The format is told by the file name: `.obf` (an
    /// OBF suite), `.pos` (one FFO position), `.ttt` (one tic-tac-toe board per line),
    /// else a Connect Four test set (`MOVES SCORE` lines, Pons' `Test_L*_R*`).
    pub fn parse(name: &str, text: &str) -> Result<Suite, EngineError> {
        let wrap_err = |error: FormatError| EngineError::Format {
            context: name.to_string(),
            error,
        };
        let lower = name.to_ascii_lowercase();
        let (kind, items) = if lower.ends_with(".obf") {
            let first = othello::ffo_first_number(name);
            let entries = othello::parse_obf_suite(text, first).map_err(wrap_err)?;
            (GameKind::Othello, items_from(entries, AnyPosition::Othello))
        } else if lower.ends_with(".pos") {
            let (pos, description) = othello::parse_pos(text).map_err(wrap_err)?;
            let title = if description.trim().is_empty() {
                name.to_string()
            } else {
                description
            };
            let item = SuiteItem {
                name: title,
                position: AnyPosition::Othello(pos),
                expected_score: None,
                move_scores: Vec::new(),
            };
            (GameKind::Othello, vec![item])
        } else if lower.ends_with(".ttt") {
            let mut items = Vec::new();
            for (i, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let pos = tictactoe::parse_ttt(line).map_err(|e| wrap_err(e.on_line(i + 1)))?;
                items.push(SuiteItem {
                    name: format!("#{} {}", items.len() + 1, tictactoe::to_ttt(&pos)),
                    position: AnyPosition::TicTacToe(pos),
                    expected_score: None,
                    move_scores: Vec::new(),
                });
            }
            (GameKind::TicTacToe, items)
        } else {
            let entries = connect4::parse_test_set(text).map_err(wrap_err)?;
            let lines: Vec<&str> = text.lines().collect();
            let items = entries
                .into_iter()
                .map(|e| {
                    let moves = lines
                        .get(e.line.saturating_sub(1))
                        .and_then(|l| l.split_whitespace().next())
                        .map(str::to_string);
                    SuiteItem {
                        name: e.name,
                        expected_score: e.expected_score,
                        move_scores: Vec::new(),
                        position: AnyPosition::Connect4(e.position, moves),
                    }
                })
                .collect();
            (GameKind::Connect4, items)
        };
        if items.is_empty() {
            return Err(EngineError::Input(format!(
                "{name}: the file holds no positions"
            )));
        }
        Ok(Suite {
            name: name.to_string(),
            kind,
            items,
        })
    }

    /// Reads and parses a suite file.
    pub fn load(path: &Path) -> Result<Suite, EngineError> {
        let text = std::fs::read_to_string(path).map_err(|source| EngineError::Io {
            path: path.display().to_string(),
            source,
        })?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        Suite::parse(&name, &text)
    }

    /// A shipped suite by name (see [`SHIPPED_SUITES`]), or a file path.
    pub fn load_named(name: &str) -> Result<Suite, EngineError> {
        if let Some((file, text)) = SHIPPED_SUITES.iter().find(|(file, _)| {
            *file == name
                || file.rsplit('/').next() == Some(name)
                || file.trim_end_matches(".obf").rsplit('/').next() == Some(name)
        }) {
            let short = file.rsplit('/').next().unwrap_or(file);
            return Suite::parse(short, text);
        }
        Suite::load(Path::new(name))
    }
}

/// The suites shipped in `assets/`, compiled into the binary so they are one click away
/// wherever it runs: `(path under assets/, contents)`.
pub const SHIPPED_SUITES: [(&str, &str); 7] = [
    (
        "othello/fforum-1-19.obf",
        include_str!("../assets/othello/fforum-1-19.obf"),
    ),
    (
        "othello/fforum-20-39.obf",
        include_str!("../assets/othello/fforum-20-39.obf"),
    ),
    (
        "othello/fforum-40-59.obf",
        include_str!("../assets/othello/fforum-40-59.obf"),
    ),
    (
        "tictactoe/classes-627.ttt",
        include_str!("../assets/tictactoe/classes-627.ttt"),
    ),
    (
        "connect4/Test_L3_R1",
        include_str!("../assets/connect4/Test_L3_R1"),
    ),
    (
        "connect4/Test_L2_R1",
        include_str!("../assets/connect4/Test_L2_R1"),
    ),
    (
        "connect4/Test_L1_R1",
        include_str!("../assets/connect4/Test_L1_R1"),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Fuzz find (c4_board target): the empty Connect Four board, written as a board and
    /// read back, lost its (empty) move history and so differed from the start.
    #[test]
    fn connect4_start_round_trips_through_its_board_form() {
        let start = AnyPosition::start(GameKind::Connect4);
        let text = start.to_text();
        assert!(text.contains('/'), "{text}");
        assert_eq!(AnyPosition::parse(GameKind::Connect4, &text), Ok(start));
        // A board with stones has no known history.
        let board = AnyPosition::parse(GameKind::Connect4, "4").expect("move string");
        let back = AnyPosition::parse(GameKind::Connect4, &board.to_text()).expect("reads");
        assert_eq!(back.to_text(), "4");
        let AnyPosition::Connect4(pos, _) = board else {
            unreachable!()
        };
        let from_board = AnyPosition::parse(
            GameKind::Connect4,
            &connect4::to_board(&pos).trim_end().replace('\n', "/"),
        )
        .expect("board form");
        assert_eq!(from_board, AnyPosition::Connect4(pos, None));
    }
}
