//! UI tests of moving about the tree view and of its rings: `fit` shows the whole tree
//! when it is bigger than the pane (FFO #40 side by side, the hand-built textbook tree at
//! 1920x1080, a 167-visit tic-tac-toe tree at 1024x700); `zoom −` zooms about the
//! pane's centre and reaches the whole tree; a click shows a visit's position on the
//! board and a double click folds its subtree, neither rewinding the step, and `fit`
//! then fills the pane with the tree as drawn, centred; beside a
//! second tree only the visits it never makes are ringed, and NegaScout's tests of
//! nodes alpha-beta searches have a mark of their own. The tree pane keeps a usable
//! height at 1024x700 with the board panel open; Build tree stays on the row pickers'
//! line with a long row name, and the visit counter counts from 1.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use treelab::app::TreelabApp;
use treelab::tree::{SearchTree, VisitDiff, replay};

mod common;
use common::settle;

/// The app at `size` with the session `text` opened (it opens on its trees).
fn open(text: &str, size: [f32; 2]) -> Harness<'static, TreelabApp> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.ron");
    std::fs::write(&path, text).unwrap();
    open_path(&path, size)
}

fn open_path(path: &std::path::Path, size: [f32; 2]) -> Harness<'static, TreelabApp> {
    let mut app = TreelabApp::new_for_tests();
    app.open_session_from(path).unwrap();
    // Short frames, so that two clicks a frame apart make a double click.
    let mut h = Harness::builder()
        .with_size(size)
        .with_step_dt(0.05)
        .build_ui_state(|ui, app: &mut TreelabApp| app.frame_ui(ui), app);
    settle(&mut h);
    assert!(
        !h.state().trees().is_empty(),
        "the session opens on its trees"
    );
    h
}

fn saved(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("saves")
        .join(name)
}

/// FFO #40 (the first position of the shipped suite) in a session's text form.
fn ffo40_text() -> String {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/othello/fforum-40-59.obf"),
    )
    .unwrap();
    let line = text.lines().find(|l| l.contains(';')).unwrap();
    format!("{};", line.split(';').next().unwrap().trim())
}

/// A session of `game` at `position` with `rows`, on the Tree tab.
fn session(game: &str, position: &str, rows: &[&str], beside: bool, depth: u32) -> String {
    let rows: Vec<String> = rows
        .iter()
        .map(|a| format!("ComparisonRow(algorithm: {a}, depth_min: {depth}, depth_max: {depth})"))
        .collect();
    format!(
        r#"Session(version: 1, game: {game}, position: "{position}", rows: [{}],
           view: ViewChoices(tab: Tree, tree_row: 0, tree_row_beside: {}, tree_depth: {depth}))"#,
        rows.join(", "),
        if beside { "Some(1)" } else { "None" }
    )
}

/// Every visit of every tree has its marker inside its own pane.
fn whole_tree_in_view(h: &Harness<'_, TreelabApp>, what: &str) {
    let trees = h.state().trees();
    let (labels, areas) = h.state().tree_labels();
    for (k, t) in trees.iter().enumerate() {
        let inside = labels
            .iter()
            .filter(|l| l.pane == k && areas[k].expand(0.5).contains(l.at))
            .count();
        assert_eq!(
            inside,
            t.nodes.len(),
            "{what}: pane {k} shows {inside} of its {} visits",
            t.nodes.len()
        );
    }
}

#[test]
fn fit_shows_the_whole_tree_however_big() {
    let ffo = session(
        "othello",
        &ffo40_text(),
        &["negaalpha", "negascout"],
        true,
        3,
    );
    let ttt = session("tictactoe", "......... X", &["negaalpha"], false, 3);
    let mut cases = vec![
        (open(&ffo, [1280.0, 800.0]), "FFO #40 side by side"),
        (open(&ttt, [1024.0, 700.0]), "tic-tac-toe"),
        (
            open_path(&saved("tree-custom.ron"), [1920.0, 1080.0]),
            "tree-custom at 1920x1080",
        ),
    ];
    for (h, what) in &mut cases {
        // Moved away first: zoomed in three times.
        for _ in 0..3 {
            h.get_by_label("zoom +").click();
            settle(h);
        }
        h.get_by_label("fit").click();
        settle(h);
        whole_tree_in_view(h, what);
    }
    assert!(cases[1].0.state().trees()[0].nodes.len() >= 130);
}

#[test]
fn zoom_out_keeps_the_centre_and_reaches_the_whole_tree() {
    let ffo = session("othello", &ffo40_text(), &["negaalpha"], false, 3);
    let mut h = open(&ffo, [1280.0, 800.0]);
    for _ in 0..4 {
        h.get_by_label("zoom +").click();
        settle(&mut h);
    }
    let centre = |h: &Harness<'_, TreelabApp>| h.state().tree_labels().1[0].center();
    // The visit nearest the pane's centre, and how far from it.
    let (labels, _) = h.state().tree_labels();
    let c = centre(&h);
    let near = labels
        .iter()
        .min_by(|a, b| (a.at - c).length().total_cmp(&(b.at - c).length()))
        .unwrap()
        .clone();
    let zoom = h.state().tree_zoom();
    h.get_by_label("zoom −").click();
    settle(&mut h);
    let ratio = h.state().tree_zoom() / zoom;
    assert!((ratio - 0.8).abs() < 1e-3, "zoomed out by {ratio}");
    let (labels, _) = h.state().tree_labels();
    let after = labels.iter().find(|l| l.node == near.node).unwrap();
    let expected = c + (near.at - c) * ratio;
    assert!(
        (after.at - expected).length() < 1.0,
        "the centre stays: {:?} -> {:?}, expected {expected:?}",
        near.at,
        after.at
    );
    // Zooming out on reaches the whole tree.
    let mut presses = 0;
    loop {
        let (labels, areas) = h.state().tree_labels();
        let visits = h.state().trees()[0].nodes.len();
        if labels.iter().filter(|l| areas[0].contains(l.at)).count() == visits {
            break;
        }
        presses += 1;
        assert!(presses <= 30, "zoom − never showed the whole tree");
        h.get_by_label("zoom −").click();
        settle(&mut h);
    }
}

#[test]
fn a_click_shows_the_position_and_a_double_click_folds_without_rewinding() {
    let aima = session(
        "custom",
        "((3 12 8) (2 4 6) (14 5 2))",
        &["alphabeta"],
        false,
        2,
    );
    let mut h = open(&aima, [1280.0, 800.0]);
    let last = h.state().trees()[0].nodes.len() - 1;
    assert_eq!(h.state().tree_step(), last);
    // Visit 2 is the first MIN node, a; a click shows its position.
    h.get_by_label_contains("visit 2:").click();
    settle(&mut h);
    assert_eq!(h.state().tree_step(), last, "the step stays");
    let t = h.state().trees()[0].clone();
    let a = replay(&t.root, &t.nodes[1].path).unwrap();
    assert_eq!(h.state().session().position, a, "the board shows a");
    assert!(h.state().status().text().contains("after a"));
    // Undo takes the board back, and the status line no longer names a.
    h.state_mut().push(treelab::app::Command::Undo);
    settle(&mut h);
    assert_eq!(h.state().session().position, t.root);
    let status = h.state().status().text().to_string();
    assert!(
        status.starts_with("Undid a move") && !status.contains("after a"),
        "{status}"
    );
    // A double click folds a: its three leaves are no longer drawn, and the board
    // stays where it was (back at the root here).
    h.state_mut()
        .push(treelab::app::Command::SetPosition(t.root.clone()));
    settle(&mut h);
    let drawn = |h: &Harness<'_, TreelabApp>| h.state().tree_labels().0.len();
    assert_eq!(drawn(&h), t.nodes.len());
    let node = h.get_by_label_contains("visit 2:");
    node.click();
    node.click();
    settle(&mut h);
    assert_eq!(drawn(&h), t.nodes.len() - 3, "a's leaves are folded");
    assert_eq!(h.state().tree_step(), last, "the step stays");
    assert_eq!(
        h.state().session().position,
        t.root,
        "a double click leaves the board alone"
    );
    // The trees are still those of the position searched, not stale.
    assert!(h.query_by_label("Build tree again").is_none());
}

/// How many visits of `a` follow moves no visit of `b` follows.
fn paths_only_in(a: &SearchTree, b: &SearchTree) -> usize {
    let other: std::collections::HashSet<&[String]> =
        b.nodes.iter().map(|n| n.path.as_slice()).collect();
    a.nodes
        .iter()
        .filter(|n| !other.contains(n.path.as_slice()))
        .count()
}

#[test]
fn only_the_visits_the_other_tree_never_makes_are_ringed() {
    // AIMA 5.2: alpha-beta and NegaScout visit the same 11 nodes.
    let aima = session(
        "custom",
        "((3 12 8) (2 4 6) (14 5 2))",
        &["alphabeta", "negascout"],
        true,
        2,
    );
    let h = open(&aima, [1280.0, 800.0]);
    let trees = h.state().trees();
    assert_eq!(trees[0].nodes.len(), 11);
    let (labels, _) = h.state().tree_labels();
    assert_eq!(labels.len(), trees[0].nodes.len() + trees[1].nodes.len());
    // How each tree visits each node: normal, null-window test, re-search.
    let kinds = |t: &SearchTree, path: &[String]| {
        let mut k: Vec<_> = t
            .nodes
            .iter()
            .filter(|n| n.path == path)
            .map(|n| n.kind as u8)
            .collect();
        k.sort_unstable();
        k.dedup();
        k
    };
    for l in &labels {
        let n = &trees[l.pane].nodes[l.node];
        assert_ne!(l.mark, VisitDiff::OnlyHere, "{:?} is ringed", n.path);
        let differs = kinds(trees[0], &n.path) != kinds(trees[1], &n.path);
        let expected = if differs {
            VisitDiff::Otherwise
        } else {
            VisitDiff::Same
        };
        assert_eq!(l.mark, expected, "pane {} {:?}", l.pane, n.path);
        // b and c: NegaScout tests them with a null window, alpha-beta searches them.
        if n.path.len() == 1 && n.path[0] != "a" {
            assert_eq!(l.mark, VisitDiff::Otherwise, "pane {} {:?}", l.pane, n.path);
        }
        if n.path.is_empty() || n.path == ["a"] {
            assert_eq!(l.mark, VisitDiff::Same, "pane {} {:?}", l.pane, n.path);
        }
    }
    // FFO #40 at depth 3: rings only where the other search never goes.
    let ffo = session(
        "othello",
        &ffo40_text(),
        &["negaalpha", "negascout"],
        true,
        3,
    );
    let mut h = open(&ffo, [1280.0, 800.0]);
    h.get_by_label("fit").click();
    settle(&mut h);
    let trees = h.state().trees();
    let (labels, _) = h.state().tree_labels();
    for k in 0..2 {
        let ringed = labels
            .iter()
            .filter(|l| l.pane == k && l.mark == VisitDiff::OnlyHere)
            .count();
        let truth = paths_only_in(trees[k], trees[1 - k]);
        assert_eq!(ringed, truth, "pane {k}");
        let leaves = trees[k].nodes.iter().filter(|n| n.leaf).count();
        assert!(
            ringed * 4 < leaves,
            "pane {k}: {ringed} of {leaves} leaves ringed"
        );
    }
}

#[test]
fn the_tree_pane_keeps_its_height_at_1024x700() {
    let mut h = open_path(&saved("tree-custom.ron"), [1024.0, 700.0]);
    settle(&mut h);
    let (_, areas) = h.state().tree_labels();
    assert!(
        areas[0].height() >= 310.0,
        "the tree pane is {} points tall",
        areas[0].height()
    );
    // The buttons of the controls keep their text on one line.
    let save = h.get_by_label("Save tree as…").rect();
    assert!(save.height() < 30.0, "Save tree as… is {save:?}");
    // At every size the controls wrap inside the window and both panes are whole in it
    // (a control that did not wrap once widened the panel past the window's edge).
    for size in [[1024.0, 700.0], [1280.0, 800.0], [1920.0, 1080.0]] {
        let mut h = open_path(&saved("tree-custom.ron"), size);
        settle(&mut h);
        let (_, areas) = h.state().tree_labels();
        assert_eq!(areas.len(), 2);
        for a in &areas {
            assert!(a.max.x <= size[0], "{size:?}: a pane ends at {}", a.max.x);
        }
        let save = h.get_by_label("Save tree as…").rect();
        assert!(save.max.x <= size[0], "{size:?}: Save tree as… is {save:?}");
    }
}

#[test]
fn fit_after_a_fold_fills_the_pane_with_the_tree_as_drawn() {
    let aima = session("custom", common::AIMA, &["alphabeta"], false, 2);
    for size in [[1280.0, 800.0], [1024.0, 700.0]] {
        let mut h = open(&aima, size);
        let node = h.get_by_label_contains("visit 2:");
        node.click();
        node.click();
        settle(&mut h);
        h.get_by_label("fit").click();
        settle(&mut h);
        let (labels, areas) = h.state().tree_labels();
        let pane = areas[0];
        assert_eq!(labels.len(), 8, "{size:?}: a's three leaves are folded");
        let mut extent = egui::Rect::NOTHING;
        for l in &labels {
            assert!(
                pane.contains_rect(l.rect),
                "{size:?}: visit {} at {:?} is cut by the pane {pane:?}",
                l.node + 1,
                l.rect
            );
            extent = extent.union(l.rect);
        }
        // The drawing fills a good part of the pane, in its middle.
        assert!(
            extent.width() >= 0.7 * pane.width() && extent.height() >= 0.9 * pane.height(),
            "{size:?}: the tree takes {extent:?} of {pane:?}"
        );
        let off = extent.center() - pane.center();
        assert!(
            off.x.abs() < 0.05 * pane.width() && off.y.abs() < 0.05 * pane.height(),
            "{size:?}: the tree's centre is {off:?} from the pane's"
        );
    }
}

#[test]
fn build_tree_stays_on_the_pickers_line_with_a_long_row_name() {
    let text = r#"Session(version: 1, game: tictactoe, position: "......... X",
        rows: [ComparisonRow(algorithm: alphabeta, options: SearchOptions(fail_soft: true,
            ordering: static, killers: 2, history: true, tt_mib: 16, iterative_deepening: true,
            aspiration: 50), depth_min: 2, depth_max: 2)],
        view: ViewChoices(tab: Tree, tree_row: 0, tree_depth: 2))"#;
    for size in [[1280.0, 800.0], [1024.0, 700.0]] {
        let h = open(text, size);
        let label = h.state().session().rows[0].label();
        assert!(label.len() > 60, "{label}");
        let line = h.get_by_label("Tree of").rect().center().y;
        let build = h.get_by_label("Build tree").rect();
        assert!(
            (build.center().y - line).abs() < 4.0 && build.max.x <= size[0],
            "{size:?}: Build tree at {build:?}, the pickers' line at y {line}"
        );
        // The visit counter counts from 1, as "Visit k of n" does.
        let visits = h.state().trees()[0].nodes.len();
        use egui_kittest::kittest::NodeT;
        let counter = h.get_by_label("visit").accesskit_node().numeric_value();
        assert_eq!(counter, Some(visits as f64), "{size:?}");
        h.get_by_label_contains(&format!("Visit {visits} of {visits}"));
    }
}
