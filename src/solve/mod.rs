//! Fast exact solvers, apart from the generic engine: the Othello endgame
//! ([`othello`]) and Connect Four ([`connect4`]), each with its techniques as switchable
//! options, and a suite runner that checks every solved position against the scores
//! its file gives (`treelab solve`, see [`cli`]).
//!
//! The generic engine in [`crate::search`] is built to compare algorithms fairly; these
//! solvers are built to be fast, so they use game-specific bitboard code, their own
//! tables and their own node counts (each module's header defines its count).

pub mod cli;
pub mod connect4;
pub mod label;
pub mod net_train;
pub mod othello;
pub mod pattern;
pub mod pattern_train;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::engine::{AnyPosition, GameKind, Suite};
use connect4::{C4Options, C4Solver};
use othello::{OthelloOptions, OthelloSolver, RootObserver};

/// The options of both solvers (a suite uses the ones of its game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// Othello endgame techniques.
    pub othello: OthelloOptions,
    /// Connect Four techniques.
    pub connect4: C4Options,
}

/// One solved position of a suite.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveRow {
    /// 1-based position in the file.
    pub index: usize,
    /// Display name (`#40`, `line 12`).
    pub name: String,
    /// The exact score found.
    pub score: i32,
    /// A best move (Othello: `A2`, `PS` for a pass; empty when the game is over or the
    /// solver does not report one, as for Connect Four).
    pub best: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// CPU seconds spent solving an Othello position, when the system tells (Linux
    /// `/proc`: the thread's own time with one thread, else the process's in 10 ms
    /// ticks): on a shared machine the fair measure of work. `None` for Connect Four,
    /// whose positions are too quick to time one by one.
    pub cpu_seconds: Option<f64>,
    /// The score the file gives, if any.
    pub expected: Option<i32>,
    /// The moves the file gives the best score to (any of them is a best move).
    pub expected_moves: Vec<String>,
}

impl SolveRow {
    /// Whether the score equals the file's (`None` when the file gives none).
    #[must_use]
    pub fn score_matches(&self) -> Option<bool> {
        self.expected.map(|e| e == self.score)
    }

    /// Whether the best move is one the file scores best (`None` when the file lists
    /// no moves or the solver reports none).
    #[must_use]
    pub fn move_matches(&self) -> Option<bool> {
        if self.expected_moves.is_empty() || self.best.is_empty() {
            return None;
        }
        Some(
            self.expected_moves
                .iter()
                .any(|m| m.eq_ignore_ascii_case(&self.best)),
        )
    }

    /// Whether everything the file says agrees (`None` when it says nothing).
    #[must_use]
    pub fn matches(&self) -> Option<bool> {
        match (self.score_matches(), self.move_matches()) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(true) && b.unwrap_or(true)),
        }
    }
}

/// A solver for one game, reused across a suite's positions.
#[derive(Debug)]
pub enum AnySolver {
    /// Othello endgame.
    Othello(OthelloSolver),
    /// Connect Four.
    Connect4(Box<C4Solver>),
}

impl AnySolver {
    /// A solver for `kind`, or an error for a game without one.
    pub fn new(kind: GameKind, opts: &SolveOptions) -> Result<AnySolver, String> {
        match kind {
            GameKind::Othello => Ok(AnySolver::Othello(OthelloSolver::new(opts.othello.clone()))),
            GameKind::Connect4 => Ok(AnySolver::Connect4(Box::new(C4Solver::new(opts.connect4)))),
            other => Err(format!(
                "no exact solver for {}: solve takes Othello (.obf, .pos) and Connect Four suites",
                other.name()
            )),
        }
    }

    /// A flag that ends a solve early when raised: [`AnySolver::solve_item`] then
    /// answers "stopped" (Ctrl+C in the Python package). The same nodes as without
    /// while it stays down.
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        match self {
            AnySolver::Othello(solver) => solver.set_stop(stop),
            AnySolver::Connect4(solver) => solver.set_stop(stop),
        }
    }

    /// Ends the solver's helper threads (the next solve starts them again) and returns
    /// what they counted: threads started, wake-ups, idle time, context switches (see
    /// [`crate::platform::crew::Crew::finish`]). None with one thread.
    pub fn finish_threads(&mut self) -> Option<crate::platform::crew::CrewCounts> {
        match self {
            AnySolver::Othello(solver) => solver.finish_threads(),
            AnySolver::Connect4(solver) => solver.finish_threads(),
        }
    }

    /// Solves suite item `index` (0-based) of `suite`.
    pub fn solve_item(&mut self, suite: &Suite, index: usize) -> Result<SolveRow, String> {
        self.solve_item_observed(suite, index, &mut |_| {})
    }

    /// [`AnySolver::solve_item`], reporting each search of an Othello root to `observe`
    /// as it ends (see [`OthelloSolver::solve_observed`]; Connect Four reports none).
    pub fn solve_item_observed(
        &mut self,
        suite: &Suite,
        index: usize,
        observe: RootObserver<'_>,
    ) -> Result<SolveRow, String> {
        let item = suite
            .items
            .get(index)
            .ok_or_else(|| format!("{}: no position {}", suite.name, index + 1))?;
        let expected_moves: Vec<String> = match item.expected_score {
            Some(best) => item
                .move_scores
                .iter()
                .filter(|(_, s)| *s == best)
                .map(|(m, _)| m.to_ascii_uppercase())
                .collect(),
            None => Vec::new(),
        };
        // Reading /proc costs microseconds: worth it for an Othello solve, not for a
        // Connect Four one (the command times a whole Connect Four set instead).
        let threads = match self {
            AnySolver::Othello(solver) => Some(solver.options().threads),
            AnySolver::Connect4(_) => None,
        };
        let cpu_before = threads.and_then(cpu_seconds);
        let (score, best, nodes, seconds) = match (&mut *self, &item.position) {
            (AnySolver::Othello(solver), AnyPosition::Othello(pos)) => {
                let r = solver.solve_observed(pos.player(), pos.opponent(), observe);
                let best = match r.best_move {
                    Some(sq) => square_name(sq),
                    None if r.pass => "PS".to_string(),
                    None => String::new(),
                };
                (r.score, best, r.nodes, r.seconds)
            }
            (AnySolver::Connect4(solver), AnyPosition::Connect4(pos)) => {
                let clock = crate::platform::clock::Instant::now();
                let r = solver.solve(&pos.board);
                (
                    r.score,
                    String::new(),
                    r.nodes,
                    clock.elapsed().as_secs_f64(),
                )
            }
            _ => return Err(format!("{}: position of another game", item.name)),
        };
        let stopped = match self {
            AnySolver::Othello(solver) => solver.stop_raised(),
            AnySolver::Connect4(solver) => solver.aborted(),
        };
        if stopped {
            return Err(format!("{}: stopped before the end", item.name));
        }
        let cpu_seconds = threads
            .and_then(cpu_seconds)
            .zip(cpu_before)
            .map(|(after, before)| after - before);
        Ok(SolveRow {
            index: index + 1,
            name: item.name.clone(),
            score,
            best,
            nodes,
            seconds,
            cpu_seconds,
            expected: item.expected_score,
            expected_moves,
        })
    }
}

/// CPU seconds used so far: the calling thread's when the work runs on it alone, else
/// the whole process's.
#[must_use]
pub fn cpu_seconds(threads: usize) -> Option<f64> {
    use crate::platform::machine::{process_cpu_seconds, thread_cpu_seconds};
    if threads <= 1
        && let Some(s) = thread_cpu_seconds()
    {
        return Some(s);
    }
    process_cpu_seconds()
}

/// `A1` … `H8` for a square index.
#[must_use]
pub fn square_name(square: u8) -> String {
    let column = char::from(b'A' + square % 8);
    let row = char::from(b'1' + square / 8);
    format!("{column}{row}")
}

/// The number a suite item answers to in `--range`: the FFO number for `#N` names,
/// else its 1-based index.
#[must_use]
pub fn item_number(name: &str, index: usize) -> usize {
    name.strip_prefix('#')
        .and_then(|n| n.parse().ok())
        .unwrap_or(index + 1)
}
