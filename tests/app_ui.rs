//! UI tests: drive the app by its labels with egui_kittest (no display needed).

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use treelab::app::{Command, Status, TreelabApp};
use treelab::engine::{AnyPosition, GameKind};
use treelab::session::Session;

mod common;
use common::{harness, settle};

#[test]
fn starts_with_ffo_40() {
    let mut h = harness();
    settle(&mut h);
    let app = h.state();
    assert_eq!(app.position().kind(), GameKind::Othello);
    assert_eq!(app.position(), &Session::default().position);
    assert!(!app.is_dirty());
    h.get_by_label("square a1");
    h.get_by_label("Comparison");
}

#[test]
fn tic_tac_toe_pieces_read_back_as_text() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Tic-tac-toe").click();
    settle(&mut h);
    assert_eq!(h.state().position().kind(), GameKind::TicTacToe);
    h.get_by_label("Edit board").click();
    settle(&mut h);
    h.get_by_label("cell a1").click();
    settle(&mut h);
    assert_eq!(h.state().position_text(), "X........ O");
    // A second X is no position yet: the board keeps a draft and says why.
    h.get_by_label("cell b2").click();
    settle(&mut h);
    assert_eq!(h.state().position_text(), "X........ O");
    h.get_by_label_contains("Not a position yet");
    // Cycling on to O makes it one.
    h.get_by_label("cell b2").click();
    settle(&mut h);
    assert_eq!(h.state().position_text(), "X...O.... X");
    assert!(h.query_by_label_contains("Not a position yet").is_none());
    // The text box shows the same form.
    assert!(h.query_all_by_value("X...O.... X").count() >= 1);
    // Play mode: a click plays a legal move.
    h.get_by_label("Play moves").click();
    settle(&mut h);
    h.get_by_label("cell c3").click();
    settle(&mut h);
    assert_eq!(h.state().position_text(), "X...O...X O");
}

#[test]
fn othello_move_plays_and_undoes() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Start position").click();
    settle(&mut h);
    let start = AnyPosition::start(GameKind::Othello);
    assert_eq!(h.state().position(), &start);
    h.get_by_label("square d3").click();
    settle(&mut h);
    let after = start.play("d3").unwrap();
    assert_eq!(h.state().position(), &after);
    assert!(h.state().is_dirty());
    // An illegal square does nothing in play mode.
    h.get_by_label("square a1").click();
    settle(&mut h);
    assert_eq!(h.state().position(), &after);
    h.get_by_label("Undo move").click();
    settle(&mut h);
    assert_eq!(h.state().position(), &start);
    h.get_by_label("Redo move").click();
    settle(&mut h);
    assert_eq!(h.state().position(), &after);
}

#[test]
fn othello_edit_cycles_a_square() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Start position").click();
    h.get_by_label("Edit board").click();
    settle(&mut h);
    let at = |h: &Harness<'_, TreelabApp>| match h.state().position() {
        AnyPosition::Othello(p) => p.disc_at(0),
        _ => panic!("not othello"),
    };
    h.get_by_label("square a1").click();
    settle(&mut h);
    assert_eq!(at(&h), Some(treelab::game::Side::First));
    h.get_by_label("square a1").click();
    settle(&mut h);
    assert_eq!(at(&h), Some(treelab::game::Side::Second));
    h.get_by_label("square a1").click();
    settle(&mut h);
    assert_eq!(at(&h), None);
}

#[test]
fn bad_obf_paste_shows_the_error_and_keeps_the_board() {
    let mut h = harness();
    settle(&mut h);
    let before = h.state().position().clone();
    h.get_by_label("Paste:").focus();
    settle(&mut h);
    h.get_by_label("Paste:").type_text("--XXO-- X;");
    settle(&mut h);
    h.get_by_label("Apply").click();
    settle(&mut h);
    assert_eq!(h.state().position(), &before);
    assert!(matches!(h.state().status(), Status::Error(_)));
    // Shown under the paste box and on the status line.
    assert_eq!(
        h.query_all_by_label_contains("Not a valid Othello position")
            .count(),
        2
    );
    assert!(!h.state().is_dirty());
}

#[test]
fn connect_four_drops_into_columns() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Connect Four").click();
    settle(&mut h);
    for col in ["column 4", "column 4", "column 3"] {
        h.get_by_label(col).click();
        settle(&mut h);
    }
    assert_eq!(h.state().position_text(), "443");
    h.get_by_label("Edit board").click();
    settle(&mut h);
    h.get_by_label("column 3").click_secondary();
    settle(&mut h);
    assert_eq!(h.state().position_text(), "44");
}

#[test]
fn session_saves_and_opens_equal() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.ron");
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Tic-tac-toe").click();
    settle(&mut h);
    h.get_by_label("cell b2").click();
    settle(&mut h);
    assert!(h.state().is_dirty());
    h.state_mut().save_session_to(&path).unwrap();
    settle(&mut h);
    assert!(!h.state().is_dirty());
    let saved = h.state().session().clone();

    let mut other = TreelabApp::new_for_tests();
    other.open_session_from(&path).unwrap();
    assert_eq!(other.session(), &saved);
    assert_eq!(other.position(), h.state().position());
    assert!(!other.is_dirty());

    // A broken file is refused and what is open stays.
    let broken = dir.path().join("broken.ron");
    std::fs::write(&broken, "(version: 1, game: tictactoe, position: \"XX").unwrap();
    let err = other.open_session_from(&broken).unwrap_err();
    assert!(err.contains("line 1"), "{err}");
    assert_eq!(other.session(), &saved);
    assert_eq!(other.path(), Some(path.as_path()));
}

#[test]
fn discarding_changes_asks_first() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Start position").click();
    settle(&mut h);
    assert!(h.state().is_dirty());
    h.state_mut().push(Command::NewSession);
    settle(&mut h);
    assert!(h.state().is_confirming());
    h.get_by_label("Cancel").click();
    settle(&mut h);
    assert!(!h.state().is_confirming());
    assert_eq!(h.state().position(), &AnyPosition::start(GameKind::Othello));
    h.state_mut().push(Command::NewSession);
    settle(&mut h);
    h.get_by_label("Discard changes").click();
    settle(&mut h);
    assert!(!h.state().is_dirty());
    assert_eq!(h.state().session(), &Session::default());
}

#[test]
fn shipped_suite_loads_and_selects() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Test_L3_R1").click();
    settle(&mut h);
    let app = h.state();
    assert_eq!(app.position().kind(), GameKind::Connect4);
    let suite = app.suite().unwrap();
    assert_eq!(app.position(), &suite.items[0].position);
    let second = suite.items[1].name.clone();
    h.get_by_label_contains(&format!("{second} ")).click();
    settle(&mut h);
    let app = h.state();
    assert_eq!(app.position(), &app.suite().unwrap().items[1].position);
}

#[test]
fn session_with_a_bad_position_opens_with_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("odd.ron");
    std::fs::write(&path, "(game: tictactoe, position: \"XXXX\", suite: None)").unwrap();
    let mut app = TreelabApp::new_for_tests();
    app.open_session_from(&path).unwrap();
    assert_eq!(app.position(), &AnyPosition::start(GameKind::TicTacToe));
    assert!(matches!(app.status(), Status::Error(e) if e.contains("position")));
    assert_eq!(app.path(), Some(path.as_path()));
}

#[test]
fn without_a_file_dialog_save_as_asks_for_a_path_in_the_window() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("File").click();
    settle(&mut h);
    // No desktop portal here: the native dialog cannot show, so the window asks.
    h.get_by_label_contains("Save As").click();
    settle(&mut h);
    assert!(h.state().is_prompting());
    h.get_by_label("Save session as");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typed.ron");
    let field = h
        .query_all_by_value("saves/session.ron")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::TextInput)
        .expect("the path field");
    field.set_text_value_accesskit(&path.display().to_string());
    settle(&mut h);
    h.get_by_label("OK").click();
    settle(&mut h);
    assert!(!h.state().is_prompting());
    assert_eq!(h.state().path(), Some(path.as_path()));
    let saved = Session::load(&path).unwrap();
    assert_eq!(&saved, h.state().session());
    // Open goes the same way; Cancel leaves everything as it was.
    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label_contains("Open…").click();
    settle(&mut h);
    h.get_by_label("Open session");
    h.get_by_label("Cancel").click();
    settle(&mut h);
    assert!(!h.state().is_prompting());
    assert_eq!(h.state().path(), Some(path.as_path()));
}

#[test]
fn an_ewn_board_is_set_up_by_clicking_its_cells_and_the_die() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("EinStein würfelt nicht!").click();
    settle(&mut h);
    let start = "b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 white roll";
    assert_eq!(h.state().position_text(), start);
    h.get_by_label("Edit board").click();
    settle(&mut h);
    // a1's Black 1 comes off (every other cube is on the board); a click puts it back.
    h.get_by_label("cell a1").click();
    settle(&mut h);
    assert_eq!(
        h.state().position_text(),
        ".b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1 white roll"
    );
    // Black's 1 goes on d1 instead: the next free cube for an empty cell.
    h.get_by_label("cell d1").click();
    settle(&mut h);
    assert_eq!(
        h.state().position_text(),
        ".b2b3b1./b4b5.../b6...w6/...w5w4/..w3w2w1 white roll"
    );
    // The die shows 3, then back to before the roll.
    h.get_by_label("die 3").click();
    settle(&mut h);
    assert!(h.state().position_text().ends_with(" white 3"));
    h.get_by_label("before the roll").click();
    settle(&mut h);
    assert!(h.state().position_text().ends_with(" white roll"));
    // Undo steps back through the edits.
    h.get_by_label("Undo move").click();
    settle(&mut h);
    assert!(h.state().position_text().ends_with(" white 3"));
}
