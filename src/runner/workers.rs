//! The browser's host: a run's jobs go as messages to a pool of workers
//! ([`crate::platform::workers`]: Web Workers in a browser, threads natively, where
//! the tests run it), each worker searching one job at a time and posting its events
//! back as messages (the worker's side, and what crosses, is [`super::serve`]): a
//! worker's counts are the counts of the same search run natively.
//!
//! Jobs are handed out where a worker's post arrives, at once ([`Workers::start_answering`]):
//! the worker that ends a job gets the next one in the order given, without waiting
//! for the page's next frame to look (a page draws four frames a second during a run,
//! and a run of many small searches handed out one a frame crawled). A worker also
//! holds the jobs after its current one, so that it goes on without waiting for the
//! page at all (whose thread may be drawing a frame, a tenth of a second and more in
//! software): the only worker holds them all (up to [`MAX_HELD`]); one of several as
//! many as its last search's time says fit in a quarter of a second
//! ([`HOLD_AHEAD_SECS`]), and one whose last search was long one job only, so that a
//! long job never waits behind another while a worker idles. The events are kept in
//! order for the owner, who takes them all each frame.
//!
//! Stop ends every worker at once (a Web Worker cannot be asked in the middle of a
//! search: it reads no message until the search returns): the searches in flight
//! end as stopped, with the nodes of their last progress report, and the jobs not yet
//! started (handed out or not) are dropped, as the native host drops them.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use super::host::{JobHost, Next};
use super::job::{Job, JobOrder, Notify, RunEvent, start_order};
use super::serve::{EventMessage, JobMessage, serve_worker};
use crate::engine::SearchRecord;
use crate::platform::workers::{Posted, READY, Workers};
use crate::search::{Counter, Counters, Progress, StopReason};

/// How much searching a worker holds ahead of the search it is in, judged by its last
/// search's time: the page may not answer for that long (a frame drawn in software
/// takes a tenth of a second or more), and a job held behind another waits at most
/// about that long while a worker might idle. A worker whose last search took longer
/// holds one job at a time.
const HOLD_AHEAD_SECS: f64 = 0.25;

/// The most jobs a worker holds at once (its search and those behind it): all of a
/// run's, most often, when there is one worker (nothing can wait behind another job
/// while a worker idles), or when the searches are tiny.
const MAX_HELD: usize = 1024;

/// The browser's [`JobHost`]: jobs handed to a pool of workers, each worker searching
/// one at a time.
pub struct WorkerHost {
    workers: Workers,
    /// What is handed out to whom: shared with the pool's answer, which hands out.
    handout: Arc<Mutex<Handout>>,
    /// The events, in the order the workers posted them (and a stop's last).
    events: Receiver<RunEvent>,
}

/// The jobs, who has which, and the events they made: changed where a worker's post
/// arrives.
struct Handout {
    jobs: Arc<Vec<Job>>,
    /// The jobs not handed out yet, in the order they are handed out
    /// ([`start_order`]).
    waiting: VecDeque<usize>,
    /// Each worker's state.
    workers: Vec<WorkerState>,
    /// The last progress of each job in flight (a stopped job's partial count).
    last: Vec<Option<Progress>>,
    /// Where the events go, in order.
    events: Sender<RunEvent>,
    /// Set by Stop: nothing more is handed out or heard.
    stopped: bool,
}

/// What a worker has.
#[derive(Clone, Debug, Default)]
struct WorkerState {
    /// Whether it said it is ready (a job sent before would wait in its queue anyway,
    /// but a worker that never loads must not hold jobs).
    ready: bool,
    /// Failed or terminated: it takes no more jobs.
    gone: bool,
    /// The jobs sent to it and not yet finished, the one it searches first.
    held: VecDeque<usize>,
    /// How many jobs it may hold: the pool's only worker [`MAX_HELD`]; else 1 until
    /// its first search ends, then as many as fit [`HOLD_AHEAD_SECS`] at its last
    /// search's time.
    hold: usize,
}

impl WorkerHost {
    /// Starts `jobs` on `count` workers (at least one, at most one per job); `notify`
    /// is called whenever a worker posts.
    ///
    /// # Errors
    /// When no worker can be started (then the caller runs the jobs another way).
    pub fn start(
        jobs: Arc<Vec<Job>>,
        count: usize,
        notify: Notify,
        order: JobOrder,
    ) -> std::io::Result<Self> {
        let count = count.clamp(1, jobs.len().max(1));
        let (tx, events) = channel();
        let handout = Arc::new(Mutex::new(Handout {
            waiting: start_order(&jobs, count, order).into(),
            last: vec![None; jobs.len()],
            jobs,
            workers: vec![
                WorkerState {
                    hold: if count == 1 { MAX_HELD } else { 1 },
                    ..WorkerState::default()
                };
                count
            ],
            events: tx,
            stopped: false,
        }));
        let answering = Arc::clone(&handout);
        let answer = Arc::new(move |w: usize, posted: Posted| match answering.lock() {
            Ok(mut h) => h.take(w, posted),
            Err(_) => Vec::new(),
        });
        let workers = Workers::start_answering(count, serve_worker, notify, answer)?;
        Ok(WorkerHost {
            workers,
            handout,
            events,
        })
    }

    fn handout(&self) -> Option<MutexGuard<'_, Handout>> {
        self.handout.lock().ok()
    }

    /// Hands the waiting jobs to ready workers that hold none (a failed worker's jobs
    /// go back to wait; no post of theirs would fetch them).
    fn feed_idle(&self) {
        let Some(mut h) = self.handout() else {
            return;
        };
        for w in 0..h.workers.len() {
            let s = &h.workers[w];
            if s.ready && !s.gone && s.held.is_empty() && !h.waiting.is_empty() {
                for text in h.fill(w) {
                    self.workers.send(w, &text);
                }
            }
        }
    }

    /// Whether every job was handed out and has ended (its event sent).
    fn all_ended(&self) -> bool {
        self.handout()
            .is_none_or(|h| h.waiting.is_empty() && h.workers.iter().all(|s| s.held.is_empty()))
    }

    /// The next event from what is at hand, waiting up to `timeout` (natively; a page
    /// cannot wait).
    fn next_event(&mut self, timeout: Option<Duration>) -> Next {
        self.feed_idle();
        // Read before the channel: once nothing is held, every event was sent.
        let ended = self.all_ended();
        let got = match timeout {
            Some(t) if !ended && crate::platform::OWNER_MAY_BLOCK => {
                self.events.recv_timeout(t).map_err(|e| match e {
                    RecvTimeoutError::Timeout => TryRecvError::Empty,
                    RecvTimeoutError::Disconnected => TryRecvError::Disconnected,
                })
            }
            _ => self.events.try_recv(),
        };
        match got {
            Ok(e) => Next::Event(e),
            Err(_) if ended => Next::Ended,
            Err(_) => Next::Nothing,
        }
    }
}

impl Handout {
    /// What worker `w`'s post means: its event goes to the owner, and the messages to
    /// send it now (the next jobs) come back.
    fn take(&mut self, w: usize, posted: Posted) -> Vec<String> {
        if self.stopped || w >= self.workers.len() {
            return Vec::new();
        }
        let text = match posted {
            Posted::Message(text) => text,
            Posted::Failed(why) => {
                self.fail(w, &format!("its worker failed: {why}"));
                return Vec::new();
            }
        };
        if text == READY {
            self.workers[w].ready = true;
            return self.fill(w);
        }
        let Ok(event) = ron::from_str::<EventMessage>(&text) else {
            self.fail(w, &format!("its worker answered: {text}"));
            return Vec::new();
        };
        let Some(&current) = self.workers[w].held.front() else {
            return Vec::new();
        };
        match event {
            EventMessage::Started { job } if job == current => {
                self.send(RunEvent::Started { job });
                Vec::new()
            }
            EventMessage::Progress { job, progress } if job == current => {
                self.last[job] = Some(progress.clone());
                self.send(RunEvent::Progress { job, progress });
                Vec::new()
            }
            EventMessage::Finished { job, result } if job == current => {
                let alone = self.workers.len() == 1;
                let s = &mut self.workers[w];
                s.held.pop_front();
                if !alone {
                    s.hold = result
                        .as_ref()
                        .map_or(1, |r| hold_after(r.counters.elapsed_secs()));
                }
                self.last[job] = None;
                self.send(RunEvent::Finished { job, result });
                self.fill(w)
            }
            _ => {
                self.fail(w, "its worker answered for another job");
                Vec::new()
            }
        }
    }

    fn send(&self, event: RunEvent) {
        let _ = self.events.send(event);
    }

    /// The jobs to send worker `w` now, taken off the waiting ones, up to what it may
    /// hold.
    fn fill(&mut self, w: usize) -> Vec<String> {
        let mut out = Vec::new();
        let hold = self.workers[w].hold.max(1);
        while self.workers[w].held.len() < hold {
            let Some(index) = self.waiting.pop_front() else {
                break;
            };
            let Some(job) = self.jobs.get(index) else {
                continue;
            };
            let message = JobMessage {
                job: index,
                game: job.at.position.kind(),
                position: job.at.position.to_text(),
                request: job.request.clone(),
            };
            match ron::to_string(&message) {
                Ok(text) => {
                    self.workers[w].held.push_back(index);
                    out.push(text);
                }
                Err(e) => self.send(RunEvent::Finished {
                    job: index,
                    result: Err(format!("the job could not be written for a worker: {e}")),
                }),
            }
        }
        out
    }

    /// Worker `w` is gone: the job it searches fails with `why`, the ones it held
    /// behind it wait again (first, in their order); if no worker is left, every job
    /// not yet run fails.
    fn fail(&mut self, w: usize, why: &str) {
        let s = &mut self.workers[w];
        s.gone = true;
        let mut held = std::mem::take(&mut s.held);
        if let Some(job) = held.pop_front() {
            self.send(RunEvent::Finished {
                job,
                result: Err(format!("the search did not finish: {why}")),
            });
        }
        while let Some(job) = held.pop_back() {
            self.waiting.push_front(job);
        }
        if self.workers.iter().all(|s| s.gone) {
            while let Some(job) = self.waiting.pop_front() {
                self.send(RunEvent::Finished {
                    job,
                    result: Err("no worker was left to run it".to_string()),
                });
            }
        }
    }

    /// Stop: nothing more is handed out or heard; each worker's search in flight ends
    /// as stopped with its last progress's counts (after every event its worker
    /// posted before), and the jobs held behind it are dropped with the waiting ones.
    fn stop(&mut self) {
        self.stopped = true;
        self.waiting.clear();
        let mut out = Vec::new();
        for s in &mut self.workers {
            if let Some(job) = s.held.front().copied() {
                let progress = self.last[job].take().unwrap_or_default();
                let mut record = SearchRecord {
                    stopped: Some(StopReason::Stopped),
                    depth_reached: progress.depth,
                    best_move: progress.best_move,
                    pv: progress.pv,
                    clock_step_secs: crate::platform::clock::coarse_step_secs(),
                    ..SearchRecord::default()
                };
                record.counters = Counters::reported(&[(Counter::Nodes, progress.nodes)], 0.0);
                out.push(RunEvent::Finished {
                    job,
                    result: Ok(Box::new(record)),
                });
            }
            s.held.clear();
            s.gone = true;
        }
        for e in out {
            self.send(e);
        }
    }
}

/// How many jobs a worker may hold after a search of `secs`: its search and as many
/// more of that time as fit in [`HOLD_AHEAD_SECS`] (a search shorter than the clock's
/// step counts as one step), at most [`MAX_HELD`].
fn hold_after(secs: f64) -> usize {
    let step = crate::platform::clock::resolution().as_secs_f64();
    let each = secs.max(step).max(1e-6);
    1 + ((HOLD_AHEAD_SECS / each).floor() as usize).min(MAX_HELD - 1)
}

impl JobHost for WorkerHost {
    fn try_next(&mut self) -> Next {
        self.next_event(None)
    }

    fn wait_next(&mut self, timeout: Duration) -> Next {
        self.next_event(Some(timeout))
    }

    fn stop(&mut self) {
        self.workers.terminate();
        if let Some(mut h) = self.handout() {
            h.stop();
        }
    }

    fn join(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Behind a long search a worker holds nothing more; behind short ones a quarter
    /// second's worth, at most [`MAX_HELD`] (a search below the clock's step counts as
    /// one step).
    #[test]
    fn a_worker_holds_a_quarter_seconds_worth() {
        assert_eq!(hold_after(1.0), 1);
        assert_eq!(hold_after(0.3), 1);
        assert_eq!(hold_after(0.1), 3);
        assert_eq!(hold_after(0.001), 251);
        assert_eq!(hold_after(0.0), MAX_HELD);
    }
}
