//! The old paths of what `vocab` held, kept for the app until it names the new ones:
//! statistics are [`crate::stats`], row specs and counts are in [`crate::engine`], match
//! records in [`crate::matches`], CSV, manifests and charts in [`crate::output`],
//! atomic writes in [`crate::platform::files`].

pub use crate::engine::{count, rowspec};
pub use crate::output::{chart, csv, manifest};
pub use crate::stats;

/// The record of a match, now [`crate::matches::record`].
pub mod matchrecord {
    pub use crate::matches::record::*;
}

/// Atomic writes, now [`crate::platform::files`].
pub mod atomic {
    pub use crate::platform::files::write_atomic;
}
