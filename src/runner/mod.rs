//! Runs a comparison (rows x positions x depths) on background threads.
//!
//! The app and `treelab session run` share this module; it does not import egui. A
//! [`Run`] hands its jobs to a [`JobHost`] (natively [`ThreadHost`]: a background
//! thread that runs them on treelab's one worker pool, jobs taken in order, each search
//! with the run's stop flag and a progress sink) and the owner drains their
//! [`RunEvent`]s with [`Run::poll`] (the app once a frame).
//!
//! A search that panics (a bug) does not take the run down: the job ends as failed
//! with the panic message and the other jobs go on. [`Run::stop`] raises the flag that
//! every search polls every 1024 nodes; a stopped search still reports its partial
//! record, and jobs not yet started are dropped.

use std::sync::Arc;
use std::time::Duration;

use crate::engine::SearchRecord;
use crate::platform::clock::Instant;
use crate::session::{ResultEntry, Session};

mod host;
mod job;
mod matches;
mod plan;
mod serve;
mod workers;
pub use host::{JobHost, Next, ThreadHost};
pub use job::{Job, JobOrder, Notify, RunEvent, RunPosition, SearchFn, engine_search, start_order};
pub use matches::MatchRun;
pub use plan::{
    LeftOut, Target, plan_jobs, plan_jobs_on, plan_runnable, row_left_out, target_positions,
};
pub use serve::serve_worker;
pub use workers::WorkerHost;

/// A comparison running in the background.
pub struct Run {
    jobs: Arc<Vec<Job>>,
    host: Box<dyn JobHost>,
    threads: usize,
    started: Instant,
    stop_requested: Option<Instant>,
    /// When the last worker was seen to end, after a stop request.
    stopped_after: Option<Duration>,
    finished: usize,
    disconnected: bool,
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Run")
            .field("jobs", &self.jobs.len())
            .field("finished", &self.finished)
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

/// How many workers a run uses by default: one per core; in a browser one Web Worker
/// per core the browser reports but one, which is left to the page (it draws in
/// software where there is no GPU, and a page starved of its core misses frames and
/// answers Stop late).
#[must_use]
pub fn default_threads() -> usize {
    crate::platform::search_cores()
}

impl Run {
    /// Starts `jobs` on `threads` workers (at least one, at most one per job) with the
    /// engine's search: natively on threads ([`ThreadHost`]), in a browser on Web
    /// Workers ([`WorkerHost`], as many as the browser has cores, up to `threads`).
    /// The jobs are taken longest first ([`JobOrder::LongestFirst`]).
    #[must_use]
    pub fn start(jobs: Vec<Job>, threads: usize, notify: Notify) -> Run {
        Run::start_ordered(jobs, threads, notify, None, JobOrder::LongestFirst)
    }

    /// Starts `jobs` with a given search function (tests inject failures this way),
    /// longest first.
    #[must_use]
    pub fn start_with(jobs: Vec<Job>, threads: usize, notify: Notify, search: SearchFn) -> Run {
        Run::start_ordered(jobs, threads, notify, Some(search), JobOrder::LongestFirst)
    }

    /// Starts `jobs` taken in `order`, each search through `search` (None: the
    /// engine's): natively on threads, in a browser on Web Workers.
    #[must_use]
    pub fn start_ordered(
        jobs: Vec<Job>,
        threads: usize,
        notify: Notify,
        search: Option<SearchFn>,
        order: JobOrder,
    ) -> Run {
        if crate::platform::SEARCHES_IN_WORKERS && search.is_none() {
            let jobs = Arc::new(jobs);
            let count = threads
                .min(crate::platform::workers::available())
                .clamp(1, jobs.len().max(1));
            match WorkerHost::start(Arc::clone(&jobs), count, Arc::clone(&notify), order) {
                Ok(host) => return Run::start_on(jobs, count, Box::new(host)),
                // No worker (the page was opened without its worker script): the jobs
                // run on the page itself, which waits for them.
                Err(_) => {
                    return Run::start_ordered(
                        jobs.to_vec(),
                        1,
                        notify,
                        Some(engine_search()),
                        order,
                    );
                }
            }
        }
        let search = search.unwrap_or_else(engine_search);
        let jobs = Arc::new(jobs);
        // Workers beyond the jobs are lent to the searches that can use them.
        let host = ThreadHost::start(Arc::clone(&jobs), threads.max(1), notify, search, order);
        Run::start_on(
            Arc::clone(&jobs),
            threads.clamp(1, jobs.len().max(1)),
            Box::new(host),
        )
    }

    /// A run of `jobs` that `host` has started on `threads` workers.
    #[must_use]
    pub fn start_on(jobs: Arc<Vec<Job>>, threads: usize, host: Box<dyn JobHost>) -> Run {
        Run {
            jobs,
            host,
            threads,
            started: Instant::now(),
            stop_requested: None,
            stopped_after: None,
            finished: 0,
            disconnected: false,
        }
    }

    /// The jobs, in the order they are taken.
    #[must_use]
    pub fn jobs(&self) -> &[Job] {
        &self.jobs
    }

    /// Asks every search to end; they do within a few thousand nodes.
    pub fn stop(&mut self) {
        self.host.stop();
        self.stop_requested.get_or_insert_with(Instant::now);
    }

    /// Whether [`Run::stop`] was called.
    #[must_use]
    pub fn stop_requested(&self) -> bool {
        self.stop_requested.is_some()
    }

    /// The time from the stop request to the moment [`Run::poll`] saw every worker
    /// gone, once it has.
    #[must_use]
    pub fn stop_latency(&self) -> Option<Duration> {
        self.stopped_after
    }

    /// Time since the run started.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Jobs that have ended (finished, stopped or failed).
    #[must_use]
    pub fn finished_jobs(&self) -> usize {
        self.finished
    }

    /// Every event since the last call, without waiting.
    pub fn poll(&mut self) -> Vec<RunEvent> {
        let mut out = Vec::new();
        while !self.disconnected {
            match self.host.try_next() {
                Next::Event(e) => out.push(self.count(e)),
                Next::Nothing => break,
                Next::Ended => self.ended(),
            }
        }
        out
    }

    /// Waits for the next event, up to `timeout`.
    pub fn wait(&mut self, timeout: Duration) -> Option<RunEvent> {
        if self.disconnected {
            return None;
        }
        match self.host.wait_next(timeout) {
            Next::Event(e) => Some(self.count(e)),
            Next::Nothing => None,
            Next::Ended => {
                self.ended();
                None
            }
        }
    }

    /// Counts a finished job.
    fn count(&mut self, e: RunEvent) -> RunEvent {
        if matches!(e, RunEvent::Finished { .. }) {
            self.finished += 1;
        }
        e
    }

    /// The host has no more events: notes how long the stop took, if one was asked.
    fn ended(&mut self) {
        self.disconnected = true;
        if let Some(at) = self.stop_requested
            && self.stopped_after.is_none()
        {
            self.stopped_after = Some(at.elapsed());
        }
    }

    /// Whether every worker has ended and every event has been polled.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.disconnected
    }

    /// Waits for the workers to end (after [`Run::stop`], or at the end of the jobs).
    pub fn join(mut self) -> Vec<RunEvent> {
        let mut out = Vec::new();
        while !self.disconnected {
            if let Some(e) = self.wait(Duration::from_millis(50)) {
                out.push(e);
            }
        }
        self.host.join();
        out
    }
}

/// The result entry a finished job leaves in the session: named by its position's
/// game and text form (and suite entry).
#[must_use]
pub fn result_entry(job: &Job, result: Result<SearchRecord, String>) -> ResultEntry {
    let (record, error) = match result {
        Ok(r) => (r, None),
        Err(e) => (SearchRecord::default(), Some(e)),
    };
    ResultEntry {
        row: job.row,
        label: job.label.clone(),
        position: job.at.name.clone(),
        game: job.at.position.kind(),
        position_text: job.at.position.to_text(),
        suite: job.at.suite.as_ref().map(|(s, _)| s.clone()),
        suite_index: job.at.suite.as_ref().map(|&(_, i)| i),
        depth: job.request.depth,
        record,
        error,
    }
}

/// Puts `entry` into `results`, replacing an earlier result of the same row, position
/// (game and text form) and depth; except that a stopped or failed search never
/// replaces a complete result made with the same settings (a partial count must not
/// pass for a complete one). A result of another position is never touched. Returns
/// false when `entry` was dropped for that reason.
pub fn insert_result(results: &mut Vec<ResultEntry>, entry: ResultEntry) -> bool {
    match results
        .iter_mut()
        .find(|r| r.row == entry.row && r.key() == entry.key() && r.depth == entry.depth)
    {
        Some(old) => {
            let keep_old = old.is_complete()
                && !entry.is_complete()
                && (old.label == entry.label || old.label.is_empty());
            if keep_old {
                return false;
            }
            *old = entry;
        }
        None => results.push(entry),
    }
    true
}

/// Runs every enabled row of `session` on `target` to the end (no window): what
/// `treelab session run` does. Results go into the session as they finish; the
/// searches the engine would refuse are left out ([`plan_runnable`]) and returned.
pub fn run_session_blocking(
    session: &mut Session,
    target: Target,
    threads: usize,
    on_event: impl FnMut(&Job, &RunEvent),
) -> Result<Vec<LeftOut>, String> {
    run_session_resumed(session, target, threads, &|_| None, on_event)
}

/// [`run_session_blocking`] that takes the result of a job from `done` where it has one
/// (a grid folder's, `treelab session run --out DIR/`) instead of searching it again.
pub fn run_session_resumed(
    session: &mut Session,
    target: Target,
    threads: usize,
    done: &dyn Fn(&Job) -> Option<ResultEntry>,
    mut on_event: impl FnMut(&Job, &RunEvent),
) -> Result<Vec<LeftOut>, String> {
    let positions = target_positions(session, target)?;
    let (jobs, left_out) = plan_runnable(&session.rows, &positions, threads)?;
    let mut todo = Vec::new();
    for job in &jobs {
        match done(job) {
            Some(entry) => {
                insert_result(&mut session.results, entry);
            }
            None => todo.push(job.clone()),
        }
    }
    let mut run = Run::start(todo, threads, Arc::new(|| {}));
    let started = Arc::clone(&run.jobs);
    while !run.is_done() {
        let Some(event) = run.wait(Duration::from_millis(50)) else {
            continue;
        };
        let index = match &event {
            RunEvent::Started { job }
            | RunEvent::Progress { job, .. }
            | RunEvent::Finished { job, .. } => *job,
        };
        on_event(&started[index], &event);
        if let RunEvent::Finished { job, result } = event {
            insert_result(
                &mut session.results,
                result_entry(&started[job], result.map(|r| *r)),
            );
        }
    }
    order_like_jobs(&mut session.results, &jobs);
    Ok(left_out)
}

/// The jobs `treelab session run` would run on `target` (refused searches left out).
///
/// # Errors
/// When the target has no positions or the plan cannot be made.
pub fn session_jobs(session: &Session, target: Target, threads: usize) -> Result<Vec<Job>, String> {
    let positions = target_positions(session, target)?;
    Ok(plan_runnable(&session.rows, &positions, threads)?.0)
}

/// Sorts `results` into the order of `jobs` (the plan's order: position, row, depth),
/// whatever order the threads finished in. Results of no job (an earlier run's deeper
/// depths, other positions) keep their order, after the run's: a new run's results
/// read in its plan's order from the top, never below an old depth 9.
pub fn order_like_jobs(results: &mut [ResultEntry], jobs: &[Job]) {
    let texts: Vec<String> = jobs.iter().map(|j| j.at.position.to_text()).collect();
    let place: std::collections::HashMap<(usize, crate::session::PositionKey<'_>, u32), usize> =
        jobs.iter()
            .zip(&texts)
            .enumerate()
            .map(|(i, (j, text))| {
                let key = crate::session::PositionKey {
                    game: j.at.position.kind(),
                    text,
                };
                ((j.row, key, j.request.depth), i)
            })
            .collect();
    results.sort_by_cached_key(|r| {
        place
            .get(&(r.row, r.key(), r.depth))
            .copied()
            .unwrap_or(usize::MAX)
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{AnyPosition, GameKind, SearchRequest, run_search};
    use crate::search::Algorithm;
    use crate::search::SearchControl;
    use crate::session::ComparisonRow;

    /// On AIMA's tree (values at depth 2 only) a row at depths 1-3 runs depths 2 and 3
    /// and leaves depth 1 out, saying why; a row whose every search is refused is left
    /// out whole; a row whose options are refused is left out whole whatever the tree.
    #[test]
    fn refused_searches_are_left_out_and_named() {
        let aima = AnyPosition::parse(GameKind::CustomTree, "((3 12 8) (2 4 6) (14 5 2))")
            .expect("parses");
        let at = [RunPosition::plain(aima)];
        let options = crate::search::SearchOptions {
            aspiration: 1,
            ..Default::default()
        };
        let rows = vec![
            ComparisonRow {
                depth_min: 1,
                depth_max: 3,
                ..ComparisonRow::new(Algorithm::AlphaBeta)
            },
            ComparisonRow {
                depth_min: 1,
                depth_max: 1,
                ..ComparisonRow::new(Algorithm::NegaScout)
            },
            ComparisonRow {
                options,
                ..ComparisonRow::new(Algorithm::NegaAlpha)
            },
        ];
        let (jobs, left) = plan_runnable(&rows, &at, 1).expect("row 1 runs");
        let run: Vec<(usize, u32)> = jobs.iter().map(|j| (j.row, j.request.depth)).collect();
        assert_eq!(run, vec![(0, 2), (0, 3)]);
        assert_eq!(left.len(), 3);
        assert_eq!((left[0].row, left[0].depths.clone()), (0, vec![1]));
        assert_eq!(left[0].searches, (1, 3));
        assert!(
            left[0]
                .to_string()
                .starts_with("row 1 at depth 1 (1 of its 3 searches): ")
        );
        assert!(left[0].reason.contains("no value"), "{}", left[0].reason);
        assert!(
            left[1].depths.is_empty(),
            "every search of row 2 is refused"
        );
        assert!(
            left[2].depths.is_empty() && left[2].reason.contains("aspiration"),
            "{}",
            left[2]
        );
        // The strict plan (the CLI's) names the first.
        assert_eq!(plan_jobs(&rows, &at).unwrap_err(), left[0].to_string());
    }

    fn ttt_jobs() -> Vec<Job> {
        let rows = vec![
            ComparisonRow::new(Algorithm::AlphaBeta),
            ComparisonRow {
                depth_min: 2,
                depth_max: 3,
                ..ComparisonRow::new(Algorithm::Scout)
            },
        ];
        let named = |name: &str, text: &str| RunPosition {
            name: name.into(),
            ..RunPosition::plain(AnyPosition::parse(GameKind::TicTacToe, text).unwrap())
        };
        plan_jobs(&rows, &[named("a", "x........"), named("b", "")]).unwrap()
    }

    #[test]
    fn plan_is_position_major_and_refuses_bad_rows() {
        let jobs = ttt_jobs();
        // 2 positions x (6 + 2 depths).
        assert_eq!(jobs.len(), 16);
        assert!(jobs[..8].iter().all(|j| j.at.name == "a"));
        assert_eq!(jobs[6].row, 1);
        assert_eq!(jobs[6].request.depth, 2);
        let bad = vec![ComparisonRow {
            options: crate::search::SearchOptions {
                killers: 2,
                ..Default::default()
            },
            ..ComparisonRow::new(Algorithm::Minimax)
        }];
        let err = plan_jobs(
            &bad,
            &[RunPosition::plain(AnyPosition::start(GameKind::TicTacToe))],
        )
        .unwrap_err();
        assert!(err.starts_with("row 1:"), "{err}");
        let mut off = bad;
        off[0].enabled = false;
        assert!(plan_jobs(&off, &[]).is_err());
    }

    #[test]
    fn threads_give_the_serial_numbers_in_plan_order() {
        let run = |threads| {
            let mut session = Session {
                position: AnyPosition::start(GameKind::TicTacToe),
                suite: None,
                rows: vec![
                    ComparisonRow::new(Algorithm::NegaAlpha),
                    ComparisonRow::new(Algorithm::Pvs),
                ],
                ..Session::default()
            };
            run_session_blocking(&mut session, Target::Current, threads, |_, _| {}).unwrap();
            session.results
        };
        let serial = run(1);
        let parallel = run(3);
        assert_eq!(serial.len(), 12);
        let key = |r: &ResultEntry| (r.row, r.depth, r.record.score, r.record.counters.nodes());
        assert_eq!(
            serial.iter().map(key).collect::<Vec<_>>(),
            parallel.iter().map(key).collect::<Vec<_>>()
        );
        // Each equals a direct engine search.
        for r in &serial {
            let direct = run_search(
                &AnyPosition::start(GameKind::TicTacToe),
                &SearchRequest {
                    algorithm: [Algorithm::NegaAlpha, Algorithm::Pvs][r.row],
                    options: Default::default(),
                    depth: r.depth,
                    evaluator: String::new(),
                },
                SearchControl::default(),
            )
            .unwrap();
            assert_eq!(direct.counters.nodes(), r.record.counters.nodes());
            assert_eq!(direct.score, r.record.score);
        }
    }

    #[test]
    fn a_panicking_search_fails_its_job_only() {
        let jobs = ttt_jobs();
        let n = jobs.len();
        let search: SearchFn = Arc::new(|job: &Job, control: SearchControl<'_>| {
            if job.row == 1 && job.request.depth == 3 {
                panic!("deliberate test failure at depth 3");
            }
            engine_search()(job, control)
        });
        let run = Run::start_with(jobs, 2, Arc::new(|| {}), search);
        let events = run.join();
        let finished: Vec<&Result<Box<SearchRecord>, String>> = events
            .iter()
            .filter_map(|e| match e {
                RunEvent::Finished { result, .. } => Some(result),
                _ => None,
            })
            .collect();
        assert_eq!(finished.len(), n);
        let failed: Vec<&String> = finished.iter().filter_map(|r| r.as_ref().err()).collect();
        assert_eq!(failed.len(), 2, "one per position");
        assert!(
            failed[0].contains("deliberate test failure"),
            "{}",
            failed[0]
        );
    }

    #[test]
    fn stop_ends_a_long_run_and_keeps_the_partial_record() {
        let rows = vec![ComparisonRow {
            depth_min: 30,
            depth_max: 30,
            ..ComparisonRow::new(Algorithm::Minimax)
        }];
        let p = AnyPosition::start(GameKind::Othello);
        let jobs = plan_jobs(
            &rows,
            &[RunPosition::plain(p.clone()), RunPosition::plain(p)],
        )
        .unwrap();
        let mut run = Run::start(jobs, 1, Arc::new(|| {}));
        // Wait until it is searching.
        loop {
            if let Some(RunEvent::Started { .. }) = run.wait(Duration::from_secs(10)) {
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(50));
        run.stop();
        let events = run.join();
        let finished: Vec<&SearchRecord> = events
            .iter()
            .filter_map(|e| match e {
                RunEvent::Finished { result: Ok(r), .. } => Some(r.as_ref()),
                _ => None,
            })
            .collect();
        // The running job ends stopped; the second never starts.
        assert_eq!(finished.len(), 1);
        assert_eq!(
            finished[0].stopped,
            Some(crate::search::StopReason::Stopped)
        );
        assert!(finished[0].counters.nodes() > 0);
    }

    /// A run at depths 1-3 after one at depths 2-5: the new results read 1, 2, 3 in
    /// the plan's order from the top, and the old depths 4 and 5 follow in their
    /// order, whatever order the new ones finished in.
    #[test]
    fn a_new_runs_results_come_first_in_plan_order() {
        let rows = |lo, hi| {
            vec![ComparisonRow {
                depth_min: lo,
                depth_max: hi,
                ..ComparisonRow::new(Algorithm::AlphaBeta)
            }]
        };
        let at = [RunPosition::plain(AnyPosition::start(GameKind::TicTacToe))];
        let old = plan_jobs(&rows(2, 5), &at).unwrap();
        let new = plan_jobs(&rows(1, 3), &at).unwrap();
        let mut results: Vec<ResultEntry> = old
            .iter()
            .map(|j| result_entry(j, Ok(SearchRecord::default())))
            .collect();
        for j in new.iter().rev() {
            insert_result(&mut results, result_entry(j, Ok(SearchRecord::default())));
        }
        order_like_jobs(&mut results, &new);
        let depths: Vec<u32> = results.iter().map(|r| r.depth).collect();
        assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn insert_replaces_the_same_search() {
        let job = &ttt_jobs()[0];
        let mut results = Vec::new();
        insert_result(&mut results, result_entry(job, Err("x".into())));
        insert_result(&mut results, result_entry(job, Ok(SearchRecord::default())));
        assert_eq!(results.len(), 1);
        assert!(results[0].error.is_none());
        assert_eq!(results[0].label, "alphabeta");
    }

    #[test]
    fn a_stopped_or_failed_search_never_replaces_a_complete_one() {
        let job = &ttt_jobs()[0];
        let complete = SearchRecord {
            score: Some(0),
            ..SearchRecord::default()
        };
        let mut stopped = complete.clone();
        stopped.stopped = Some(crate::search::StopReason::Stopped);
        stopped.counters =
            crate::search::Counters::reported(&[(crate::search::Counter::Nodes, 7)], 0.0);
        let mut results = Vec::new();
        assert!(insert_result(
            &mut results,
            result_entry(job, Ok(complete.clone()))
        ));
        assert!(!insert_result(
            &mut results,
            result_entry(job, Ok(stopped.clone()))
        ));
        assert!(!insert_result(
            &mut results,
            result_entry(job, Err("x".into()))
        ));
        assert_eq!(results.len(), 1);
        assert!(results[0].is_complete(), "the complete result stays");
        // With other settings the old result is stale: the new one replaces it, and
        // a complete result always replaces a partial one.
        let mut other = job.clone();
        other.label = "alphabeta+fail-soft".into();
        assert!(insert_result(
            &mut results,
            result_entry(&other, Ok(stopped))
        ));
        assert!(!results[0].is_complete());
        assert!(insert_result(
            &mut results,
            result_entry(&other, Ok(complete))
        ));
        assert!(results[0].is_complete());
    }
}
