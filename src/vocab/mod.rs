//! The shared vocabulary, below everything that uses it: what a count is
//! ([`count`]), the one text form of an algorithm row with its options ([`rowspec`]),
//! line charts as SVG ([`chart`]), the one CSV quoting ([`csv`]), match statistics and statistics across
//! positions ([`stats`]), the record of a match ([`matchrecord`]) and the manifest every
//! export carries ([`manifest`]). It depends only
//! on the engine facade, the search options and the games.

pub mod chart;
pub mod count;
pub mod csv;
pub mod manifest;
pub mod matchrecord;
pub mod rowspec;
pub mod stats;

/// Atomic writes, now in [`crate::platform::files`] (this name goes once the app uses
/// that one).
pub mod atomic {
    pub use crate::platform::files::write_atomic;
}
