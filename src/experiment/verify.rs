//! Whether an algorithm plays tic-tac-toe perfectly: every reachable position that is
//! not over, its move checked against exact negamax values (article 002's "strongly
//! solved" check), and a proving algorithm's proven values checked too.

use anyhow::Result;

use crate::engine::{AnyPosition, SearchRequest, run_search};
use crate::game::tictactoe::TicTacToe;
use crate::game::{Game, Scoring};
use crate::search::SearchControl;
use crate::search::registry::ResultKind;

/// What [`verify_tictactoe`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Positions where the move played was optimal.
    pub optimal: usize,
    /// Positions checked: every reachable one that is not over.
    pub total: usize,
    /// Whether a move counts as optimal by the game-theoretic value alone (win, draw or
    /// loss) rather than by the exact score under the scoring: so for MCTS, whose rewards
    /// do not count plies.
    pub by_outcome: bool,
    /// For a proving algorithm: the positions whose value it proved, and how many of
    /// those proofs were wrong (`None` for the others).
    pub proofs: Option<(usize, usize)>,
}

impl Verdict {
    /// Whether every position passed: every move optimal, and for a proving algorithm
    /// every value proven and right.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.optimal == self.total
            && self
                .proofs
                .is_none_or(|(p, wrong)| p == self.total && wrong == 0)
    }
}

/// Checks `req` in every tic-tac-toe position that is reachable and not over. A move
/// is optimal when its exact value (negamax to the end, same scoring; win-loss scoring
/// for a sampling algorithm) equals the position's.
pub fn verify_tictactoe(req: &SearchRequest) -> Result<Verdict> {
    let kind = req.algorithm.info().result;
    let by_outcome = kind != ResultKind::Exact;
    let scoring = if by_outcome {
        Scoring::WinLoss
    } else {
        req.options.scoring
    };
    let mut memo = std::collections::HashMap::new();
    let mut optimal = 0;
    let mut total = 0;
    let mut proofs = (kind == ResultKind::Proving).then_some((0, 0));
    for pos in TicTacToe::all_reachable() {
        if pos.outcome().is_some() {
            continue;
        }
        total += 1;
        let record = run_search(&AnyPosition::TicTacToe(pos), req, SearchControl::default())?;
        let value = exact_ttt(&pos, scoring, &mut memo);
        if let (Some((proven, wrong)), Some(v)) =
            (proofs.as_mut(), record.estimate.and_then(|e| e.proven))
        {
            *proven += 1;
            if v != value.signum() {
                *wrong += 1;
            }
        }
        let Some(best) = record.best_move else {
            continue;
        };
        let mv = pos.parse_move(&best)?;
        if -exact_ttt(&pos.play(mv), scoring, &mut memo) == value {
            optimal += 1;
        }
    }
    Ok(Verdict {
        optimal,
        total,
        by_outcome,
        proofs,
    })
}

fn exact_ttt(
    pos: &TicTacToe,
    scoring: Scoring,
    memo: &mut std::collections::HashMap<(u64, Scoring), i32>,
) -> i32 {
    if pos.outcome().is_some() {
        return pos.terminal_score(scoring);
    }
    if let Some(&v) = memo.get(&(pos.hash(), scoring)) {
        return v;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let v = moves
        .iter()
        .map(|&m| -exact_ttt(&pos.play(m), scoring, memo))
        .max()
        .unwrap_or(0);
    memo.insert((pos.hash(), scoring), v);
    v
}
