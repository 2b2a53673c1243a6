//! Which positions a session's results views show: the set a [`ResultScope`] picks out
//! of the session's current position, open suite and results.

use super::entry::OpenSuite;
use super::model::Session;
use super::scope::{PositionInSet, PositionKey, PositionSet, ResultScope, short_text};

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
        let suite = |open: &OpenSuite| PositionSet {
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
    use crate::engine::{AnyPosition, GameKind};
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
