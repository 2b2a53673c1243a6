//! The custom tree's board driven by its labels with egui_kittest: nodes selected by
//! click, a child added, a value set, a subtree removed, a node made the position, and
//! the edited tree saved in a session and opened again.

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use treelab::app::TreelabApp;
use treelab::engine::GameKind;

mod common;
use common::{AIMA, harness, settle};

#[test]
fn a_tree_built_by_clicking_round_trips_through_a_saved_session() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tree.ron");
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Custom tree").click();
    settle(&mut h);
    assert_eq!(h.state().position().kind(), GameKind::CustomTree);
    assert_eq!(h.state().position_text(), AIMA);
    h.get_by_label("node root");
    h.get_by_label("node cc");

    // A child for b, selected at once, then its value.
    h.get_by_label("node b").click();
    settle(&mut h);
    h.get_by_label("Add child").click();
    settle(&mut h);
    assert_eq!(h.state().position_text(), "((3 12 8) (2 4 6 0) (14 5 2))");
    h.get_by_role_and_label(Role::SpinButton, "Value:")
        .set_value_accesskit(9.0);
    settle(&mut h);
    assert_eq!(h.state().position_text(), "((3 12 8) (2 4 6 9) (14 5 2))");

    // Remove a leaf; the root cannot go.
    h.get_by_label("node ca").click();
    settle(&mut h);
    h.get_by_label("Remove subtree").click();
    settle(&mut h);
    assert_eq!(h.state().position_text(), "((3 12 8) (2 4 6 9) (5 2))");

    // An interior node gets a value for shallow searches.
    h.get_by_label("node a").click();
    settle(&mut h);
    h.get_by_role_and_label(Role::CheckBox, "Value:").click();
    settle(&mut h);
    h.get_by_role_and_label(Role::SpinButton, "Value:")
        .set_value_accesskit(3.0);
    settle(&mut h);
    let edited = "((3 12 8):3 (2 4 6 9) (5 2))";
    assert_eq!(h.state().position_text(), edited);

    // Saved and opened again: the same tree.
    h.state_mut().save_session_to(&path).unwrap();
    settle(&mut h);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("game: custom"), "{saved}");
    assert!(saved.contains(edited), "{saved}");
    let mut other = TreelabApp::new_for_tests();
    other.open_session_from(&path).unwrap();
    assert_eq!(other.position(), h.state().position());
    assert_eq!(other.session(), h.state().session());

    // A node becomes the position (MIN to move there); Undo comes back.
    h.get_by_label("node b").click();
    settle(&mut h);
    h.get_by_label("Go to node").click();
    settle(&mut h);
    assert_eq!(h.state().position_text(), "min:(2 4 6 9)");
    h.get_by_label("node root");
    h.get_by_label("Undo move").click();
    settle(&mut h);
    assert_eq!(h.state().position_text(), edited);
}

#[test]
fn the_textbook_suite_opens_as_custom_trees() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("textbook.tree").click();
    settle(&mut h);
    let app = h.state();
    assert_eq!(app.position().kind(), GameKind::CustomTree);
    assert_eq!(app.position_text(), AIMA);
    assert_eq!(app.suite().map(|s| s.items.len()), Some(9));
    // The suite's list is under the board: scrolled to first, as a person would.
    h.get_by_label_contains("knuth-moore-3x3").scroll_to_me();
    settle(&mut h);
    h.get_by_label_contains("knuth-moore-3x3").click();
    settle(&mut h);
    assert!(h.state().position_text().starts_with("(((5 3 1)"));
}

#[test]
fn a_chance_node_is_built_by_clicking_and_its_probabilities_set_by_typing() {
    let mut h = harness();
    settle(&mut h);
    h.get_by_label("Custom tree").click();
    settle(&mut h);
    assert_eq!(h.state().position_text(), AIMA);
    // b becomes a chance node: its three outcomes equally likely.
    h.get_by_label("node b").click();
    settle(&mut h);
    h.get_by_label("Chance node").click();
    settle(&mut h);
    assert_eq!(
        h.state().position_text(),
        "((3 12 8) ?(1/3:2 1/3:4 1/3:6) (14 5 2))"
    );
    // Its second outcome gets 1/2; the others share the rest.
    h.get_by_label("node bb").click();
    settle(&mut h);
    let field = h.get_by_role_and_label(Role::TextInput, "Probability:");
    field.focus();
    h.step();
    // The field shows the outcome's probability; replace it.
    for _ in 0..3 {
        h.key_press(egui::Key::Backspace);
        h.step();
    }
    h.get_by_role_and_label(Role::TextInput, "Probability:")
        .type_text("1/2");
    h.step();
    h.get_by_label("Set").click();
    settle(&mut h);
    assert_eq!(
        h.state().position_text(),
        "((3 12 8) ?(1/4:2 1/2:4 1/4:6) (14 5 2))"
    );
    // A probability of 2 is refused, with the reason, and changes nothing.
    h.get_by_role_and_label(Role::TextInput, "Probability:")
        .focus();
    h.step();
    for _ in 0..3 {
        h.key_press(egui::Key::Backspace);
        h.step();
    }
    h.get_by_role_and_label(Role::TextInput, "Probability:")
        .type_text("2");
    h.step();
    h.get_by_label("Set").click();
    settle(&mut h);
    h.get_by_label_contains("'2' is more than 1");
    assert_eq!(
        h.state().position_text(),
        "((3 12 8) ?(1/4:2 1/2:4 1/4:6) (14 5 2))"
    );
    // An outcome added to b takes 1/4, the others three quarters of theirs.
    h.get_by_label("node b").click();
    settle(&mut h);
    h.get_by_label("Add child").click();
    settle(&mut h);
    assert_eq!(
        h.state().position_text(),
        "((3 12 8) ?(3/16:2 3/8:4 3/16:6 1/4:0) (14 5 2))"
    );
}
