//! The one way treelab runs many independent jobs at once: a work-stealing pool (rayon)
//! of a chosen size that takes the jobs in order (the first jobs start first, so a
//! stopped run has the early ones) and gives the results back in job order, so the
//! output of a parallel run is the output of a serial one.
//!
//! Natively a rayon pool; in a browser the jobs run on the caller's thread.
//!
//! Used by the app's Run and `treelab session run` (`runner`), `treelab bench`,
//! `treelab experiment` and `treelab match`.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::crew::Crew;

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
    let order: Vec<usize> = (0..items.len()).collect();
    map_in_start_order(items, &order, threads, stop, task)
}

/// [`map_in_order`] with the items started in `order` (a permutation of their
/// indices: the longest expected first, say, so that no long job starts last and
/// holds the run while the other workers idle). The results still come back in item
/// order; a stopped run has the items that came first in `order`. Indices that are
/// out of range or repeated are ignored, and items missing from `order` are not run.
pub fn map_in_start_order<T: Sync, R: Send>(
    items: &[T],
    order: &[usize],
    threads: usize,
    stop: &AtomicBool,
    task: impl Fn(usize, &T) -> R + Sync + Send,
) -> Vec<Option<R>> {
    map_idling(items, order, threads, stop, None, task)
}

/// [`map_in_start_order`], each worker with no job left to take (every job started)
/// serving `lend` until the last job ends, so that the jobs still running can use its
/// core (a search posts work to the crew, [`Crew::split`]).
fn map_idling<T: Sync, R: Send>(
    items: &[T],
    order: &[usize],
    threads: usize,
    stop: &AtomicBool,
    lend: Option<&Crew>,
    task: impl Fn(usize, &T) -> R + Sync + Send,
) -> Vec<Option<R>> {
    let mut seen = vec![false; items.len()];
    let order: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| i < items.len() && !std::mem::replace(&mut seen[i], true))
        .collect();
    let threads = threads.clamp(1, order.len().max(1));
    let serial = || {
        let mut out: Vec<Option<R>> = items.iter().map(|_| None).collect();
        for &i in &order {
            if !stop.load(Ordering::Relaxed) {
                out[i] = Some(task(i, &items[i]));
            }
        }
        out
    };
    let run = |pool: &rayon::ThreadPool| {
        // Each worker takes the next job in the order until none is left; then, while
        // others still run, it serves `lend`.
        let next = AtomicUsize::new(0);
        let in_flight = AtomicUsize::new(0);
        let open = AtomicBool::new(true);
        let done: std::sync::Mutex<Vec<(usize, R)>> = std::sync::Mutex::new(Vec::new());
        let worker = || {
            loop {
                in_flight.fetch_add(1, Ordering::SeqCst);
                let k = next.fetch_add(1, Ordering::SeqCst);
                let Some(&i) = order.get(k) else {
                    in_flight.fetch_sub(1, Ordering::SeqCst);
                    break;
                };
                if !stop.load(Ordering::Relaxed) {
                    let r = task(i, &items[i]);
                    if let Ok(mut d) = done.lock() {
                        d.push((i, r));
                    }
                }
                in_flight.fetch_sub(1, Ordering::SeqCst);
            }
            if let Some(crew) = lend {
                if in_flight.load(Ordering::SeqCst) == 0 {
                    // The last job is over: the workers serving the crew go.
                    open.store(false, Ordering::SeqCst);
                    crew.wake_servers();
                } else {
                    crew.serve_while(&open);
                }
            }
        };
        pool.scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|_| worker());
            }
        });
        let mut out: Vec<Option<R>> = items.iter().map(|_| None).collect();
        for (i, r) in done.into_inner().unwrap_or_default() {
            out[i] = Some(r);
        }
        out
    };
    if threads == 1 || super::IN_BROWSER {
        // No pool for one worker (or in a browser, one thread): the jobs run here, in
        // order.
        return serial();
    }
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("treelab-worker-{i}"))
        .build()
    {
        Ok(pool) => run(&pool),
        // No threads to be had: run the jobs here, in order, as one worker would.
        Err(_) => serial(),
    }
}

/// [`map_in_start_order`] with the items marked `alone` run after the others, one at
/// a time, each with the machine to itself: a job that starts threads of its own (a
/// parallel search) is then timed without other jobs on its cores, and does not slow
/// theirs. The others share the `threads` workers as before; the results still come
/// back in item order.
///
/// While the others run, a worker with no job left serves `lend` ([`map_idling`]): a
/// grid lends its workers to its last searches
/// ([`crate::search::SearchControl::lend`]).
pub fn map_with_alone<T: Sync, R: Send>(
    items: &[T],
    order: &[usize],
    alone: impl Fn(&T) -> bool,
    threads: usize,
    stop: &AtomicBool,
    lend: Option<&Crew>,
    task: impl Fn(usize, &T) -> R + Sync + Send,
) -> Vec<Option<R>> {
    let (solo, shared): (Vec<usize>, Vec<usize>) = order
        .iter()
        .copied()
        .filter(|&i| i < items.len())
        .partition(|&i| alone(&items[i]));
    let mut out = map_idling(items, &shared, threads, stop, lend, &task);
    let one_by_one = map_in_start_order(items, &solo, 1, stop, &task);
    for (slot, r) in out.iter_mut().zip(one_by_one) {
        if r.is_some() {
            *slot = r;
        }
    }
    out
}

/// The order to start jobs in so that the longest expected go first: indices sorted
/// by `cost` (largest first), ties in index order. With one worker the order does not
/// change the total time, so callers keep their natural order there (a stopped serial
/// run then has the first jobs, the quick ones).
#[must_use]
pub fn longest_first(costs: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by(|&a, &b| costs[b].total_cmp(&costs[a]).then(a.cmp(&b)));
    order
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
    fn jobs_marked_alone_run_after_the_others_one_at_a_time() {
        use std::sync::atomic::AtomicI64;
        let items: Vec<u64> = (0..40).collect();
        let stop = AtomicBool::new(false);
        let running = AtomicI64::new(0);
        let solo_seen_company = AtomicBool::new(false);
        let shared_done = AtomicUsize::new(0);
        let out = map_with_alone(
            &items,
            &(0..40).collect::<Vec<_>>(),
            |&x| x % 10 == 3,
            4,
            &stop,
            None,
            |i, &x| {
                let before = running.fetch_add(1, Ordering::SeqCst);
                if x % 10 == 3 {
                    if before != 0 || shared_done.load(Ordering::SeqCst) != 36 {
                        solo_seen_company.store(true, Ordering::SeqCst);
                    }
                } else {
                    shared_done.fetch_add(1, Ordering::SeqCst);
                }
                std::thread::sleep(std::time::Duration::from_millis(1));
                running.fetch_sub(1, Ordering::SeqCst);
                x * 2 + i as u64
            },
        );
        assert!(!solo_seen_company.load(Ordering::SeqCst));
        let want: Vec<Option<u64>> = items.iter().map(|&x| Some(x * 3)).collect();
        assert_eq!(out, want);
    }

    #[test]
    fn workers_with_no_job_left_serve_the_crew_until_the_last_job_ends() {
        let stop = AtomicBool::new(false);
        let crew = Crew::new(0);
        let items: Vec<usize> = (0..4).collect();
        let order: Vec<usize> = (0..4).collect();
        let joined = AtomicUsize::new(0);
        let out = map_with_alone(
            &items,
            &order,
            |_| false,
            4,
            &stop,
            Some(&crew),
            |i, _| {
                if i != 0 {
                    return 0;
                }
                // The first job offers work to the others once they are idle, and waits
                // for all three (a few seconds at most).
                let start = std::time::Instant::now();
                while crew.idle() < 3 && start.elapsed().as_secs() < 5 {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                let helper = |_: usize| {
                    joined.fetch_add(1, Ordering::SeqCst);
                };
                crew.gather(3, &helper, || {
                    while joined.load(Ordering::SeqCst) < 3 && start.elapsed().as_secs() < 5 {
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                });
                joined.load(Ordering::SeqCst)
            },
        );
        assert_eq!(out, vec![Some(3), Some(0), Some(0), Some(0)]);
        // Nobody serves it once the jobs are over.
        assert_eq!(crew.idle(), 0);
        assert_eq!(crew.counts().started, 0);
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

    #[test]
    fn a_start_order_changes_when_jobs_start_not_what_comes_back() {
        let items: Vec<u64> = (0..50).collect();
        let costs: Vec<f64> = items.iter().map(|&x| ((x * 37) % 11) as f64).collect();
        let order = longest_first(&costs);
        // Largest first, ties in index order.
        assert!(
            order
                .windows(2)
                .all(|w| costs[w[0]] > costs[w[1]] || (costs[w[0]] == costs[w[1]] && w[0] < w[1]))
        );
        let stop = AtomicBool::new(false);
        let plain = map_in_order(&items, 1, &stop, |i, &x| x + i as u64);
        for threads in [1, 2, 5] {
            let started = std::sync::Mutex::new(Vec::new());
            let out = map_in_start_order(&items, &order, threads, &stop, |i, &x| {
                if let Ok(mut s) = started.lock() {
                    s.push(i);
                }
                x + i as u64
            });
            assert_eq!(out, plain, "{threads} threads");
            let started = started.into_inner().unwrap_or_default();
            if threads == 1 {
                assert_eq!(started, order);
            } else {
                let at = |j| started.iter().position(|&x| x == j).unwrap_or(usize::MAX);
                assert!(at(order[0]) < at(order[45]), "{started:?}");
            }
        }
        // Repeats and strays are ignored; what the order leaves out does not run.
        let out = map_in_start_order(&items[..4], &[3, 3, 9, 1], 2, &stop, |i, _| i);
        assert_eq!(out, vec![None, Some(1), None, Some(3)]);
    }
}
