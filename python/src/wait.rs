//! Waiting for the library's work without holding Python up. The work runs on a
//! background thread of the library's platform layer
//! ([`treelab::platform::threads::spawn`]) while the calling thread, the GIL released,
//! waits for it to say it is done ([`Done`]: woken at once) or for 20 ms to pass: then
//! it looks at Python's signals (Ctrl+C raises the work's stop flag, waits for the
//! work to end, within a few thousand nodes, and raises `KeyboardInterrupt`) and hands
//! the progress the work counts in a [`Meter`] to the caller's `progress(done,
//! total)`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use treelab::platform::threads::spawn;

/// How often a waiting call looks at Python's signals and reports progress.
const WAKE_EVERY: Duration = Duration::from_millis(20);

/// The work's word that it is done, which wakes the waiting thread at once.
#[derive(Debug, Default)]
struct Done {
    finished: Mutex<bool>,
    wake: Condvar,
}

impl Done {
    /// Says the work is done.
    fn finish(&self) {
        if let Ok(mut finished) = self.finished.lock() {
            *finished = true;
        }
        self.wake.notify_all();
    }

    /// Waits until the work is done or `timeout` has passed; whether it is done.
    fn wait(&self, timeout: Duration) -> bool {
        let Ok(finished) = self.finished.lock() else {
            return true;
        };
        self.wake
            .wait_timeout_while(finished, timeout, |finished| !*finished)
            .map_or(true, |(finished, _)| *finished)
    }
}

/// What a running piece of work has done: `done` of `total` (`u64::MAX`: a total not
/// known), written by the work and read by the waiting thread.
#[derive(Debug)]
pub struct Meter {
    done: AtomicU64,
    total: AtomicU64,
}

impl Default for Meter {
    fn default() -> Self {
        Meter {
            done: AtomicU64::new(0),
            total: AtomicU64::new(u64::MAX),
        }
    }
}

impl Meter {
    /// A meter shared with the work.
    #[must_use]
    pub fn shared() -> Arc<Meter> {
        Arc::new(Meter::default())
    }

    /// The work has done `done` of `total` (None: not known).
    pub fn set(&self, done: u64, total: Option<u64>) {
        self.total
            .store(total.unwrap_or(u64::MAX), Ordering::Relaxed);
        self.done.store(done, Ordering::Relaxed);
    }

    /// `(done, total)` as last set.
    fn read(&self) -> (u64, Option<u64>) {
        let total = self.total.load(Ordering::Relaxed);
        (
            self.done.load(Ordering::Relaxed),
            (total != u64::MAX).then_some(total),
        )
    }
}

/// Where progress goes: the caller's `progress(done, total)` and the meter the work
/// writes, or nothing.
pub struct Report<'py> {
    /// The Python callable.
    callback: Option<Bound<'py, PyAny>>,
    /// What the work writes.
    meter: Arc<Meter>,
    /// What was last handed on.
    last: Option<(u64, Option<u64>)>,
}

impl<'py> Report<'py> {
    /// Progress to `callback` (None: none) from a new meter.
    #[must_use]
    pub fn to(callback: Option<Bound<'py, PyAny>>) -> Report<'py> {
        Report {
            callback: callback.filter(|c| !c.is_none()),
            meter: Meter::shared(),
            last: None,
        }
    }

    /// The meter the work writes.
    #[must_use]
    pub fn meter(&self) -> Arc<Meter> {
        Arc::clone(&self.meter)
    }

    /// Hands the meter's reading to the callback if it moved since the last time.
    fn tell(&mut self) -> PyResult<()> {
        let Some(callback) = &self.callback else {
            return Ok(());
        };
        let now = self.meter.read();
        if self.last != Some(now) {
            self.last = Some(now);
            callback.call1(now)?;
        }
        Ok(())
    }
}

/// Runs `work` on a background thread with the GIL released, looking at Python's
/// signals and telling `report` while it runs. On Ctrl+C, or when the progress callback
/// raises, it raises `stop`, waits for `work` to end (a search polls the flag every
/// 1,024 nodes; its result is dropped) and raises that exception.
pub fn in_background<T: Send + 'static>(
    py: Python<'_>,
    stop: &Arc<AtomicBool>,
    report: &mut Report<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let done = Arc::new(Done::default());
    let told = Arc::clone(&done);
    let handle = spawn("treelab-python", move || {
        let value = work();
        told.finish();
        value
    })
    .map_err(|e| PyRuntimeError::new_err(format!("no thread to run it on: {e}")))?;
    loop {
        // A work that panicked says nothing: its thread's end is seen instead.
        let finished = py.detach(|| done.wait(WAKE_EVERY) || handle.is_finished());
        if finished {
            break;
        }
        if let Err(e) = py.check_signals().and_then(|()| report.tell()) {
            stop.store(true, Ordering::Relaxed);
            let _ = py.detach(|| handle.join());
            return Err(e);
        }
    }
    let value = py
        .detach(|| handle.join())
        .map_err(|_| PyRuntimeError::new_err("the work's thread failed (a bug)"))?;
    report.tell()?;
    Ok(value)
}
