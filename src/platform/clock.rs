//! The clock: a monotonic [`Instant`] for time budgets, progress and timings, its
//! [`resolution`], and the date for manifests. Natively `std::time` (a step of tens of
//! nanoseconds); in a browser the page's `performance` clock (std's `Instant::now` and
//! `SystemTime::now` panic on wasm32), which a browser coarsens on purpose (Chromium to
//! 0.1 ms, others to 1 ms): a search shorter than a step reads as no time at all.

use std::time::Duration;

/// A moment of the monotonic clock, as `std::time::Instant` (which it wraps natively).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant(imp::Moment);

impl Instant {
    /// Now.
    #[must_use]
    pub fn now() -> Instant {
        Instant(imp::now())
    }

    /// The time since `self` (zero if the clock reads earlier, as it never should).
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        Instant::now().duration_since(*self)
    }

    /// The time from `earlier` to `self`, zero if `earlier` is later.
    #[must_use]
    pub fn duration_since(&self, earlier: Instant) -> Duration {
        imp::between(earlier.0, self.0)
    }
}

impl std::ops::Add<Duration> for Instant {
    type Output = Instant;

    fn add(self, d: Duration) -> Instant {
        Instant(imp::add(self.0, d))
    }
}

/// The least step the clock moves by, measured once (natively tens of nanoseconds; in
/// a browser 0.1 ms or 1 ms). A time shorter than this reads as zero, and a time of a
/// few steps is known only to a step: the views say so rather than show a rate.
#[must_use]
pub fn resolution() -> Duration {
    static STEP: std::sync::OnceLock<Duration> = std::sync::OnceLock::new();
    *STEP.get_or_init(|| measure_step(Instant::now))
}

/// The clock's step in seconds where it is coarser than a microsecond (a browser's),
/// else 0: what a search's record keeps of the clock that timed it.
#[must_use]
pub fn coarse_step_secs() -> f64 {
    let step = resolution();
    if step >= Duration::from_micros(1) {
        step.as_secs_f64()
    } else {
        0.0
    }
}

/// The least step `now` moves by over a few steps; 1 ms if it does not move within a
/// few million readings (a clock that stands still is no finer than that).
fn measure_step(mut now: impl FnMut() -> Instant) -> Duration {
    const STEPS: usize = 3;
    const READINGS: usize = 4_000_000;
    let mut least: Option<Duration> = None;
    for _ in 0..STEPS {
        let from = now();
        let step = (0..READINGS).find_map(|_| {
            let d = now().duration_since(from);
            (d > Duration::ZERO).then_some(d)
        });
        let Some(step) = step else {
            break;
        };
        least = Some(least.map_or(step, |l| l.min(step)));
    }
    least.unwrap_or(Duration::from_millis(1))
}

/// Seconds since 1970-01-01T00:00:00Z (0 where the clock reads earlier).
#[must_use]
pub fn unix_seconds() -> u64 {
    imp::unix_seconds()
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::time::Duration;

    pub(super) type Moment = std::time::Instant;

    pub(super) fn now() -> Moment {
        std::time::Instant::now()
    }

    pub(super) fn between(earlier: Moment, later: Moment) -> Duration {
        later.saturating_duration_since(earlier)
    }

    pub(super) fn add(at: Moment, d: Duration) -> Moment {
        at.checked_add(d).unwrap_or(at)
    }

    pub(super) fn unix_seconds() -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::time::Duration;
    use wasm_bindgen::JsCast;

    /// Time since the Unix epoch by the page's clock: `performance.timeOrigin +
    /// performance.now()`, which a page and a worker both have (`Date.now()`, whole
    /// milliseconds, where there is none); a moment never goes back from the last one
    /// seen.
    pub(super) type Moment = Duration;

    thread_local! {
        static PERFORMANCE: Option<web_sys::Performance> =
            js_sys::Reflect::get(&js_sys::global(), &"performance".into())
                .ok()
                .and_then(|p| p.dyn_into::<web_sys::Performance>().ok());
    }

    pub(super) fn now() -> Moment {
        use std::sync::atomic::{AtomicU64, Ordering};
        static LAST_MICROS: AtomicU64 = AtomicU64::new(0);
        let ms = PERFORMANCE
            .with(|p| p.as_ref().map(|p| p.time_origin() + p.now()))
            .unwrap_or_else(js_sys::Date::now);
        let micros = (ms.max(0.0) * 1000.0).round() as u64;
        let seen = LAST_MICROS.fetch_max(micros, Ordering::Relaxed).max(micros);
        Duration::from_micros(seen)
    }

    pub(super) fn between(earlier: Moment, later: Moment) -> Duration {
        later.saturating_sub(earlier)
    }

    pub(super) fn add(at: Moment, d: Duration) -> Moment {
        at.saturating_add(d)
    }

    pub(super) fn unix_seconds() -> u64 {
        now().as_secs()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_moves_forward_and_adds() {
        let a = Instant::now();
        let b = a + Duration::from_millis(5);
        assert!(b > a);
        assert_eq!(b.duration_since(a), Duration::from_millis(5));
        assert_eq!(a.duration_since(b), Duration::ZERO);
        assert!(Instant::now() >= a);
        // 2026-01-01 as a floor: a clock that reads 1970 is broken.
        assert!(unix_seconds() > 1_767_225_600);
    }

    /// The native clock moves in steps far below a microsecond; a clock that moves a
    /// millisecond at a time (a browser's `Date.now()`) is measured as such, and one
    /// that stands still counts as a millisecond.
    #[test]
    fn the_step_is_measured() {
        assert!(
            resolution() < Duration::from_micros(1),
            "{:?}",
            resolution()
        );
        assert!(resolution() > Duration::ZERO);
        let start = Instant::now();
        let coarse = measure_step(|| {
            let since = Instant::now().duration_since(start);
            start + Duration::from_millis(since.as_millis() as u64)
        });
        assert_eq!(coarse, Duration::from_millis(1));
        assert_eq!(measure_step(|| start), Duration::from_millis(1));
    }
}
