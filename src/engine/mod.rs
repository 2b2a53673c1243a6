//! The game-agnostic facade over the generic engine: a position of any game, evaluators
//! by name, one-call searches whose results carry moves as text, and suites.
//!
//! The CLI, the app and the experiments all go through here, so a search means the same
//! in each of them. Two words of every face live here too: the one text form of an
//! algorithm row with its options ([`rowspec`]) and what a count is ([`count`]: every
//! node, or the leaves; a count marked partial).

pub mod count;
mod guard;
mod position;
mod record;
mod registry;
pub mod rowspec;
mod run;
mod size;
mod suite;

pub use guard::{SearchFailure, run_guarded};
pub use record::{
    IterationRecord, SearchRecord, SearchRequest, TracedRecord, check_described, search_described,
    search_described_traced,
};
pub use registry::{AnyPosition, DynPosition, GameInfo, GameKind, SuiteItem};
pub use run::{
    beyond_reach, check_search, expected_cost, named_search, run_search, run_search_guarded,
    run_search_traced, search_named, work_estimate,
};
pub use size::{Basis, LEAF_LIMIT, LeafEstimate, SAMPLED_PATHS, WorkEstimate};
pub use suite::{Suite, shipped_suites};

use crate::game::FormatError;
use crate::search::OptionError;

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
    #[error("{path}: {reason}")]
    Io {
        /// The file.
        path: String,
        /// The system's reason (written in the message, not chained as a source, so
        /// that a full error chain does not say it twice).
        reason: std::io::Error,
    },
    /// A search that panicked (a bug), caught by [`run_guarded`].
    #[error(transparent)]
    Failed(#[from] SearchFailure),
}

impl From<OptionError> for EngineError {
    fn from(e: OptionError) -> Self {
        EngineError::Input(e.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::connect4::{self, Connect4Position};
    use crate::game::custom_tree::CustomTree;
    use crate::game::describe::check_description;
    use crate::game::othello::Othello;
    use crate::game::random_tree::RandomTree;
    use crate::game::tictactoe::TicTacToe;

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
        let AnyPosition::Connect4(pos) = board else {
            unreachable!()
        };
        let from_board = AnyPosition::parse(
            GameKind::Connect4,
            &connect4::to_board(&pos.board).trim_end().replace('\n', "/"),
        )
        .expect("board form");
        assert_eq!(
            from_board,
            AnyPosition::Connect4(Connect4Position {
                board: pos.board,
                moves: None
            })
        );
    }

    /// Every registered game keeps its description's promises.
    #[test]
    fn every_game_keeps_its_description() {
        for (name, check) in [
            ("othello", check_description::<Othello>()),
            ("tictactoe", check_description::<TicTacToe>()),
            ("connect4", check_description::<Connect4Position>()),
            ("random-tree", check_description::<RandomTree>()),
            ("custom", check_description::<CustomTree>()),
            ("ewn", check_description::<crate::game::ewn::Ewn>()),
        ] {
            assert_eq!(check, Ok(()), "{name}");
        }
        assert_eq!(GameKind::NAMES.len(), GameKind::ALL.len());
    }

    /// Names and aliases find their game, in any case; the error lists the names.
    #[test]
    fn games_are_found_by_name_and_alias() {
        for kind in GameKind::ALL {
            assert_eq!(GameKind::from_name(kind.name()).ok(), Some(kind));
            assert_eq!(
                GameKind::from_name(&kind.name().to_uppercase()).ok(),
                Some(kind)
            );
            for alias in kind.info().aliases() {
                assert_eq!(GameKind::from_name(alias).ok(), Some(kind), "{alias}");
            }
        }
        let e = GameKind::from_name("chess").unwrap_err().to_string();
        assert!(
            e.contains("othello, tictactoe, connect4, random-tree, custom or ewn"),
            "{e}"
        );
    }

    /// The game is written in RON as it always was (a bare name) and read back.
    #[test]
    fn game_kind_ron_form_is_unchanged() {
        assert_eq!(ron::to_string(&GameKind::Othello).unwrap(), "othello");
        assert_eq!(
            ron::to_string(&GameKind::RandomTree).unwrap(),
            "r#random-tree"
        );
        for kind in GameKind::ALL {
            let text = ron::to_string(&kind).unwrap();
            assert_eq!(ron::from_str::<GameKind>(&text).unwrap(), kind);
        }
        assert!(ron::from_str::<GameKind>("chess").is_err());
    }
}
