//! The window at the sizes people use (1024x700, 1280x800, 1920x1080): every control
//! of the comparison's bars stays inside the window (they wrap instead of running off
//! its edge), and the board panel folds and opens again.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};
use treelab::app::TreelabApp;

mod common;
use common::harness_with_session;

const SIZES: [(f32, f32); 3] = [(1024.0, 700.0), (1280.0, 800.0), (1920.0, 1080.0)];

fn harness_at(width: f32, height: f32, session: &str) -> Harness<'static, TreelabApp> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(session);
    let mut h = harness_with_session(&path, [width, height]);
    for _ in 0..12 {
        h.step();
    }
    h
}

/// The labels of the controls that sit in the run bar and the results toolbar: none
/// of them scrolls, so each must be inside the window.
const BAR_LABELS: [&str; 10] = [
    "Comparison",
    "▶ Run (F5)",
    "threads",
    "Table",
    "Charts",
    "Positions",
    "Baseline",
    "Count",
    "Export",
    "Clear results",
];

#[test]
fn the_bars_wrap_inside_the_window_at_every_size() {
    for session in ["saves/e1.ron", "saves/e4.ron"] {
        for (w, hgt) in SIZES {
            let h = harness_at(w, hgt, session);
            for label in BAR_LABELS {
                // A picker is labelled by the word beside it: both must be inside.
                let nodes: Vec<_> = h.query_all_by_label(label).collect();
                assert!(!nodes.is_empty(), "{session} at {w}x{hgt}: no '{label}'");
                for node in nodes {
                    let r = node.rect();
                    assert!(
                        r.left() >= 0.0 && r.right() <= w + 0.5 && r.bottom() <= hgt,
                        "{session} at {w}x{hgt}: '{label}' at {r:?} is outside the window"
                    );
                }
            }
        }
    }
}

#[test]
fn the_board_panel_folds_and_opens_again() {
    let mut h = harness_at(1024.0, 700.0, "saves/e1.ron");
    let comparison_left = h.get_by_label("Comparison").rect().left();
    assert!(h.state().left_panel_open());
    assert!(h.query_by_label("square a1").is_some());
    h.get_by_label("«").click();
    for _ in 0..12 {
        h.step();
    }
    assert!(!h.state().left_panel_open());
    assert!(
        h.query_by_label("square a1").is_none(),
        "the board is folded away"
    );
    let folded_left = h.get_by_label("Comparison").rect().left();
    assert!(
        folded_left < comparison_left - 200.0,
        "the comparison takes the room: {folded_left} vs {comparison_left}"
    );
    h.get_by_label("»").click();
    for _ in 0..12 {
        h.step();
    }
    assert!(h.state().left_panel_open());
    assert!(h.query_by_label("square a1").is_some());
}

/// The E8 preset at every size, with a note on a row: every row's buttons are inside
/// the window, each parallel row's options say its threads first and whole, and the
/// note sits under its row, moving nothing.
#[test]
fn the_rows_fit_with_their_notes_and_whole_summaries() {
    use treelab::app::Command;
    for (w, hgt) in SIZES {
        let mut h = Harness::builder().with_size([w, hgt]).build_ui_state(
            |ui, app: &mut TreelabApp| app.frame_ui(ui),
            TreelabApp::new_for_tests(),
        );
        h.state_mut().push(Command::ApplyPreset("e8".into()));
        for _ in 0..12 {
            h.step();
        }
        let rows = h.state().session().rows.clone();
        assert_eq!(rows.len(), 5, "E8's five rows");
        let removes = |h: &Harness<'_, TreelabApp>| -> Vec<egui::Rect> {
            h.query_all_by_label("×").map(|n| n.rect()).collect()
        };
        let before = removes(&h);
        assert_eq!(before.len(), 5, "{w}x{hgt}: a remove button per row");
        for r in &before {
            assert!(r.right() <= w, "{w}x{hgt}: a row's × at {r:?} is cut");
        }
        for (i, row) in rows.iter().enumerate().skip(1) {
            let summary = h
                .query_all(egui_kittest::kittest::By::new().label_contains("threads, TT"))
                .nth(i - 1)
                .unwrap_or_else(|| panic!("{w}x{hgt}: row {} says no threads", i + 1));
            let text = summary.accesskit_node().label().unwrap_or_default();
            assert!(
                text.starts_with(&format!("{} threads", row.options.threads)),
                "{w}x{hgt}: row {}: {text}",
                i + 1
            );
            assert!(
                !text.contains('…'),
                "{w}x{hgt}: row {}: {text} is cut",
                i + 1
            );
        }
        // A note (a depth typed past the deepest) goes under its row: no button moves
        // sideways.
        h.state_mut().push(Command::SetRowDepths(0, 1, 9999));
        h.state_mut().push(Command::SetRowNote(
            0,
            Some(treelab::app::RowNote {
                word: "depth set to 64".into(),
                why: "Depth 9999 is beyond the deepest a row may search, 64: set to 64".into(),
            }),
        ));
        for _ in 0..12 {
            h.step();
        }
        let note = h.get_by_label("depth set to 64").rect();
        let after = removes(&h);
        assert!(
            note.top() >= after[0].bottom() - 1.0,
            "{w}x{hgt}: the note is under its row"
        );
        for (a, b) in before.iter().zip(&after) {
            assert!(
                (a.left() - b.left()).abs() < 0.5,
                "{w}x{hgt}: a × moved: {a:?} {b:?}"
            );
        }
    }
}

/// What used to move or stay wrongly: switching tabs is no unsaved change, and no line
/// comes and goes above the tabs after a Stop.
#[test]
fn switching_tabs_changes_no_work_and_the_tabs_stay_put() {
    let mut h = harness_at(1280.0, 800.0, "saves/e1.ron");
    assert!(!h.state().is_dirty());
    let table = h.get_by_label("Table").rect();
    for tab in ["Charts", "Article layout", "Tree", "Match", "Table"] {
        h.get_by_label(tab).click();
        for _ in 0..6 {
            h.step();
        }
        assert!(
            !h.state().is_dirty(),
            "opening {tab} counts as unsaved work"
        );
    }
    assert_eq!(h.get_by_label("Table").rect(), table, "the tabs moved");
    assert!(h.query_by_label_contains("last Stop").is_none());
}
