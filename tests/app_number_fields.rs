//! A number field takes its value when editing ends: digits typed one by one change
//! nothing until Enter (or focus lost), the value is then clamped once with a word that
//! names what was typed, and a typed value or one drag is a single undo step.

mod common;

use common::{harness, settle};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use treelab::app::{Command, TreelabApp};

/// Focuses the `nth` number field labelled `label` and types `text` a character a
/// frame, as a person does; Enter ends the edit when `enter`.
fn type_into(h: &mut Harness<'_, TreelabApp>, label: &str, nth: usize, text: &str, enter: bool) {
    h.get_all_by_role_and_label(Role::SpinButton, label)
        .nth(nth)
        .unwrap_or_else(|| panic!("no field {label}"))
        .focus();
    settle(h);
    for c in text.chars() {
        h.get_all_by_label(label)
            .nth(nth)
            .expect("the field being typed into")
            .type_text(&c.to_string());
        h.step();
    }
    if enter {
        h.key_press(Key::Enter);
    }
    settle(h);
}

#[test]
fn typed_digits_are_taken_when_editing_ends() {
    let mut h = harness();
    settle(&mut h);
    // 999: nothing changes while it is typed; on Enter it is set to the deepest, with
    // a word, once.
    type_into(&mut h, "to", 0, "999", false);
    assert_eq!(
        h.state().session().rows[0].depth_max,
        6,
        "changed while typing"
    );
    h.key_press(Key::Enter);
    settle(&mut h);
    let max = treelab::search::options::MAX_DEPTH;
    assert_eq!(h.state().session().rows[0].depth_max, max);
    h.get_by_label(&format!("depth set to {max}"));
    assert!(
        h.state()
            .row_note(0)
            .is_some_and(|why| why.starts_with("Depth 999 is beyond")),
        "{:?}",
        h.state().row_note(0)
    );
    // With the first depth at 40, typing 40 as the last ends at 40 (not 4, then 400).
    h.state_mut().push(Command::SetRowDepths(1, 40, 45));
    settle(&mut h);
    type_into(&mut h, "to", 1, "40", true);
    let row = &h.state().session().rows[1];
    assert_eq!((row.depth_min, row.depth_max), (40, 40));
    // A last depth before the first is said too.
    type_into(&mut h, "to", 1, "30", true);
    assert_eq!(h.state().session().rows[1].depth_max, 40);
    h.get_by_label("to set to 40");
}

#[test]
fn a_typed_table_size_is_one_undo_step() {
    let mut h = harness();
    settle(&mut h);
    // Row 1's options: the table's size is a number field.
    h.get_all_by_label("defaults")
        .next()
        .expect("row 1's summary")
        .click();
    settle(&mut h);
    let before = h.state().session().rows[0].options.tt_mib;
    type_into(&mut h, "TT", 0, "16", true);
    assert_eq!(h.state().session().rows[0].options.tt_mib, 16);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(
        h.state().session().rows[0].options.tt_mib,
        before,
        "one undo takes the typed size back whole"
    );
}
