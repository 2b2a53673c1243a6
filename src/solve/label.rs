//! Positions labelled by the exact solvers: every legal move's exact value and the best
//! of them ([`crate::net::data::Sample`]), Connect Four by a pool of Pons-style solvers
//! ([`c4_exact`]), Othello's endgames by a pool of endgame solvers ([`othello_exact`]),
//! tic-tac-toe by plain negamax. What `treelab train-net` trains on and what E9
//! measures the searches against.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use super::connect4::{C4Options, C4Solver};
use super::othello::{OthelloOptions, OthelloSolver};
use crate::engine::{EngineError, GameKind};
use crate::game::Game;
use crate::game::connect4::Connect4;
use crate::game::othello::Othello;
use crate::game::tictactoe::TicTacToe;
use crate::net::data::{self, Draw, Sample};
use crate::platform::pool::map_in_order;

/// Connect Four solvers for the labelling threads (each solver's table is large: made
/// once a thread, kept between positions).
static C4_SOLVERS: Mutex<Vec<C4Solver>> = Mutex::new(Vec::new());

/// The exact score of a Connect Four position (Pons' units) by a solver of the pool.
#[must_use]
pub fn c4_exact(p: &Connect4) -> i32 {
    let lock = || C4_SOLVERS.lock().unwrap_or_else(PoisonError::into_inner);
    let taken = lock().pop();
    let mut solver = taken.unwrap_or_else(|| C4Solver::new(C4Options::default()));
    let score = solver.solve(p).score;
    lock().push(solver);
    score
}

/// Othello endgame solvers for the labelling threads, kept as Connect Four's are.
static OTHELLO_SOLVERS: Mutex<Vec<OthelloSolver>> = Mutex::new(Vec::new());

/// The exact final disc difference of an Othello position for its side to move (also
/// when it must pass or the game is over) by an endgame solver of the pool: for
/// positions near the end (from about 14 empty squares a solve takes milliseconds).
#[must_use]
pub fn othello_exact(p: &Othello) -> i32 {
    let lock = || {
        OTHELLO_SOLVERS
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    };
    let taken = lock().pop();
    let mut solver = taken.unwrap_or_else(|| OthelloSolver::new(OthelloOptions::default()));
    let score = solver.solve(p.player(), p.opponent()).score;
    lock().push(solver);
    score
}

/// Labels `positions` by `exact` on `threads` threads (each label is exact: the same on
/// any number of threads, in the positions' order). `done(n, all)` is told after each;
/// once `stop` is raised no more are started and those not labelled are left out.
pub fn label_all<G: Game + Sync>(
    positions: &[G],
    threads: usize,
    exact: fn(&G) -> i32,
    stop: &AtomicBool,
    done: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Sample> {
    let all = positions.len();
    let count = AtomicUsize::new(0);
    let labelled = map_in_order(positions, threads, stop, |_, p| {
        let s = data::label(p, &mut |q: &G| exact(q));
        done(count.fetch_add(1, Ordering::Relaxed) + 1, all);
        s
    });
    labelled.into_iter().flatten().collect()
}

/// The network's inputs and move slots of a game whose positions a solver labels.
pub fn net_shape_of(game: GameKind) -> Result<(usize, usize), EngineError> {
    match game {
        GameKind::Connect4 => Ok((Connect4::NET_INPUTS, Connect4::MOVE_SLOTS)),
        GameKind::TicTacToe => Ok((TicTacToe::NET_INPUTS, TicTacToe::MOVE_SLOTS)),
        GameKind::Othello => Ok((Othello::NET_INPUTS, Othello::MOVE_SLOTS)),
        other => Err(not_labelled(other)),
    }
}

/// Why `game`'s positions cannot be labelled.
fn not_labelled(game: GameKind) -> EngineError {
    EngineError::Input(format!(
        "no solver labels {} positions yet (connect4, othello, tictactoe)",
        game.label()
    ))
}

/// Draws the positions of `game` by `draw` (seeded random play) and labels them on
/// `threads` threads; raising `stop` ends it with the error `stopped`.
pub fn draw_labelled(
    game: GameKind,
    draw: &Draw,
    threads: usize,
    stop: &AtomicBool,
    done: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<Sample>, EngineError> {
    let samples = match game {
        GameKind::Connect4 => {
            let positions = data::draw_positions(&Connect4::new(), draw);
            label_all(&positions, threads, c4_exact, stop, done)
        }
        GameKind::TicTacToe => {
            let positions = data::draw_positions(&TicTacToe::new(), draw);
            label_all(&positions, threads, data::negamax_exact, stop, done)
        }
        GameKind::Othello => {
            let positions = data::draw_positions(&Othello::start(), draw);
            label_all(&positions, threads, othello_exact, stop, done)
        }
        other => return Err(not_labelled(other)),
    };
    if stop.load(Ordering::Relaxed) {
        return Err(EngineError::Input("stopped".into()));
    }
    Ok(samples)
}
