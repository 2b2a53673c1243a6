//! `treelab soak`: many searches started and stopped on worker threads for a while, with
//! the process's memory and thread count sampled over time, to show that long sessions
//! leak neither and that every search still comes back with a result.
//!
//! Each round starts `workers` fresh threads, each with one search from a fixed, seeded
//! rotation of jobs (deep Othello, Connect Four and random-tree searches with tables,
//! killers, history, shallow-search and oracle ordering, SSS*), lets them run a few
//! tens of milliseconds, raises the stop flag and joins them. A tic-tac-toe search to
//! the end runs in every round and must finish with the game's value, 0. The time from
//! raising the flag to the last thread's return is the stop latency.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::platform::clock::Instant;
use crate::platform::machine::proc_status;
use crate::platform::threads;

use crate::engine::{
    AnyPosition, EngineError, GameKind, SearchRecord, SearchRequest, Suite, run_search_guarded,
};
use crate::game::SeededRng;
use crate::search::{Algorithm, MoveOrder, SearchControl, SearchOptions};

/// What a soak run does.
#[derive(Clone, Debug)]
pub struct SoakConfig {
    /// How long to run.
    pub duration: Duration,
    /// Searches running at once (fresh threads every round).
    pub workers: usize,
    /// The longest a search runs before it is stopped (each round draws 1 ms to this).
    pub max_run: Duration,
    /// How often memory and threads are sampled.
    pub sample_every: Duration,
    /// How long the allocator gets to reach its working size: memory growth is measured
    /// from the first sample at or after this time (the first quarter of the run by
    /// default; treelab's own runs plateau after about 90 s).
    pub warmup: Duration,
    /// The seed of the job rotation and of the run lengths.
    pub seed: u64,
}

impl Default for SoakConfig {
    fn default() -> Self {
        SoakConfig {
            duration: Duration::from_secs(60),
            workers: 2,
            max_run: Duration::from_millis(60),
            sample_every: Duration::from_secs(5),
            warmup: Duration::from_secs(15),
            seed: 1,
        }
    }
}

/// One sample of the process during a soak.
#[derive(Clone, Debug, PartialEq)]
pub struct SoakSample {
    /// Seconds since the soak started.
    pub elapsed_secs: f64,
    /// Resident memory in KiB (`VmRSS`), when the platform tells.
    pub rss_kib: Option<u64>,
    /// Threads of the process (`Threads`), when the platform tells.
    pub threads: Option<u64>,
    /// Searches run so far.
    pub searches: u64,
    /// Nodes searched so far.
    pub nodes: u64,
}

/// What a soak found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SoakReport {
    /// Samples over time; the first one is taken after every job has run twice.
    pub samples: Vec<SoakSample>,
    /// Searches run.
    pub searches: u64,
    /// Searches that finished (not stopped).
    pub completed: u64,
    /// Searches ended by the stop flag (or their memory cap).
    pub stopped: u64,
    /// Searches that returned an error or panicked (each is a bug).
    pub failures: Vec<String>,
    /// Tic-tac-toe control searches that finished with a value other than 0.
    pub wrong_values: u64,
    /// Threads of the process before the first round and after the last.
    pub threads_before: Option<u64>,
    /// See `threads_before`.
    pub threads_after: Option<u64>,
    /// Stop latencies (flag raised to every worker joined), in milliseconds.
    pub stop_latencies_ms: Vec<f64>,
    /// Seconds of warm-up (see [`SoakConfig::warmup`]).
    pub warmup_secs: f64,
}

impl SoakReport {
    /// Resident memory at the first sample after the warm-up and at the end, in KiB.
    #[must_use]
    pub fn rss_warm_and_final(&self) -> Option<(u64, u64)> {
        let first = self
            .samples
            .iter()
            .find(|s| s.elapsed_secs >= self.warmup_secs)
            .or(self.samples.last())?
            .rss_kib?;
        let last = self.samples.last()?.rss_kib?;
        Some((first, last))
    }

    /// The `q`-quantile (0 ..= 1) of the stop latencies, in milliseconds.
    #[must_use]
    pub fn stop_latency_quantile(&self, q: f64) -> Option<f64> {
        let mut v = self.stop_latencies_ms.clone();
        if v.is_empty() {
            return None;
        }
        v.sort_by(f64::total_cmp);
        let i = ((v.len() - 1) as f64 * q.clamp(0.0, 1.0)).round() as usize;
        v.get(i).copied()
    }

    /// What is wrong, if anything: failed searches, wrong values, leaked threads, or
    /// final memory above `max_growth` times the memory after warm-up.
    #[must_use]
    pub fn problems(&self, max_growth: f64) -> Vec<String> {
        let mut out: Vec<String> = self.failures.clone();
        if self.wrong_values > 0 {
            out.push(format!(
                "{} control searches returned a wrong value",
                self.wrong_values
            ));
        }
        if let (Some(a), Some(b)) = (self.threads_before, self.threads_after)
            && b > a
        {
            out.push(format!("threads grew from {a} to {b}"));
        }
        if let Some((warm, last)) = self.rss_warm_and_final()
            && last as f64 > warm as f64 * max_growth
        {
            out.push(format!(
                "resident memory grew from {warm} KiB after warm-up to {last} KiB"
            ));
        }
        out
    }
}

/// The rotation of deep jobs (position, request): each would run far longer than a
/// round, so each is stopped.
fn deep_jobs() -> Vec<(AnyPosition, SearchRequest)> {
    let req = |algorithm, options: SearchOptions, depth| SearchRequest {
        algorithm,
        options,
        depth,
        evaluator: String::new(),
    };
    let mut jobs = Vec::new();
    let othello: Vec<AnyPosition> = Suite::load_named("fforum-40-59.obf")
        .map(|s| s.items.into_iter().map(|i| i.position).collect())
        .unwrap_or_else(|_| vec![AnyPosition::start(GameKind::Othello)]);
    let c4 = AnyPosition::parse(GameKind::Connect4, "4453").ok();
    let tree = AnyPosition::parse(GameKind::RandomTree, "w=8 d=30 seed=5 independent=1000").ok();
    let tt = SearchOptions {
        tt_mib: 8,
        iterative_deepening: true,
        killers: 2,
        history: true,
        ..SearchOptions::default()
    };
    for pos in othello.iter().take(6) {
        jobs.push((pos.clone(), req(Algorithm::NegaScout, tt.clone(), 20)));
        jobs.push((
            pos.clone(),
            req(
                Algorithm::NegaAlpha,
                SearchOptions {
                    ordering: MoveOrder::Shallow(4),
                    ..SearchOptions::default()
                },
                18,
            ),
        ));
    }
    if let Some(c4) = c4 {
        jobs.push((c4.clone(), req(Algorithm::MtdF, tt.clone(), 30)));
        jobs.push((
            c4,
            req(
                Algorithm::Pvs,
                SearchOptions {
                    ordering: MoveOrder::Oracle,
                    ..SearchOptions::default()
                },
                24,
            ),
        ));
    }
    if let Some(tree) = tree {
        jobs.push((
            tree.clone(),
            req(
                Algorithm::SssStar,
                SearchOptions {
                    sss_memory_mib: 64,
                    ..SearchOptions::default()
                },
                30,
            ),
        ));
        jobs.push((tree, req(Algorithm::MtSss, tt, 30)));
    }
    jobs
}

fn sample(start: Instant, searches: u64, nodes: u64) -> SoakSample {
    SoakSample {
        elapsed_secs: start.elapsed().as_secs_f64(),
        rss_kib: proc_status("VmRSS"),
        threads: proc_status("Threads"),
        searches,
        nodes,
    }
}

/// Counts one search of a round into `report`: how it ended, and whether the control
/// search found its known value. Returns its nodes.
fn tally(
    report: &mut SoakReport,
    is_control: bool,
    handle: std::io::Result<threads::JoinHandle<Result<SearchRecord, EngineError>>>,
) -> u64 {
    report.searches += 1;
    let Ok(handle) = handle else {
        report.failures.push("no thread could be started".into());
        return 0;
    };
    match handle.join() {
        Ok(Ok(record)) => {
            if record.stopped.is_some() {
                report.stopped += 1;
            } else {
                report.completed += 1;
                if is_control && record.score != Some(0) {
                    report.wrong_values += 1;
                }
            }
            record.counters.nodes() + record.counters.ordering_nodes()
        }
        Ok(Err(e)) => {
            report.failures.push(e.to_string());
            0
        }
        Err(_) => {
            report.failures.push("a worker thread panicked".into());
            0
        }
    }
}

/// Runs a soak (see the module doc); `on_sample` sees every sample as it is taken.
pub fn run_soak(config: &SoakConfig, on_sample: &mut dyn FnMut(&SoakSample)) -> SoakReport {
    let jobs = deep_jobs();
    let control_job = (
        AnyPosition::start(GameKind::TicTacToe),
        SearchRequest {
            algorithm: Algorithm::NegaAlpha,
            options: SearchOptions::default(),
            depth: 9,
            evaluator: String::new(),
        },
    );
    let mut rng = SeededRng::new(config.seed);
    let mut report = SoakReport {
        threads_before: proc_status("Threads"),
        warmup_secs: config.warmup.as_secs_f64(),
        ..SoakReport::default()
    };
    let start = Instant::now();
    let mut next_sample: Option<Instant> = None;
    let mut nodes = 0u64;
    let mut round = 0usize;
    let max_run_ms = config.max_run.as_millis().clamp(1, 60_000) as u64;
    // Every job runs at least once before the first sample, so the allocator's arenas
    // have grown to their working size and later growth means a leak.
    let warmup_rounds = 2 * jobs.len().max(1);
    while round < warmup_rounds || start.elapsed() < config.duration {
        let stop = Arc::new(AtomicBool::new(false));
        let mut handles = Vec::new();
        for w in 0..config.workers.max(1) {
            let job = if w == 0 && round.is_multiple_of(2) {
                control_job.clone()
            } else {
                jobs[(round * config.workers.max(1) + w) % jobs.len()].clone()
            };
            let control = SearchControl {
                stop: Arc::clone(&stop),
                ..SearchControl::default()
            };
            let is_control = job.1.depth == 9 && job.0.kind() == GameKind::TicTacToe;
            handles.push((
                is_control,
                threads::spawn("treelab-soak", move || {
                    run_search_guarded(&job.0, &job.1, control)
                }),
            ));
        }
        threads::sleep(Duration::from_millis(1 + rng.below(max_run_ms)));
        let raised = Instant::now();
        stop.store(true, Ordering::Relaxed);
        for (is_control, handle) in handles {
            nodes += tally(&mut report, is_control, handle);
        }
        report
            .stop_latencies_ms
            .push(raised.elapsed().as_secs_f64() * 1e3);
        round += 1;
        let now = Instant::now();
        if round >= warmup_rounds && next_sample.is_none_or(|t| now >= t) {
            let s = sample(start, report.searches, nodes);
            on_sample(&s);
            report.samples.push(s);
            next_sample = Some(now + config.sample_every);
        }
    }
    let s = sample(start, report.searches, nodes);
    on_sample(&s);
    report.samples.push(s);
    // A joined thread may still be counted for a moment: the kernel clears the thread
    // id that join waits on before it takes the thread off the process's count. Look
    // again for up to a second before calling a thread leaked.
    report.threads_after = proc_status("Threads");
    for _ in 0..100 {
        match (report.threads_before, report.threads_after) {
            (Some(before), Some(after)) if after > before => {
                threads::sleep(Duration::from_millis(10));
                report.threads_after = proc_status("Threads");
            }
            _ => break,
        }
    }
    report
}
