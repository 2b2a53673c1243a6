//! A short soak in the normal test suite (its own test binary, so the process's thread
//! count is this test's alone): searches started and stopped on fresh worker threads
//! for a few seconds leak neither memory nor threads, and every search comes back.
//! `treelab soak --minutes M` runs the long version (docs/reliability.md).

use std::time::Duration;

use treelab::experiment::soak::{SoakConfig, run_soak};

#[test]
fn short_soak_leaks_nothing_and_every_search_returns() {
    let config = SoakConfig {
        duration: Duration::from_secs(4),
        workers: 2,
        max_run: Duration::from_millis(40),
        sample_every: Duration::from_millis(500),
        warmup: Duration::from_secs(1),
        seed: 7,
    };
    let report = run_soak(&config, &mut |s| {
        println!(
            "{:.1} s: {} searches, rss {:?} KiB, {:?} threads",
            s.elapsed_secs, s.searches, s.rss_kib, s.threads
        );
    });
    println!(
        "searches {} completed {} stopped {}; stop latency median {:?} ms max {:?} ms",
        report.searches,
        report.completed,
        report.stopped,
        report.stop_latency_quantile(0.5),
        report.stop_latency_quantile(1.0)
    );
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.wrong_values, 0);
    assert_eq!(
        report.searches,
        report.completed + report.stopped,
        "every search came back with a result"
    );
    assert!(report.stopped > 0 && report.completed > 0);
    assert!(report.samples.len() >= 2);
    // glibc's per-thread malloc arenas keep warming up for the first seconds, in steps
    // of about 3.5 MB (ten runs of this test: 23.7 MB after warm-up rising to 34.7 MB
    // at most), so a four-second run cannot tell that from a leak at the long soak's
    // 1.5x (docs/reliability.md; it failed that once in CI-like runs): twice the
    // memory after warm-up is the bound here. The long soak keeps 1.5x.
    let problems = report.problems(2.0);
    assert!(problems.is_empty(), "{problems:?}");
    if let (Some(before), Some(after)) = (report.threads_before, report.threads_after) {
        assert_eq!(before, after, "no thread outlives its round");
    }
    assert!(
        report
            .stop_latency_quantile(1.0)
            .is_some_and(|ms| ms < 1000.0)
    );
}
