//! A crew: helper threads started once and kept for as long as the crew lives (a
//! search, a solver, a grid), and the one way treelab's parallel searches share work
//! out: a split posts a job, idle helpers join it, and the split's owner waits for them
//! while working on the jobs its helpers posted below it.
//!
//! - **Jobs.** [`Crew::split`] posts a job with room for some helpers and runs the
//!   owner's own part on the calling thread. An idle helper takes the open job of the
//!   highest priority (the most depth left: the most work), runs the job's work with its
//!   member number, and goes back to look for another. The owner then closes the job
//!   (no helper joins it after) and returns once every helper that joined has left.
//! - **Idle helpers** spin briefly (with more threads than the machine has cores, one
//!   at a time and only while a core is free: a spinning thread must not take a core
//!   from a working one), then
//!   sleep until a new job wakes them: one wake-up per helper a job has room for, never
//!   a broadcast.
//! - **Helpful master.** An owner waiting for its helpers takes the jobs its helpers
//!   posted below its split (only those: any other job could keep it busy after its own
//!   split is done), as Edax's and Stockfish's waiting masters do; with none to take it
//!   sleeps until its last helper leaves or a job below it is posted.
//! - **Lent threads.** A crew may have no threads of its own: threads that have
//!   nothing else to do serve it for a while ([`Crew::serve_while`]); a grid's workers
//!   with no cell left serve the grid's crew so that its last cells use their cores.
//!
//! Its counters ([`CrewCounts`]): threads started, wake-ups of sleeping threads, the
//! thread-time spent idle, and the voluntary context switches of its threads (from
//! `getrusage`), the figures that tell a machine of few cores what many cores would
//! see. A crew kept from one search to the next (a grid's searches on threads, cell
//! after cell) counts each search apart: [`Crew::lap`].
//!
//! In a browser there are no threads: a crew has no helpers, and a split runs the
//! owner's part alone.

use std::any::Any;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use super::clock::Instant;
use super::machine::thread_voluntary_switches;

/// How long an idle thread spins before it sleeps, when the crew's threads fit on the
/// machine's cores: a job posted meanwhile is taken without a wake-up.
const SPIN: Duration = Duration::from_micros(50);

/// A job's work, as its members call it: with the member's number (1, 2, ...; the
/// owner, 0, runs its part apart).
pub type Work<'w> = dyn Fn(usize) + Sync + 'w;

/// What a crew counted, from its start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CrewCounts {
    /// Threads the crew started (its helpers; lent threads are not started).
    pub started: u64,
    /// Times a sleeping thread was woken to work (a job posted, a split's last helper
    /// gone).
    pub wakeups: u64,
    /// Thread-microseconds its threads spent with nothing to do (helpers idle, owners
    /// waiting for their helpers with no job below them).
    pub idle_micros: u64,
    /// Voluntary context switches of its threads and of the thread that made it, from
    /// `getrusage` (complete once the crew is finished, [`Crew::finish`]); 0 where the
    /// system does not tell.
    pub switches: u64,
    /// Jobs posted (splits that offered work).
    pub jobs: u64,
    /// Times a thread joined a job.
    pub joins: u64,
}

impl CrewCounts {
    /// What was counted after `earlier` (a snapshot of the same crew).
    #[must_use]
    pub fn since(&self, earlier: &CrewCounts) -> CrewCounts {
        CrewCounts {
            started: self.started.saturating_sub(earlier.started),
            wakeups: self.wakeups.saturating_sub(earlier.wakeups),
            idle_micros: self.idle_micros.saturating_sub(earlier.idle_micros),
            switches: self.switches.saturating_sub(earlier.switches),
            jobs: self.jobs.saturating_sub(earlier.jobs),
            joins: self.joins.saturating_sub(earlier.joins),
        }
    }
}

/// Helper threads kept for the life of the crew (see the module doc).
pub struct Crew {
    shared: Arc<Shared>,
    handles: Vec<super::threads::JoinHandle<()>>,
    /// The owner thread's voluntary switches at the start of this lap (the crew's
    /// start, or its last [`Crew::lap`]).
    creator: Option<(std::thread::ThreadId, u64)>,
    /// What the crew had counted at the start of this lap.
    lap_start: CrewCounts,
}

impl std::fmt::Debug for Crew {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Crew")
            .field("helpers", &self.handles.len())
            .field("counts", &self.counts())
            .finish_non_exhaustive()
    }
}

/// What the crew's threads share.
struct Shared {
    board: Mutex<Board>,
    /// Room left over the open jobs (read without the lock by spinning threads).
    room: AtomicUsize,
    /// Threads that could take work now: helpers not in a job, owners waiting.
    idle: AtomicUsize,
    /// Raised when the crew ends.
    closing: AtomicBool,
    /// The threads working for the crew: its helpers, the threads serving it, its
    /// owner. More than the machine's cores, and idle threads do not spin.
    attached: AtomicUsize,
    /// The machine's cores.
    cores: usize,
    /// Idle helpers spinning now, when the crew has more threads than cores.
    spinning: AtomicUsize,
    started: AtomicU64,
    wakeups: AtomicU64,
    idle_nanos: AtomicU64,
    /// Voluntary switches of owner threads (added at each lap's end) and of lent
    /// threads.
    switches: AtomicU64,
    /// Each helper's voluntary switches since it started, as it last wrote them
    /// (before each sleep and when it ends).
    helper_switches: Vec<AtomicU64>,
    jobs: AtomicU64,
    joins: AtomicU64,
}

/// The open jobs and the sleeping threads.
struct Board {
    jobs: Vec<Arc<Job>>,
    sleepers: Vec<std::thread::Thread>,
}

/// A split's job.
struct Job {
    /// The work, its lifetime erased: it is called only by members, and the job's
    /// owner does not leave [`Crew::split`] (where the work lives) before every member
    /// has left and the job is off the board.
    work: *const Work<'static>,
    /// The crew it was posted to (by address: a thread may work for two crews).
    crew: *const Shared,
    /// The job its owner was working in when it posted this one.
    parent: Option<Arc<Job>>,
    owner: std::thread::Thread,
    /// Room for more members; changed under the board's lock.
    room: AtomicUsize,
    /// Members so far (numbers them).
    joined: AtomicUsize,
    /// Members working now.
    members: AtomicUsize,
    /// The owner sleeps waiting for its members.
    owner_asleep: AtomicBool,
    priority: u32,
    /// A team's job: every sleeper it has room for is woken, whatever the cores.
    eager: bool,
    /// A member's panic, passed on to the owner.
    panic: Mutex<Option<Box<dyn Any + Send>>>,
}

// SAFETY: `work` points to a `Sync` closure that outlives every use of the pointer
// (see `Job::work`), and `crew` is compared, never dereferenced.
unsafe impl Send for Job {}
// SAFETY: as above; every other field is `Sync`.
unsafe impl Sync for Job {}

impl Job {
    /// Whether `self` was posted below `ancestor` (inside its work, at any depth).
    fn descends_from(&self, ancestor: &Job) -> bool {
        let mut at = self.parent.as_deref();
        while let Some(j) = at {
            if std::ptr::eq(j, ancestor) {
                return true;
            }
            at = j.parent.as_deref();
        }
        false
    }
}

std::thread_local! {
    /// The jobs this thread works in, the innermost last.
    static CURRENT: RefCell<Vec<Arc<Job>>> = const { RefCell::new(Vec::new()) };
}

/// `m` locked, poisoned or not (what it guards is whole after every write).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Crew {
    /// A crew of `helpers` threads, started now (none in a browser, fewer when the
    /// system refuses some); the calling thread is the crew's owner thread, whose
    /// context switches its counters include.
    #[must_use]
    pub fn new(helpers: usize) -> Crew {
        let helpers = if super::IN_BROWSER { 0 } else { helpers };
        let shared = Arc::new(Shared {
            board: Mutex::new(Board {
                jobs: Vec::new(),
                sleepers: Vec::new(),
            }),
            room: AtomicUsize::new(0),
            idle: AtomicUsize::new(0),
            closing: AtomicBool::new(false),
            attached: AtomicUsize::new(helpers + 1),
            cores: super::threads::available(),
            spinning: AtomicUsize::new(0),
            started: AtomicU64::new(0),
            wakeups: AtomicU64::new(0),
            idle_nanos: AtomicU64::new(0),
            switches: AtomicU64::new(0),
            helper_switches: (0..helpers).map(|_| AtomicU64::new(0)).collect(),
            jobs: AtomicU64::new(0),
            joins: AtomicU64::new(0),
        });
        let mut handles = Vec::with_capacity(helpers);
        for i in 0..helpers {
            let s = Arc::clone(&shared);
            s.idle.fetch_add(1, Ordering::SeqCst);
            match super::threads::spawn(&format!("treelab-helper-{i}"), move || {
                helper_main(&s, i);
            }) {
                Ok(h) => {
                    shared.started.fetch_add(1, Ordering::Relaxed);
                    handles.push(h);
                }
                Err(_) => {
                    shared.idle.fetch_sub(1, Ordering::SeqCst);
                    break;
                }
            }
        }
        Crew {
            shared,
            handles,
            creator: owner_switches(),
            lap_start: CrewCounts::default(),
        }
    }

    /// The machine's cores, as the crew counts them: the most threads that can work
    /// at once, the splitting thread's included.
    #[must_use]
    pub fn cores(&self) -> usize {
        self.shared.cores
    }

    /// The crew's own threads.
    #[must_use]
    pub fn helpers(&self) -> usize {
        self.handles.len()
    }

    /// How many threads could take work now (helpers not in a job, owners waiting for
    /// theirs): a hint, for a split to decide whether to offer work at all.
    #[inline]
    #[must_use]
    pub fn idle(&self) -> usize {
        self.shared.idle.load(Ordering::Relaxed)
    }

    /// Runs `owner` on this thread and offers `helper` to up to `room` idle threads
    /// (each calls it with its member number, 1 on), of `priority` among the open jobs
    /// (the most depth left first); returns `owner`'s result once every thread that
    /// joined has left. Waiting for them, this thread takes the jobs posted below this
    /// one. A helper's panic is passed on here, after all have left, as is the
    /// owner's own.
    ///
    /// A sleeping thread is woken for the job only while fewer of the crew's threads
    /// work than the machine has cores: with every core busy a woken thread would only
    /// take a core from another (on 16 cores with 16 threads that never holds one
    /// back; on 2 cores it keeps 16 threads from thrashing).
    pub fn split<R>(
        &self,
        room: usize,
        priority: u32,
        helper: &Work<'_>,
        owner: impl FnOnce() -> R,
    ) -> R {
        self.run_job(room, priority, false, helper, owner)
    }

    /// [`Crew::split`] for a team that works the whole search through: up to `helpers`
    /// threads, every one woken now, whatever the cores.
    pub fn gather<R>(&self, helpers: usize, helper: &Work<'_>, owner: impl FnOnce() -> R) -> R {
        self.run_job(helpers, u32::MAX, true, helper, owner)
    }

    /// [`Crew::split`], waking every sleeper the job has room for when `eager`.
    fn run_job<R>(
        &self,
        room: usize,
        priority: u32,
        eager: bool,
        helper: &Work<'_>,
        owner: impl FnOnce() -> R,
    ) -> R {
        if room == 0 || super::IN_BROWSER {
            return owner();
        }
        let job = self.post(room, priority, eager, helper);
        let done = Closer {
            crew: &self.shared,
            job: &job,
        };
        let r = owner();
        drop(done);
        if let Some(p) = lock(&job.panic).take() {
            std::panic::resume_unwind(p);
        }
        r
    }

    /// Posts a job and wakes the sleepers it has room for; this thread works in it
    /// from now on (until the [`Closer`] ends it).
    fn post(&self, room: usize, priority: u32, eager: bool, helper: &Work<'_>) -> Arc<Job> {
        let s = &*self.shared;
        let crew: *const Shared = s;
        let parent = CURRENT.with(|c| {
            c.borrow()
                .last()
                .filter(|j| std::ptr::eq(j.crew, crew))
                .cloned()
        });
        let work: *const Work<'_> = helper;
        // SAFETY: only the lifetime is erased (see `Job::work`).
        let work: *const Work<'static> = unsafe { std::mem::transmute(work) };
        let job = Arc::new(Job {
            work,
            crew,
            parent,
            owner: std::thread::current(),
            room: AtomicUsize::new(room),
            joined: AtomicUsize::new(0),
            members: AtomicUsize::new(0),
            owner_asleep: AtomicBool::new(false),
            priority,
            eager,
            panic: Mutex::new(None),
        });
        s.jobs.fetch_add(1, Ordering::Relaxed);
        let woken: Vec<std::thread::Thread> = {
            let mut b = lock(&s.board);
            b.jobs.push(Arc::clone(&job));
            s.room.fetch_add(room, Ordering::SeqCst);
            // A team's every sleeper now. A split's one sleeper, while a core is free
            // and no spinning helper is there to take the job: each thread that joins
            // wakes the next while room is left and a core is free ([`take`]), so that
            // threads awake anyway fill the room first and no thread is woken for
            // nothing.
            let n = if eager {
                room.min(b.sleepers.len())
            } else {
                let spinning = s.spinning.load(Ordering::SeqCst);
                usize::from(s.cores_free() && !b.sleepers.is_empty() && spinning < room)
            };
            let at = b.sleepers.len() - n;
            b.sleepers.drain(at..).collect()
        };
        let short = room - woken.len();
        for t in woken {
            s.wakeups.fetch_add(1, Ordering::Relaxed);
            t.unpark();
        }
        if short > 0 && s.cores_free() {
            // Owners waiting above this job may help with it.
            let mut at = job.parent.as_deref();
            while let Some(a) = at {
                if a.owner_asleep.load(Ordering::SeqCst) {
                    s.wakeups.fetch_add(1, Ordering::Relaxed);
                    a.owner.unpark();
                }
                at = a.parent.as_deref();
            }
        }
        CURRENT.with(|c| c.borrow_mut().push(Arc::clone(&job)));
        job
    }

    /// Serves the crew on this thread (a lent thread: helper work, as the crew's own
    /// threads do) while `keep` stays raised; a thread told to stop sleeping by
    /// [`Crew::wake_servers`] looks at it again.
    pub fn serve_while(&self, keep: &AtomicBool) {
        if super::IN_BROWSER {
            return;
        }
        self.shared.attached.fetch_add(1, Ordering::SeqCst);
        self.shared.idle.fetch_add(1, Ordering::SeqCst);
        serve(&self.shared, &|| keep.load(Ordering::SeqCst), &|| {});
        self.shared.idle.fetch_sub(1, Ordering::SeqCst);
        self.shared.attached.fetch_sub(1, Ordering::SeqCst);
    }

    /// Wakes every thread sleeping in the crew, to look again at what it serves for.
    pub fn wake_servers(&self) {
        let sleepers: Vec<std::thread::Thread> = {
            let mut b = lock(&self.shared.board);
            b.sleepers.drain(..).collect()
        };
        for t in sleepers {
            t.unpark();
        }
    }

    /// What the crew counted from its start (a helper's context switches as of its
    /// last sleep).
    #[must_use]
    pub fn counts(&self) -> CrewCounts {
        let s = &self.shared;
        let helpers: u64 = s
            .helper_switches
            .iter()
            .map(|h| h.load(Ordering::Relaxed))
            .sum();
        CrewCounts {
            started: s.started.load(Ordering::Relaxed),
            wakeups: s.wakeups.load(Ordering::Relaxed),
            idle_micros: s.idle_nanos.load(Ordering::Relaxed) / 1000,
            switches: s.switches.load(Ordering::Relaxed) + helpers,
            jobs: s.jobs.load(Ordering::Relaxed),
            joins: s.joins.load(Ordering::Relaxed),
        }
    }

    /// Ends a lap of a crew kept for several searches one after another: returns what
    /// it counted since the last lap (or its start), the owner thread's context
    /// switches in when called on the thread that began the lap, and begins the next
    /// lap on the calling thread. The helpers keep running (asleep until a job comes);
    /// a helper's switches count in the lap in which it last went to sleep.
    pub fn lap(&mut self) -> CrewCounts {
        self.add_owner_switches();
        let now = self.counts();
        let lap = now.since(&self.lap_start);
        self.lap_start = now;
        self.creator = owner_switches();
        lap
    }

    /// Ends the helpers (each finishes the job it is in first) and returns what the
    /// crew counted in its last lap (its whole life when never lapped), its threads'
    /// context switches complete; called on the thread that began the lap, that
    /// thread's are in too.
    #[must_use]
    pub fn finish(mut self) -> CrewCounts {
        self.stop_helpers();
        self.add_owner_switches();
        self.counts().since(&self.lap_start)
    }

    /// Adds the calling thread's switches since the lap began, when it is the thread
    /// that began it.
    fn add_owner_switches(&mut self) {
        if let Some((id, before)) = self.creator.take()
            && id == std::thread::current().id()
            && let Some(now) = thread_voluntary_switches()
        {
            self.shared
                .switches
                .fetch_add(now.saturating_sub(before), Ordering::Relaxed);
        }
    }

    /// Tells the helpers to end and joins them.
    fn stop_helpers(&mut self) {
        self.shared.closing.store(true, Ordering::SeqCst);
        self.wake_servers();
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
    }
}

impl Drop for Crew {
    fn drop(&mut self) {
        self.stop_helpers();
    }
}

/// Ends a split's job when dropped (also while the owner's part unwinds a panic):
/// closes it, then waits for its members, helping below it.
struct Closer<'c> {
    crew: &'c Shared,
    job: &'c Arc<Job>,
}

impl Drop for Closer<'_> {
    fn drop(&mut self) {
        let (s, job) = (self.crew, self.job);
        {
            let mut b = lock(&s.board);
            b.jobs.retain(|j| !Arc::ptr_eq(j, job));
            s.room
                .fetch_sub(job.room.swap(0, Ordering::SeqCst), Ordering::SeqCst);
        }
        CURRENT.with(|c| {
            c.borrow_mut().pop();
        });
        if job.members.load(Ordering::Acquire) > 0 {
            s.idle.fetch_add(1, Ordering::SeqCst);
            wait_members(s, job);
            s.idle.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// The owner's wait for `job`'s members: the jobs posted below it first, then a brief
/// spin, then sleep until woken.
fn wait_members(s: &Shared, job: &Arc<Job>) {
    let mut since = Instant::now();
    loop {
        if job.members.load(Ordering::Acquire) == 0 {
            break;
        }
        if let Some((k, n)) = take(s, |k| k.descends_from(job)) {
            add_idle(s, since);
            run_member(s, &k, n);
            since = Instant::now();
            continue;
        }
        if let Some(_turn) = s.spin_while_idle() {
            let spin_until = Instant::now() + SPIN;
            while Instant::now() < spin_until
                && job.members.load(Ordering::Acquire) > 0
                && s.room.load(Ordering::Relaxed) == 0
            {
                std::hint::spin_loop();
            }
        }
        job.owner_asleep.store(true, Ordering::SeqCst);
        if job.members.load(Ordering::SeqCst) > 0 && !has_room_below(s, job) {
            s.wake_for_room();
            std::thread::park();
        }
        job.owner_asleep.store(false, Ordering::SeqCst);
    }
    add_idle(s, since);
}

impl Shared {
    /// Whether fewer of the crew's threads work than the machine has cores.
    fn cores_free(&self) -> bool {
        let attached = self.attached.load(Ordering::SeqCst);
        let idle = self.idle.load(Ordering::SeqCst);
        attached.saturating_sub(idle) < self.cores
    }

    /// Wakes a sleeper for the room open in jobs this thread cannot take (it waits
    /// for its own helpers), when a core is free.
    fn wake_for_room(&self) {
        if self.room.load(Ordering::SeqCst) == 0 || !self.cores_free() {
            return;
        }
        let sleeper = lock(&self.board).sleepers.pop();
        if let Some(t) = sleeper {
            self.wakeups.fetch_add(1, Ordering::Relaxed);
            t.unpark();
        }
    }

    /// Whether an idle thread (a helper, an owner waiting for its helpers) spins for
    /// [`SPIN`] before it sleeps: always while the crew's threads fit on the machine's
    /// cores; with more threads than cores, one at a time while a core is free (no
    /// thread works or spins there): it takes the next job (or sees its helpers leave)
    /// without a wake-up, as a crew that fits its cores does, and takes no core from a
    /// working thread.
    fn spin_while_idle(&self) -> Option<SpinSlot<'_>> {
        if self.attached.load(Ordering::Relaxed) <= self.cores {
            return Some(SpinSlot {
                s: self,
                counted: false,
            });
        }
        let busy = self
            .attached
            .load(Ordering::SeqCst)
            .saturating_sub(self.idle.load(Ordering::SeqCst));
        let spinning = self.spinning.fetch_add(1, Ordering::SeqCst);
        let slot = SpinSlot {
            s: self,
            counted: true,
        };
        (busy + spinning < self.cores).then_some(slot)
    }
}

/// A helper's turn to spin ([`Shared::spin_while_idle`]); dropped when it stops.
struct SpinSlot<'s> {
    s: &'s Shared,
    counted: bool,
}

impl Drop for SpinSlot<'_> {
    fn drop(&mut self) {
        if self.counted {
            self.s.spinning.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Whether an open job below `job` has room.
fn has_room_below(s: &Shared, job: &Job) -> bool {
    s.room.load(Ordering::SeqCst) > 0
        && lock(&s.board)
            .jobs
            .iter()
            .any(|k| k.room.load(Ordering::Relaxed) > 0 && k.descends_from(job))
}

/// Adds the time since `since` to the idle time.
fn add_idle(s: &Shared, since: Instant) {
    let nanos = since.elapsed().as_nanos();
    s.idle_nanos
        .fetch_add(u64::try_from(nanos).unwrap_or(u64::MAX), Ordering::Relaxed);
}

/// Takes a place in the open job of the highest priority that `fits` (the earliest
/// posted among equals): the job and this thread's member number. The thread (counted
/// idle until now) counts as busy until it leaves the job ([`run_member`]).
fn take(s: &Shared, fits: impl Fn(&Job) -> bool) -> Option<(Arc<Job>, usize)> {
    if s.room.load(Ordering::SeqCst) == 0 {
        return None;
    }
    let mut b = lock(&s.board);
    let job = b
        .jobs
        .iter()
        .filter(|j| j.room.load(Ordering::Relaxed) > 0 && fits(j))
        .fold(None::<&Arc<Job>>, |best, j| match best {
            Some(b) if b.priority >= j.priority => Some(b),
            _ => Some(j),
        })?;
    job.room.fetch_sub(1, Ordering::Relaxed);
    s.room.fetch_sub(1, Ordering::SeqCst);
    job.members.fetch_add(1, Ordering::SeqCst);
    s.idle.fetch_sub(1, Ordering::SeqCst);
    let n = job.joined.fetch_add(1, Ordering::Relaxed) + 1;
    s.joins.fetch_add(1, Ordering::Relaxed);
    let job = Arc::clone(job);
    // Room left: the next sleeper joins too (see `Crew::post`).
    let next = (job.room.load(Ordering::Relaxed) > 0 && (job.eager || s.cores_free()))
        .then(|| b.sleepers.pop())
        .flatten();
    drop(b);
    if let Some(t) = next {
        s.wakeups.fetch_add(1, Ordering::Relaxed);
        t.unpark();
    }
    Some((job, n))
}

/// Runs member `n`'s part of `job` on this thread, then leaves it (waking the owner
/// when it was the last), counted idle again before it does: a split whose members
/// have all left finds its threads free.
fn run_member(s: &Shared, job: &Arc<Job>, n: usize) {
    CURRENT.with(|c| c.borrow_mut().push(Arc::clone(job)));
    // SAFETY: the owner has not left `Crew::split` (this thread is a member), so the
    // work is alive (see `Job::work`).
    let work = unsafe { &*job.work };
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(n)));
    CURRENT.with(|c| {
        c.borrow_mut().pop();
    });
    if let Err(p) = result {
        lock(&job.panic).get_or_insert(p);
    }
    s.idle.fetch_add(1, Ordering::SeqCst);
    // From here on the work may be gone: only the job (kept by this Arc) is touched.
    if job.members.fetch_sub(1, Ordering::AcqRel) == 1 {
        if job.owner_asleep.load(Ordering::SeqCst) {
            s.wakeups.fetch_add(1, Ordering::Relaxed);
        }
        job.owner.unpark();
    }
}

/// A helper thread's life: serve the crew until it ends, writing its context switches
/// down before each sleep and at its end.
fn helper_main(s: &Shared, i: usize) {
    let before = thread_voluntary_switches();
    let note = || {
        if let (Some(before), Some(now), Some(slot)) = (
            before,
            thread_voluntary_switches(),
            s.helper_switches.get(i),
        ) {
            slot.store(now.saturating_sub(before), Ordering::Relaxed);
        }
    };
    serve(s, &|| true, &note);
    s.idle.fetch_sub(1, Ordering::SeqCst);
    note();
}

/// The calling thread and its voluntary switches so far (None in a browser or where
/// the system does not tell).
fn owner_switches() -> Option<(std::thread::ThreadId, u64)> {
    (!super::IN_BROWSER)
        .then(|| thread_voluntary_switches().map(|n| (std::thread::current().id(), n)))
        .flatten()
}

/// The idle loop: take a job when there is one, else spin briefly, else sleep until a
/// job (or the end) wakes this thread; until the crew closes or `keep` says no more.
/// `before_sleep` is called before each sleep. The caller counts this thread idle
/// meanwhile.
fn serve(s: &Shared, keep: &dyn Fn() -> bool, before_sleep: &dyn Fn()) {
    let mut since = Instant::now();
    loop {
        if s.closing.load(Ordering::SeqCst) || !keep() {
            break;
        }
        if let Some((job, n)) = take(s, |_| true) {
            add_idle(s, since);
            run_member(s, &job, n);
            since = Instant::now();
            continue;
        }
        if let Some(_turn) = s.spin_while_idle() {
            let spin_until = Instant::now() + SPIN;
            while Instant::now() < spin_until
                && s.room.load(Ordering::Relaxed) == 0
                && !s.closing.load(Ordering::Relaxed)
            {
                std::hint::spin_loop();
            }
        }
        let me = std::thread::current();
        {
            let mut b = lock(&s.board);
            if s.room.load(Ordering::SeqCst) > 0 || s.closing.load(Ordering::SeqCst) || !keep() {
                continue;
            }
            b.sleepers.push(me.clone());
        }
        before_sleep();
        std::thread::park();
        // Woken, or not (a park may end for nothing): off the sleepers either way.
        let mut b = lock(&s.board);
        if let Some(i) = b.sleepers.iter().position(|t| t.id() == me.id()) {
            b.sleepers.swap_remove(i);
        }
    }
    add_idle(s, since);
}

#[cfg(test)]
mod tests;
