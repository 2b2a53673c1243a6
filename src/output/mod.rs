//! What every file treelab writes is made of: the one CSV quoting ([`csv`]), the
//! manifest each export carries (version, build, machine, threads, seeds, command, date:
//! [`manifest`]), line charts as SVG ([`chart`]) and a grid's folder, its cells
//! appended as they finish so that a killed run resumes ([`journal`]). Infrastructure, no game words:
//! the statistics are [`crate::stats`], the row specs [`crate::engine::rowspec`].

pub mod chart;
pub mod csv;
pub mod journal;
pub mod manifest;
