//! What every file treelab writes is made of: the one CSV quoting ([`csv`]), the
//! manifest each export carries (version, build, machine, threads, seeds, command, date:
//! [`manifest`]) and line charts as SVG ([`chart`]). Infrastructure, no game words:
//! the statistics are [`crate::stats`], the row specs [`crate::engine::rowspec`].

pub mod chart;
pub mod csv;
pub mod manifest;
