//! The RON session file: everything a person keeps between runs of the app.
//!
//! A [`Session`] holds the current position (parsed: its game is the position's), the
//! open suite (loaded, with the source it came from), the comparison rows and their
//! results, and view choices. It is the one place each of them is kept: the app and the
//! command line read the position and the suite from here, never from a copy of their
//! own. On disk a session is a [`SessionFile`] (the game by name, the position as its
//! one-line text form, the suite as its source), converted on reading and writing.
//!
//! Every result names the position it was searched on by game and text form (and suite
//! and index when it came from a suite): see [`ResultEntry`] and [`PositionKey`].
//! Every struct carries `#[serde(default)]`, so a file written before a field existed
//! still opens; a file from a newer treelab (a larger `version`) is refused with a clear
//! message rather than read half-way. Saves are atomic: the text goes to a temporary
//! file beside the target, is flushed to disk and then renamed over it.
//!
//! A session also travels as a link, in a URL's fragment ([`link`]).
//!
//! This module does not import egui: the app, tests and tools share it.

mod entry;
mod file;
pub mod link;
mod matches;
mod model;
mod practice;
mod rows;
mod scope;
mod sets;

pub use entry::{
    CURRENT_VERSION, ComparisonRow, OpenSuite, ResultEntry, ResultsTab, SessionError, ViewChoices,
};
pub use file::{SessionFile, SuiteRef};
pub use matches::{DepthSource, MatchSetup, PerMove};
pub use model::{DEFAULT_SUITE, Session};
pub use practice::{GivenAnswer, MAX_EXERCISES, Practice, PracticeItem};
pub use rows::{drop_orphans, option_applies, sanitize};
pub use scope::{
    PositionInSet, PositionKey, PositionSet, ResultScope, short_position_name, short_text,
};

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub use crate::platform::files::write_atomic;

/// The most recent files remembered.
pub const MAX_RECENT: usize = 8;

/// The app's small settings file: the last session, the recent files and the window's
/// size.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AppConfig {
    /// The session open when the app last saved or opened one.
    pub last_session: Option<PathBuf>,
    /// Recently opened or saved sessions, most recent first, at most [`MAX_RECENT`].
    pub recent: Vec<PathBuf>,
    /// The window's inner size in points when the app last closed (the next start
    /// opens it so).
    pub window: Option<[f32; 2]>,
}

impl AppConfig {
    /// `$XDG_CONFIG_HOME/treelab/config.ron`, else `~/.config/treelab/config.ron`.
    #[must_use]
    pub fn default_path() -> Option<PathBuf> {
        Some(crate::platform::files::settings_folder()?.join("config.ron"))
    }

    /// Reads the config; a missing or broken file gives the default.
    #[must_use]
    pub fn load(path: &Path) -> AppConfig {
        crate::fileread::read_text_capped(path, crate::fileread::CONFIG_LIMIT, "the settings")
            .ok()
            .and_then(|text| ron::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Writes the config (creating its folder).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            crate::platform::files::create_dir_all(dir)?;
        }
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::new())
            .map_err(std::io::Error::other)?;
        write_atomic(path, text.as_bytes())
    }

    /// Records `path` as the last session and the most recent file.
    pub fn remember(&mut self, path: &Path) {
        self.last_session = Some(path.to_path_buf());
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(MAX_RECENT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{AnyPosition, GameKind, SearchRecord};
    use crate::search::{Algorithm, StopReason};

    fn ttt(text: &str) -> AnyPosition {
        AnyPosition::parse(GameKind::TicTacToe, text).unwrap()
    }

    fn sample() -> Session {
        let mut s = Session {
            position: ttt("x.o.x...."),
            suite: None,
            ..Session::default()
        };
        s.rows[1].options.tt_mib = 16;
        s.rows[1].depth_max = 9;
        s.results.push(ResultEntry {
            row: 1,
            label: "negascout+tt=16".into(),
            game: GameKind::TicTacToe,
            position_text: "x.o.x....".into(),
            suite: Some("some.ttt".into()),
            suite_index: Some(4),
            depth: 3,
            error: Some("a test failure".into()),
            record: SearchRecord {
                score: Some(2),
                best_move: Some("b2".into()),
                pv: vec!["b2".into(), "a1".into()],
                depth_reached: 3,
                stopped: Some(StopReason::NodeBudget),
                ..SearchRecord::default()
            },
            ..ResultEntry::default()
        });
        s.view.baseline_row = Some(0);
        s
    }

    #[test]
    fn default_session_shows_ffo_40() {
        let s = Session::default();
        assert_eq!(s.game(), GameKind::Othello);
        assert_eq!(
            s.suite.as_ref().map(|r| r.source.as_str()),
            Some(DEFAULT_SUITE)
        );
        assert_eq!(s.current_label(), "#40");
        assert_ne!(s.position, AnyPosition::start(GameKind::Othello));
        assert_eq!(s.rows.len(), 2);
    }

    #[test]
    fn round_trip_is_equal() {
        let s = sample();
        let text = s.to_ron().unwrap();
        assert_eq!(Session::from_ron(&text).unwrap(), s);
    }

    #[test]
    fn every_game_round_trips() {
        for kind in GameKind::ALL {
            let s = Session {
                position: AnyPosition::start(kind),
                ..Session::default()
            };
            let text = s.to_ron().unwrap();
            assert_eq!(Session::from_ron(&text).unwrap(), s, "{text}");
        }
    }

    #[test]
    fn save_and_load_round_trip_atomically() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.ron");
        let s = sample();
        s.save(&path).unwrap();
        assert_eq!(Session::load(&path).unwrap(), s);
        assert!(!dir.path().join("a.ron.tmp").exists());
        // Saving again replaces the file.
        let mut t = s.clone();
        t.position = ttt("xo.......");
        t.save(&path).unwrap();
        assert_eq!(Session::load(&path).unwrap(), t);
    }

    #[test]
    fn older_file_without_new_fields_opens_with_defaults() {
        let text = r#"(version: 1, game: tictactoe, position: "x........")"#;
        let s = Session::from_ron(text).unwrap();
        assert_eq!(s.game(), GameKind::TicTacToe);
        assert_eq!(s.position, ttt("x........"));
        assert_eq!(s.rows, Session::default().rows);
        assert_eq!(s.view, ViewChoices::default());
        assert!(s.results.is_empty());
        // Rows written without their newer fields get defaults too.
        let text = r#"(game: othello, rows: [(algorithm: scout)])"#;
        let s = Session::from_ron(text).unwrap();
        assert_eq!(s.rows.len(), 1);
        assert_eq!(s.rows[0].algorithm, Algorithm::Scout);
        assert_eq!(s.rows[0].depth_max, 6);
        assert!(s.rows[0].enabled);
    }

    #[test]
    fn corrupt_or_truncated_file_is_an_error_with_a_place() {
        let text = sample().to_ron().unwrap();
        let cut = &text[..text.len() / 2];
        match Session::from_ron(cut) {
            Err(SessionError::Parse { line, .. }) => assert!(line > 1),
            other => panic!("expected a parse error, got {other:?}"),
        }
        let err = Session::from_ron("(game: chess)").unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("line 1, column"), "{msg}");
        assert!(Session::from_ron("not a session at all").is_err());
    }

    #[test]
    fn a_session_saved_with_the_old_name_of_the_articles_tab_opens_on_it() {
        let text = r#"Session(version: 2, game: tictactoe, view: ViewChoices(tab: Seeds))"#;
        let s = Session::from_ron(text).unwrap();
        assert_eq!(s.view.tab, ResultsTab::Articles);
        let again = Session::from_ron(&s.to_ron().unwrap()).unwrap();
        assert_eq!(again.view.tab, ResultsTab::Articles);
    }

    #[test]
    fn failed_load_leaves_the_file_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("broken.ron");
        std::fs::write(&path, "(version: 1, game: ").unwrap();
        assert!(Session::load(&path).is_err());
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "(version: 1, game: "
        );
        assert!(matches!(
            Session::load(&dir.path().join("missing.ron")),
            Err(SessionError::Io { .. })
        ));
    }

    #[test]
    fn newer_version_is_refused() {
        let text = r#"(version: 99, game: othello, hologram: (depth: 3))"#;
        let err = Session::from_ron(text).unwrap_err();
        assert!(matches!(err, SessionError::NewerVersion { found: 99 }));
        assert!(err.to_string().contains("written by a newer treelab"));
    }

    #[test]
    fn config_remembers_recent_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cfg").join("config.ron");
        let mut c = AppConfig::default();
        for i in 0..10 {
            c.remember(Path::new(&format!("/s/{i}.ron")));
        }
        c.remember(Path::new("/s/5.ron"));
        assert_eq!(c.recent.len(), MAX_RECENT);
        assert_eq!(c.recent[0], Path::new("/s/5.ron"));
        assert_eq!(c.recent.iter().filter(|p| p.ends_with("5.ron")).count(), 1);
        c.save(&path).unwrap();
        assert_eq!(AppConfig::load(&path), c);
        assert_eq!(
            AppConfig::load(&dir.path().join("nope")),
            AppConfig::default()
        );
    }
}
