//! The session as it is written to disk: the game by name, the position as its
//! one-line text form, the suite as its source. [`Session`] converts from and to it, so
//! that the session in memory holds the parsed position and the loaded suite once.
//!
//! Reading never fails on a position or suite that no longer loads: the game's start
//! position stands in, the suite is closed, and [`Session::problems`] says why. Results
//! written before they named their position (only `position: "current"` or a suite
//! entry's name) are given their game and text form here, from the session's position
//! and suite.

use serde::{Deserialize, Serialize};

use super::entry::{ComparisonRow, ResultEntry, ViewChoices};
use super::matches::MatchSetup;
use crate::engine::GameKind;

/// Where the session's suite comes from, and which of its positions is selected: what
/// the file keeps of an [`OpenSuite`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SuiteRef {
    /// A shipped suite's name or a file path.
    pub source: String,
    /// The index of the selected position in the suite, if one is selected.
    pub selected: Option<usize>,
}

/// A session as written to a `.ron` file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename = "Session")]
pub struct SessionFile {
    /// The format version.
    pub version: u32,
    /// The game.
    pub game: GameKind,
    /// The current position in its one-line text form (empty: the start position).
    pub position: String,
    /// The suite, if one is open.
    pub suite: Option<SuiteRef>,
    /// The comparison setup.
    pub rows: Vec<ComparisonRow>,
    /// The results of the comparison so far.
    pub results: Vec<ResultEntry>,
    /// View choices.
    pub view: ViewChoices,
    /// The match set up in the Match view.
    pub match_setup: MatchSetup,
    /// The last match played there.
    pub match_result: Option<crate::matches::record::MatchResult>,
    /// A handout and the student's answers, if the session is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub practice: Option<super::Practice>,
    /// What saved the file (treelab's version and commit, the machine, the date): written
    /// with every save, not read back into the session.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub manifest: Option<crate::output::manifest::Manifest>,
}
