//! Whether an algorithm plays tic-tac-toe perfectly: every reachable position that is
//! not over, its move checked against exact negamax values (article 002's "strongly
//! solved" check).

use anyhow::Result;

use crate::engine::{AnyPosition, SearchRequest, run_search};
use crate::game::tictactoe::TicTacToe;
use crate::game::{Game, Scoring};
use crate::search::SearchControl;

/// How many tic-tac-toe positions an algorithm plays optimally in: `(optimal, total)`,
/// over every reachable position that is not over. A move is optimal when its exact
/// value (negamax to the end, same scoring) equals the position's.
pub fn verify_tictactoe(req: &SearchRequest) -> Result<(usize, usize)> {
    let scoring = req.options.scoring;
    let mut memo = std::collections::HashMap::new();
    let mut optimal = 0;
    let mut total = 0;
    for pos in TicTacToe::all_reachable() {
        if pos.outcome().is_some() {
            continue;
        }
        total += 1;
        let record = run_search(&AnyPosition::TicTacToe(pos), req, SearchControl::default())?;
        let Some(best) = record.best_move else {
            continue;
        };
        let mv = pos.parse_move(&best)?;
        let value = exact_ttt(&pos, scoring, &mut memo);
        if -exact_ttt(&pos.play(mv), scoring, &mut memo) == value {
            optimal += 1;
        }
    }
    Ok((optimal, total))
}

fn exact_ttt(
    pos: &TicTacToe,
    scoring: Scoring,
    memo: &mut std::collections::HashMap<u64, i32>,
) -> i32 {
    if pos.outcome().is_some() {
        return pos.terminal_score(scoring);
    }
    if let Some(&v) = memo.get(&pos.hash()) {
        return v;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let v = moves
        .iter()
        .map(|&m| -exact_ttt(&pos.play(m), scoring, memo))
        .max()
        .unwrap_or(0);
    memo.insert(pos.hash(), v);
    v
}
