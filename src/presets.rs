//! The classic experiments as one-click comparison set-ups (the app's Presets menu and
//! `treelab session preset`). Each preset is a whole [`Session`]: game, position or
//! suite, rows and the view; no results.

use crate::engine::{AnyPosition, GameKind};
use crate::game::random_tree::{RandomTree, TreeSpec, ValueModel};
use crate::search::{Algorithm, MoveOrder, SearchOptions};
use crate::session::{ComparisonRow, ResultsTab, Session, SuiteRef};

/// A named comparison set-up.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// Short name for the CLI (`e1`, ...).
    pub name: &'static str,
    /// The menu label.
    pub label: &'static str,
    /// One sentence on what it shows.
    pub description: &'static str,
    /// Builds the session.
    pub build: fn() -> Session,
}

/// Every preset, in menu order.
pub const PRESETS: [Preset; 4] = [
    Preset {
        name: "e1",
        label: "E1: NegaAlpha vs Scout vs NegaScout, FFO #40-#59, depths 2-10",
        description: "Seed 000: fixed-depth searches in generation order, no table; run it on the whole suite.",
        build: e1,
    },
    Preset {
        name: "e2",
        label: "E2: killer moves k = 0..128, NegaAlpha depth 6, FFO #40-#59",
        description: "Seed 004: the same search with 0, 1, 2, 4, ..., 128 killer moves per ply.",
        build: e2,
    },
    Preset {
        name: "e3",
        label: "E3: alpha-beta vs Scout with perfect ordering, 627 tic-tac-toe classes",
        description: "Seed 002: every non-final position up to symmetry searched to the end; with a perfect oracle both search the same nodes, with a weak ordering they differ.",
        build: e3,
    },
    Preset {
        name: "e4",
        label: "E4: alpha-beta vs NegaScout vs MTD(f) vs SSS*, random tree vs the minimal tree",
        description: "Width 8, depth 6, independent values: leaves against Knuth-Moore's minimal tree and full minimax.",
        build: e4,
    },
];

/// The preset called `name` (`e1` .. `e4`).
#[must_use]
pub fn find(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name.eq_ignore_ascii_case(name))
}

fn row(algorithm: Algorithm, options: SearchOptions, depths: (u32, u32)) -> ComparisonRow {
    ComparisonRow {
        algorithm,
        options,
        depth_min: depths.0,
        depth_max: depths.1,
        ..ComparisonRow::new(algorithm)
    }
}

fn with_suite(mut s: Session, suite: &str) -> Session {
    if let Ok(loaded) = crate::engine::Suite::load_named(suite)
        && let Some(first) = loaded.items.first()
    {
        s.game = first.position.kind();
        s.position = first.position.to_text();
        s.suite = Some(SuiteRef {
            source: suite.to_string(),
            selected: Some(0),
        });
        s.view.run_suite = true;
    }
    s
}

fn base(game: GameKind) -> Session {
    let mut s = Session {
        game,
        position: AnyPosition::start(game).to_text(),
        suite: None,
        rows: Vec::new(),
        results: Vec::new(),
        ..Session::default()
    };
    s.view.baseline_row = Some(0);
    s.view.tab = ResultsTab::Seeds;
    s
}

/// E1 (seed 000).
fn e1() -> Session {
    let mut s = with_suite(base(GameKind::Othello), "fforum-40-59.obf");
    let d = SearchOptions::default();
    s.rows = vec![
        row(Algorithm::NegaAlpha, d.clone(), (2, 10)),
        row(Algorithm::Scout, d.clone(), (2, 10)),
        row(
            Algorithm::NegaScout,
            SearchOptions {
                skip_shallow_research: true,
                ..d
            },
            (2, 10),
        ),
    ];
    s
}

/// E2 (seed 004).
fn e2() -> Session {
    let mut s = with_suite(base(GameKind::Othello), "fforum-40-59.obf");
    s.rows = [0, 1, 2, 4, 8, 16, 32, 64, 128]
        .into_iter()
        .map(|k| {
            row(
                Algorithm::NegaAlpha,
                SearchOptions {
                    killers: k,
                    ..SearchOptions::default()
                },
                (6, 6),
            )
        })
        .collect();
    s.view.tab = ResultsTab::Table;
    s
}

/// E3 (seed 002), on the 627 classes.
fn e3() -> Session {
    let mut s = with_suite(base(GameKind::TicTacToe), "classes-627.ttt");
    let oracle = SearchOptions {
        ordering: MoveOrder::Oracle,
        ..SearchOptions::default()
    };
    let weak = SearchOptions {
        ordering: MoveOrder::Static,
        ..SearchOptions::default()
    };
    s.rows = vec![
        row(Algorithm::AlphaBeta, oracle.clone(), (9, 9)),
        row(Algorithm::Scout, oracle, (9, 9)),
        row(Algorithm::AlphaBeta, weak.clone(), (9, 9)),
        row(Algorithm::Scout, weak, (9, 9)),
    ];
    s
}

/// E4 (seed 001 and Plaat et al.).
fn e4() -> Session {
    let spec = TreeSpec {
        width: 8,
        depth: 6,
        seed: 1,
        model: ValueModel::Independent { range: 100 },
    };
    let mut s = base(GameKind::RandomTree);
    if let Ok(tree) = RandomTree::new(spec) {
        s.position = AnyPosition::RandomTree(tree).to_text();
    }
    let d = SearchOptions::default();
    s.rows = vec![
        row(Algorithm::AlphaBeta, d.clone(), (1, 6)),
        row(Algorithm::NegaScout, d.clone(), (1, 6)),
        row(
            Algorithm::MtdF,
            SearchOptions {
                tt_mib: 16,
                iterative_deepening: true,
                ..d.clone()
            },
            (1, 6),
        ),
        row(Algorithm::SssStar, d, (1, 6)),
    ];
    s.view.tab = ResultsTab::Charts;
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_builds_a_runnable_session() {
        for p in PRESETS {
            let s = (p.build)();
            assert!(!s.rows.is_empty(), "{}", p.name);
            s.current_position()
                .unwrap_or_else(|e| panic!("{}: {e}", p.name));
            for (i, r) in s.rows.iter().enumerate() {
                r.check()
                    .unwrap_or_else(|e| panic!("{} row {}: {e}", p.name, i + 1));
            }
            assert!(find(p.name).is_some());
        }
        assert_eq!(
            e1().suite.map(|r| r.source).as_deref(),
            Some("fforum-40-59.obf")
        );
        assert!(e3().view.run_suite);
    }
}
