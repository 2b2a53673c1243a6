//! UI tests: every result belongs to the position it was searched on. Results of one
//! game never show up under another, the run target and the tree view follow the game,
//! and totals are over a stated set of positions, each once (the steps a new user took
//! when these went wrong).

use std::time::Duration;

use egui_kittest::kittest::Queryable;
use treelab::app::{Command, TreelabApp};
use treelab::engine::count::CountKind;
use treelab::engine::{AnyPosition, GameKind};
use treelab::session::ResultEntry;

mod common;
use common::{AIMA, harness, pick_positions, settle, wait_for_run};

const RUN: &str = "▶ Run (F5)";

fn run(h: &mut egui_kittest::Harness<'_, TreelabApp>) {
    h.get_by_label(RUN).click();
    settle(h);
    wait_for_run(h, Duration::from_secs(120));
}

fn aima() -> AnyPosition {
    AnyPosition::parse(GameKind::CustomTree, AIMA).unwrap()
}

/// The results the table shows now.
fn shown(app: &TreelabApp) -> Vec<&ResultEntry> {
    app.table_lines()
        .into_iter()
        .map(|i| &app.session().results[i])
        .collect()
}

#[test]
fn results_of_one_game_never_show_under_another() {
    let mut h = harness();
    settle(&mut h);
    // FFO #40, both rows at depths 1-6.
    run(&mut h);
    let othello: Vec<ResultEntry> = h.state().session().results.clone();
    assert_eq!(othello.len(), 12);
    assert!(
        othello
            .iter()
            .all(|e| e.position == "#40" && e.game == GameKind::Othello)
    );
    // Switch to a custom tree, AIMA's figure 5.2, and run again.
    h.get_by_label("Custom tree").click();
    settle(&mut h);
    h.state_mut().push(Command::SetPosition(aima()));
    settle(&mut h);
    run(&mut h);
    let app = h.state();
    let status = app.status().text().to_string();
    assert!(
        !status.contains("left the earlier complete result"),
        "{status}"
    );
    // The tree's own ten results: depth 1 is refused (an interior node without a
    // value), so Run leaves it out and says so; the others score 3, AIMA's value.
    assert!(status.contains("left out row 1 at depth 1"), "{status}");
    let tree: Vec<&ResultEntry> = app
        .session()
        .results
        .iter()
        .filter(|e| e.game == GameKind::CustomTree)
        .collect();
    assert_eq!(tree.len(), 10);
    for e in &tree {
        assert_eq!(e.position_text, AIMA);
        assert!(e.depth > 1, "depth 1 is left out");
        assert!(e.error.is_none());
        assert_eq!(e.record.score, Some(3), "depth {}", e.depth);
    }
    // Othello's results are untouched and kept under their own position.
    let kept: Vec<&ResultEntry> = app
        .session()
        .results
        .iter()
        .filter(|e| e.game == GameKind::Othello)
        .collect();
    assert_eq!(kept.len(), 12);
    for (a, b) in kept.iter().zip(&othello) {
        assert_eq!(a.record, b.record);
    }
    // The table shows the board's position only, and says so.
    let table = shown(app);
    assert_eq!(table.len(), 10);
    assert!(table.iter().all(|e| e.game == GameKind::CustomTree));
    h.get_by_label_contains("12 more of other positions");
    assert!(
        h.query_by_label("#40").is_none(),
        "no Othello line in the table"
    );
    // The positions picker shows the others, each labelled with its position.
    pick_positions(&mut h, "#40 (Othello)");
    settle(&mut h);
    let table = shown(h.state());
    assert_eq!(table.len(), 12);
    assert!(table.iter().all(|e| e.game == GameKind::Othello));
    assert!(h.query_all_by_label("#40").count() >= 12);
}

#[test]
fn the_run_target_and_the_tree_view_follow_the_game() {
    let mut h = harness();
    settle(&mut h);
    // The suite as the run target, and a tree of FFO #40 in quiz mode.
    h.get_by_label("fforum-40-59.obf (20 positions)").click();
    settle(&mut h);
    assert!(h.state().session().view.run_suite);
    h.get_by_label("Tree").click();
    settle(&mut h);
    h.get_by_label("Quiz").click();
    h.state_mut().push(Command::SetTreeDepth(1));
    settle(&mut h);
    h.get_by_label("Build tree").click();
    settle(&mut h);
    assert!(h.query_by_label("Check").is_some(), "the quiz asks");
    // Text typed into the paste box for Othello.
    h.get_by_label("Paste:").type_text("some Othello text");
    settle(&mut h);
    // Switch to a custom tree.
    h.get_by_label("Custom tree").click();
    settle(&mut h);
    assert_eq!(h.get_by_label("Paste:").value().unwrap_or_default(), "");
    // The tree and its quiz belong to another position: said, and not asked.
    h.get_by_label_contains("searched on another position");
    assert!(
        h.query_by_label("Check").is_none(),
        "no quiz of another position"
    );
    // The Othello suite is not a run target any more.
    h.get_by_label("Table").click();
    settle(&mut h);
    h.get_by_label_contains("a suite (fforum-40-59.obf is of Othello)");
    h.state_mut().push(Command::SetPosition(aima()));
    settle(&mut h);
    run(&mut h);
    let results = &h.state().session().results;
    assert_eq!(
        results.len(),
        10,
        "the tree only (depth 1 left out), not the 20 Othello positions"
    );
    assert!(results.iter().all(|e| e.game == GameKind::CustomTree));
    // Back on the tree tab, Build tree again draws the board's tree.
    h.get_by_label("Tree").click();
    h.state_mut().push(Command::SetTreeDepth(2));
    settle(&mut h);
    h.get_by_label("Build tree again").click();
    settle(&mut h);
    assert!(
        h.query_by_label_contains("searched on another position")
            .is_none()
    );
    assert!(
        h.query_by_label("Check").is_some(),
        "the quiz asks about the tree"
    );
}

#[test]
fn totals_count_each_position_of_the_stated_set_once() {
    let mut h = harness();
    settle(&mut h);
    // Depths 1-2 on the current position, FFO #40 ...
    h.state_mut().push(Command::SetRowDepths(0, 1, 2));
    h.state_mut().push(Command::SetRowDepths(1, 1, 2));
    settle(&mut h);
    run(&mut h);
    assert_eq!(h.state().session().results.len(), 4);
    // ... then depths 1-3 on the suite, which holds #40 too.
    h.state_mut().push(Command::SetRowDepths(0, 1, 3));
    h.state_mut().push(Command::SetRowDepths(1, 1, 3));
    h.get_by_label("fforum-40-59.obf (20 positions)").click();
    settle(&mut h);
    run(&mut h);
    let app = h.state();
    let results = &app.session().results;
    // #40's results of the first run were of the same position: replaced, not added.
    assert_eq!(results.len(), 2 * 3 * 20);
    h.get_by_label("Article layout").click();
    settle(&mut h);
    h.get_by_label_contains("Totals over the suite fforum-40-59.obf, 20 positions");
    assert!(h.query_by_label_contains("21 positions").is_none());
    // Every total is there, and is the sum over the twenty positions, each once.
    let app = h.state();
    let set = app.position_set();
    assert_eq!(set.positions.len(), 20);
    let totals = app.report().totals(&set.keys(), CountKind::Nodes);
    for row in 0..2 {
        for depth in 1..=3 {
            let by_hand: u64 = app
                .session()
                .results
                .iter()
                .filter(|e| e.row == row && e.depth == depth)
                .map(|e| e.record.counters.nodes())
                .sum();
            assert_eq!(
                totals[&(row, depth)].value,
                by_hand,
                "row {row} depth {depth}"
            );
        }
    }
    // The current position alone is one position: #40.
    pick_positions(&mut h, "the current position, #40");
    settle(&mut h);
    assert_eq!(h.state().position_set().positions.len(), 1);
    assert_eq!(shown(h.state()).len(), 6);
}

#[test]
fn a_board_being_edited_goes_when_another_position_comes_and_typed_text_stays() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Tic-tac-toe").click();
    settle(&mut h);
    h.get_by_label("Paste:").focus();
    settle(&mut h);
    h.get_by_label("Paste:").type_text("typed, not applied");
    settle(&mut h);
    h.get_by_label("Edit board").click();
    settle(&mut h);
    h.get_by_label("cell a1").click();
    settle(&mut h);
    h.get_by_label("cell b2").click();
    settle(&mut h);
    // Two X's: a draft that is no position yet.
    h.get_by_label_contains("Not a position yet");
    assert_eq!(h.state().position_text(), "X........ O");
    // Undo puts the start position back on the board: the draft of the other goes.
    h.state_mut().push(Command::Undo);
    settle(&mut h);
    assert_eq!(h.state().position_text(), "......... X");
    assert!(h.query_by_label_contains("Not a position yet").is_none());
    // A position of the same game keeps what was typed into the paste box.
    assert_eq!(
        h.get_by_label("Paste:").value().unwrap_or_default(),
        "typed, not applied"
    );
}
