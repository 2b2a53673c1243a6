//! A match in the background, off the caller's thread: natively on a thread of its
//! own (games in parallel on the match's worker threads, Stop heard between moves),
//! in a browser in Web Workers ([`crate::platform::workers`]), so the page keeps its
//! frame rate while the games are played.
//!
//! In workers a match crosses as RON text: the spec with its openings in their text
//! form, each finished game as it finishes, the result at the end. A match with no
//! SPRT is shared out in slices, one per worker (the `shard` of `treelab match`, so
//! each worker plays the pairs whose opening index is its own modulo the workers),
//! and the slices are merged as `treelab match merge` merges them: the games are the
//! games a serial run plays. A match with an SPRT reads its games in order and runs
//! in one worker. Stop ends the workers at once: the games finished stay.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use super::serve::{MATCH_PREFIX, MatchEvent, MatchMessage, serve_worker};
use crate::engine::EngineError;
use crate::matches::play::{MatchSpec, run_match_observed};
use crate::matches::record::{GameRecord, MatchResult, merge_matches};
use crate::platform::workers::{Posted, READY, Wake, Workers};

/// A match being played in the background.
pub struct MatchRun {
    /// What it plays, without its games (for the live statistics).
    shell: MatchResult,
    how: How,
}

/// Where a match runs.
enum How {
    /// On a thread of its own.
    Thread {
        stop: Arc<AtomicBool>,
        /// The games finished so far.
        live: Arc<Mutex<Vec<GameRecord>>>,
        handle: Option<crate::platform::threads::JoinHandle<Result<MatchResult, EngineError>>>,
    },
    /// In workers, a slice each.
    Workers {
        workers: Workers,
        /// Each worker's slice, until it says it is ready for it (a message sent
        /// before a browser worker listens would be lost).
        slice: Vec<Option<String>>,
        /// Each worker's slice: `None` while it plays.
        parts: Vec<Option<Result<MatchResult, String>>>,
        /// The games finished so far.
        live: Vec<GameRecord>,
        /// Set once Stop ended the workers.
        stopped: bool,
    },
}

impl MatchRun {
    /// Starts `spec` where this build plays matches: natively on a thread, in a browser
    /// in workers (as many as the browser has cores, but one); `wake` is called when a
    /// game finishes there.
    ///
    /// # Errors
    /// When no thread or worker can be started.
    pub fn start(spec: MatchSpec, wake: Wake) -> std::io::Result<MatchRun> {
        if crate::platform::SEARCHES_IN_WORKERS {
            let count = crate::platform::search_cores();
            return MatchRun::start_in_workers(&spec, count, wake);
        }
        let shell = spec.result_without_games();
        let stop = Arc::new(AtomicBool::new(false));
        let live = Arc::new(Mutex::new(Vec::new()));
        let (thread_stop, thread_live) = (Arc::clone(&stop), Arc::clone(&live));
        let handle = crate::platform::threads::spawn("treelab-match", move || {
            run_match_observed(&spec, &thread_stop, &|_, _| {}, &|g| {
                if let Ok(mut v) = thread_live.lock() {
                    v.push(g.clone());
                }
                wake();
            })
        })?;
        Ok(MatchRun {
            shell,
            how: How::Thread {
                stop,
                live,
                handle: Some(handle),
            },
        })
    }

    /// Starts `spec` in `count` workers (a slice each when it has no SPRT and no slice
    /// of its own, else one): the browser's way, and natively where the tests hold it
    /// to a serial run.
    ///
    /// # Errors
    /// When no worker can be started.
    pub fn start_in_workers(
        spec: &MatchSpec,
        count: usize,
        wake: Wake,
    ) -> std::io::Result<MatchRun> {
        let units = if spec.alternate {
            spec.games.div_ceil(2)
        } else {
            spec.games
        };
        let slices = if spec.sprt.is_none() && spec.shard.is_none() {
            count.clamp(1, units.max(1))
        } else {
            1
        };
        let workers = Workers::start(slices, serve_worker, wake)?;
        let mut slice = Vec::with_capacity(slices);
        for k in 0..slices {
            let mut message = MatchMessage::of(spec);
            if slices > 1 {
                message.shard = Some((k, slices));
            }
            let text = ron::to_string(&message).map_err(|e| {
                std::io::Error::other(format!("the match could not be written for a worker: {e}"))
            })?;
            slice.push(Some(format!("{MATCH_PREFIX}{text}")));
        }
        Ok(MatchRun {
            shell: spec.result_without_games(),
            how: How::Workers {
                workers,
                slice,
                parts: vec![None; slices],
                live: Vec::new(),
                stopped: false,
            },
        })
    }

    /// What it plays, without its games.
    #[must_use]
    pub fn shell(&self) -> &MatchResult {
        &self.shell
    }

    /// The games finished so far, in their order in the match.
    pub fn live_games(&mut self) -> Vec<GameRecord> {
        self.take_posts();
        let mut games = match &self.how {
            How::Thread { live, .. } => live.lock().map(|g| g.clone()).unwrap_or_default(),
            How::Workers { live, .. } => live.clone(),
        };
        games.sort_by_key(|g| g.index);
        games
    }

    /// Asks the match to end: natively after the games in progress (their moves'
    /// searches stop), in workers at once; the games finished stay.
    pub fn stop(&mut self) {
        match &mut self.how {
            How::Thread { stop, .. } => stop.store(true, Ordering::Relaxed),
            How::Workers {
                workers, stopped, ..
            } => {
                workers.terminate();
                *stopped = true;
            }
        }
    }

    /// The result once the match has ended (`None` while it plays): every game
    /// finished, or why it failed.
    pub fn finished(&mut self) -> Option<Result<MatchResult, String>> {
        self.take_posts();
        match &mut self.how {
            How::Thread { handle, .. } => {
                if !handle.as_ref()?.is_finished() {
                    return None;
                }
                Some(match handle.take()?.join() {
                    Ok(r) => r.map_err(|e| e.to_string()),
                    Err(_) => Err("its thread panicked".into()),
                })
            }
            How::Workers {
                workers,
                parts,
                live,
                stopped,
                ..
            } => {
                if *stopped {
                    let mut games = std::mem::take(live);
                    games.sort_by_key(|g| g.index);
                    return Some(Ok(MatchResult {
                        games,
                        ..self.shell.clone()
                    }));
                }
                if let Some(Some(Err(e))) = parts.iter().find(|p| matches!(p, Some(Err(_)))) {
                    // One slice failed: so did the match; the others need not go on.
                    workers.terminate();
                    return Some(Err(e.clone()));
                }
                if parts.iter().any(Option::is_none) {
                    return None;
                }
                let slices: Vec<MatchResult> =
                    parts.iter_mut().filter_map(|p| p.take()?.ok()).collect();
                Some(merge_matches(slices).map_err(|e| e.to_string()))
            }
        }
    }

    /// Reads what the workers posted.
    fn take_posts(&mut self) {
        let How::Workers {
            workers,
            slice,
            parts,
            live,
            stopped: false,
        } = &mut self.how
        else {
            return;
        };
        while let Some((w, posted)) = workers.try_recv() {
            let Some(part) = parts.get_mut(w) else {
                continue;
            };
            let text = match posted {
                Posted::Message(text) if text == READY => {
                    if let Some(message) = slice.get_mut(w).and_then(Option::take) {
                        workers.send(w, &message);
                    }
                    continue;
                }
                Posted::Message(text) => text,
                Posted::Failed(why) => {
                    *part = Some(Err(format!("its worker failed: {why}")));
                    continue;
                }
            };
            match ron::from_str::<MatchEvent>(&text) {
                Ok(MatchEvent::Game(g)) => live.push(*g),
                Ok(MatchEvent::Done(r)) => *part = Some(r.map(|m| *m)),
                Err(_) => *part = Some(Err(format!("its worker answered: {text}"))),
            }
        }
    }
}
