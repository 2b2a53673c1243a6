//! A handout in a session: the exercises a teacher gave (each by its id and the row it
//! practises, so every student gets the same trees), the student's name, and every
//! answer the student gave in the quiz, visit by visit. No score is stored: a score is
//! the answers marked again against a fresh search of the id's tree
//! ([`crate::experiment::exercise::practice`]), so what a teacher reads cannot drift
//! from what the student answered.

use serde::{Deserialize, Serialize};

/// The most exercises a handout holds.
pub const MAX_EXERCISES: usize = 100;

/// The exercises handed out and what the student did with them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Practice {
    /// The student's name, as typed in the app (empty until typed).
    pub student: String,
    /// The exercises, in the order handed out.
    pub exercises: Vec<PracticeItem>,
    /// The exercise last opened (an index into `exercises`).
    pub current: usize,
    /// A teacher's handout (written by `treelab exercise --session`: its exercises are
    /// fixed), rather than the exercises a student took with New exercise (to which
    /// each new one is added).
    pub handout: bool,
}

/// One exercise of a handout.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct PracticeItem {
    /// The id that regenerates its tree (`treelab exercise --id`).
    pub id: String,
    /// The row it practises, as a row spec (`alphabeta`, `negascout+fail-soft`, ...).
    pub row: String,
    /// The answers given, in the order given (one per visit at most).
    pub answers: Vec<GivenAnswer>,
}

/// What the student answered at one visit of the search, in engine units (values of
/// trees with chance nodes are scaled, as the search has them).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct GivenAnswer {
    /// The visit (0 is the root's first visit).
    pub visit: usize,
    /// The student pressed Show the answer instead (nothing else is kept).
    pub shown: bool,
    /// The student pressed Skip instead: the visit was passed over, neither answered
    /// nor shown (nothing else is kept).
    pub skipped: bool,
    /// The window `(alpha, beta)` answered.
    pub window: Option<(i32, i32)>,
    /// The value answered.
    pub value: Option<i32>,
    /// Whether it cuts off, as answered.
    pub cutoff: Option<bool>,
    /// The moves ticked as never searched.
    pub never: Vec<String>,
}

impl Practice {
    /// Checks what a file could hold wrongly: how many exercises, and the current one
    /// within them; the error says which.
    pub fn check(&self) -> Result<(), String> {
        if self.exercises.is_empty() || self.exercises.len() > MAX_EXERCISES {
            return Err(format!(
                "it holds 1 to {MAX_EXERCISES} exercises, not {}",
                self.exercises.len()
            ));
        }
        if self.current >= self.exercises.len() {
            return Err(format!(
                "current exercise {} of {}",
                self.current + 1,
                self.exercises.len()
            ));
        }
        Ok(())
    }
}
