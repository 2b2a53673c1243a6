//! Where a run's searches execute: a [`JobHost`] is started with the jobs, hands back
//! their events and stops them when asked. [`ThreadHost`] is the native side: a
//! background thread that runs the jobs on treelab's worker pool
//! ([`crate::platform::pool`]), the longest expected first ([`start_order`]), and sends the events down a channel. A browser build
//! gives its own host (workers that post the events back) and changes nothing else of
//! the runner.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::job::{Job, JobOrder, Notify, RunEvent, SearchFn, start_order};
use crate::platform::pool::map_with_alone;
use crate::platform::threads::{self, JoinHandle};
use crate::search::slots::Threads;
use crate::search::{Progress, SearchControl};

/// What the host has next.
#[derive(Debug)]
pub enum Next {
    /// An event of a job.
    Event(RunEvent),
    /// Nothing yet; jobs are still running.
    Nothing,
    /// Every job has ended and every event was handed over.
    Ended,
}

/// Runs a run's jobs: started with them, it hands back their events in the order each
/// job sent them and stops them on request.
pub trait JobHost {
    /// The next event, without waiting.
    fn try_next(&mut self) -> Next;
    /// The next event, waiting up to `timeout` for one.
    fn wait_next(&mut self, timeout: Duration) -> Next;
    /// Asks every search to end (they do within a few thousand nodes) and drops the jobs
    /// not yet started.
    fn stop(&mut self);
    /// Waits until the workers are gone (after [`JobHost::stop`] or the last job).
    fn join(&mut self);
}

/// The native host: a thread that runs the jobs on `threads` pool workers.
pub struct ThreadHost {
    stop: Arc<AtomicBool>,
    events: Receiver<RunEvent>,
    /// The thread that runs the pool; `None` once joined (or when none could be had).
    driver: Option<JoinHandle<()>>,
}

impl ThreadHost {
    /// Starts `jobs` on `threads` workers, each search through `search`; `notify` is
    /// called whenever there is news.
    /// The jobs are taken in `order`; in reading order each depth is a stage of its
    /// own (its parallel searches alone at its end), so no deeper search starts before
    /// every shallower one has ended.
    #[must_use]
    pub fn start(
        jobs: Arc<Vec<Job>>,
        threads: usize,
        notify: Notify,
        search: SearchFn,
        order: JobOrder,
    ) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, events) = channel();
        let flag = Arc::clone(&stop);
        let spawned = threads::spawn("treelab-run", move || {
            let start = start_order(&jobs, threads, order);
            let stages: Vec<Vec<usize>> = match order {
                JobOrder::LongestFirst => vec![start],
                JobOrder::Reading => {
                    let mut stages: Vec<Vec<usize>> = Vec::new();
                    for i in start {
                        let depth = jobs[i].request.depth;
                        match stages.last_mut() {
                            Some(s) if jobs[s[0]].request.depth == depth => s.push(i),
                            _ => stages.push(vec![i]),
                        }
                    }
                    stages
                }
            };
            // A parallel search runs alone, after the others: its threads get the cores.
            let alone = |job: &Job| job.request.options.threads > 1;
            for stage in stages {
                if flag.load(Ordering::Relaxed) {
                    break;
                }
                // Workers with no job left are lent to the searches still running (they
                // serve the stage's crew, which has threads of its own only for the
                // workers that never had a job).
                let lend = Arc::new(Threads::lent(if threads > 1 {
                    threads.saturating_sub(stage.len())
                } else {
                    0
                }));
                map_with_alone(
                    &jobs,
                    &stage,
                    alone,
                    threads,
                    &flag,
                    Some(lend.crew()),
                    |index, job| {
                        let lend = (threads > 1 && !alone(job)).then(|| Arc::clone(&lend));
                        run_job(index, job, &flag, (&tx, &notify), &search, lend);
                    },
                );
            }
        });
        // Without a thread the channel's sender is gone with the closure: the run reads
        // as ended at once, with no job started.
        ThreadHost {
            stop,
            events,
            driver: spawned.ok(),
        }
    }
}

impl JobHost for ThreadHost {
    fn try_next(&mut self) -> Next {
        match self.events.try_recv() {
            Ok(e) => Next::Event(e),
            Err(TryRecvError::Empty) => Next::Nothing,
            Err(TryRecvError::Disconnected) => Next::Ended,
        }
    }

    fn wait_next(&mut self, timeout: Duration) -> Next {
        match self.events.recv_timeout(timeout) {
            Ok(e) => Next::Event(e),
            Err(RecvTimeoutError::Timeout) => Next::Nothing,
            Err(RecvTimeoutError::Disconnected) => Next::Ended,
        }
    }

    fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    fn join(&mut self) {
        if let Some(driver) = self.driver.take() {
            let _ = driver.join();
        }
    }
}

impl Drop for ThreadHost {
    /// A host dropped early (the window closed) stops its searches; the threads end on
    /// their own within a few thousand nodes.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Runs one job on a pool thread: its events go down `tx`.
fn run_job(
    index: usize,
    job: &Job,
    stop: &Arc<AtomicBool>,
    (tx, notify): (&Sender<RunEvent>, &Notify),
    search: &SearchFn,
    lend: Option<Arc<Threads>>,
) {
    if tx.send(RunEvent::Started { job: index }).is_err() {
        return;
    }
    notify();
    let sink_tx = Mutex::new(tx.clone());
    let sink_notify = Arc::clone(notify);
    let control = SearchControl {
        stop: Arc::clone(stop),
        progress: Some(Box::new(move |p: &Progress| {
            if let Ok(tx) = sink_tx.lock() {
                let _ = tx.send(RunEvent::Progress {
                    job: index,
                    progress: p.clone(),
                });
            }
            sink_notify();
        })),
        progress_interval: Duration::from_millis(100),
        lend,
        ..SearchControl::default()
    };
    let result = crate::engine::run_guarded(|| search(job, control))
        .unwrap_or_else(|f| Err(format!("the search panicked: {}", f.message)));
    // A stopped SSS* leaves its tree to be freed here, off the search's clock.
    crate::search::release_deferred();
    let _ = tx.send(RunEvent::Finished {
        job: index,
        result: result.map(Box::new),
    });
    notify();
}
