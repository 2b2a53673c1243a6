//! Othello as the facade and the app see it: OBF lines and files, FFO `.pos` files, the
//! shipped FFO suites, Black and White, and an 8x8 board of discs.

use super::{Othello, OthelloEval, ffo_first_number, parse_obf_line, parse_obf_suite, parse_pos};
use super::{to_obf, to_pos};
use crate::game::describe::{
    BoardLayout, Claim, Describe, GridStyle, SaveFormat, SuiteLine, default_first,
};
use crate::game::{FormatError, Game, Side};

/// Squares on the board.
const SQUARES: usize = 64;

fn square_name(index: usize) -> String {
    let (col, row) = ((index % 8) as u8, (index / 8) as u8);
    format!("{}{}", char::from(b'a' + col), char::from(b'1' + row))
}

impl Describe for Othello {
    type Game = Othello;
    type Eval = OthelloEval;

    const LABEL: &'static str = "Othello";
    const ALIASES: &'static [&'static str] = &["reversi"];
    const SIDES: [&'static str; 2] = ["Black", "White"];
    const TEXT_NAME: &'static str = "OBF";
    const TEXT_HINT: &'static str = "an OBF line: 64 squares and X or O";
    const EDIT_HINT: &'static str = "Click a square: empty → black → white → empty";
    const LAYOUT: BoardLayout = BoardLayout::Grid {
        cols: 8,
        rows: 8,
        style: GridStyle::Discs,
    };
    const SHIPPED_SUITES: &'static [(&'static str, &'static str)] = &[
        (
            "othello/fforum-1-19.obf",
            include_str!("../../../assets/othello/fforum-1-19.obf"),
        ),
        (
            "othello/fforum-20-39.obf",
            include_str!("../../../assets/othello/fforum-20-39.obf"),
        ),
        (
            "othello/fforum-40-59.obf",
            include_str!("../../../assets/othello/fforum-40-59.obf"),
        ),
    ];

    fn start() -> Self {
        Othello::start()
    }

    fn parse(text: &str) -> Result<Self, FormatError> {
        Ok(parse_obf_line(text)?.0)
    }

    fn to_text(&self) -> String {
        to_obf(self, &[])
    }

    fn game(&self) -> &Othello {
        self
    }

    fn play(&self, mv: <Othello as Game>::Move) -> Self {
        Game::play(self, mv)
    }

    fn evaluators() -> Vec<OthelloEval> {
        default_first(&OthelloEval::ALL)
    }

    fn eval_name(eval: OthelloEval) -> &'static str {
        eval.name()
    }

    fn claims_suite(file_name: &str) -> Claim {
        let lower = file_name.to_ascii_lowercase();
        if lower.ends_with(".obf") || lower.ends_with(".pos") {
            Claim::Yes
        } else {
            Claim::No
        }
    }

    /// `.obf`: an OBF suite (FFO files numbered from their name); `.pos`: one FFO
    /// position named by its description.
    fn parse_suite(name: &str, text: &str) -> Result<Vec<SuiteLine<Self>>, FormatError> {
        if name.to_ascii_lowercase().ends_with(".pos") {
            let (position, description) = parse_pos(text)?;
            let title = if description.trim().is_empty() {
                name.to_string()
            } else {
                description
            };
            return Ok(vec![SuiteLine {
                name: title,
                position,
                expected_score: None,
                move_scores: Vec::new(),
            }]);
        }
        let entries = parse_obf_suite(text, ffo_first_number(name))?;
        Ok(entries
            .into_iter()
            .map(|e| SuiteLine {
                name: e.name,
                position: e.position,
                expected_score: e.expected_score,
                move_scores: e
                    .move_scores
                    .iter()
                    .map(|&(m, s)| (Othello::move_to_string(m), s))
                    .collect(),
            })
            .collect())
    }

    fn save_formats() -> Vec<SaveFormat<Self>> {
        vec![
            SaveFormat {
                label: "Save position as OBF…",
                extension: "obf",
                write: |p| format!("{}\n", to_obf(p, &[])),
            },
            SaveFormat {
                label: "Save position as .pos…",
                extension: "pos",
                write: |p| to_pos(p, "saved by treelab"),
            },
        ]
    }

    fn cells(&self) -> Vec<Option<Side>> {
        (0..SQUARES as u8).map(|s| self.disc_at(s)).collect()
    }

    fn with_cells(&self, cells: &[Option<Side>]) -> Result<Self, FormatError> {
        if cells.len() != SQUARES {
            return Err(FormatError::whole(format!(
                "{} cells: an Othello board has 64",
                cells.len()
            )));
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (i, cell) in cells.iter().enumerate() {
            match cell {
                Some(Side::First) => black |= 1 << i,
                Some(Side::Second) => white |= 1 << i,
                None => {}
            }
        }
        Othello::from_bitboards(black, white, self.side())
    }

    fn cell_label(index: usize) -> String {
        format!("square {}", square_name(index))
    }

    fn cell_move(index: usize) -> String {
        square_name(index)
    }

    fn cleared(&self) -> Option<Self> {
        Othello::from_bitboards(0, 0, self.side()).ok()
    }

    fn side_switched(&self) -> Option<Self> {
        Othello::from_bitboards(self.black(), self.white(), self.side().other()).ok()
    }

    fn counts_note(&self) -> Option<String> {
        Some(format!(
            "({} black, {} white)",
            self.black_discs(),
            self.white_discs()
        ))
    }

    fn text_warning(&self) -> Option<String> {
        self.check_centre()
            .err()
            .map(|e| format!("{e}: the text form of this board will not load"))
    }
}
