//! A row's options follow its algorithm, a row the algorithm or the game refuses is
//! marked before Run and left out of it (never shown as a failed search), and every
//! edit of the rows is undone and redone with Ctrl+Z and Ctrl+Shift+Z, a removed row
//! coming back with its results.

mod common;

use std::time::Duration;

use common::{AIMA, harness, run_default_rows_on, settle, wait_for_run};
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use treelab::app::{Command, Status, TreelabApp};
use treelab::engine::{AnyPosition, GameKind};
use treelab::search::{Algorithm, MoveOrder, SearchOptions};

fn status_text(h: &egui_kittest::Harness<'_, TreelabApp>) -> String {
    match h.state().status() {
        Status::Info(t) | Status::Error(t) => t.clone(),
    }
}

#[test]
fn an_algorithm_change_drops_the_options_it_cannot_take_and_says_so() {
    let mut h = harness();
    settle(&mut h);
    h.state_mut()
        .push(Command::SetRowAlgorithm(0, Algorithm::Pvs));
    let options = SearchOptions {
        ordering: MoveOrder::Evaluation,
        ..SearchOptions::default()
    };
    h.state_mut().push(Command::SetRowOptions(0, options));
    settle(&mut h);
    assert_eq!(
        h.state().session().rows[0].options.ordering,
        MoveOrder::Evaluation
    );
    assert!(h.query_by_label_contains("dropped:").is_none());
    h.state_mut()
        .push(Command::SetRowAlgorithm(0, Algorithm::Mcts));
    settle(&mut h);
    let row = &h.state().session().rows[0];
    assert_eq!(
        row.options.ordering,
        MoveOrder::Generation,
        "MCTS orders nothing"
    );
    assert!(row.check().is_ok());
    h.get_by_label("dropped: Ordering");
    // Undo brings the algorithm and its ordering back, and the word goes.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    let row = &h.state().session().rows[0];
    assert_eq!(row.algorithm, Algorithm::Pvs);
    assert_eq!(row.options.ordering, MoveOrder::Evaluation);
    assert!(h.query_by_label_contains("dropped:").is_none());
}

#[test]
fn a_refused_row_is_marked_before_run_and_left_out_of_it() {
    let mut h = harness();
    settle(&mut h);
    let tree = AnyPosition::parse(GameKind::CustomTree, AIMA).unwrap();
    h.state_mut().push(Command::SetPosition(tree));
    // Row 2: MTD(f) with a table and iterative deepening, turned into Star2 (which
    // takes both), at depth 2: iterative deepening searches depth 1 first, where AIMA's
    // tree has no values.
    h.state_mut()
        .push(Command::SetRowAlgorithm(1, Algorithm::MtdF));
    let options = SearchOptions {
        tt_mib: 16,
        iterative_deepening: true,
        ..SearchOptions::default()
    };
    h.state_mut().push(Command::SetRowOptions(1, options));
    h.state_mut()
        .push(Command::SetRowAlgorithm(1, Algorithm::Star2));
    h.state_mut().push(Command::SetRowDepths(0, 2, 2));
    h.state_mut().push(Command::SetRowDepths(1, 2, 2));
    settle(&mut h);
    let row = &h.state().session().rows[1];
    assert!(row.options.iterative_deepening && row.options.tt_mib == 16);
    // Marked on the row before Run, with the reason on hover.
    let marked: Vec<_> = h.query_all_by_label_contains("(!)").collect();
    assert_eq!(marked.len(), 1, "only row 2 is marked");
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    wait_for_run(&mut h, Duration::from_secs(60));
    let results = &h.state().session().results;
    assert_eq!(results.len(), 1, "row 1 at depth 2 only");
    assert!(results.iter().all(|r| r.row == 0 && r.error.is_none()));
    let status = status_text(&h);
    assert!(status.contains("left out row 2"), "{status}");
    assert!(!status.contains("failed"), "{status}");
    assert!(h.query_by_label_contains("failed").is_none());
    assert!(h.query_by_label_contains("partial").is_none());
}

#[test]
fn nothing_to_run_when_every_row_is_refused_says_why() {
    let mut h = harness();
    settle(&mut h);
    let tree = AnyPosition::parse(GameKind::CustomTree, AIMA).unwrap();
    h.state_mut().push(Command::SetPosition(tree));
    h.state_mut().push(Command::SetRowDepths(0, 1, 1));
    h.state_mut().push(Command::SetRowDepths(1, 1, 1));
    settle(&mut h);
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    assert!(!h.state().is_running());
    let status = status_text(&h);
    assert!(status.contains("Cannot run"), "{status}");
    assert!(
        status.contains("row 1") && status.contains("row 2"),
        "{status}"
    );
    assert!(h.state().session().results.is_empty());
}

#[test]
fn every_row_edit_is_undone_and_redone() {
    let mut h = run_default_rows_on("Tic-tac-toe");
    let start = h.state().session().clone();
    assert!(!start.results.is_empty());
    let edits = [
        Command::AddRow,
        Command::DuplicateRow(0),
        Command::SwapRows(0, 1),
        Command::SetRowDepths(1, 2, 3),
        Command::SetRowAlgorithm(0, Algorithm::Minimax),
        Command::SetRowEnabled(1, false),
        Command::SetRowEvaluator(0, "lines".into()),
        Command::SetRowOptions(
            1,
            SearchOptions {
                killers: 2,
                ..SearchOptions::default()
            },
        ),
        Command::RemoveRow(0),
    ];
    let mut states = vec![start.clone()];
    for e in edits {
        h.state_mut().push(e);
        settle(&mut h);
        states.push(h.state().session().clone());
    }
    let last = states.last().unwrap().clone();
    assert_ne!(last.rows, start.rows);
    // Back through every edit, each state as it was, results included.
    for want in states.iter().rev().skip(1) {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        settle(&mut h);
        let now = h.state().session();
        assert_eq!(now.rows, want.rows);
        assert_eq!(now.results, want.results);
        assert_eq!(now.view.baseline_row, want.view.baseline_row);
    }
    // And forward again.
    for want in states.iter().skip(1) {
        h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        settle(&mut h);
        assert_eq!(h.state().session().rows, want.rows);
        assert_eq!(h.state().session().results, want.results);
    }
}

#[test]
fn a_removed_row_comes_back_with_its_results_from_the_edit_menu() {
    let mut h = run_default_rows_on("Tic-tac-toe");
    let before = h.state().session().clone();
    h.get_all_by_label("×").nth(1).unwrap().click();
    settle(&mut h);
    assert_eq!(h.state().session().rows.len(), 1);
    h.get_by_label("Edit").click();
    settle(&mut h);
    // The menu's item (the board's button says the same, and is drawn first).
    h.get_all_by_label_contains("Undo row edit")
        .last()
        .unwrap()
        .click();
    settle(&mut h);
    assert_eq!(h.state().session().rows, before.rows);
    assert_eq!(h.state().session().results, before.results);
    // A move is undone by the same menu, after the rows.
    h.state_mut().push(Command::PlayMove("a1".into()));
    settle(&mut h);
    h.get_by_label("Edit").click();
    settle(&mut h);
    h.get_all_by_label_contains("Undo move")
        .last()
        .unwrap()
        .click();
    settle(&mut h);
    assert_eq!(
        h.state().position(),
        &AnyPosition::start(GameKind::TicTacToe)
    );
}

#[test]
fn a_depth_beyond_the_deepest_is_set_to_it_with_a_word() {
    use egui::accesskit::Role;
    let mut h = harness();
    settle(&mut h);
    h.get_all_by_role_and_label(Role::SpinButton, "to")
        .next()
        .expect("row 1's last depth")
        .set_value_accesskit(999.0);
    settle(&mut h);
    let max = treelab::search::options::MAX_DEPTH;
    assert_eq!(h.state().session().rows[0].depth_max, max);
    h.get_by_label(&format!("depth set to {max}"));
}

#[test]
fn a_search_beyond_reach_is_asked_about_before_it_runs() {
    let mut h = harness();
    settle(&mut h);
    h.state_mut()
        .push(Command::SetRowAlgorithm(0, Algorithm::Minimax));
    h.state_mut().push(Command::SetRowDepths(0, 60, 60));
    h.state_mut().push(Command::SetRowEnabled(1, false));
    settle(&mut h);
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    assert!(!h.state().is_running(), "nothing starts before the answer");
    h.get_by_label_contains("leaves");
    h.get_by_label("Cancel").click();
    settle(&mut h);
    assert!(!h.state().is_running());
    assert!(h.state().session().results.is_empty());
    assert!(status_text(&h).contains("beyond reach"));
    // Run anyway starts it; Stop ends it.
    h.get_by_label("▶ Run (F5)").click();
    settle(&mut h);
    h.get_by_label("Run anyway").click();
    settle(&mut h);
    assert!(h.state().is_running());
    h.state_mut().push(Command::StopRun);
    wait_for_run(&mut h, Duration::from_secs(30));
}

#[test]
fn a_puct_row_shows_its_network_in_place_of_an_evaluator_and_runs_it() {
    let mut h = harness();
    settle(&mut h);
    h.state_mut().push(Command::SetGame(GameKind::Connect4));
    settle(&mut h);
    h.state_mut()
        .push(Command::SetRowEvaluator(0, "zero".into()));
    h.state_mut()
        .push(Command::SetRowAlgorithm(0, Algorithm::Puct));
    let options = SearchOptions {
        iterations: 200,
        ..SearchOptions::default()
    };
    h.state_mut().push(Command::SetRowOptions(0, options));
    h.state_mut().push(Command::SetRowDepths(0, 42, 42));
    settle(&mut h);
    // The evaluator chosen before is dropped (a network values PUCT's positions).
    assert_eq!(h.state().session().rows[0].evaluator, "");
    h.get_by_label_contains("dropped: Evaluator");
    h.get_by_label("its network");
    assert!(h.state().session().rows[0].check().is_ok());
    common::press_run(&mut h);
    let r = h
        .state()
        .session()
        .results
        .iter()
        .find(|r| r.row == 0)
        .unwrap_or_else(|| panic!("row 1 ran: {}", status_text(&h)));
    assert!(r.record.counters.net_evaluations() > 0);
    assert!(r.record.estimate.is_some() && r.record.score.is_none());
}
