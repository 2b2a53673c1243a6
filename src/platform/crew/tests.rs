//! The crew: its threads started once, splits that wait for their members, splits
//! within splits (the waiting owner helping below), panics passed on, lent threads.

use super::*;
use std::sync::atomic::AtomicU64;

/// Waits (politely) until `done` or a few seconds have passed.
fn until(done: impl Fn() -> bool) {
    let start = Instant::now();
    while !done() && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_micros(200));
    }
}

#[test]
fn a_split_waits_for_every_member_and_no_thread_is_started_twice() {
    let crew = Crew::new(3);
    assert_eq!(crew.helpers(), 3);
    for round in 0..20 {
        let joined = AtomicUsize::new(0);
        let finished = AtomicUsize::new(0);
        let seen = Mutex::new(Vec::new());
        let helper = |n: usize| {
            joined.fetch_add(1, Ordering::SeqCst);
            lock(&seen).push(n);
            std::thread::sleep(Duration::from_millis(2));
            finished.fetch_add(1, Ordering::SeqCst);
        };
        let r = crew.gather(3, &helper, || {
            until(|| joined.load(Ordering::SeqCst) == 3);
            round * 2
        });
        assert_eq!(r, round * 2);
        // Every member that joined has finished before the split returned.
        assert_eq!(joined.load(Ordering::SeqCst), 3, "round {round}");
        assert_eq!(finished.load(Ordering::SeqCst), 3, "round {round}");
        let mut seen = seen.into_inner().unwrap_or_default();
        seen.sort_unstable();
        assert_eq!(seen, vec![1, 2, 3]);
    }
    let counts = crew.finish();
    assert_eq!(counts.started, 3);
    assert_eq!(counts.jobs, 20);
    assert_eq!(counts.joins, 60);
    if cfg!(target_os = "linux") {
        // The helpers slept in their sleeps and between jobs.
        assert!(counts.switches >= 60, "{counts:?}");
    }
}

/// Counts the leaves of a uniform tree of `width` and `depth`, splitting every node
/// with `depth >= 2` over the crew: the children are taken one by one by the owner and
/// the members. Each leaf costs a little work, so that helpers have time to join.
fn leaves(crew: &Crew, width: u64, depth: u32) -> u64 {
    if depth == 0 {
        let x = (0..2000u64).fold(width, |x, i| (x ^ i).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        std::hint::black_box(x);
        return 1;
    }
    let next = AtomicU64::new(0);
    let sum = AtomicU64::new(0);
    let work = || {
        while next.fetch_add(1, Ordering::SeqCst) < width {
            sum.fetch_add(leaves(crew, width, depth - 1), Ordering::SeqCst);
        }
    };
    if depth >= 2 && crew.idle() > 0 {
        crew.split(width as usize - 1, depth, &|_| work(), work);
    } else {
        work();
    }
    sum.load(Ordering::SeqCst)
}

#[test]
fn splits_within_splits_count_every_leaf_on_more_threads_than_cores() {
    for helpers in [1, 3, 7, 31] {
        let crew = Crew::new(helpers);
        for _ in 0..3 {
            assert_eq!(leaves(&crew, 5, 6), 5u64.pow(6), "{helpers} helpers");
        }
        let counts = crew.finish();
        assert_eq!(counts.started, helpers as u64);
        assert!(counts.jobs > 0 && counts.joins > 0, "{counts:?}");
    }
}

#[test]
fn a_members_panic_reaches_the_owner_after_all_have_left() {
    let crew = Crew::new(2);
    let joined = AtomicUsize::new(0);
    let left = AtomicUsize::new(0);
    let helper = |n: usize| {
        joined.fetch_add(1, Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(5));
        left.fetch_add(1, Ordering::SeqCst);
        assert!(n != 1, "member 1 fails");
    };
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        crew.gather(2, &helper, || {
            until(|| joined.load(Ordering::SeqCst) == 2);
        });
    }));
    assert!(outcome.is_err());
    assert_eq!(left.load(Ordering::SeqCst), 2);
    // The crew works on.
    assert_eq!(leaves(&crew, 3, 4), 81);
}

#[test]
fn a_split_wakes_no_sleeper_while_every_core_is_busy() {
    let cores = crate::platform::threads::available();
    let crew = Crew::new(7);
    // Let the helpers fall asleep.
    until(|| crew.idle() == 7);
    std::thread::sleep(Duration::from_millis(20));
    let threads = Mutex::new(std::collections::HashSet::new());
    let helper = |_: usize| {
        lock(&threads).insert(std::thread::current().id());
        std::thread::sleep(Duration::from_millis(30));
    };
    crew.split(7, 1, &helper, || {
        std::thread::sleep(Duration::from_millis(60));
    });
    // This thread works: at most one thread fewer than the cores joins (a thread that
    // left may join again, awake as it is).
    let joined = lock(&threads).len();
    assert!(
        joined <= cores.saturating_sub(1).min(7),
        "{joined} on {cores} cores"
    );
    if cores >= 2 {
        assert!(joined >= 1, "a free core and nobody joined");
    }
}

#[test]
fn lent_threads_serve_a_crew_without_threads_of_its_own() {
    let crew = Crew::new(0);
    let keep = AtomicBool::new(true);
    let ran = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| crew.serve_while(&keep));
        }
        until(|| crew.idle() == 2);
        for _ in 0..10 {
            let helper = |_: usize| {
                ran.fetch_add(1, Ordering::SeqCst);
            };
            let before = ran.load(Ordering::SeqCst);
            crew.split(1, 1, &helper, || {
                until(|| ran.load(Ordering::SeqCst) > before);
            });
        }
        keep.store(false, Ordering::SeqCst);
        crew.wake_servers();
    });
    assert!(ran.load(Ordering::SeqCst) >= 10);
    assert_eq!(crew.counts().started, 0);
    assert_eq!(crew.idle(), 0);
}

#[test]
fn a_crew_lapped_counts_each_lap_apart() {
    let mut crew = Crew::new(2);
    let joined = AtomicUsize::new(0);
    let helper = |_: usize| {
        joined.fetch_add(1, Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(1));
    };
    // The owner sleeps until both helpers are in (on a loaded machine a woken helper
    // may take longer than any fixed sleep to get a core).
    let owner = |target: usize| {
        std::thread::sleep(Duration::from_millis(3));
        while joined.load(Ordering::SeqCst) < target {
            std::thread::sleep(Duration::from_millis(1));
        }
    };
    let mut laps = Vec::new();
    for lap in 0..3 {
        crew.gather(2, &helper, || owner(4 * lap + 2));
        crew.gather(2, &helper, || owner(4 * lap + 4));
        laps.push(crew.lap());
    }
    let last = crew.finish();
    // Threads started in the first lap only; each lap its own jobs and joins.
    assert_eq!(
        laps.iter().map(|l| l.started).collect::<Vec<_>>(),
        [2, 0, 0]
    );
    assert!(laps.iter().all(|l| l.jobs == 2), "{laps:?}");
    assert_eq!(laps.iter().map(|l| l.joins).sum::<u64>(), 12, "{laps:?}");
    assert_eq!((last.started, last.jobs), (0, 0));
    if cfg!(target_os = "linux") {
        // Every sleep of the helpers (6 jobs x 2 members) and of the owner (6) is in
        // some lap or in the last part: a helper's count lands in the lap in which it
        // last went to sleep.
        let all = laps.iter().map(|l| l.switches).sum::<u64>() + last.switches;
        assert!(all >= 18, "{laps:?} {last:?}");
        assert!(laps[0].switches >= 6, "the owner's own sleeps: {laps:?}");
    }
}
