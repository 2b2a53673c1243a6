//! Which positions the results views show and total: a result's position is named by
//! its game and text form ([`PositionKey`]); a [`ResultScope`] (saved with the view)
//! picks an explicit set of them ([`PositionSet`]): the current position, the open
//! suite, one other position, or every position with results. Totals, ratios and charts
//! are over such a set, each position once, and say which set it is.

use serde::{Deserialize, Serialize};

use crate::engine::GameKind;

/// The longest text form shown whole in a label; longer ones are cut with `…`.
const SHORT_TEXT_CHARS: usize = 28;

/// What identifies a position: its game and its one-line text form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey<'a> {
    /// The game.
    pub game: GameKind,
    /// The text form.
    pub text: &'a str,
}

/// The game's name and the text form, cut to a readable length (`tictactoe x.o.x....`,
/// `othello ---------------------…`).
#[must_use]
pub fn short_text(game: GameKind, text: &str) -> String {
    let mut cut: String = text.chars().take(SHORT_TEXT_CHARS).collect();
    if text.chars().count() > SHORT_TEXT_CHARS {
        cut.push('…');
    }
    format!("{} {cut}", game.name())
}

/// A position's short name for a narrow column: a suite entry's own name (`#40`,
/// `AIMA 5.2`), a numbered line of a suite as the suite's short name and the number
/// (`L2_R1 17` for line 17 of `Test_L2_R1`), the game's start as `start`, else the game
/// and its text form cut ([`short_text`]).
#[must_use]
pub fn short_position_name(game: GameKind, text: &str, name: &str, suite: Option<&str>) -> String {
    if let (Some(n), Some(suite)) = (name.strip_prefix("line "), suite) {
        let file = suite.rsplit(['/', '\\']).next().unwrap_or(suite);
        let stem = file.split('.').next().unwrap_or(file);
        let short = stem.strip_prefix("Test_").unwrap_or(stem);
        return format!("{short} {n}");
    }
    if !name.is_empty() {
        return name.to_string();
    }
    if crate::engine::AnyPosition::start(game).to_text() == text {
        return "start".into();
    }
    short_text(game, text)
}

/// Which positions the results views show (saved in the session's view choices).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResultScope {
    /// What Run searches now: the suite when Run is set to the suite (and the suite is
    /// of the current game), else the current position.
    #[default]
    RunTarget,
    /// The current position.
    Current,
    /// Every position of the open suite (of the current game).
    Suite,
    /// One position, by game and text form.
    Position {
        /// The game.
        game: GameKind,
        /// The text form.
        text: String,
    },
    /// Every position that has results (of every game).
    All,
}

/// One position of a [`PositionSet`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionInSet {
    /// The game.
    pub game: GameKind,
    /// The text form.
    pub text: String,
    /// How the views name it (a suite entry's name, or [`short_text`]).
    pub label: String,
}

impl PositionInSet {
    /// Its key.
    #[must_use]
    pub fn key(&self) -> PositionKey<'_> {
        PositionKey {
            game: self.game,
            text: &self.text,
        }
    }
}

/// An explicit set of positions, each once, with words that say which set it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSet {
    /// The positions, in order (a suite's order; else first seen).
    pub positions: Vec<PositionInSet>,
    /// Which set this is, in words ("the suite fforum-40-59.obf, 20 positions").
    pub description: String,
}

impl PositionSet {
    /// The keys of the positions, in order.
    #[must_use]
    pub fn keys(&self) -> Vec<PositionKey<'_>> {
        self.positions.iter().map(PositionInSet::key).collect()
    }

    /// Whether `key` is one of the set's positions.
    #[must_use]
    pub fn contains(&self, key: PositionKey<'_>) -> bool {
        self.positions.iter().any(|p| p.key() == key)
    }

    /// The names of the set's positions among `keys`, short: a run of numbered suite
    /// entries as its first and last (`#40-#49`), else the names, the first few and
    /// how many more.
    #[must_use]
    pub fn names_of(&self, keys: &[PositionKey<'_>]) -> String {
        let names: Vec<&str> = self
            .positions
            .iter()
            .filter(|p| keys.contains(&p.key()))
            .map(|p| p.label.as_str())
            .collect();
        let numbers: Option<Vec<u32>> = names
            .iter()
            .map(|n| n.strip_prefix('#').and_then(|k| k.parse().ok()))
            .collect();
        if let Some(numbers) = numbers
            && numbers.len() > 2
            && numbers.windows(2).all(|w| w[1] == w[0] + 1)
        {
            return format!("{}-{}", names[0], names[names.len() - 1]);
        }
        const SHOWN: usize = 5;
        if names.len() <= SHOWN {
            names.join(", ")
        } else {
            format!("{}, … ({} in all)", names[..SHOWN].join(", "), names.len())
        }
    }

    /// The words for totals over `keys` of the set's positions: the set's description
    /// when they are all of them, else how many of how many and which
    /// (`10 of 20 positions: #40-#49, those every row finished`).
    #[must_use]
    pub fn over_text(&self, keys: &[PositionKey<'_>]) -> String {
        if keys.len() == self.positions.len() {
            self.description.clone()
        } else if keys.is_empty() {
            format!(
                "none of the {} positions: no position has every row finished",
                self.positions.len()
            )
        } else {
            format!(
                "{} of {} positions: {}, those every row finished",
                keys.len(),
                self.positions.len(),
                self.names_of(keys)
            )
        }
    }

    /// The words for figures each depth of which is over its own positions
    /// (`by_depth`: depth to the positions every row finished there): the set's
    /// description when every depth has all of them, else a clause per run of depths
    /// over the same positions (`depths 1-8: all 20 positions; depth 9: 7 of 20
    /// positions (#40-#46); at each depth those every row finished`).
    #[must_use]
    pub fn over_by_depth_text(
        &self,
        by_depth: &std::collections::BTreeMap<u32, Vec<PositionKey<'_>>>,
    ) -> String {
        let n = self.positions.len();
        if by_depth.values().all(|k| k.len() == n) {
            return self.description.clone();
        }
        // Runs of consecutive depths over the same positions.
        let mut runs: Vec<(u32, u32, &Vec<PositionKey<'_>>)> = Vec::new();
        for (&d, keys) in by_depth {
            match runs.last_mut() {
                Some((_, hi, k)) if *hi + 1 == d && *k == keys => *hi = d,
                _ => runs.push((d, d, keys)),
            }
        }
        let clauses: Vec<String> = runs
            .iter()
            .map(|&(lo, hi, keys)| {
                let depths = if lo == hi {
                    format!("depth {lo}")
                } else {
                    format!("depths {lo}-{hi}")
                };
                let over = if keys.len() == n {
                    format!("all {n} positions")
                } else if keys.is_empty() {
                    "none".to_string()
                } else {
                    format!("{} of {n} positions ({})", keys.len(), self.names_of(keys))
                };
                format!("{depths}: {over}")
            })
            .collect();
        format!(
            "{}; at each depth the positions every row finished there",
            clauses.join("; ")
        )
    }

    /// Whether the set holds positions of more than one game (then nothing is totalled
    /// across it).
    #[must_use]
    pub fn several_games(&self) -> bool {
        self.positions
            .first()
            .is_some_and(|first| self.positions.iter().any(|p| p.game != first.game))
    }
}
