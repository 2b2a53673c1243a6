//! EinStein würfelt nicht! as the facade and the app see it: the one-line text form, a
//! 5x5 board of numbered cubes, moves listed by name (a cell does not say which step),
//! and the searches it refuses: from before the placement, or deeper than its values
//! stay exact.

use std::ops::RangeInclusive;

use super::{Cube, Ewn, EwnEval, MAX_ROLLS, Phase, parse_ewn, write_ewn};
use crate::game::describe::{
    BoardLayout, Claim, Describe, GridStyle, SuiteLine, default_first, suite_of_lines,
};
use crate::game::{FormatError, Game, Side};

impl Describe for Ewn {
    type Game = Ewn;
    type Eval = EwnEval;

    const LABEL: &'static str = "EinStein würfelt nicht!";
    const ALIASES: &'static [&'static str] = &[
        "einstein",
        "einstein-wurfelt-nicht",
        "einstein_wurfelt_nicht",
    ];
    const SIDES: [&'static str; 2] = ["White", "Black"];
    const TEXT_NAME: &'static str = "Position";
    const TEXT_HINT: &'static str =
        "b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 white roll (or white 3: the die shows 3)";
    const EDIT_HINT: &'static str = "Click a cell to step it through empty, White's cubes 1-6 and Black's 1-6 (right-click: back); set the die below";
    const LAYOUT: BoardLayout = BoardLayout::Grid {
        cols: 5,
        rows: 5,
        style: GridStyle::Cubes,
    };

    const SHIPPED_SUITES: &'static [(&'static str, &'static str)] = &[(
        "ewn/e7-positions.ewn",
        include_str!("../../../assets/ewn/e7-positions.ewn"),
    )];

    fn start() -> Self {
        Ewn::start()
    }

    fn claims_suite(file_name: &str) -> Claim {
        if file_name.to_ascii_lowercase().ends_with(".ewn") {
            Claim::Yes
        } else {
            Claim::No
        }
    }

    /// One position per line in the text form; blank lines and lines starting with `#`
    /// are skipped. An error names its line and column.
    fn parse_suite(_name: &str, text: &str) -> Result<Vec<SuiteLine<Self>>, FormatError> {
        suite_of_lines(text, parse_ewn, |k, line, _| format!("#{k} line {line}"))
    }

    fn parse(text: &str) -> Result<Self, FormatError> {
        parse_ewn(text)
    }

    fn to_text(&self) -> String {
        write_ewn(self)
    }

    fn game(&self) -> &Ewn {
        self
    }

    fn play(&self, mv: <Ewn as Game>::Move) -> Self {
        Game::play(self, mv)
    }

    fn evaluators() -> Vec<EwnEval> {
        default_first(&EwnEval::ALL)
    }

    fn eval_name(eval: EwnEval) -> &'static str {
        eval.name()
    }

    fn cells(&self) -> Vec<Option<Side>> {
        self.board.iter().map(|c| c.map(|c| c.side)).collect()
    }

    /// A click in edit mode steps the cell through empty, White's 1 to 6 and Black's 1
    /// to 6, skipping the cubes on other cells. A board where a side has won becomes a
    /// finished game, and a finished one that no longer is goes back to the roll.
    fn cell_stepped(&self, cell: usize, back: bool) -> Option<Result<Self, FormatError>> {
        if cell >= self.board.len() {
            return Some(Err(FormatError::whole(format!("no cell {cell}"))));
        }
        // The choices in order: empty, W1..W6, B1..B6.
        let choice = |k: usize| -> Option<Cube> {
            (k > 0).then(|| Cube {
                side: if k <= 6 { Side::First } else { Side::Second },
                number: ((k - 1) % 6 + 1) as u8,
            })
        };
        let taken = |c: Cube| {
            self.board
                .iter()
                .enumerate()
                .any(|(i, &x)| i != cell && x == Some(c))
        };
        let now = (0..13)
            .find(|&k| choice(k) == self.board[cell])
            .unwrap_or(0);
        let mut k = now;
        loop {
            k = if back { (k + 12) % 13 } else { (k + 1) % 13 };
            if choice(k).is_none_or(|c| !taken(c)) {
                break;
            }
        }
        let mut next = *self;
        next.board[cell] = choice(k);
        next.phase = match self.phase {
            Phase::PlaceBlack | Phase::PlaceWhite | Phase::Over => Phase::Roll,
            p => p,
        };
        if next.winner().is_some() {
            next.phase = Phase::Over;
        }
        Some(parse_ewn(&write_ewn(&next)))
    }

    /// Before the roll, or the die showing 1 to 6, with the same side to move.
    fn phase_choices(&self) -> Vec<(String, Self)> {
        if matches!(
            self.phase,
            Phase::PlaceBlack | Phase::PlaceWhite | Phase::Over
        ) {
            return Vec::new();
        }
        let with = |phase| Ewn { phase, ..*self };
        let mut out = vec![("before the roll".to_string(), with(Phase::Roll))];
        out.extend((1..=6).map(|d| (format!("die {d}"), with(Phase::Move(d)))));
        out
    }

    fn side_switched(&self) -> Option<Self> {
        match self.phase {
            Phase::Roll | Phase::Move(_) => Some(Ewn {
                side: self.side.other(),
                ..*self
            }),
            _ => None,
        }
    }

    /// The same cells are this position (the cubes keep their numbers); any other is
    /// refused, since a click cannot say which number a cube has.
    fn with_cells(&self, cells: &[Option<Side>]) -> Result<Self, FormatError> {
        if cells == self.cells().as_slice() {
            return Ok(*self);
        }
        Err(FormatError::whole(
            "cubes carry numbers, which a click cannot set: write the position in its text form (b3 is Black's 3, w5 White's 5)",
        ))
    }

    fn cell_texts(&self) -> Vec<String> {
        self.board
            .iter()
            .map(|c| c.map_or_else(String::new, |c| c.number.to_string()))
            .collect()
    }

    fn cell_label(index: usize) -> String {
        format!(
            "cell {}{}",
            char::from(b'a' + (index % 5) as u8),
            index / 5 + 1
        )
    }

    fn counts_note(&self) -> Option<String> {
        let what = match self.phase {
            Phase::PlaceBlack => "Black's cubes are placed next".to_string(),
            Phase::PlaceWhite => "White's cubes are placed next".to_string(),
            Phase::Roll => "before the roll".to_string(),
            Phase::Move(d) => format!("the die shows {d}"),
            Phase::Over => "the game is over".to_string(),
        };
        Some(format!(
            "{what}; {} white, {} black cubes",
            self.cubes(Side::First),
            self.cubes(Side::Second)
        ))
    }

    fn notes(&self) -> Vec<String> {
        vec![format!(
            "A chance game: searched by expectimax, Star1 and Star2, to depth {} from before a roll ({} after one); a win is worth 100",
            MAX_ROLLS,
            MAX_ROLLS + 1
        )]
    }

    /// Searches from before the placement (its 720-order means would not stay exact in
    /// this game's units) and searches through more than [`MAX_ROLLS`] rolls.
    fn exact_horizon_refusal(&self, plies: RangeInclusive<u32>) -> Option<String> {
        let deepest = *plies.end();
        match self.phase {
            Phase::PlaceBlack | Phase::PlaceWhite if deepest > 0 => Some(
                "a search from before the placement would average over 720 orders of each side's cubes, which this game's values cannot keep exact: start from a placed board (the start position)".into(),
            ),
            Phase::Roll | Phase::Move(_) => {
                let rolls = match self.phase {
                    Phase::Roll => deepest,
                    _ => deepest.saturating_sub(1),
                };
                (rolls > MAX_ROLLS).then(|| {
                    format!(
                        "a search to depth {deepest} averages over {rolls} rolls on a path, and this game's values stay exact through {MAX_ROLLS}: search to depth {} at most from here",
                        match self.phase {
                            Phase::Roll => MAX_ROLLS,
                            _ => MAX_ROLLS + 1,
                        }
                    )
                })
            }
            _ => None,
        }
    }
}
