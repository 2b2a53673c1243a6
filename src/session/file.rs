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

use super::{ComparisonRow, MatchSetup, OpenSuite, ResultEntry, Session, ViewChoices};
use crate::engine::{AnyPosition, GameKind};

/// What older sessions called the current position in their results.
const LEGACY_CURRENT: &str = "current";

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

impl Default for SessionFile {
    fn default() -> Self {
        Session::default().into()
    }
}

impl From<Session> for SessionFile {
    fn from(s: Session) -> SessionFile {
        SessionFile {
            version: s.version,
            game: s.position.kind(),
            position: s.position.to_text(),
            suite: s.suite.map(|o| SuiteRef {
                source: o.source,
                selected: o.selected,
            }),
            rows: s.rows,
            results: s.results,
            view: s.view,
            match_setup: s.match_setup,
            match_result: s.match_result,
            practice: s.practice,
            manifest: None,
        }
    }
}

impl Session {
    /// Reads a session file, the error naming the file once, then what is wrong and
    /// where (a read error names it already).
    pub fn open(path: &std::path::Path) -> Result<Session, String> {
        Session::load(path).map_err(|e| match e {
            super::SessionError::Io { .. } => e.to_string(),
            other => format!("{}: {other}", path.display()),
        })
    }
}

impl From<SessionFile> for Session {
    fn from(f: SessionFile) -> Session {
        let mut problems = Vec::new();
        let position = AnyPosition::parse(f.game, &f.position).unwrap_or_else(|e| {
            problems.push(format!("position: {e}"));
            AnyPosition::start(f.game)
        });
        let suite = f.suite.and_then(|r| match OpenSuite::open(&r.source) {
            Ok(mut open) => {
                open.selected = r.selected.filter(|&i| i < open.suite.items.len());
                Some(open)
            }
            Err(e) => {
                problems.push(format!("suite: {e}"));
                None
            }
        });
        let practice = f.practice.filter(|p| match p.check() {
            Ok(()) => true,
            Err(e) => {
                problems.push(format!("handout: {e}"));
                false
            }
        });
        let mut session = Session {
            version: f.version,
            position,
            suite,
            rows: f.rows,
            results: f.results,
            view: f.view,
            match_setup: f.match_setup,
            match_result: f.match_result,
            practice,
            problems,
        };
        name_legacy_results(&mut session);
        session
    }
}

/// Gives results written before results named their position their game and text
/// form: `current` is the session's position; a suite entry's name is that entry of the
/// session's suite. A name the suite does not have stays a name (it is shown as such).
fn name_legacy_results(session: &mut Session) {
    let game = session.position.kind();
    let text = session.position.to_text();
    for e in session
        .results
        .iter_mut()
        .filter(|e| e.position_text.is_empty())
    {
        if e.position == LEGACY_CURRENT {
            e.game = game;
            e.position_text.clone_from(&text);
            e.position.clear();
        } else if let Some(open) = &session.suite
            && let Some((i, item)) = open
                .suite
                .items
                .iter()
                .enumerate()
                .find(|(_, it)| it.name == e.position)
        {
            e.game = item.position.kind();
            e.position_text = item.position.to_text();
            e.suite = Some(open.source.clone());
            e.suite_index = Some(i);
        }
    }
    // A legacy `current` that is a suite entry takes the entry's name.
    if let Some((i, item)) = session.current_suite_item() {
        let (name, source) = (
            item.name.clone(),
            session.suite.as_ref().map(|s| s.source.clone()),
        );
        for e in session
            .results
            .iter_mut()
            .filter(|e| e.position.is_empty() && e.game == game && e.position_text == text)
        {
            e.position.clone_from(&name);
            e.suite.clone_from(&source);
            e.suite_index = Some(i);
        }
    }
}
