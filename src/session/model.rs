//! The session itself: what it holds, its RON text and files, and how it is read from
//! and written as a [`SessionFile`].

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::entry::{
    CURRENT_VERSION, ComparisonRow, OpenSuite, ResultEntry, SessionError, ViewChoices,
};
use super::file::{SessionFile, SuiteRef};
use super::matches::MatchSetup;
use super::practice::Practice;
use crate::engine::{AnyPosition, GameKind, Suite};
use crate::platform::files::write_atomic;
use crate::search::Algorithm;

/// How files of version 2 and before wrote a result's counters.
const OLD_COUNTERS: &str = "stats: SearchStats(";

/// The shipped suite a new session opens.
pub const DEFAULT_SUITE: &str = "fforum-40-59.obf";

/// What older sessions called the current position in their results.
const LEGACY_CURRENT: &str = "current";

/// Everything a person keeps: what is saved to a `.ron` session file (as a
/// [`SessionFile`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "SessionFile", into = "SessionFile")]
pub struct Session {
    /// The format version ([`CURRENT_VERSION`] when written by this treelab).
    pub version: u32,
    /// The current position; its game is the session's game.
    pub position: AnyPosition,
    /// The open suite, if any (perhaps of another game than the position's: then it is
    /// shown, but never searched).
    pub suite: Option<OpenSuite>,
    /// The comparison setup.
    pub rows: Vec<ComparisonRow>,
    /// The results of the comparison so far.
    pub results: Vec<ResultEntry>,
    /// View choices.
    pub view: ViewChoices,
    /// The match set up in the Match view.
    pub match_setup: MatchSetup,
    /// The last match played there (every game, to replay).
    pub match_result: Option<crate::matches::record::MatchResult>,
    /// The handout being worked through, with the student's answers.
    pub practice: Option<Practice>,
    /// What could not be read back when the session was opened (a position or suite
    /// that no longer loads): said to the user, never saved.
    pub problems: Vec<String>,
}

impl Default for Session {
    /// FFO #40 from the shipped `fforum-40-59.obf` (the start position if that suite
    /// cannot be read), with NegaAlpha and NegaScout rows at depths 1 to 6.
    fn default() -> Self {
        let (position, suite) = match OpenSuite::open(DEFAULT_SUITE) {
            Ok(mut suite) => match suite.suite.items.first().map(|i| i.position.clone()) {
                Some(first) => {
                    suite.selected = Some(0);
                    (first, Some(suite))
                }
                None => (AnyPosition::start(GameKind::Othello), None),
            },
            Err(_) => (AnyPosition::start(GameKind::Othello), None),
        };
        Session {
            version: CURRENT_VERSION,
            position,
            suite,
            rows: vec![
                ComparisonRow::new(Algorithm::NegaAlpha),
                ComparisonRow::new(Algorithm::NegaScout),
            ],
            results: Vec::new(),
            view: ViewChoices::default(),
            match_setup: MatchSetup::default(),
            match_result: None,
            practice: None,
            problems: Vec::new(),
        }
    }
}

/// Reads only the version, ignoring everything else, so that a newer file is refused
/// for its version rather than for the first field this treelab does not know. Named as
/// the session is, so that a file written with struct names (`Session(version: ..)`)
/// is read too.
#[derive(Deserialize)]
#[serde(rename = "Session")]
struct VersionProbe {
    #[serde(default)]
    version: u32,
}

fn parse_error(e: &ron::error::SpannedError) -> SessionError {
    SessionError::Parse {
        line: e.span.start.line,
        column: e.span.start.col,
        message: e.code.to_string(),
    }
}

impl Session {
    /// The session as pretty RON text.
    pub fn to_ron(&self) -> Result<String, SessionError> {
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(4)
            .struct_names(true);
        ron::ser::to_string_pretty(self, config).map_err(|e| SessionError::Serialize(e.to_string()))
    }

    /// Parses a session; refuses a newer format version; errors carry line and column.
    /// A version-1 file's MT-SSS* rows keep the memory they ran with, spelled out.
    pub fn from_ron(text: &str) -> Result<Session, SessionError> {
        let stated = ron::from_str::<VersionProbe>(text).ok().map(|p| p.version);
        if let Some(found) = stated.filter(|&v| v > CURRENT_VERSION) {
            return Err(SessionError::NewerVersion { found });
        }
        // Up to version 2 a result's counters were written `stats: SearchStats(..)`.
        let renamed;
        let text = if stated.is_none_or(|v| v < 3) && text.contains(OLD_COUNTERS) {
            renamed = text.replace(OLD_COUNTERS, "counters: Counters(");
            renamed.as_str()
        } else {
            text
        };
        let mut session: Session = ron::from_str(text).map_err(|e| parse_error(&e))?;
        if session.version > CURRENT_VERSION {
            return Err(SessionError::NewerVersion {
                found: session.version,
            });
        }
        if session.version < 2 {
            session.upgrade_mt_sss_rows();
        }
        session.version = CURRENT_VERSION;
        session.forget_missing_rows();
        Ok(session)
    }

    /// A view setting that names a row the session does not have (a hand-edited file)
    /// goes back to its default: no baseline, no row beside, the first row's tree.
    fn forget_missing_rows(&mut self) {
        let n = self.rows.len();
        let view = &mut self.view;
        view.baseline_row = view.baseline_row.filter(|&b| b < n);
        view.tree_row_beside = view.tree_row_beside.filter(|&b| b < n);
        if view.tree_row >= n {
            view.tree_row = 0;
        }
    }

    /// The game: the current position's.
    #[must_use]
    pub fn game(&self) -> GameKind {
        self.position.kind()
    }

    /// The open suite's positions when they are of the current game (a suite of
    /// another game is never searched nor totalled with this game's results).
    #[must_use]
    pub fn suite_of_this_game(&self) -> Option<&Suite> {
        self.suite
            .as_ref()
            .filter(|s| s.kind() == self.game())
            .map(|s| &*s.suite)
    }

    /// The suite entry (index and item) that is the current position, if any: the
    /// selected one when it still is, else the first equal one.
    #[must_use]
    pub fn current_suite_item(&self) -> Option<(usize, &crate::engine::SuiteItem)> {
        let open = self.suite.as_ref().filter(|s| s.kind() == self.game())?;
        let items = &open.suite.items;
        open.selected
            .and_then(|i| items.get(i).map(|it| (i, it)))
            .filter(|(_, it)| it.position == self.position)
            .or_else(|| {
                items
                    .iter()
                    .enumerate()
                    .find(|(_, it)| it.position == self.position)
            })
    }

    /// Writes the session to `path` atomically (see [`write_atomic`]), with a manifest
    /// that says only which treelab saved it, where and when.
    pub fn save(&self, path: &Path) -> Result<(), SessionError> {
        self.save_with(path, &crate::output::manifest::Manifest::new("treelab", 0))
    }

    /// Writes the session to `path` atomically with `manifest` as its file's
    /// `manifest` field (what made its results: the command or the app, the threads).
    pub fn save_with(
        &self,
        path: &Path,
        manifest: &crate::output::manifest::Manifest,
    ) -> Result<(), SessionError> {
        let mut saved = self.clone();
        saved.version = CURRENT_VERSION;
        let mut file = SessionFile::from(saved);
        file.manifest = Some(
            manifest
                .clone()
                .with_rows(self.rows.iter().map(|r| r.label())),
        );
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(4)
            .struct_names(true);
        let text = ron::ser::to_string_pretty(&file, config)
            .map_err(|e| SessionError::Serialize(e.to_string()))?;
        write_atomic(path, text.as_bytes()).map_err(|source| SessionError::Io {
            path: path.display().to_string(),
            source,
        })
    }

    /// Reads a session file.
    pub fn load(path: &Path) -> Result<Session, SessionError> {
        let text =
            crate::fileread::read_text_capped(path, crate::fileread::SESSION_LIMIT, "a session")
                .map_err(|source| SessionError::Io {
                    path: path.display().to_string(),
                    source,
                })?;
        Session::from_ron(&text)
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

impl Default for SessionFile {
    fn default() -> Self {
        Session::default().into()
    }
}
