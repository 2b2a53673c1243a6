//! Suites: the positions of one file, of any game, and the suites shipped with treelab.

use std::path::Path;

use super::EngineError;
use super::registry::{GameKind, SuiteItem};
use crate::fileread::{SUITE_LIMIT, read_text_capped};
use crate::game::FormatError;
use crate::game::describe::Claim;

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
impl Suite {
    /// Parses a suite from its text. The game is told by the file name: each game
    /// claims its extensions (`.obf` and `.pos` Othello, `.ttt` tic-tac-toe), and a name
    /// no game claims is read by the game that takes the rest (Connect Four: Pons' test
    /// sets, `MOVES SCORE` lines, have no extension).
    pub fn parse(name: &str, text: &str) -> Result<Suite, EngineError> {
        let claims = GameKind::ALL.map(|k| (k.info().claims_suite(name), k));
        let kind = claims
            .iter()
            .filter(|(claim, _)| *claim != Claim::No)
            .max_by_key(|(claim, _)| *claim)
            .map(|&(_, k)| k)
            .ok_or_else(|| EngineError::Input(format!("{name}: no game reads this file")))?;
        let items = kind
            .info()
            .parse_suite(name, text)
            .map_err(|error: FormatError| EngineError::Format {
                context: name.to_string(),
                error,
            })?;
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

    /// Reads and parses a suite file (at most [`SUITE_LIMIT`] bytes: a larger file,
    /// `/dev/zero` or an endless FIFO is refused with the limit).
    pub fn load(path: &Path) -> Result<Suite, EngineError> {
        let text =
            read_text_capped(path, SUITE_LIMIT, "a suite").map_err(|reason| EngineError::Io {
                path: path.display().to_string(),
                reason,
            })?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        Suite::parse(&name, &text)
    }

    /// A shipped suite by name (see [`shipped_suites`]), or a file path.
    pub fn load_named(name: &str) -> Result<Suite, EngineError> {
        if let Some((file, text)) = shipped_suites().into_iter().find(|(file, _)| {
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
/// wherever it runs: `(path under assets/, contents)`, game by game.
#[must_use]
pub fn shipped_suites() -> Vec<(&'static str, &'static str)> {
    GameKind::ALL
        .iter()
        .flat_map(|k| k.info().shipped_suites().iter().copied())
        .collect()
}
