//! The shared vocabulary, below everything that uses it: what a count is
//! ([`count`]), the one text form of an algorithm row with its options ([`rowspec`]),
//! line charts as SVG ([`chart`]), the one CSV quoting ([`csv`]), atomic file writes ([`atomic`]) and the one way to
//! run many jobs at once ([`parallel`]), match statistics and statistics across
//! positions ([`stats`]), the record of a match ([`matchrecord`]) and the manifest every
//! export carries ([`manifest`]). It depends only
//! on the engine facade, the search options and the games.

pub mod atomic;
pub mod chart;
pub mod count;
pub mod csv;
pub mod manifest;
pub mod matchrecord;
pub mod parallel;
pub mod rowspec;
pub mod stats;
