//! Matches: whole games between two players (an algorithm row each, at a depth or a
//! budget), over opening positions with colours swapped, played in parallel with the
//! same games on any number of threads ([`play`]); and what a match leaves
//! ([`record`]): its games, the score, Elo with its interval, LOS and the SPRT's
//! verdict, merged across runs. The statistics themselves are [`crate::stats`]; the
//! session keeps a match's setup and result (`session::matches`).

pub mod play;
pub mod record;

pub use play::{MatchSpec, Player, parse_player, run_match};
pub use record::{GameRecord, MatchResult, Summary, merge_matches};
