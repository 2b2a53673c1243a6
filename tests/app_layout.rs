//! The window at the sizes people use (1024x700, 1280x800, 1920x1080): every control
//! of the comparison's bars stays inside the window (they wrap instead of running off
//! its edge), and the board panel folds and opens again.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
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
