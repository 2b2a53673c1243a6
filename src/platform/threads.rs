//! Threads: how many cores there are, named background threads, scoped threads and a
//! pause. Natively `std::thread`. A browser page has one thread (until the browser
//! build moves searches into workers): there the work handed to a "thread" runs at
//! once on the caller's, and [`available`] says 1, so callers that size their helpers
//! by it start none.

pub use imp::{JoinHandle, Scope, ScopedJoinHandle, scope};

/// How many threads can run at once: the machine's cores natively, 1 in a browser.
#[must_use]
pub fn available() -> usize {
    if super::IN_BROWSER {
        return 1;
    }
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// Starts `work` on a background thread named `name`.
///
/// # Errors
/// When the system refuses a thread.
pub fn spawn<T: Send + 'static>(
    name: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> std::io::Result<JoinHandle<T>> {
    imp::spawn(name, work)
}

/// Joins every scoped thread of `handles` and gives their results in order; a thread
/// that panicked passes its panic on to the caller, as a panic in the caller's own work
/// would (the parallel searches use it: a bug in a helper fails the whole search).
pub fn join_all<'scope, T>(handles: Vec<ScopedJoinHandle<'scope, T>>) -> Vec<T> {
    handles
        .into_iter()
        .map(|h| match h.join() {
            Ok(r) => r,
            Err(panic) => std::panic::resume_unwind(panic),
        })
        .collect()
}

/// Waits `d` (natively; a browser page cannot block, so there it returns at once).
pub fn sleep(d: std::time::Duration) {
    imp::sleep(d);
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    pub use std::thread::{JoinHandle, Scope, ScopedJoinHandle, scope};

    pub(super) fn spawn<T: Send + 'static>(
        name: &str,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> std::io::Result<JoinHandle<T>> {
        std::thread::Builder::new()
            .name(name.to_string())
            .spawn(work)
    }

    pub(super) fn sleep(d: std::time::Duration) {
        std::thread::sleep(d);
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::marker::PhantomData;

    /// A finished piece of work: it ran when it was started.
    #[derive(Debug)]
    pub struct JoinHandle<T>(T);

    impl<T> JoinHandle<T> {
        /// Its result.
        ///
        /// # Errors
        /// Never (a panic would have ended the page's one thread).
        pub fn join(self) -> std::thread::Result<T> {
            Ok(self.0)
        }

        /// Always: the work ran when it was started.
        #[must_use]
        pub fn is_finished(&self) -> bool {
            true
        }
    }

    /// The scope of [`scope`]: what it spawns runs at once.
    pub struct Scope<'scope, 'env: 'scope> {
        _lifetimes: PhantomData<(&'scope mut &'scope (), &'env mut &'env ())>,
    }

    /// A finished piece of scoped work.
    #[derive(Debug)]
    pub struct ScopedJoinHandle<'scope, T> {
        result: T,
        _scope: PhantomData<&'scope ()>,
    }

    impl<T> ScopedJoinHandle<'_, T> {
        /// Its result.
        ///
        /// # Errors
        /// Never.
        pub fn join(self) -> std::thread::Result<T> {
            Ok(self.result)
        }
    }

    impl<'scope> Scope<'scope, '_> {
        /// Runs `work` now, on this thread.
        pub fn spawn<F, T>(&'scope self, work: F) -> ScopedJoinHandle<'scope, T>
        where
            F: FnOnce() -> T + Send + 'scope,
            T: Send + 'scope,
        {
            ScopedJoinHandle {
                result: work(),
                _scope: PhantomData,
            }
        }
    }

    /// Runs `f` with a scope whose spawned work runs at once, in order.
    pub fn scope<'env, F, T>(f: F) -> T
    where
        F: for<'scope> FnOnce(&'scope Scope<'scope, 'env>) -> T,
    {
        let s = Scope {
            _lifetimes: PhantomData,
        };
        f(&s)
    }

    pub(super) fn spawn<T: Send + 'static>(
        _name: &str,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> std::io::Result<JoinHandle<T>> {
        Ok(JoinHandle(work()))
    }

    pub(super) fn sleep(_d: std::time::Duration) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spawned_thread_and_a_scope_give_their_results() {
        let handle = spawn("treelab-test", || 6 * 7).expect("a thread");
        assert_eq!(handle.join().ok(), Some(42));
        let data = [1, 2, 3];
        let sum = scope(|s| {
            let h = s.spawn(|| data.iter().sum::<i32>());
            h.join().unwrap_or(0)
        });
        assert_eq!(sum, 6);
        assert!(available() >= 1);
    }
}
