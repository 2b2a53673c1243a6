//! `treelab soak`: start and stop searches for a while and watch memory and threads.

use anyhow::{Result, bail};
use clap::Args;

use crate::experiment::bench;

/// `treelab soak`.
#[derive(Debug, Args)]
pub struct SoakArgs {
    /// How long to run, in minutes.
    #[arg(long, default_value_t = 1.0)]
    pub minutes: f64,
    /// Searches at once.
    #[arg(long, default_value_t = 2)]
    pub workers: usize,
    /// Seconds between samples.
    #[arg(long, default_value_t = 10.0)]
    pub sample_secs: f64,
}

pub(super) fn soak(args: &SoakArgs) -> Result<()> {
    use crate::experiment::soak::{SoakConfig, run_soak};
    let secs = |what: &str, v: f64, max: f64| -> Result<std::time::Duration> {
        if !(v.is_finite() && v > 0.0 && v <= max) {
            bail!("{what} {v} is out of range: use more than 0 and at most {max}");
        }
        Ok(std::time::Duration::from_secs_f64(v))
    };
    if args.workers == 0 || args.workers > bench::MAX_THREADS {
        bail!(
            "{} workers is out of range: use 1 to {}",
            args.workers,
            bench::MAX_THREADS
        );
    }
    let duration = secs("--minutes", args.minutes, 7.0 * 24.0 * 60.0)? * 60;
    let config = SoakConfig {
        duration,
        warmup: duration / 4,
        workers: args.workers,
        sample_every: secs("--sample-secs", args.sample_secs, 3600.0)?,
        ..SoakConfig::default()
    };
    println!("# seconds searches nodes rss_kib threads");
    let report = run_soak(&config, &mut |s| {
        let opt = |v: Option<u64>| v.map_or_else(|| "-".into(), |n| n.to_string());
        println!(
            "{:.1} {} {} {} {}",
            s.elapsed_secs,
            s.searches,
            s.nodes,
            opt(s.rss_kib),
            opt(s.threads)
        );
    });
    println!(
        "searches: {} completed: {} stopped: {} failed: {}",
        report.searches,
        report.completed,
        report.stopped,
        report.failures.len()
    );
    let q = |p: f64| {
        report
            .stop_latency_quantile(p)
            .map_or_else(|| "-".into(), |v| format!("{v:.1}"))
    };
    println!(
        "stop_latency_ms: median {} p99 {} max {}",
        q(0.5),
        q(0.99),
        q(1.0)
    );
    if let Some((warm, last)) = report.rss_warm_and_final() {
        println!(
            "rss_kib: after warm-up ({:.0} s) {warm} final {last}",
            report.warmup_secs
        );
    }
    let problems = report.problems(1.5);
    for p in &problems {
        eprintln!("problem: {p}");
    }
    if !problems.is_empty() {
        bail!("the soak found {} problems", problems.len());
    }
    Ok(())
}
