//! What the panels read: the session and the runtime state around it (the file, undo
//! and redo, the run, the status line, the memos of figures worked out from the
//! session). Panels get it read-only; only the frame's commands change it, and every
//! change of the session bumps its revision.

use std::path::PathBuf;

use std::collections::HashMap;
use std::time::Duration;

use super::history;
use crate::experiment::exercise::Difficulty;
use crate::report::{Across, Report};
use crate::runner::Run;
use crate::search::Progress;
use crate::session::{AppConfig, PositionSet, Session, ViewChoices};

/// The status line: the last message, an error or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A message.
    Info(String),
    /// Something failed; the text says what and where.
    Error(String),
}

impl Status {
    /// The text.
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            Status::Info(t) | Status::Error(t) => t,
        }
    }
}

/// The statistics across positions already computed, by their per-position counts.
type AcrossMemo = std::collections::HashMap<Vec<(u64, u64)>, Option<crate::stats::across::Across>>;

/// The handout's exercises' scores, by a hash of the exercise and its answers.
type ScoreMemo =
    std::collections::HashMap<u64, Result<crate::experiment::exercise::practice::Score, String>>;

/// The session and the runtime state the panels read.
pub struct Model {
    /// What is saved.
    pub(in crate::app) session: Session,
    /// Counts the changes of the session: bumped by every command that changes it and
    /// by every change of the view choices (the page keeps the session as it changes).
    revision: u64,
    /// Counts the changes of the work: the session but its view choices (which tab is
    /// open, what the views show) do not count as unsaved changes.
    work_revision: u64,
    /// The work's revision last saved or opened (for the unsaved-changes marker).
    saved_revision: u64,
    /// Counts the sessions this model held: bumped when one replaces the last (a new
    /// session, one opened, a preset). The rooms' own state follows it.
    epoch: u64,
    /// Counts the positions put on the board: a room's drafts of the board follow it.
    position_revision: u64,
    /// The session file, if it has one.
    pub(in crate::app) path: Option<PathBuf>,
    /// The edits of the position and the rows, to undo and redo.
    pub(in crate::app) history: history::History,
    /// A word per row on what its last algorithm change dropped (by row index; gone
    /// when the rows are added, removed or moved).
    pub(in crate::app) row_notes: std::collections::BTreeMap<usize, RowNote>,
    /// Why each row would be refused on what Run searches, remembered by what it was
    /// worked out from (rows, positions, threads).
    pub(in crate::app) refusals: std::cell::RefCell<Option<(u64, Vec<Option<String>>)>>,
    /// The status line.
    pub(in crate::app) status: Status,
    /// The app's config (recent files).
    pub(in crate::app) config: AppConfig,
    /// Where the config lives; `None` in tests, so nothing touches the user's files.
    pub(in crate::app) config_path: Option<PathBuf>,
    /// The window's inner size last frame, in points (remembered when the app closes).
    pub(in crate::app) window: Option<[f32; 2]>,
    /// Whether the window was fitted to the screen (once, on the first frame that knows
    /// the screen's size).
    pub(in crate::app) window_fitted: bool,
    /// The run in progress and what the last one left (`run.rs`).
    pub(in crate::app) run: RunState,
    /// Worker threads for a run.
    pub(in crate::app) threads: usize,
    /// The seed of the next New exercise (1, 2, 3, ...: the same sequence on every start).
    pub(in crate::app) exercise_seed: u64,
    /// The exercise New exercise last put on the board.
    pub(in crate::app) exercise: Option<CurrentExercise>,
    /// The statistics across positions already computed, by their per-position counts.
    pub(in crate::app) across_memo: std::cell::RefCell<AcrossMemo>,
    /// The handout's exercises' scores, by a hash of the exercise and its answers.
    pub(in crate::app) handout_scores: std::cell::RefCell<ScoreMemo>,
}

impl Model {
    /// A model of `session`, saved as it is, with no config file.
    pub(in crate::app) fn new(session: Session, status: Status) -> Model {
        Model {
            session,
            revision: 0,
            work_revision: 0,
            saved_revision: 0,
            epoch: 0,
            position_revision: 0,
            path: None,
            history: history::History::default(),
            row_notes: std::collections::BTreeMap::new(),
            refusals: std::cell::RefCell::new(None),
            status,
            config: AppConfig::default(),
            config_path: None,
            window: None,
            window_fitted: false,
            run: RunState::default(),
            threads: crate::runner::default_threads(),
            exercise_seed: 1,
            exercise: None,
            across_memo: std::cell::RefCell::default(),
            handout_scores: std::cell::RefCell::default(),
        }
    }

    /// The session's revision: it changes with every change of the session, its view
    /// choices included.
    pub(in crate::app) fn revision(&self) -> u64 {
        self.revision
    }

    /// How many times a session replaced the last: the rooms start their own state
    /// afresh when it changes.
    pub(in crate::app) fn epoch(&self) -> u64 {
        self.epoch
    }

    /// How many positions were put on the board: drafts of the board are dropped when
    /// it changes.
    pub(in crate::app) fn position_revision(&self) -> u64 {
        self.position_revision
    }

    /// Starts the runtime state afresh for the session now held (no undo history, no
    /// row notes; the rooms follow the new epoch). What the session could not read
    /// back (a position or suite that no longer loads) is the error.
    pub(in crate::app) fn adopt_session_state(&mut self) -> Result<(), String> {
        self.history.clear();
        self.row_notes.clear();
        self.epoch += 1;
        let problems = std::mem::take(&mut self.session.problems);
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }

    /// Makes `p` the current position (its drafts on the board are dropped).
    pub(in crate::app) fn replace_position(&mut self, p: crate::engine::AnyPosition) {
        self.session.position = p;
        self.position_revision += 1;
        self.touch();
    }

    /// Notes a change of the session's work (the unsaved-changes marker follows).
    pub(in crate::app) fn touch(&mut self) {
        self.revision += 1;
        self.work_revision += 1;
    }

    /// Notes a change of the session's view choices alone: kept (and saved with the
    /// session), but no unsaved change: a tab switched is not work to lose.
    pub(in crate::app) fn touch_view(&mut self) {
        self.revision += 1;
    }

    /// The session as it is now counts as saved (after a save, an open or a new one).
    pub(in crate::app) fn mark_saved(&mut self) {
        self.revision += 1;
        self.saved_revision = self.work_revision;
    }

    /// Whether the session's work changed since it was last saved or opened.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.work_revision != self.saved_revision
    }

    /// Sets an informational status message.
    pub(in crate::app) fn info(&mut self, text: impl Into<String>) {
        self.status = Status::Info(text.into());
    }

    /// Sets an error status message.
    pub(in crate::app) fn error(&mut self, text: impl Into<String>) {
        self.status = Status::Error(text.into());
    }

    /// Whether there is something to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.history.next(true).is_some()
    }

    /// Whether there is something to redo.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.history.next(false).is_some()
    }

    /// The next edit to undo (`back`) or redo.
    pub(in crate::app) fn history_next(&self, back: bool) -> Option<&history::Edit> {
        self.history.next(back)
    }

    /// The manifest the app's exports and saves carry: this build and machine, the
    /// run's threads, the rows with their options.
    #[must_use]
    pub fn manifest(&self) -> crate::output::manifest::Manifest {
        crate::output::manifest::Manifest::new("treelab (the app)", self.threads)
            .with_rows(self.session.rows.iter().map(|r| r.label()))
    }

    /// The positions the results views show with `view`'s scope.
    #[must_use]
    pub fn position_set_for(&self, view: &ViewChoices) -> PositionSet {
        self.session.position_set(&view.scope)
    }

    /// The report over the results of the positions the views show with `view`.
    #[must_use]
    pub fn report_for(&self, view: &ViewChoices) -> Report<'_> {
        Report::over(
            &self.session.results,
            &self.session.rows,
            view.baseline_row,
            Some(&self.position_set_for(view)),
        )
    }

    /// The rows against the baseline across the position set's positions
    /// ([`Report::across`]), each line's figures remembered by its per-position counts,
    /// so a frame does not redraw 10,000 bootstrap resamples a line.
    #[must_use]
    pub fn across_stats_for(
        &self,
        view: &ViewChoices,
    ) -> std::collections::BTreeMap<(usize, u32), Across> {
        let set = self.position_set_for(view);
        if set.several_games() {
            return std::collections::BTreeMap::new();
        }
        let mut memo = self.across_memo.borrow_mut();
        if memo.len() > 4096 {
            memo.clear();
        }
        self.report_for(view)
            .across_with(&set.keys(), view.count, &mut |pairs| {
                memo.entry(pairs.to_vec())
                    .or_insert_with(|| Across::of(pairs))
                    .clone()
            })
    }
}

/// A word on a row about what the app did to an edit (options an algorithm change
/// dropped, a depth set to the deepest), with the whole sentence on hover.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowNote {
    /// On the row.
    pub word: String,
    /// On hover.
    pub why: String,
}

impl RowNote {
    /// The note of an algorithm change that dropped options (their words).
    #[must_use]
    pub fn dropped(algorithm: &str, dropped: &[&str]) -> RowNote {
        let them = if dropped.len() == 1 { "it" } else { "them" };
        RowNote {
            word: format!("dropped: {}", dropped.join(", ")),
            why: format!(
                "{algorithm} cannot take {}: the row no longer has {them} (Ctrl+Z brings {them} back with the old algorithm)",
                dropped.join(", ")
            ),
        }
    }
}

/// The exercise on the board: its id, difficulty and tree text.
#[derive(Clone, Debug, PartialEq)]
pub struct CurrentExercise {
    /// The id that regenerates it.
    pub id: String,
    /// How hard it was asked to be.
    pub difficulty: Difficulty,
    /// Its tree, in bracket notation.
    pub tree: String,
}

/// Live state of one row during a run.
#[derive(Clone, Debug, Default)]
pub struct RowLive {
    /// Jobs of the row in this run.
    pub total: usize,
    /// Jobs that ended.
    pub done: usize,
    /// Jobs that failed.
    pub failed: usize,
    /// The latest report of a running job: (position, depth of the job, progress).
    pub latest: Option<(String, u32, Progress)>,
}

/// A run in progress.
pub struct ActiveRun {
    /// The worker threads and their channel.
    pub run: Run,
    /// Per comparison row.
    pub live: HashMap<usize, RowLive>,
    /// The rows Run left out (refused), said again when the run ends.
    pub left_out: Vec<crate::runner::LeftOut>,
}

/// The state of the comparison's runs (not saved).
#[derive(Default)]
pub struct RunState {
    /// The run in progress, if any.
    pub active: Option<ActiveRun>,
    /// The last run's stop latency (Stop pressed to every worker gone).
    pub last_stop_latency: Option<Duration>,
    /// Stopped or failed searches of this run that left a complete result in place.
    pub kept_complete: usize,
    /// The search runs use (None: the engine's); tests put in failing ones.
    pub search_fn: Option<crate::runner::SearchFn>,
    /// The question put before a run with a search beyond reach, while it is open.
    pub ask: Option<String>,
}
