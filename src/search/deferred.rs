//! Memory whose freeing is put off: a search that is stopped hands its big structures
//! (SSS*'s explicit tree) here instead of freeing them on the way out, so the stop is
//! answered at once. They are freed at the start of the next search on the same thread,
//! by [`release_deferred`], or when the thread ends.

use std::any::Any;
use std::cell::RefCell;

thread_local! {
    static DEFERRED: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
}

/// Keeps `value` alive until [`release_deferred`] runs on this thread (or it ends).
pub(crate) fn defer_drop<T: 'static>(value: T) {
    DEFERRED.with(|d| d.borrow_mut().push(Box::new(value)));
}

/// Frees what stopped searches on this thread left behind. [`crate::search::search`]
/// calls it first thing; a worker thread that goes idle after a stop may call it too.
/// Returns how many structures were freed.
pub fn release_deferred() -> usize {
    let items = DEFERRED.with(|d| std::mem::take(&mut *d.borrow_mut()));
    items.len()
}
