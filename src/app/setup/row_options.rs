//! A comparison row's options: the panel that edits them (each control greyed out,
//! with the reason, where the row's algorithm cannot take it) and the short summary
//! shown in the row, both made from the options' declarations
//! ([`crate::search::option_decl::all`]). Edits go to the session as a command
//! (`Session::set_row_options` drops the options the row cannot take).

use crate::app::frame::command::Command;
use crate::app::frame::layout;
use crate::app::frame::panel::Panel;
use crate::search::SearchOptions;
use crate::search::option_decl::{Form, OptionDecl, all};
use crate::search::options::MAX_SHALLOW_DEPTH;

/// A short summary of the options that differ from the defaults, in the words each
/// option declares ([`crate::search::option_decl::all`]); a parallel row's threads
/// first, as what most sets it apart.
#[must_use]
pub fn options_summary(o: &SearchOptions) -> String {
    let mut decls: Vec<_> = all().collect();
    decls.sort_by_key(|d| d.key != "threads");
    let parts: Vec<String> = decls.iter().filter_map(|d| (d.summary)(o)).collect();
    if parts.is_empty() {
        "defaults".into()
    } else {
        parts.join(", ")
    }
}

/// Adds a control that is greyed out, with the reason as its tooltip, when `why` is an
/// error.
fn gated<R>(
    ui: &mut egui::Ui,
    why: Result<(), String>,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> Option<R> {
    match why {
        Ok(()) => Some(add(ui)),
        Err(reason) => {
            let r = ui.add_enabled_ui(false, add);
            r.response.on_disabled_hover_text(reason);
            None
        }
    }
}

pub(in crate::app) fn options_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, i: usize) {
    let Some(row) = cx.session().rows.get(i) else {
        return;
    };
    let a = row.algorithm;
    let before = row.options.clone();
    let problem = row.check().err();
    ui.label(
        egui::RichText::new(format!(
            "Options of row {}: {}",
            i + 1,
            before.variant_label(a)
        ))
        .strong(),
    );
    let mut edited = before.clone();
    // As many cells to a row as the panel has room for (2 to 4).
    let per_row = ((ui.available_width() / 240.0) as usize).clamp(2, 4);
    egui::Grid::new(("row_options", i))
        .num_columns(per_row)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            let mut cells = 0usize;
            for decl in all() {
                if decl.only_for.is_some_and(|own| !a.info().has(own)) {
                    continue;
                }
                // A control the row has set stays live so that it can be undone; the
                // others are greyed out with the reason where setting them would be
                // refused.
                let why = if decl.is_default(&edited) {
                    decl.applies(a, &edited)
                } else {
                    Ok(())
                };
                gated(ui, why, |ui| control_ui(ui, decl, &mut edited, i));
                cells += 1;
                if cells.is_multiple_of(per_row) {
                    ui.end_row();
                }
            }
            ui.end_row();
        });
    if edited != before {
        cx.push(Command::SetRowOptions(i, edited));
    }
    if let Some(e) = problem {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("Row {} cannot run: {e}", i + 1),
        );
    }
}

/// One option's control, as its declaration's form says: a check box for an on/off
/// switch, a menu for a switch of several states or a named value (with a number
/// beside a value that takes one, as `shallow:K`), a number field with the declared
/// limits.
fn control_ui(ui: &mut egui::Ui, decl: &OptionDecl, o: &mut SearchOptions, row: usize) {
    match decl.form {
        Form::Switch { states, get, set } if states.len() == 2 => {
            let mut on = get(o) == 1;
            let (label, help) = decl.words(&states[1]);
            if ui.checkbox(&mut on, label).on_hover_text(help).changed() {
                set(o, usize::from(on));
            }
        }
        Form::Switch { states, get, set } => {
            ui.horizontal(|ui| {
                ui.label(decl.label);
                let now = get(o);
                egui::ComboBox::from_id_salt((decl.key, row))
                    .selected_text(states[now].label)
                    .show_ui(ui, |ui| {
                        for (k, state) in states.iter().enumerate() {
                            let (label, help) = decl.words(state);
                            if ui
                                .selectable_label(k == now, label)
                                .on_hover_text(help)
                                .clicked()
                            {
                                set(o, k);
                            }
                        }
                    })
                    .response
                    .on_hover_text(decl.help);
            });
        }
        Form::Value {
            get,
            set,
            number: Some(n),
            ..
        } => {
            let now = get(o).parse().unwrap_or(n.min);
            number_ui(ui, decl, now, n, |v| {
                let _ = set(o, &v.to_string());
            });
        }
        // A value with neither a number nor choices (a network's file): a text field.
        Form::Value {
            get,
            set,
            choices: [],
            ..
        } => text_ui(ui, decl, get(o), |v| {
            let _ = set(o, v);
        }),
        Form::Value {
            get, set, choices, ..
        } => {
            ui.horizontal(|ui| {
                ui.label(decl.label);
                let now = get(o);
                let head = |t: &str| t.split(':').next().unwrap_or_default().to_string();
                let current = choices.iter().find(|c| head(c.text) == head(&now));
                egui::ComboBox::from_id_salt((decl.key, row))
                    .selected_text(current.map_or(now.as_str(), |c| c.label))
                    .show_ui(ui, |ui| {
                        for c in choices {
                            let on = head(c.text) == head(&now);
                            if ui
                                .selectable_label(on, c.label)
                                .on_hover_text(c.help)
                                .clicked()
                                && !on
                            {
                                let _ = set(o, c.text);
                            }
                        }
                    })
                    .response
                    .on_hover_text(decl.help);
                // A value with a number after its name (shallow:K): the number beside.
                if let Some((name, k)) = now.split_once(':')
                    && let Ok(mut k) = k.parse::<u32>()
                    && ui
                        .add(
                            layout::number(&mut k)
                                .range(1..=MAX_SHALLOW_DEPTH)
                                .prefix("depth "),
                        )
                        .changed()
                {
                    let _ = set(o, &format!("{name}:{k}"));
                }
            });
        }
    }
}

/// A value typed as text (a file's path), `now` shown; `set` told every edit.
fn text_ui(ui: &mut egui::Ui, decl: &OptionDecl, now: String, set: impl FnOnce(&str)) {
    ui.horizontal(|ui| {
        let label = ui.label(decl.label).id;
        let mut text = now;
        if ui
            .add(egui::TextEdit::singleline(&mut text).desired_width(160.0))
            .labelled_by(label)
            .on_hover_text(decl.help)
            .changed()
        {
            set(&text);
        }
    });
}

/// A number within `n`'s limits, `now` shown; `set` told a change.
fn number_ui(
    ui: &mut egui::Ui,
    decl: &OptionDecl,
    now: i64,
    n: crate::search::option_decl::Number,
    set: impl FnOnce(i64),
) {
    ui.horizontal(|ui| {
        let label = ui.label(decl.label).id;
        let mut v = now;
        if ui
            .add(layout::number(&mut v).range(n.min..=n.max).suffix(n.unit))
            .labelled_by(label)
            .on_hover_text(decl.help)
            .changed()
        {
            set(v);
        }
    });
}
