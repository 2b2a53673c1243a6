//! Connect Four as the facade and the app see it: the move string (or the board with
//! `/` between rows) as the text form, Pons' test sets as suites, Red and Yellow, and a
//! 7x6 board of columns. The position keeps the move string that led to it when it is
//! known, since that is the community's text form.

use super::{Connect4, Connect4Eval, HEIGHT, WIDTH, parse_board, parse_test_set, to_board};
use crate::game::describe::{BoardLayout, Claim, Describe, SaveFormat, SuiteLine, default_first};
use crate::game::{FormatError, Game, Side};

/// A Connect Four position with the move string that led to it, when known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Connect4Position {
    /// The board.
    pub board: Connect4,
    /// The columns played from the empty board (`4453`), when known.
    pub moves: Option<String>,
}

impl Connect4Position {
    /// A board whose history is not known (an empty board's is: no moves).
    #[must_use]
    pub fn from_board(board: Connect4) -> Self {
        let moves = (board.moves_played() == 0).then(String::new);
        Connect4Position { board, moves }
    }
}

impl Describe for Connect4Position {
    type Game = Connect4;
    type Eval = Connect4Eval;

    const LABEL: &'static str = "Connect Four";
    const ALIASES: &'static [&'static str] = &["connect-four", "c4"];
    const SIDES: [&'static str; 2] = ["Red", "Yellow"];
    const TEXT_NAME: &'static str = "Moves";
    const TEXT_HINT: &'static str = "a move string such as 4453, or rows with /";
    const EDIT_HINT: &'static str =
        "Click a column to drop the side to move's disc; right-click removes its top disc";
    const LAYOUT: BoardLayout = BoardLayout::Columns {
        cols: WIDTH,
        rows: HEIGHT,
    };
    const SHIPPED_SUITES: &'static [(&'static str, &'static str)] = &[
        (
            "connect4/Test_L3_R1",
            include_str!("../../../assets/connect4/Test_L3_R1"),
        ),
        (
            "connect4/Test_L2_R1",
            include_str!("../../../assets/connect4/Test_L2_R1"),
        ),
        (
            "connect4/Test_L1_R1",
            include_str!("../../../assets/connect4/Test_L1_R1"),
        ),
    ];

    fn start() -> Self {
        Connect4Position::from_board(Connect4::new())
    }

    /// A move string, or a board with `/` (or new lines) between its rows.
    fn parse(text: &str) -> Result<Self, FormatError> {
        if text.contains('/') || text.contains('\n') {
            // An empty board's history is known: no moves. Keeping it makes the start
            // read from its board form equal to the start itself.
            Ok(Connect4Position::from_board(parse_board(
                &text.replace('/', "\n"),
            )?))
        } else {
            Ok(Connect4Position {
                board: Connect4::from_moves(text)?,
                moves: Some(text.to_string()),
            })
        }
    }

    fn to_text(&self) -> String {
        match &self.moves {
            Some(moves) if !moves.is_empty() => moves.clone(),
            _ => to_board(&self.board).trim_end().replace('\n', "/"),
        }
    }

    fn game(&self) -> &Connect4 {
        &self.board
    }

    fn play(&self, mv: <Connect4 as Game>::Move) -> Self {
        Connect4Position {
            board: self.board.play(mv),
            moves: self
                .moves
                .as_ref()
                .map(|h| format!("{h}{}", Connect4::move_to_string(mv))),
        }
    }

    fn evaluators() -> Vec<Connect4Eval> {
        default_first(&Connect4Eval::ALL)
    }

    fn eval_name(eval: Connect4Eval) -> &'static str {
        eval.name()
    }

    /// Pons' test sets have no extension: any file no other game claims.
    fn claims_suite(_file_name: &str) -> Claim {
        Claim::Fallback
    }

    /// `MOVES SCORE` lines (Pons' `Test_L*_R*`).
    fn parse_suite(_name: &str, text: &str) -> Result<Vec<SuiteLine<Self>>, FormatError> {
        let entries = parse_test_set(text)?;
        let lines: Vec<&str> = text.lines().collect();
        Ok(entries
            .into_iter()
            .map(|e| {
                let moves = lines
                    .get(e.line.saturating_sub(1))
                    .and_then(|l| l.split_whitespace().next())
                    .map(str::to_string);
                SuiteLine {
                    name: e.name,
                    expected_score: e.expected_score,
                    move_scores: Vec::new(),
                    position: Connect4Position {
                        board: e.position,
                        moves,
                    },
                }
            })
            .collect())
    }

    fn save_formats() -> Vec<SaveFormat<Self>> {
        vec![SaveFormat {
            label: "Save position as move string…",
            extension: "txt",
            write: |p| format!("{}\n", p.to_text()),
        }]
    }

    fn cells(&self) -> Vec<Option<Side>> {
        (0..HEIGHT)
            .rev()
            .flat_map(|row| (0..WIDTH).map(move |col| (col, row)))
            .map(|(col, row)| self.board.cell(col, row))
            .collect()
    }

    /// The board with these cells (stones must rest on stones), keeping the move string
    /// when the cells are those of the position one move back along it.
    fn with_cells(&self, cells: &[Option<Side>]) -> Result<Self, FormatError> {
        if cells.len() != WIDTH * HEIGHT {
            return Err(FormatError::whole(format!(
                "{} cells: a Connect Four board has 42",
                cells.len()
            )));
        }
        if cells == self.cells() {
            return Ok(self.clone());
        }
        if let Some(moves) = &self.moves
            && let Some(shorter) = moves.get(..moves.len().saturating_sub(1))
            && !moves.is_empty()
            && let Ok(back) = Connect4::from_moves(shorter)
        {
            let back = Connect4Position {
                board: back,
                moves: Some(shorter.to_string()),
            };
            if back.cells() == cells {
                return Ok(back);
            }
        }
        let rows: Vec<String> = cells
            .chunks(WIDTH)
            .map(|row| {
                row.iter()
                    .map(|c| match c {
                        Some(Side::First) => 'X',
                        Some(Side::Second) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        Ok(Connect4Position::from_board(parse_board(&rows.join("\n"))?))
    }

    fn cell_label(index: usize) -> String {
        format!("column {}", index + 1)
    }

    fn cell_move(index: usize) -> String {
        (index + 1).to_string()
    }

    fn cleared(&self) -> Option<Self> {
        Some(Connect4Position::from_board(Connect4::new()))
    }

    /// Every game ends by the time the board is full.
    fn full_depth(&self) -> Option<u32> {
        Some((WIDTH * HEIGHT - self.board.plies_played()).max(1) as u32)
    }
}
