//! Running a job so that a panic inside it (a bug) fails that job, not the process or
//! the window.

/// A search (or any job) that panicked instead of returning: the panic's message and,
/// when known, where it was raised.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the search failed: {message}")]
pub struct SearchFailure {
    /// The panic message followed by ` at file:line:column` when the location is known.
    pub message: String,
}

thread_local! {
    /// How many [`run_guarded`] calls are running on this thread (they may nest).
    static GUARD_DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// Where the last guarded panic on this thread was raised.
    static GUARDED_PANIC_AT: std::cell::RefCell<Option<String>> =
        const { std::cell::RefCell::new(None) };
}

static QUIET_HOOK: std::sync::Once = std::sync::Once::new();

/// Installs (once per process) a panic hook that stays silent for panics inside
/// [`run_guarded`] (they are reported through its `Err`, so printing them too would only
/// spam stderr and test output) and hands every other panic to the hook that was there
/// before, unchanged.
fn install_quiet_hook() {
    QUIET_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if GUARD_DEPTH.with(std::cell::Cell::get) > 0 {
                let at = info
                    .location()
                    .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
                GUARDED_PANIC_AT.with(|slot| *slot.borrow_mut() = at);
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `f` and catches a panic inside it: `Ok` with its value, or `Err` with the panic
/// message and location. Use it around anything that runs user-chosen code paths on
/// user-chosen inputs (a search job, a bench cell) so one bug fails one job, not the
/// process or the window.
///
/// Panics inside `f` are not printed (a process-wide hook, installed on first use,
/// silences them while a guard runs on the panicking thread; other panics print as
/// before). Whatever `f` borrowed mutably may be left half-updated: discard it, as the
/// search's own state is discarded. Threads spawned by `f` are not covered: guard their
/// bodies themselves. A panic with `panic = "abort"` cannot be caught; treelab's profiles
/// all unwind.
pub fn run_guarded<T>(f: impl FnOnce() -> T) -> Result<T, SearchFailure> {
    install_quiet_hook();
    GUARD_DEPTH.with(|d| d.set(d.get() + 1));
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    GUARD_DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    outcome.map_err(|payload| {
        let text = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic with a non-text payload".to_string());
        let message = match GUARDED_PANIC_AT.with(|slot| slot.borrow_mut().take()) {
            Some(at) => format!("{text} at {at}"),
            None => text,
        };
        SearchFailure { message }
    })
}
