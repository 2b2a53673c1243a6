//! UI tests of the tree view: a tic-tac-toe tree is built, stepped back and forth and
//! saved as SVG, and a search too big to draw is refused; a 118-visit tree opens with
//! every label readable inside its pane; zooming, panning and the wheel never lose the
//! tree; two trees side by side put the same visit at the same place; the figure saves
//! as SVG, TikZ and PNG.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use treelab::app::{Command, TreelabApp};

mod common;
use common::{ffo40, harness, harness_with_session, settle};

/// The app at 1280x800 with the tree of FFO #40 at depth 3 built (the default rows:
/// NegaAlpha, then NegaScout).
fn ffo40_tree() -> Harness<'static, TreelabApp> {
    let mut h = harness();
    settle(&mut h);
    h.state_mut().push(Command::SetPosition(ffo40()));
    h.get_by_label("Tree").click();
    h.state_mut().push(Command::SetTreeDepth(3));
    settle(&mut h);
    h.get_by_label("Build tree").click();
    settle(&mut h);
    h
}

fn small_text(h: &Harness<'_, TreelabApp>) -> f32 {
    h.ctx.global_style().text_styles[&egui::TextStyle::Small].size
}

#[test]
fn the_tree_view_draws_two_rows_steps_and_exports_svg() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Tic-tac-toe").click();
    settle(&mut h);
    h.get_by_label("Tree").click();
    settle(&mut h);
    h.get_by_label("Build tree").click();
    settle(&mut h);
    let trees = h.state().trees();
    assert_eq!(trees.len(), 1);
    let nodes = trees[0].nodes.len() as u64;
    assert_eq!(nodes, trees[0].record.counters.nodes(), "a node per visit");
    // Step back from the last visit and forward again.
    h.get_by_label_contains(&format!("Visit {nodes} of {nodes}"));
    h.get_by_label("◀").click();
    settle(&mut h);
    h.get_by_label_contains(&format!("Visit {} of {nodes}", nodes - 1));
    h.get_by_label("|◀").click();
    settle(&mut h);
    h.get_by_label_contains(&format!("Visit 1 of {nodes}"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tree.svg");
    h.state_mut().push(Command::SaveTree(path.clone()));
    settle(&mut h);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg"));
    assert_eq!(
        svg.matches("<circle").count() + svg.matches("<rect x=").count(),
        nodes as usize
    );
}

#[test]
fn the_tree_view_refuses_a_search_too_big_to_draw() {
    let mut h = harness();
    settle(&mut h);
    // FFO #40 at depth 10 with plain NegaAlpha: 142,222 visits.
    h.get_by_label("Tree").click();
    settle(&mut h);
    // The depth field is the tree view's own (a DragValue); the command sets the same.
    h.state_mut().push(Command::SetTreeDepth(10));
    settle(&mut h);
    h.get_by_label("Build tree").click();
    settle(&mut h);
    assert!(h.state().trees().is_empty());
    h.get_by_label_contains("more than 20000 nodes, too many to draw; try depth 9");
}

#[test]
fn a_118_visit_tree_opens_with_every_label_readable_inside_the_pane() {
    let h = ffo40_tree();
    let trees = h.state().trees();
    assert_eq!(trees.len(), 1);
    let visits = trees[0].nodes.len();
    assert_eq!(visits, 118, "FFO #40 at depth 3 with NegaAlpha");
    let (labels, areas) = h.state().tree_labels();
    let area = areas[0];
    let small = small_text(&h);
    for node in 0..visits {
        let l = labels
            .iter()
            .find(|l| l.pane == 0 && l.node == node)
            .unwrap_or_else(|| panic!("visit {node} has no label on screen"));
        assert!(
            area.expand(0.5).contains_rect(l.rect),
            "visit {node}: its label {:?} is not inside the pane {area:?}",
            l.rect
        );
        assert!(
            l.text_size >= small - 0.01,
            "visit {node}: text of {} points, smaller than the UI's small text ({small})",
            l.text_size
        );
    }
    // The drawing takes the pane: most of its width and height.
    let used = labels
        .iter()
        .map(|l| l.rect)
        .reduce(|a, b| a.union(b))
        .unwrap();
    assert!(used.width() >= 0.8 * area.width(), "{used:?} in {area:?}");
    assert!(
        used.height() >= 0.75 * area.height(),
        "{used:?} in {area:?}"
    );
}

/// Whether some node is drawn inside the pane.
fn something_visible(h: &Harness<'_, TreelabApp>) -> bool {
    let (labels, areas) = h.state().tree_labels();
    labels.iter().any(|l| areas[0].intersects(l.rect))
}

fn wheel(h: &mut Harness<'_, TreelabApp>, at: egui::Pos2, dy: f32) {
    h.event(egui::Event::PointerMoved(at));
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, dy),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    settle(h);
}

fn drag(h: &mut Harness<'_, TreelabApp>, from: egui::Pos2, by: egui::Vec2) {
    h.event(egui::Event::PointerMoved(from));
    h.event(egui::Event::PointerButton {
        pos: from,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.step();
    for k in 1..=4 {
        h.event(egui::Event::PointerMoved(from + by * (k as f32 / 4.0)));
        h.step();
    }
    h.event(egui::Event::PointerButton {
        pos: from + by,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    settle(h);
}

#[test]
fn zooming_and_panning_from_any_state_keep_part_of_the_tree_in_view() {
    let mut h = ffo40_tree();
    let area = h.state().tree_labels().1[0];
    // A fixed sequence that mixes every way of moving the view, including the ones
    // that used to lose the tree (three + in a row, a long drag, a big wheel turn).
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for step in 0..60 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let action = seed % 6;
        match action {
            0 => h.get_by_label("zoom +").click(),
            1 => h.get_by_label("zoom −").click(),
            2 => {
                let by = egui::vec2(
                    ((seed >> 8) % 4000) as f32 - 2000.0,
                    ((seed >> 20) % 4000) as f32 - 2000.0,
                );
                drag(&mut h, area.center(), by);
            }
            3 => {
                let at = area.min
                    + egui::vec2(
                        ((seed >> 8) % area.width() as u64) as f32,
                        ((seed >> 24) % area.height() as u64) as f32,
                    );
                let dy = ((seed >> 32) % 3000) as f32 - 1500.0;
                wheel(&mut h, at, dy);
            }
            4 => {
                for _ in 0..3 {
                    h.get_by_label("zoom +").click();
                    settle(&mut h);
                }
            }
            _ => {
                for _ in 0..3 {
                    h.get_by_label("zoom −").click();
                    settle(&mut h);
                }
            }
        }
        settle(&mut h);
        assert!(
            something_visible(&h),
            "step {step} (action {action}): the tree left the pane (zoom {})",
            h.state().tree_zoom()
        );
    }
    // fit brings the whole tree back.
    h.get_by_label("fit").click();
    settle(&mut h);
    let (labels, _) = h.state().tree_labels();
    assert_eq!(labels.len(), 118);
}

#[test]
fn the_wheel_zooms_at_the_cursor() {
    let mut h = ffo40_tree();
    let (labels, _) = h.state().tree_labels();
    // The root's marker: it must stay under the cursor while zooming in.
    let root = labels.iter().find(|l| l.node == 0).unwrap().at;
    let before = h.state().tree_zoom();
    wheel(&mut h, root, 300.0);
    let after = h.state().tree_zoom();
    assert!(after > before * 1.2, "zoomed in: {before} -> {after}");
    let (labels, _) = h.state().tree_labels();
    let moved = labels.iter().find(|l| l.node == 0).unwrap().at;
    assert!(
        (moved - root).length() < 1.0,
        "the point under the cursor stays: {root:?} -> {moved:?}"
    );
}

#[test]
fn stepping_keeps_the_current_visit_in_view_when_zoomed_in() {
    let mut h = ffo40_tree();
    for _ in 0..6 {
        h.get_by_label("zoom +").click();
        settle(&mut h);
    }
    for _ in 0..40 {
        h.get_by_label("◀").click();
        settle(&mut h);
        let (labels, areas) = h.state().tree_labels();
        let step = labels
            .iter()
            .map(|l| l.node)
            .max()
            .expect("the visits up to the step are drawn");
        let current = labels.iter().find(|l| l.node == step);
        assert!(
            current.is_some_and(|l| areas[0].contains(l.at)),
            "visit {step} is out of view"
        );
    }
}

#[test]
fn side_by_side_the_same_visit_sits_at_the_same_place() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/tree-random.ron");
    let mut h = harness_with_session(&path, [1280.0, 800.0]);
    settle(&mut h);
    let trees = h.state().trees();
    assert_eq!(trees.len(), 2, "the session opens with its two trees built");
    // A visit's identity: its path and how many visits of that path came before it.
    let keys = |t: &treelab::tree::SearchTree| -> Vec<(Vec<String>, usize)> {
        let mut seen = std::collections::HashMap::new();
        t.nodes
            .iter()
            .map(|n| {
                let k = seen.entry(n.path.clone()).or_insert(0usize);
                *k += 1;
                (n.path.clone(), *k)
            })
            .collect()
    };
    let (ka, kb) = (keys(trees[0]), keys(trees[1]));
    let (labels, areas) = h.state().tree_labels();
    let mut compared = 0;
    for a in labels.iter().filter(|l| l.pane == 0) {
        for b in labels.iter().filter(|l| l.pane == 1) {
            if ka[a.node] == kb[b.node] {
                let da = a.at - areas[0].min;
                let db = b.at - areas[1].min;
                assert!(
                    (da - db).length() < 0.5,
                    "{:?}: {da:?} vs {db:?}",
                    ka[a.node]
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 5, "only {compared} shared visits on screen");
}

#[test]
fn the_tree_saves_as_svg_tikz_and_png() {
    let mut h = ffo40_tree();
    let dir = tempfile::tempdir().unwrap();
    for name in ["tree.svg", "tree.tex", "tree.png"] {
        let path = dir.path().join(name);
        h.state_mut().push(Command::SaveTree(path.clone()));
        settle(&mut h);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        match name {
            "tree.svg" => {
                let svg = String::from_utf8(bytes).unwrap();
                assert_eq!(
                    svg.matches("<circle").count() + svg.matches("<rect x=").count(),
                    118
                );
            }
            "tree.tex" => {
                let tex = String::from_utf8(bytes).unwrap();
                assert!(
                    tex.contains("\\begin{tikzpicture}") && tex.ends_with("\\end{tikzpicture}\n")
                );
                // A disc or square per visit, and every label.
                assert_eq!(
                    tex.matches("circle (").count() + tex.matches("rectangle (").count(),
                    118
                );
                assert!(tex.contains("{root 35}"), "the root's label");
            }
            _ => {
                let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
                let mut reader = decoder.read_info().unwrap();
                let mut buf = vec![0; reader.output_buffer_size().unwrap()];
                let info = reader.next_frame(&mut buf).unwrap();
                assert!(
                    info.width > 600 && info.height > 300,
                    "{}x{}",
                    info.width,
                    info.height
                );
                let inked = buf
                    .chunks(4)
                    .filter(|p| p[0] < 200 || p[1] < 200 || p[2] < 200)
                    .count();
                assert!(inked > 5000, "{inked} inked pixels");
            }
        }
    }
    // A name without a known extension: an error, and no file.
    let bad = dir.path().join("tree.txt");
    h.state_mut().push(Command::SaveTree(bad.clone()));
    settle(&mut h);
    assert!(!bad.exists());
    assert!(
        h.state()
            .status()
            .text()
            .contains(".svg, .tex (TikZ) or .png")
    );
}
