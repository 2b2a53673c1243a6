//! Which positions the results views show and total: a result's position is named by
//! its game and text form ([`PositionKey`]); a [`ResultScope`] (saved with the view)
//! picks an explicit set of them ([`PositionSet`]): the current position, the open
//! suite, one other position, or every position with results. Totals, ratios and charts
//! are over such a set, each position once, and say which set it is.

use serde::{Deserialize, Serialize};

use super::Session;
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

impl super::ResultEntry {
    /// The position's short name, for the table's narrow column
    /// ([`short_position_name`]); [`super::ResultEntry::position_details`] has it whole.
    #[must_use]
    pub fn short_name(&self) -> String {
        short_position_name(
            self.game,
            &self.position_text,
            &self.position,
            self.suite.as_deref(),
        )
    }
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

impl Session {
    /// How the current position is named: its suite entry's name, else
    /// [`short_text`].
    #[must_use]
    pub fn current_label(&self) -> String {
        self.current_suite_item().map_or_else(
            || short_text(self.game(), &self.position.to_text()),
            |(_, item)| item.name.clone(),
        )
    }

    /// The set of positions the results views show for `scope`.
    #[must_use]
    pub fn position_set(&self, scope: &ResultScope) -> PositionSet {
        let current = || {
            let label = self.current_label();
            PositionSet {
                positions: vec![PositionInSet {
                    game: self.game(),
                    text: self.position.to_text(),
                    label: label.clone(),
                }],
                description: format!("the current position, {label}"),
            }
        };
        let suite = |open: &super::OpenSuite| PositionSet {
            positions: open
                .suite
                .items
                .iter()
                .map(|it| PositionInSet {
                    game: it.position.kind(),
                    text: it.position.to_text(),
                    label: it.name.clone(),
                })
                .collect(),
            description: format!(
                "the suite {}, {} positions",
                open.suite.name,
                open.suite.items.len()
            ),
        };
        let this_games_suite = self.suite.as_ref().filter(|s| s.kind() == self.game());
        match scope {
            ResultScope::RunTarget => match this_games_suite {
                Some(open) if self.view.run_suite => suite(open),
                _ => current(),
            },
            ResultScope::Current => current(),
            ResultScope::Suite => this_games_suite.map_or_else(current, suite),
            ResultScope::Position { game, text } => {
                let key = PositionKey { game: *game, text };
                let label = self
                    .results
                    .iter()
                    .find(|e| e.key() == key)
                    .map_or_else(|| short_text(*game, text), |e| e.position_label());
                PositionSet {
                    positions: vec![PositionInSet {
                        game: *game,
                        text: text.clone(),
                        label: label.clone(),
                    }],
                    description: format!("one position, {label}"),
                }
            }
            ResultScope::All => {
                let mut positions: Vec<PositionInSet> = Vec::new();
                for e in &self.results {
                    if !positions.iter().any(|p| p.key() == e.key()) {
                        positions.push(PositionInSet {
                            game: e.game,
                            text: e.key().text.to_string(),
                            label: e.position_label(),
                        });
                    }
                }
                let n = positions.len();
                PositionSet {
                    positions,
                    description: format!("every position with results, {n}"),
                }
            }
        }
    }

    /// The scopes the views offer, with their names: what Run searches, the current
    /// position, the suite (when it is of this game), each other position that has
    /// results (named, with its game when it is another), and every position.
    #[must_use]
    pub fn scope_choices(&self) -> Vec<(ResultScope, String)> {
        let mut out = vec![
            (
                ResultScope::RunTarget,
                format!(
                    "what Run searches ({})",
                    self.position_set(&ResultScope::RunTarget).description
                ),
            ),
            (
                ResultScope::Current,
                format!("the current position, {}", self.current_label()),
            ),
        ];
        if let Some(open) = self.suite.as_ref().filter(|s| s.kind() == self.game()) {
            out.push((
                ResultScope::Suite,
                format!(
                    "the suite {} ({} positions)",
                    open.suite.name,
                    open.suite.items.len()
                ),
            ));
        }
        let current = self.position.to_text();
        for p in self.position_set(&ResultScope::All).positions {
            if p.game == self.game() && p.text == current {
                continue;
            }
            let label = if p.game == self.game() {
                p.label.clone()
            } else {
                format!("{} ({})", p.label, p.game.label())
            };
            out.push((
                ResultScope::Position {
                    game: p.game,
                    text: p.text,
                },
                label,
            ));
        }
        out.push((ResultScope::All, "every position with results".into()));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::AnyPosition;
    use crate::session::DEFAULT_SUITE;

    fn ffo() -> Session {
        Session::default()
    }

    #[test]
    fn results_of_older_files_get_their_position() {
        let s = ffo();
        let open = s.suite.as_ref().expect("the default suite");
        let (t40, t41) = (
            open.suite.items[0].position.to_text(),
            open.suite.items[1].position.to_text(),
        );
        let text = format!(
            r##"(version: 1, game: othello, position: "{t40}",
               suite: Some((source: "{DEFAULT_SUITE}", selected: Some(0))),
               results: [(row: 0, position: "current", depth: 1),
                         (row: 0, position: "#41", depth: 2),
                         (row: 0, position: "#99", depth: 2)])"##
        );
        let s = Session::from_ron(&text).unwrap();
        assert!(s.problems.is_empty(), "{:?}", s.problems);
        let r = &s.results;
        assert_eq!(
            (r[0].game, r[0].position_text.as_str()),
            (GameKind::Othello, t40.as_str())
        );
        assert_eq!(r[0].position, "#40");
        assert_eq!(r[0].suite_index, Some(0));
        assert_eq!(r[1].position_text, t41);
        assert_eq!(r[1].suite_index, Some(1));
        // A name the suite does not have stays a name, never another position's.
        assert!(r[2].position_text.is_empty());
        assert_eq!(r[2].key().text, "#99");
        // Written again, it names its position whole.
        let again = Session::from_ron(&s.to_ron().unwrap()).unwrap();
        assert_eq!(again.results, s.results);
    }

    #[test]
    fn a_position_or_suite_that_no_longer_loads_is_said() {
        let text = r#"(game: tictactoe, position: "xxxxxxxxxxxxx",
                       suite: Some((source: "no/such/suite.ttt")))"#;
        let s = Session::from_ron(text).unwrap();
        assert_eq!(s.position, AnyPosition::start(GameKind::TicTacToe));
        assert!(s.suite.is_none());
        assert_eq!(s.problems.len(), 2, "{:?}", s.problems);
        assert!(s.problems[0].starts_with("position:"), "{:?}", s.problems);
        assert!(s.problems[1].starts_with("suite:"), "{:?}", s.problems);
    }

    #[test]
    fn the_sets_follow_the_game_of_the_position() {
        let mut s = ffo();
        s.view.run_suite = true;
        let set = s.position_set(&ResultScope::RunTarget);
        assert_eq!(set.positions.len(), 20);
        assert_eq!(set.positions[0].label, "#40");
        assert!(
            set.description.contains("fforum-40-59.obf"),
            "{}",
            set.description
        );
        // On a custom tree, the Othello suite is neither run nor totalled.
        s.position =
            AnyPosition::parse(GameKind::CustomTree, "((3 12 8) (2 4 6) (14 5 2))").unwrap();
        assert!(s.suite_of_this_game().is_none());
        for scope in [
            ResultScope::RunTarget,
            ResultScope::Suite,
            ResultScope::Current,
        ] {
            let set = s.position_set(&scope);
            assert_eq!(set.positions.len(), 1, "{scope:?}");
            assert_eq!(set.positions[0].game, GameKind::CustomTree);
            assert!(set.description.starts_with("the current position"));
        }
        assert!(
            !s.scope_choices()
                .iter()
                .any(|(scope, _)| *scope == ResultScope::Suite)
        );
    }
}
