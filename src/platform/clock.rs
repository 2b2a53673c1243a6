//! The clock: a monotonic [`Instant`] for time budgets, progress and timings, and the
//! date for manifests. Natively `std::time`; in a browser the page's clock (std's
//! `Instant::now` and `SystemTime::now` panic on wasm32), in milliseconds.

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

    /// Time since the Unix epoch by the page's clock. `Date.now()` is the one clock
    /// both a page and a worker have; a moment never goes back from the last one seen.
    pub(super) type Moment = Duration;

    pub(super) fn now() -> Moment {
        use std::sync::atomic::{AtomicU64, Ordering};
        static LAST_MS: AtomicU64 = AtomicU64::new(0);
        let ms = js_sys::Date::now().max(0.0) as u64;
        let seen = LAST_MS.fetch_max(ms, Ordering::Relaxed).max(ms);
        Duration::from_millis(seen)
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
}
