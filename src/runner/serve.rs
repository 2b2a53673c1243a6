//! What a worker runs: the other side of the browser's hosts ([`super::WorkerHost`]'s
//! search jobs, [`super::MatchRun`]'s matches). A job or a match comes as RON text
//! and its events go back the same way: the position as its game and text form, the
//! request, the record and the games whole, so a worker's counts and games are those
//! of the same work done natively. Every worker runs [`serve_worker`], a browser
//! worker's entry point as well as the native pool's threads.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::engine::{AnyPosition, GameKind, SearchRecord, SearchRequest, run_search};
use crate::matches::play::{MatchSpec, Player, run_match_observed};
use crate::matches::record::{GameRecord, MatchResult};
use crate::platform::workers;
use crate::search::{Progress, SearchControl};
use crate::stats::SprtSpec;

/// A job as a worker gets it.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct JobMessage {
    /// Its index in the run.
    pub(super) job: usize,
    /// The position's game.
    pub(super) game: GameKind,
    /// The position's text form.
    pub(super) position: String,
    /// What to run.
    pub(super) request: SearchRequest,
}

/// What a worker posts about its job.
#[derive(Debug, Serialize, Deserialize)]
pub(super) enum EventMessage {
    /// The search started.
    Started { job: usize },
    /// Live progress.
    Progress { job: usize, progress: Progress },
    /// The search ended: its record, or why it failed.
    Finished {
        job: usize,
        result: Result<Box<SearchRecord>, String>,
    },
}

/// What a worker does with a message: a search job ([`WorkerHost`]'s) or a match
/// ([`super::MatchRun`]'s). Every worker runs it: a browser worker's entry point
/// serves it.
pub fn serve_worker(message: &str) {
    match message.strip_prefix(MATCH_PREFIX) {
        Some(the_match) => serve_match(the_match),
        None => serve_job(message),
    }
}

/// What a worker does with a job message: searches it, posting its events.
fn serve_job(message: &str) {
    let post = |event: &EventMessage| {
        if let Ok(text) = ron::to_string(event) {
            workers::post(&text);
        }
    };
    let msg: JobMessage = match ron::from_str(message) {
        Ok(m) => m,
        Err(e) => {
            // Without a readable job there is no index to answer for: the host sees
            // the worker's post and fails the job it sent.
            workers::post(&format!("unreadable job: {e}"));
            return;
        }
    };
    let job = msg.job;
    post(&EventMessage::Started { job });
    let control = SearchControl {
        progress: Some(Box::new(move |p: &Progress| {
            let event = EventMessage::Progress {
                job,
                progress: p.clone(),
            };
            if let Ok(text) = ron::to_string(&event) {
                workers::post(&text);
            }
        })),
        progress_interval: Duration::from_millis(100),
        ..SearchControl::default()
    };
    let result = match AnyPosition::parse(msg.game, &msg.position) {
        Ok(position) => crate::engine::run_guarded(|| {
            run_search(&position, &msg.request, control).map_err(|e| e.to_string())
        })
        .unwrap_or_else(|f| Err(format!("the search panicked: {}", f.message))),
        Err(e) => Err(format!("the position does not read back: {e}")),
    };
    crate::search::release_deferred();
    post(&EventMessage::Finished {
        job,
        result: result.map(Box::new),
    });
}

/// What a worker message for a match starts with (a search job's has no prefix).
pub(super) const MATCH_PREFIX: &str = "match ";

/// A match as a worker gets it: [`MatchSpec`] with its openings as text.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct MatchMessage {
    game: GameKind,
    a: Player,
    b: Player,
    games: usize,
    seed: u64,
    openings: usize,
    book: Vec<String>,
    book_name: Option<String>,
    alternate: bool,
    evaluator: String,
    sprt: Option<SprtSpec>,
    pub(super) shard: Option<(usize, usize)>,
}

impl MatchMessage {
    pub(super) fn of(spec: &MatchSpec) -> MatchMessage {
        MatchMessage {
            game: spec.game,
            a: spec.a.clone(),
            b: spec.b.clone(),
            games: spec.games,
            seed: spec.seed,
            openings: spec.openings,
            book: spec.book.iter().map(AnyPosition::to_text).collect(),
            book_name: spec.book_name.clone(),
            alternate: spec.alternate,
            evaluator: spec.evaluator.clone(),
            sprt: spec.sprt,
            shard: spec.shard,
        }
    }

    /// The spec back, played on the worker's one thread.
    fn spec(self) -> Result<MatchSpec, String> {
        let book = self
            .book
            .iter()
            .enumerate()
            .map(|(i, text)| {
                AnyPosition::parse(self.game, text)
                    .map_err(|e| format!("opening {} does not read back: {e}", i + 1))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(MatchSpec {
            game: self.game,
            a: self.a,
            b: self.b,
            games: self.games,
            seed: self.seed,
            openings: self.openings,
            book,
            book_name: self.book_name,
            alternate: self.alternate,
            evaluator: self.evaluator,
            threads: 1,
            sprt: self.sprt,
            shard: self.shard,
        })
    }
}

/// What a worker posts about its match.
#[derive(Debug, Serialize, Deserialize)]
pub(super) enum MatchEvent {
    /// A game finished.
    Game(Box<GameRecord>),
    /// The match (the worker's slice of it) ended.
    Done(Result<Box<MatchResult>, String>),
}

/// What a worker does with a match message (the text after [`MATCH_PREFIX`]): plays
/// it, posting each game as it finishes and the result at the end.
fn serve_match(message: &str) {
    let post = |event: &MatchEvent| {
        if let Ok(text) = ron::to_string(event) {
            workers::post(&text);
        }
    };
    let result = ron::from_str::<MatchMessage>(message)
        .map_err(|e| format!("unreadable match: {e}"))
        .and_then(MatchMessage::spec)
        .and_then(|spec| {
            let never = Arc::new(AtomicBool::new(false));
            crate::engine::run_guarded(|| {
                run_match_observed(&spec, &never, &|_, _| {}, &|g| {
                    post(&MatchEvent::Game(Box::new(g.clone())));
                })
                .map_err(|e| e.to_string())
            })
            .unwrap_or_else(|f| Err(format!("the match panicked: {}", f.message)))
        });
    post(&MatchEvent::Done(result.map(Box::new)));
}
