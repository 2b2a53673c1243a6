//! Tic-tac-toe as the facade and the app see it: the 9-cell text form, `.ttt` files of
//! one board per line, X and O on a 3x3 grid.

use super::{TicTacToe, TicTacToeEval, parse_ttt, to_ttt};
use crate::game::describe::{
    BoardLayout, Claim, Describe, GridStyle, SaveFormat, SuiteLine, default_first, suite_of_lines,
};
use crate::game::{FormatError, Game, Side};

/// Cells on the board.
const CELLS: usize = 9;

impl Describe for TicTacToe {
    type Game = TicTacToe;
    type Eval = TicTacToeEval;

    const LABEL: &'static str = "Tic-tac-toe";
    const ALIASES: &'static [&'static str] = &["tic-tac-toe", "ttt"];
    const SIDES: [&'static str; 2] = ["X", "O"];
    const TEXT_NAME: &'static str = "Board";
    const TEXT_HINT: &'static str = "9 cells such as X...O....";
    const EDIT_HINT: &'static str = "Click a cell: empty → X → O → empty";
    const LAYOUT: BoardLayout = BoardLayout::Grid {
        cols: 3,
        rows: 3,
        style: GridStyle::Marks,
    };
    const SHIPPED_SUITES: &'static [(&'static str, &'static str)] = &[(
        "tictactoe/classes-627.ttt",
        include_str!("../../../assets/tictactoe/classes-627.ttt"),
    )];

    fn start() -> Self {
        TicTacToe::new()
    }

    fn parse(text: &str) -> Result<Self, FormatError> {
        parse_ttt(text)
    }

    fn to_text(&self) -> String {
        to_ttt(self)
    }

    fn game(&self) -> &TicTacToe {
        self
    }

    fn play(&self, mv: <TicTacToe as Game>::Move) -> Self {
        Game::play(self, mv)
    }

    fn evaluators() -> Vec<TicTacToeEval> {
        default_first(&TicTacToeEval::ALL)
    }

    fn eval_name(eval: TicTacToeEval) -> &'static str {
        eval.name()
    }

    fn claims_suite(file_name: &str) -> Claim {
        if file_name.to_ascii_lowercase().ends_with(".ttt") {
            Claim::Yes
        } else {
            Claim::No
        }
    }

    /// One board per line; blank lines and lines starting with `#` are skipped.
    fn parse_suite(_name: &str, text: &str) -> Result<Vec<SuiteLine<Self>>, FormatError> {
        suite_of_lines(text, parse_ttt, |k, _, p| format!("#{k} {}", to_ttt(p)))
    }

    fn save_formats() -> Vec<SaveFormat<Self>> {
        vec![SaveFormat {
            label: "Save position as board…",
            extension: "ttt",
            write: |p| format!("{}\n", to_ttt(p)),
        }]
    }

    fn cells(&self) -> Vec<Option<Side>> {
        (0..CELLS).map(|c| self.cell(c)).collect()
    }

    fn with_cells(&self, cells: &[Option<Side>]) -> Result<Self, FormatError> {
        if cells.len() != CELLS {
            return Err(FormatError::whole(format!(
                "{} cells: a tic-tac-toe board has 9",
                cells.len()
            )));
        }
        let (mut x, mut o) = (0u16, 0u16);
        for (i, cell) in cells.iter().enumerate() {
            match cell {
                Some(Side::First) => x |= 1 << i,
                Some(Side::Second) => o |= 1 << i,
                None => {}
            }
        }
        TicTacToe::from_masks(x, o)
    }

    fn cell_label(index: usize) -> String {
        format!("cell {}", Self::cell_move(index))
    }

    fn cell_move(index: usize) -> String {
        TicTacToe::cell_name(u8::try_from(index).unwrap_or(u8::MAX))
    }

    fn cleared(&self) -> Option<Self> {
        Some(TicTacToe::new())
    }

    /// Every game ends by the time the board is full.
    fn full_depth(&self) -> Option<u32> {
        Some((CELLS - self.plies_played()).max(1) as u32)
    }
}
