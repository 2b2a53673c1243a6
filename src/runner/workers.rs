//! The browser's host: a run's jobs go as messages to a pool of workers
//! ([`crate::platform::workers`]: Web Workers in a browser, threads natively, where
//! the tests run it), each worker searching one job at a time and posting its events
//! back as messages (the worker's side, and what crosses, is [`super::serve`]): a
//! worker's counts are the counts of the same search run natively.
//!
//! Stop ends every worker at once (a Web Worker cannot be asked in the middle of a
//! search: it reads no message until the search returns): the searches in flight
//! end as stopped, with the nodes of their last progress report, and the jobs not yet
//! handed out are dropped, as the native host drops them.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use super::serve::{EventMessage, JobMessage, serve_worker};
use super::{Job, JobHost, JobOrder, Next, Notify, RunEvent};
use crate::engine::SearchRecord;
use crate::platform::workers::{Posted, READY, Workers};
use crate::search::{Progress, StopReason};

/// The browser's [`JobHost`]: jobs handed to a pool of workers, one at a time each.
pub struct WorkerHost {
    jobs: Arc<Vec<Job>>,
    /// The order the jobs are handed out in ([`super::start_order`]).
    order: Vec<usize>,
    workers: Workers,
    /// The next job to hand out (an index into `order`).
    next: usize,
    /// Each worker's state.
    state: Vec<WorkerState>,
    /// The last progress of each job in flight (a stopped job's partial count).
    last: Vec<Option<Progress>>,
    /// Events made here (a stop's, a failed worker's), handed over first.
    made: VecDeque<RunEvent>,
}

/// What a worker is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WorkerState {
    /// Loading: it has not said it is ready.
    Loading,
    /// Waiting for a job.
    Idle,
    /// Searching this job.
    Busy(usize),
    /// Failed or terminated: it takes no more jobs.
    Gone,
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
        let workers = Workers::start(count, serve_worker, notify)?;
        let n = jobs.len();
        let order = super::start_order(&jobs, workers.len(), order);
        Ok(WorkerHost {
            order,
            jobs,
            state: vec![WorkerState::Loading; workers.len()],
            workers,
            next: 0,
            last: vec![None; n],
            made: VecDeque::new(),
        })
    }

    /// Hands worker `w` the next job, if any is left.
    fn hand_out(&mut self, w: usize) {
        let Some((index, job)) = self
            .order
            .get(self.next)
            .and_then(|&i| Some((i, self.jobs.get(i)?)))
        else {
            self.state[w] = WorkerState::Idle;
            return;
        };
        let message = JobMessage {
            job: index,
            game: job.at.position.kind(),
            position: job.at.position.to_text(),
            request: job.request.clone(),
        };
        match ron::to_string(&message) {
            Ok(text) => {
                self.workers.send(w, &text);
                self.state[w] = WorkerState::Busy(index);
            }
            Err(e) => {
                self.made.push_back(RunEvent::Finished {
                    job: index,
                    result: Err(format!("the job could not be written for a worker: {e}")),
                });
                self.state[w] = WorkerState::Idle;
            }
        }
        self.next += 1;
    }

    /// What worker `w`'s post means for the run, if anything.
    fn take(&mut self, w: usize, posted: Posted) -> Option<RunEvent> {
        let text = match posted {
            Posted::Message(text) => text,
            Posted::Failed(why) => return self.fail(w, &format!("its worker failed: {why}")),
        };
        if text == READY {
            self.hand_out(w);
            return None;
        }
        let Ok(event) = ron::from_str::<EventMessage>(&text) else {
            return self.fail(w, &format!("its worker answered: {text}"));
        };
        let busy = match self.state.get(w) {
            Some(WorkerState::Busy(job)) => *job,
            _ => return None,
        };
        match event {
            EventMessage::Started { job } if job == busy => Some(RunEvent::Started { job }),
            EventMessage::Progress { job, progress } if job == busy => {
                self.last[job] = Some(progress.clone());
                Some(RunEvent::Progress { job, progress })
            }
            EventMessage::Finished { job, result } if job == busy => {
                self.hand_out(w);
                Some(RunEvent::Finished { job, result })
            }
            _ => self.fail(w, "its worker answered for another job"),
        }
    }

    /// Worker `w` is gone: its job (if any) fails with `why`; if no worker is left,
    /// so does every job not yet handed out.
    fn fail(&mut self, w: usize, why: &str) -> Option<RunEvent> {
        let job = match self.state.get(w).copied() {
            Some(WorkerState::Busy(job)) => Some(job),
            _ => None,
        };
        if let Some(s) = self.state.get_mut(w) {
            *s = WorkerState::Gone;
        }
        if self.state.iter().all(|s| *s == WorkerState::Gone) {
            while let Some(&index) = self.order.get(self.next) {
                self.made.push_back(RunEvent::Finished {
                    job: index,
                    result: Err("no worker was left to run it".to_string()),
                });
                self.next += 1;
            }
        }
        job.map(|job| RunEvent::Finished {
            job,
            result: Err(format!("the search did not finish: {why}")),
        })
    }

    /// Whether every job has been handed out and answered.
    fn all_done(&self) -> bool {
        self.next >= self.jobs.len()
            && self.made.is_empty()
            && !self.state.iter().any(|s| matches!(s, WorkerState::Busy(_)))
    }

    /// The next event from what is at hand.
    fn next_event(&mut self, mut recv: impl FnMut(&Workers) -> Option<(usize, Posted)>) -> Next {
        loop {
            if let Some(e) = self.made.pop_front() {
                return Next::Event(e);
            }
            if self.all_done() {
                return Next::Ended;
            }
            let Some((w, posted)) = recv(&self.workers) else {
                return Next::Nothing;
            };
            if let Some(e) = self.take(w, posted) {
                return Next::Event(e);
            }
        }
    }
}

impl JobHost for WorkerHost {
    fn try_next(&mut self) -> Next {
        self.next_event(Workers::try_recv)
    }

    fn wait_next(&mut self, timeout: Duration) -> Next {
        self.next_event(|w| w.recv_timeout(timeout))
    }

    fn stop(&mut self) {
        self.workers.terminate();
        self.next = self.jobs.len();
        for s in &mut self.state {
            if let WorkerState::Busy(job) = *s {
                let progress = self.last[job].take().unwrap_or_default();
                let mut record = SearchRecord {
                    stopped: Some(StopReason::Stopped),
                    depth_reached: progress.depth,
                    best_move: progress.best_move,
                    pv: progress.pv,
                    ..SearchRecord::default()
                };
                record.counters.nodes = progress.nodes;
                self.made.push_back(RunEvent::Finished {
                    job,
                    result: Ok(Box::new(record)),
                });
            }
            *s = WorkerState::Gone;
        }
    }

    fn join(&mut self) {}
}
