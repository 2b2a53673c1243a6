//! The shared vocabulary, below everything that uses it: what a count is
//! ([`count`]), the one text form of an algorithm row with its options ([`rowspec`]),
//! line charts as SVG ([`chart`]) and atomic file writes ([`atomic`]). It depends only
//! on the engine facade, the search options and the games.

pub mod atomic;
pub mod chart;
pub mod count;
pub mod rowspec;
