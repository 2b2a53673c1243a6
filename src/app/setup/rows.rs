//! The comparison's rows: one line each with its algorithm, depths, evaluator and
//! options summary (click it to show the row's options), and its buttons (move, copy,
//! remove) or, during a run, its progress. Every change is a [`Command`]; the rows'
//! own state is which row's options are shown.

use crate::app::frame::command::Command;
use crate::app::frame::layout;
use crate::app::frame::model::{RowLive, RowNote};
use crate::app::frame::panel::Panel;
use crate::search::Algorithm;
use crate::search::options::MAX_DEPTH;

/// The room the row buttons (move, copy, remove) take right of the options.
const ROW_BUTTONS_WIDTH: f32 = 116.0;

/// Controls of a row: move it, copy it, remove it.
fn row_buttons(ui: &mut egui::Ui, cx: &mut Panel<'_>, i: usize, n: usize) {
    if ui
        .add_enabled(i > 0, egui::Button::new("▲").small())
        .on_hover_text("Move up")
        .clicked()
    {
        cx.push(Command::SwapRows(i, i - 1));
    }
    if ui
        .add_enabled(i + 1 < n, egui::Button::new("▼").small())
        .on_hover_text("Move down")
        .clicked()
    {
        cx.push(Command::SwapRows(i, i + 1));
    }
    if ui
        .add(egui::Button::new("+").small())
        .on_hover_text("Duplicate this row")
        .clicked()
    {
        cx.push(Command::DuplicateRow(i));
    }
    if ui
        .add(egui::Button::new("×").small())
        .on_hover_text(format!("Remove row {} and its results", i + 1))
        .clicked()
    {
        cx.push(Command::RemoveRow(i));
    }
}

/// The row's progress bar (jobs done of all).
fn live_bar_ui(ui: &mut egui::Ui, live: Option<&RowLive>) {
    let Some(live) = live else {
        return;
    };
    let frac = if live.total == 0 {
        0.0
    } else {
        live.done as f32 / live.total as f32
    };
    ui.add(
        egui::ProgressBar::new(frac)
            .desired_width(90.0)
            .text(format!("{}/{}", live.done, live.total)),
    )
    .on_hover_text("searches done of all this row's searches");
}

/// The width of the rows' columns but the options summary, which takes what is left
/// less the buttons' room: whatever a row's summary or notes say, no control moves.
const ROW_NUMBER_WIDTH: f32 = 38.0;
/// The algorithm column's width.
const ALGORITHM_WIDTH: f32 = 118.0;
/// The depths column's width.
const DEPTHS_WIDTH: f32 = 120.0;
/// The evaluator column's width.
const EVALUATOR_WIDTH: f32 = 100.0;
/// The room between two columns.
const COLUMN_GAP: f32 = 6.0;
/// The narrowest the options summary gets (a narrower window scrolls sideways).
const SUMMARY_MIN_WIDTH: f32 = 80.0;

/// The options summary's width in a rows area `width` wide, and whether it has a line
/// of its own under each row (a narrow area: the summary does not fit beside the
/// controls, and would push the buttons out of the window).
fn summary_width(width: f32) -> (f32, bool) {
    let controls = ROW_NUMBER_WIDTH
        + ALGORITHM_WIDTH
        + DEPTHS_WIDTH
        + EVALUATOR_WIDTH
        + ROW_BUTTONS_WIDTH
        + 5.0 * COLUMN_GAP;
    let beside = width - controls;
    if beside >= SUMMARY_MIN_WIDTH {
        (beside, false)
    } else {
        let room = width - ROW_NUMBER_WIDTH - ROW_BUTTONS_WIDTH - 2.0 * COLUMN_GAP;
        (room.max(SUMMARY_MIN_WIDTH), true)
    }
}

/// Lays `add` out in a cell `width` wide (at least; a wrapped text may make it taller),
/// left to right, centred in the line.
fn cell<R>(ui: &mut egui::Ui, width: f32, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(
        size,
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_width(width);
            ui.set_max_width(width);
            add(ui)
        },
    )
    .inner
}

/// The rows, `width` wide: a header line, then a line per row, every column at a fixed
/// width, and a row's note (options an algorithm change dropped, a depth set to the deepest) on a
/// line of its own under it.
pub(in crate::app) fn rows_ui(
    ui: &mut egui::Ui,
    cx: &mut Panel<'_>,
    selected_row: &mut Option<usize>,
    running: bool,
    width: f32,
) {
    let n = cx.session().rows.len();
    let (summary, stacked) = summary_width(width);
    ui.spacing_mut().item_spacing.x = COLUMN_GAP;
    ui.horizontal(|ui| {
        let head = |ui: &mut egui::Ui, w: f32, h: &str| {
            cell(ui, w, |ui| ui.label(egui::RichText::new(h).underline()));
        };
        head(ui, ROW_NUMBER_WIDTH, "Row");
        head(ui, ALGORITHM_WIDTH, "Algorithm");
        head(ui, DEPTHS_WIDTH, "Depths");
        head(ui, EVALUATOR_WIDTH, "Evaluator");
        if !stacked {
            head(ui, summary, "Options");
        }
        // The last column's head: the progress while running, else Add row (on the
        // header's line, so the rows take one line less; stacked, the buttons are on
        // the options' line, but Add row stays here, after the evaluator).
        let last = if stacked {
            ui.available_width().min(ROW_BUTTONS_WIDTH)
        } else {
            ROW_BUTTONS_WIDTH
        };
        cell(ui, last, |ui| {
            if running {
                ui.label(egui::RichText::new("Progress").underline());
            } else if ui
                .small_button("Add row")
                .on_hover_text("Add a row with the default algorithm and options")
                .clicked()
            {
                cx.push(Command::AddRow);
            }
        });
    });
    for i in 0..n {
        let fill = if i % 2 == 1 {
            ui.visuals().faint_bg_color
        } else {
            egui::Color32::TRANSPARENT
        };
        egui::Frame::new().fill(fill).show(ui, |ui| {
            ui.horizontal(|ui| row_ui(ui, cx, selected_row, i, running, summary, stacked));
            if stacked {
                // The options and the buttons on a line of their own, under the row's
                // controls.
                ui.horizontal(|ui| {
                    ui.add_space(ROW_NUMBER_WIDTH + COLUMN_GAP);
                    cell(ui, summary, |ui| summary_ui(ui, cx, selected_row, i));
                    cell(ui, ROW_BUTTONS_WIDTH, |ui| {
                        row_controls_ui(ui, cx, i, running);
                    });
                });
            }
            note_ui(ui, cx, i);
        });
    }
}

/// Row `i`'s note, if it has one, under the row in the options' column, wrapped: the
/// word, and why on hover.
fn note_ui(ui: &mut egui::Ui, cx: &Panel<'_>, i: usize) {
    let Some(note) = cx.model.row_notes.get(&i) else {
        return;
    };
    ui.horizontal(|ui| {
        ui.add_space(ROW_NUMBER_WIDTH + COLUMN_GAP);
        ui.add(
            egui::Label::new(
                egui::RichText::new(&note.word)
                    .small()
                    .color(ui.visuals().warn_fg_color),
            )
            .wrap(),
        )
        .on_hover_text(&note.why);
    });
}

/// Row `i`'s line: its settings (fixed while a run goes on), its options summary
/// (`summary` wide; on a line of its own when `stacked`), and its buttons or progress.
fn row_ui(
    ui: &mut egui::Ui,
    cx: &mut Panel<'_>,
    selected_row: &mut Option<usize>,
    i: usize,
    running: bool,
    summary: f32,
    stacked: bool,
) {
    let row = cx.session().rows[i].clone();
    let evaluators = cx.session().position.kind().evaluator_names();
    let mut commands = Vec::new();
    cell(ui, ROW_NUMBER_WIDTH, |ui| {
        ui.add_enabled_ui(!running, |ui| {
            let mut enabled = row.enabled;
            ui.checkbox(&mut enabled, format!("{}", i + 1))
                .on_hover_text("Take part in the next run");
            if enabled != row.enabled {
                commands.push(Command::SetRowEnabled(i, enabled));
            }
        });
    });
    cell(ui, ALGORITHM_WIDTH, |ui| {
        ui.add_enabled_ui(!running, |ui| {
            commands.extend(algorithm_ui(ui, i, row.algorithm));
        });
    });
    let mut note = None;
    cell(ui, DEPTHS_WIDTH, |ui| {
        ui.add_enabled_ui(!running, |ui| {
            if let Some((command, clamped)) = depths_ui(ui, i, row.depth_min, row.depth_max) {
                commands.push(command);
                note = Some(clamped);
            }
        });
    });
    cell(ui, EVALUATOR_WIDTH, |ui| {
        if row
            .algorithm
            .info()
            .has(crate::search::registry::OwnOption::Network)
        {
            ui.add_enabled(false, egui::Label::new("its network"))
                .on_disabled_hover_text(format!(
                    "{} values each position by its network (the Network option), not by an evaluator",
                    row.algorithm.label()
                ));
        } else {
            ui.add_enabled_ui(!running, |ui| {
                commands.extend(evaluator_ui(ui, i, &row.evaluator, &evaluators));
            });
        }
    });
    for c in commands {
        cx.push(c);
    }
    // A depth edit replaces the row's note: with one when a typed depth was set to
    // the deepest.
    if let Some(note) = note {
        cx.push(Command::SetRowNote(i, note));
    }
    if !stacked {
        cell(ui, summary, |ui| summary_ui(ui, cx, selected_row, i));
        cell(ui, ROW_BUTTONS_WIDTH, |ui| {
            row_controls_ui(ui, cx, i, running)
        });
    }
}

/// Row `i`'s buttons, or while a run goes on (the row cannot change) its progress.
fn row_controls_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, i: usize, running: bool) {
    if running {
        let live = cx.model.run.active.as_ref().and_then(|a| a.live.get(&i));
        live_bar_ui(ui, live);
    } else {
        let n = cx.session().rows.len();
        row_buttons(ui, cx, i, n);
    }
}

/// Row `i`'s algorithm; the command when another is picked.
fn algorithm_ui(ui: &mut egui::Ui, i: usize, current: Algorithm) -> Option<Command> {
    let mut algorithm = current;
    egui::ComboBox::from_id_salt(("algorithm", i))
        .selected_text(algorithm.label())
        .width(112.0)
        .truncate()
        .show_ui(ui, |ui| {
            for a in Algorithm::ALL {
                ui.selectable_value(&mut algorithm, a, a.label());
            }
        })
        .response
        .on_hover_text(format!("Algorithm of row {}: {}", i + 1, current.label()));
    (algorithm != current).then_some(Command::SetRowAlgorithm(i, algorithm))
}

/// Row `i`'s first and last depth; the command when either changes, and a note when
/// a depth typed was beyond [`MAX_DEPTH`] and so was set to it.
fn depths_ui(
    ui: &mut egui::Ui,
    i: usize,
    depth_min: u32,
    depth_max: u32,
) -> Option<(Command, Option<RowNote>)> {
    let (mut first, mut last) = (depth_min, depth_max);
    ui.horizontal(|ui| {
        // Any number may be typed: one beyond the deepest is set to it, with a word.
        ui.add(
            layout::number(&mut first)
                .range(1..=u32::MAX)
                .prefix("from "),
        )
        .on_hover_text(format!(
            "First depth, 1 to {MAX_DEPTH} (for MCTS, the horizon its playouts stop at)"
        ));
        ui.add(layout::number(&mut last).range(1..=u32::MAX).prefix("to "))
            .on_hover_text(format!(
                "Last depth, up to {MAX_DEPTH} (each depth is its own search)"
            ));
    });
    if (first, last) == (depth_min, depth_max) {
        return None;
    }
    Some((
        Command::SetRowDepths(i, first, last),
        depth_note(first, last),
    ))
}

/// The word on a row whose typed depths `first` to `last` are not what it will search
/// ([`crate::session::Session::set_row_depths`] clamps them): a depth beyond the
/// deepest, or a last depth before the first.
fn depth_note(first: u32, last: u32) -> Option<RowNote> {
    let typed = first.max(last);
    if typed > MAX_DEPTH {
        return Some(RowNote {
            word: format!("depth set to {MAX_DEPTH}"),
            why: format!(
                "Depth {typed} is beyond the deepest a row may search, {MAX_DEPTH}: set to {MAX_DEPTH}"
            ),
        });
    }
    (last < first).then(|| RowNote {
        word: format!("to set to {first}"),
        why: format!(
            "The last depth, {last}, was before the first, {first}: the row searches depth {first} alone"
        ),
    })
}

/// Row `i`'s evaluator among the game's (empty: the first, the game's default); the
/// command when another is picked.
fn evaluator_ui(
    ui: &mut egui::Ui,
    i: usize,
    current: &str,
    evaluators: &[&'static str],
) -> Option<Command> {
    let mut evaluator = current.to_string();
    let shown = if current.is_empty() {
        evaluators.first().copied().unwrap_or("").to_string()
    } else {
        current.to_string()
    };
    egui::ComboBox::from_id_salt(("evaluator", i))
        .selected_text(shown)
        .width(92.0)
        .show_ui(ui, |ui| {
            for (k, name) in evaluators.iter().enumerate() {
                let value = if k == 0 {
                    String::new()
                } else {
                    (*name).to_string()
                };
                ui.selectable_value(&mut evaluator, value, *name);
            }
        })
        .response
        .on_hover_text(format!(
            "Evaluator of row {} (the first is the game's default)",
            i + 1
        ));
    (evaluator != current).then_some(Command::SetRowEvaluator(i, evaluator))
}

/// Row `i`'s options, marked (!) when the row cannot run, wrapped within its column
/// (never cut: the options that matter, threads first for a parallel row); a click
/// shows or hides its options below the rows.
fn summary_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, selected_row: &mut Option<usize>, i: usize) {
    let selected = *selected_row == Some(i);
    let summary = super::row_options::options_summary(&cx.session().rows[i].options);
    let problem = cx.model.row_refusals().get(i).cloned().flatten();
    let text = match &problem {
        Some(_) => egui::RichText::new(format!("(!) {summary}")).color(ui.visuals().error_fg_color),
        None => egui::RichText::new(&summary),
    };
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    let resp = ui
        .selectable_label(selected, text)
        .on_hover_text(match problem {
            Some(p) => format!("{summary}\n{p}"),
            None => format!("{summary}\nShow this row's options"),
        });
    if resp.clicked() {
        *selected_row = if selected { None } else { Some(i) };
    }
}
