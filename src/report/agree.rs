//! Whether results agree: every exact search of the same position, depth, evaluator
//! and scoring must return the same score, and a result that does not is marked (a bug,
//! or a non-exact option), with the other rows' scores for its tooltip.

use std::collections::HashMap;

use super::Report;
use crate::session::{PositionKey, ResultEntry};

impl<'a> Report<'a> {
    /// For every result (indexed as [`Report::results`]): whether its score differs
    /// from another complete result at the same position and depth asking the same
    /// question (the same evaluator and scoring: rows that differ there may score
    /// differently without a fault): a bug or a non-exact option, which the user must
    /// see.
    #[must_use]
    pub fn disagreements(&self) -> Vec<bool> {
        let mut scores: HashMap<(PositionKey<'a>, u32, Question<'a>), Vec<i32>> = HashMap::new();
        for e in self.entries().filter(|e| e.is_complete()) {
            if let Some(s) = e.record.score {
                scores
                    .entry((e.key(), e.depth, question(&e.label)))
                    .or_default()
                    .push(s);
            }
        }
        // Only a score can disagree: an estimate beside differing scores is not marked.
        self.results
            .iter()
            .map(|e| {
                e.is_complete()
                    && e.record.score.is_some_and(|mine| {
                        scores
                            .get(&(e.key(), e.depth, question(&e.label)))
                            .is_some_and(|v| v.iter().any(|&s| s != mine))
                    })
            })
            .collect()
    }

    /// The other scores at `e`'s position and depth for the same question, by row (for a
    /// tooltip).
    #[must_use]
    pub fn scores_at(&self, e: &ResultEntry) -> Vec<(usize, i32)> {
        let mine = question(&e.label);
        self.entries()
            .filter(|o| o.key() == e.key() && o.depth == e.depth && o.is_complete())
            .filter(|o| question(&o.label) == mine)
            .filter_map(|o| o.record.score.map(|s| (o.row, s)))
            .collect()
    }
}

/// What a result's score answers besides its position and depth: its evaluator (the
/// label's `[eval NAME]`, empty for the game's own) and its scoring (the row spec's
/// `scoring=` option, empty for the native one).
type Question<'a> = (&'a str, &'a str);

/// The [`Question`] of a result labelled `label` (a row spec, then `[eval NAME]` when the
/// row names an evaluator).
fn question(label: &str) -> Question<'_> {
    let (spec, evaluator) = label
        .rsplit_once(" [eval ")
        .map_or((label, ""), |(spec, e)| (spec, e.trim_end_matches(']')));
    let scoring = spec
        .split('+')
        .find(|part| part.starts_with("scoring="))
        .unwrap_or("");
    (evaluator, scoring)
}
