//! The classic experiments as one-click comparison set-ups (the app's Presets menu and
//! `treelab session preset`). Each preset is a whole [`Session`]: game, position or
//! suite, rows and the view; no results. The set-ups are not written here: each comes
//! from its experiment's own definition ([`crate::experiment::experiments`]), so the
//! app and `treelab experiment` run the same rows, positions and depths.

use crate::experiment::experiments::EXPERIMENTS;
use crate::session::Session;

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

/// Every preset, in menu order: the experiments that are comparisons the app can run.
#[must_use]
pub fn presets() -> Vec<Preset> {
    EXPERIMENTS
        .iter()
        .filter_map(|e| {
            e.preset.map(|build| Preset {
                name: e.name,
                label: e.label,
                description: e.description,
                build,
            })
        })
        .collect()
}

/// The preset called `name` (`e1` .. `e9`, any case).
#[must_use]
pub fn find(name: &str) -> Option<Preset> {
    presets()
        .into_iter()
        .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_builds_a_runnable_session() {
        let all = presets();
        assert_eq!(all.len(), 9, "e1 .. e9");
        for p in &all {
            let s = (p.build)();
            assert!(!s.rows.is_empty(), "{}", p.name);
            assert!(s.problems.is_empty(), "{}: {:?}", p.name, s.problems);
            for (i, r) in s.rows.iter().enumerate() {
                r.check()
                    .unwrap_or_else(|e| panic!("{} row {}: {e}", p.name, i + 1));
            }
            assert!(find(p.name).is_some());
        }
        let e5 = find("e5").map(|p| (p.build)()).expect("e5");
        assert_eq!(e5.suite.map(|r| r.source).as_deref(), Some("Test_L3_R1"));
        assert_eq!(e5.rows.len(), 10, "Pons' eight steps and two more rows");
        let e1 = find("e1").map(|p| (p.build)()).expect("e1");
        assert_eq!(
            e1.suite.map(|r| r.source).as_deref(),
            Some("fforum-40-59.obf")
        );
        assert_eq!(e1.rows.len(), 3);
        let e2 = find("E2").map(|p| (p.build)()).expect("e2");
        assert_eq!(e2.rows.len(), 9, "one row per killer count");
        assert!(e2.rows.iter().all(|r| r.depth_min == 6 && r.depth_max == 6));
        assert!(find("e3").map(|p| (p.build)()).expect("e3").view.run_suite);
        let e6 = find("e6").map(|p| (p.build)()).expect("e6");
        let algorithms: Vec<_> = e6.rows.iter().map(|r| r.algorithm).collect();
        use crate::search::Algorithm;
        assert_eq!(
            algorithms,
            [Algorithm::NegaAlpha, Algorithm::Mcts, Algorithm::MctsSolver]
        );
        assert!(e6.position.to_text().contains("pgame=127"), "a P-game tree");
    }
}
