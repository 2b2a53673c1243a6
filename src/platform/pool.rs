//! The one way treelab runs many independent jobs at once: a work-stealing pool (rayon)
//! of a chosen size that takes the jobs in order (the first jobs start first, so a
//! stopped run has the early ones) and gives the results back in job order, so the
//! output of a parallel run is the output of a serial one.
//!
//! Natively a rayon pool; in a browser the jobs run on the caller's thread.
//!
//! Used by the app's Run and `treelab session run` (`runner`), `treelab bench`,
//! `treelab experiment` and `treelab match`.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::iter::{ParallelBridge, ParallelIterator};

/// Runs `task(index, item)` for every item on `threads` workers (at least one, at most
/// one per item), items taken in order, and returns the results in item order. Once
/// `stop` is set, items not yet started are skipped (`None`); started ones finish (the
/// task may watch `stop` itself to end early).
///
/// A panic in a task is carried to the caller, as from a serial loop; jobs that must
/// survive a panic guard themselves (`engine::run_guarded`).
pub fn map_in_order<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    stop: &AtomicBool,
    task: impl Fn(usize, &T) -> R + Sync + Send,
) -> Vec<Option<R>> {
    let threads = threads.clamp(1, items.len().max(1));
    let run = || {
        let mut out: Vec<(usize, Option<R>)> = items
            .iter()
            .enumerate()
            .par_bridge()
            .map(|(i, item)| {
                let r = (!stop.load(Ordering::Relaxed)).then(|| task(i, item));
                (i, r)
            })
            .collect();
        out.sort_by_key(|&(i, _)| i);
        out.into_iter().map(|(_, r)| r).collect()
    };
    if threads == 1 || super::IN_BROWSER {
        // No pool for one worker (or in a browser, one thread): the jobs run here, in
        // order.
        return items
            .iter()
            .enumerate()
            .map(|(i, item)| (!stop.load(Ordering::Relaxed)).then(|| task(i, item)))
            .collect();
    }
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("treelab-worker-{i}"))
        .build()
    {
        Ok(pool) => pool.install(run),
        // No threads to be had: run the jobs here, in order, as one worker would.
        Err(_) => items
            .iter()
            .enumerate()
            .map(|(i, item)| (!stop.load(Ordering::Relaxed)).then(|| task(i, item)))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn results_come_back_in_item_order_whatever_the_threads() {
        let items: Vec<u64> = (0..200).collect();
        let stop = AtomicBool::new(false);
        let serial = map_in_order(&items, 1, &stop, |i, &x| x * x + i as u64);
        for threads in [2, 3, 8] {
            let parallel = map_in_order(&items, threads, &stop, |i, &x| x * x + i as u64);
            assert_eq!(parallel, serial, "{threads} threads");
        }
        assert!(serial.iter().all(Option::is_some));
    }

    #[test]
    fn a_stop_skips_the_jobs_not_yet_started() {
        let items: Vec<usize> = (0..100).collect();
        let stop = AtomicBool::new(false);
        let ran = AtomicUsize::new(0);
        let out = map_in_order(&items, 2, &stop, |i, _| {
            ran.fetch_add(1, Ordering::Relaxed);
            if i == 10 {
                stop.store(true, Ordering::Relaxed);
            }
            i
        });
        let done = out.iter().filter(|r| r.is_some()).count();
        assert_eq!(done, ran.load(Ordering::Relaxed));
        assert!(done < items.len(), "{done} jobs ran after the stop");
        // Whatever ran is in its place.
        for (i, r) in out.iter().enumerate() {
            assert!(r.is_none() || *r == Some(i));
        }
    }

    #[test]
    fn jobs_are_taken_in_order() {
        // With one worker busy on job 0, the other takes 1, 2, ... in turn: job 1 is
        // always started before job 50.
        let items: Vec<usize> = (0..60).collect();
        let stop = AtomicBool::new(false);
        let order = std::sync::Mutex::new(Vec::new());
        map_in_order(&items, 2, &stop, |i, _| {
            if let Ok(mut o) = order.lock() {
                o.push(i);
            }
        });
        let order = order.into_inner().unwrap_or_default();
        let at = |j| order.iter().position(|&x| x == j).unwrap_or(usize::MAX);
        assert!(at(1) < at(50), "{order:?}");
        assert_eq!(order.len(), 60);
    }
}
