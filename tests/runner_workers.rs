//! The browser's job host, run natively: the runner's [`WorkerHost`] hands jobs to a
//! pool of workers as text messages and reads their events back, the way a page's Web
//! Workers do. Its counts must be the native host's, job for job, and Stop must end
//! the searches in flight as stopped and drop the rest.

use std::sync::Arc;
use std::time::Duration;

use treelab::engine::{AnyPosition, GameKind, SearchRecord};
use treelab::runner::{Job, JobOrder, Run, RunEvent, RunPosition, WorkerHost, plan_jobs};
use treelab::search::{Algorithm, StopReason};
use treelab::session::{ComparisonRow, OpenSuite};

/// The records of a finished run, by job.
fn records(events: &[RunEvent], jobs: usize) -> Vec<Option<Result<SearchRecord, String>>> {
    let mut out = vec![None; jobs];
    for e in events {
        if let RunEvent::Finished { job, result } = e {
            assert!(out[*job].is_none(), "job {job} finished twice");
            out[*job] = Some(result.clone().map(|r| *r));
        }
    }
    out
}

/// The jobs of a small grid: four algorithms over three FFO positions and the
/// tic-tac-toe start, at depths 1 to 4.
fn grid() -> Vec<Job> {
    let suite = OpenSuite::open("fforum-40-59.obf").expect("the shipped suite opens");
    let mut positions: Vec<RunPosition> = suite.suite.items[..3]
        .iter()
        .map(|i| RunPosition::plain(i.position.clone()))
        .collect();
    positions.push(RunPosition::plain(AnyPosition::start(GameKind::TicTacToe)));
    let rows: Vec<ComparisonRow> = [
        Algorithm::NegaAlpha,
        Algorithm::NegaScout,
        Algorithm::MtdF,
        Algorithm::Mcts,
    ]
    .into_iter()
    .map(|a| ComparisonRow {
        depth_min: 1,
        depth_max: 4,
        ..ComparisonRow::new(a)
    })
    .collect();
    plan_jobs(&rows, &positions).expect("the grid plans")
}

#[test]
fn workers_count_what_the_threads_count() {
    let jobs = grid();
    let n = jobs.len();
    let native = records(&Run::start(jobs.clone(), 2, Arc::new(|| {})).join(), n);
    let jobs = Arc::new(jobs);
    let host = WorkerHost::start(
        Arc::clone(&jobs),
        3,
        Arc::new(|| {}),
        JobOrder::LongestFirst,
    )
    .expect("workers start");
    let browser = records(&Run::start_on(jobs, 3, Box::new(host)).join(), n);
    for (i, (a, b)) in native.iter().zip(&browser).enumerate() {
        let a = a
            .as_ref()
            .expect("every native job finished")
            .as_ref()
            .expect("and found");
        let b = b
            .as_ref()
            .expect("every worker job finished")
            .as_ref()
            .expect("and found");
        let untimed = |r: &SearchRecord| r.counters.without_time();
        assert_eq!(untimed(a), untimed(b), "job {i}: the counters");
        assert_eq!(
            (a.score, &a.best_move, &a.pv, a.depth_reached),
            (b.score, &b.best_move, &b.pv, b.depth_reached),
            "job {i}: the result"
        );
        assert!(a.counters.nodes() > 0, "job {i} searched");
    }
}

#[test]
fn stop_ends_the_workers_searches_as_stopped_and_drops_the_rest() {
    let rows = vec![ComparisonRow {
        depth_min: 30,
        depth_max: 30,
        ..ComparisonRow::new(Algorithm::Minimax)
    }];
    let p = AnyPosition::start(GameKind::Othello);
    let positions = vec![RunPosition::plain(p); 3];
    let jobs = Arc::new(plan_jobs(&rows, &positions).unwrap());
    let host = WorkerHost::start(
        Arc::clone(&jobs),
        2,
        Arc::new(|| {}),
        JobOrder::LongestFirst,
    )
    .unwrap();
    let mut run = Run::start_on(jobs, 2, Box::new(host));
    // Wait for a progress report, so that the stopped record has counts.
    let mut seen = Vec::new();
    loop {
        match run.wait(Duration::from_secs(30)) {
            Some(e @ RunEvent::Progress { .. }) => {
                seen.push(e);
                break;
            }
            Some(e) => seen.push(e),
            None => panic!("no progress within 30 s"),
        }
    }
    run.stop();
    seen.extend(run.join());
    let done = records(&seen, 3);
    // Two workers: the first two jobs were in flight and end stopped; the third never
    // started.
    for (i, r) in done.iter().take(2).enumerate() {
        let r = r.as_ref().expect("a job in flight ends").as_ref().unwrap();
        assert_eq!(r.stopped, Some(StopReason::Stopped), "job {i}");
        assert_eq!(r.score, None, "a stopped search has no value");
    }
    assert!(done[2].is_none(), "a job not handed out is dropped");
    let with_counts = done
        .iter()
        .flatten()
        .filter(|r| r.as_ref().is_ok_and(|r| r.counters.nodes() > 0))
        .count();
    assert!(with_counts >= 1, "the last progress's nodes stay");
}

/// Forty small searches: tic-tac-toe at depths 1 to 4 from ten positions.
fn small_jobs() -> Vec<Job> {
    let texts = [
        "",
        "x........",
        ".x.......",
        "....x....",
        "x...o....",
        "xo.......",
        "x.o......",
        "x...o...x",
        "xx..o....",
        "x.x.o....",
    ];
    let positions: Vec<RunPosition> = texts
        .iter()
        .map(|t| RunPosition::plain(AnyPosition::parse(GameKind::TicTacToe, t).unwrap()))
        .collect();
    let rows = vec![ComparisonRow {
        depth_min: 1,
        depth_max: 4,
        ..ComparisonRow::new(Algorithm::AlphaBeta)
    }];
    plan_jobs(&rows, &positions).expect("the small grid plans")
}

/// A worker takes its next job as soon as it ends one, whether or not the host's owner
/// looks (a page looks four times a second): every job of a run of small searches
/// ends while nobody polls, and the events are all there at the first look, in the
/// order the jobs were given on one worker.
#[test]
fn workers_take_the_next_job_without_waiting_for_the_owner() {
    for workers in [1, 3] {
        next_job_without_the_owner(workers);
    }
}

fn next_job_without_the_owner(workers: usize) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let jobs = Arc::new(small_jobs());
    let n = jobs.len();
    let posts = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&posts);
    let host = WorkerHost::start(
        Arc::clone(&jobs),
        workers,
        Arc::new(move || {
            counted.fetch_add(1, Ordering::SeqCst);
        }),
        JobOrder::LongestFirst,
    )
    .expect("workers start");
    let mut run = Run::start_on(Arc::clone(&jobs), workers, Box::new(host));
    // Ready, then each job's start and end (and perhaps a progress report): no poll
    // in between, until the posts have stopped for a while.
    let start = std::time::Instant::now();
    let (mut seen, mut still) = (0, 0);
    while seen < workers + 2 * n || still < 60 {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{workers} workers: only {seen} posts of at least {} came while nobody looked: the jobs wait for the owner",
            workers + 2 * n
        );
        std::thread::sleep(Duration::from_millis(5));
        let now = posts.load(Ordering::SeqCst);
        still = if now == seen { still + 1 } else { 0 };
        seen = now;
    }
    let events = run.poll();
    let started: Vec<usize> = events
        .iter()
        .filter_map(|e| match e {
            RunEvent::Started { job } => Some(*job),
            _ => None,
        })
        .collect();
    if workers == 1 {
        assert_eq!(
            started,
            (0..n).collect::<Vec<_>>(),
            "one worker: the order given"
        );
    } else {
        assert_eq!(
            started.len(),
            n,
            "{workers} workers: every job started once"
        );
    }
    let done = records(&events, n);
    assert!(
        done.iter().all(|r| r.as_ref().is_some_and(Result::is_ok)),
        "every job ended at the first look"
    );
    assert!(run.join().is_empty(), "nothing more");
}

/// A worker that holds the job after the one it searches (its last search was
/// short) drops it on Stop: only the search in flight ends, as stopped.
#[test]
fn stop_drops_the_job_a_worker_holds_ahead() {
    let ttt = RunPosition::plain(AnyPosition::start(GameKind::TicTacToe));
    let othello = RunPosition::plain(AnyPosition::start(GameKind::Othello));
    let quick = vec![ComparisonRow {
        depth_min: 1,
        depth_max: 2,
        ..ComparisonRow::new(Algorithm::AlphaBeta)
    }];
    // Seconds long (a native worker thread cannot be ended: it finishes unheard):
    // 212 million leaves.
    let long = vec![ComparisonRow {
        depth_min: 11,
        depth_max: 11,
        ..ComparisonRow::new(Algorithm::Minimax)
    }];
    // Two quick searches, a long one, two quick ones: one worker.
    let mut jobs = plan_jobs(&quick, std::slice::from_ref(&ttt)).unwrap();
    jobs.extend(plan_jobs(&long, &[othello]).unwrap());
    jobs.extend(plan_jobs(&quick, &[ttt]).unwrap());
    let jobs = Arc::new(jobs);
    let host = WorkerHost::start(
        Arc::clone(&jobs),
        1,
        Arc::new(|| {}),
        JobOrder::LongestFirst,
    )
    .unwrap();
    let mut run = Run::start_on(jobs, 1, Box::new(host));
    let mut seen = Vec::new();
    loop {
        match run.wait(Duration::from_secs(30)) {
            Some(e @ RunEvent::Progress { job: 2, .. }) => {
                seen.push(e);
                break;
            }
            Some(e) => seen.push(e),
            None => panic!("no progress of the long search within 30 s"),
        }
    }
    run.stop();
    seen.extend(run.join());
    let done = records(&seen, 5);
    assert!(done[0].as_ref().is_some_and(Result::is_ok));
    assert!(done[1].as_ref().is_some_and(Result::is_ok));
    let long = done[2]
        .as_ref()
        .expect("the search in flight ends")
        .as_ref()
        .unwrap();
    assert_eq!(long.stopped, Some(StopReason::Stopped));
    assert!(
        done[3].is_none(),
        "the job held ahead is dropped, not run or failed"
    );
    assert!(done[4].is_none(), "the job not handed out is dropped");
    assert!(
        !seen
            .iter()
            .any(|e| matches!(e, RunEvent::Started { job: 3 | 4 })),
        "nothing started after the long search"
    );
}
