//! treelab: a workbench for game-tree search.
//!
//! The library holds everything but the window: the games and their formats
//! ([`game`]), the search engine ([`search`]), batch experiments ([`experiment`]), the
//! session file ([`session`]) and the command line ([`cli`]); every file a person names
//! is read through [`fileread`], capped. Only [`app`] imports egui; only [`platform`]
//! asks the machine (clock, threads, files), so a browser build differs there alone.

#[cfg(feature = "app")]
pub mod app;
pub mod cli;
pub mod engine;
pub mod experiment;
pub mod fileread;
pub mod game;
pub mod matches;
pub mod net;
pub mod output;
pub mod platform;
pub mod presets;
pub mod report;
pub mod runner;
pub mod search;
pub mod session;
pub mod solve;
pub mod stats;
pub mod tree;
