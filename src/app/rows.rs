//! The comparison's rows: one line each with its algorithm, depths, evaluator and
//! options summary (click it to show the row's options), and its buttons (move, copy,
//! remove) or, during a run, its progress. Every change is a [`Command`]; the rows'
//! own state is which row's options are shown.

use super::model::{RowLive, RowNote};
use super::panel::Panel;
use super::{Command, TreelabApp};
use crate::search::Algorithm;
use crate::search::options::MAX_DEPTH;

impl TreelabApp {
    /// Removes row `i` and its results ([`crate::session::Session::remove_row`]).
    pub(super) fn remove_row(&mut self, i: usize) {
        if self.model.session.remove_row(i) {
            self.selected_row = match self.selected_row {
                Some(b) if b == i => None,
                Some(b) if b > i => Some(b - 1),
                other => other,
            };
        }
    }

    /// Inserts a copy of row `i` after it, without results, and selects it.
    pub(super) fn duplicate_row(&mut self, i: usize) {
        if let Some(copy) = self.model.session.duplicate_row(i) {
            self.selected_row = Some(copy);
        }
    }

    /// Swaps rows `a` and `b`, results, baseline and selection following.
    pub(super) fn swap_rows(&mut self, a: usize, b: usize) {
        if self.model.session.swap_rows(a, b) {
            self.selected_row = self.selected_row.map(|x| {
                if x == a {
                    b
                } else if x == b {
                    a
                } else {
                    x
                }
            });
        }
    }
}

/// The room the row buttons (move, copy, remove) take right of the options.
const ROW_BUTTONS_WIDTH: f32 = 112.0;

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

/// The rows grid: a header line, then a line per row.
pub(super) fn rows_ui(
    ui: &mut egui::Ui,
    cx: &mut Panel<'_>,
    selected_row: &mut Option<usize>,
    running: bool,
) {
    let n = cx.session().rows.len();
    egui::Grid::new("comparison_rows")
        .striped(true)
        .num_columns(6)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            for h in ["Row", "Algorithm", "Depths", "Evaluator", "Options"] {
                ui.label(egui::RichText::new(h).underline());
            }
            // The last column's head: the progress while running, else Add row (on
            // the header's line, so the rows take one line less).
            if running {
                ui.label(egui::RichText::new("Progress").underline());
            } else if ui
                .small_button("Add row")
                .on_hover_text("Add a row with the default algorithm and options")
                .clicked()
            {
                cx.push(Command::AddRow);
            }
            ui.end_row();
            for i in 0..n {
                row_ui(ui, cx, selected_row, i, running);
                ui.end_row();
            }
        });
    if let Some(d) = cx.model.run.last_stop_latency {
        ui.weak(format!(
            "last Stop: every search ended {:.0} ms after the click",
            d.as_secs_f64() * 1000.0
        ));
    }
}

/// Row `i`'s line: its settings (fixed while a run goes on), its options summary, and
/// its buttons or progress.
fn row_ui(
    ui: &mut egui::Ui,
    cx: &mut Panel<'_>,
    selected_row: &mut Option<usize>,
    i: usize,
    running: bool,
) {
    let n = cx.session().rows.len();
    let row = cx.session().rows[i].clone();
    let evaluators = cx.session().position.kind().evaluator_names();
    let mut commands = Vec::new();
    ui.add_enabled_ui(!running, |ui| {
        let mut enabled = row.enabled;
        ui.checkbox(&mut enabled, format!("{}", i + 1))
            .on_hover_text("Take part in the next run");
        if enabled != row.enabled {
            commands.push(Command::SetRowEnabled(i, enabled));
        }
    });
    ui.add_enabled_ui(!running, |ui| {
        commands.extend(algorithm_ui(ui, i, row.algorithm));
    });
    let mut note = None;
    ui.add_enabled_ui(!running, |ui| {
        if let Some((command, clamped)) = depths_ui(ui, i, row.depth_min, row.depth_max) {
            commands.push(command);
            note = Some(clamped);
        }
    });
    ui.add_enabled_ui(!running, |ui| {
        commands.extend(evaluator_ui(ui, i, &row.evaluator, &evaluators));
    });
    for c in commands {
        cx.push(c);
    }
    // A depth edit replaces the row's note: with one when a typed depth was set to
    // the deepest.
    if let Some(note) = note {
        cx.push(Command::SetRowNote(i, note));
    }
    // The summary and, after an algorithm change, what it dropped: one cell.
    ui.horizontal(|ui| summary_ui(ui, cx, selected_row, i));
    // While a run goes on the row cannot change: its progress takes the place of the
    // row buttons.
    ui.horizontal(|ui| {
        if running {
            let live = cx.model.run.active.as_ref().and_then(|a| a.live.get(&i));
            live_bar_ui(ui, live);
        } else {
            row_buttons(ui, cx, i, n);
        }
    });
}

/// Row `i`'s algorithm; the command when another is picked.
fn algorithm_ui(ui: &mut egui::Ui, i: usize, current: Algorithm) -> Option<Command> {
    let mut algorithm = current;
    egui::ComboBox::from_id_salt(("algorithm", i))
        .selected_text(algorithm.label())
        .width(112.0)
        .show_ui(ui, |ui| {
            for a in Algorithm::ALL {
                ui.selectable_value(&mut algorithm, a, a.label());
            }
        })
        .response
        .on_hover_text(format!("Algorithm of row {}", i + 1));
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
            egui::DragValue::new(&mut first)
                .range(1..=u32::MAX)
                .prefix("from "),
        )
        .on_hover_text(format!(
            "First depth, 1 to {MAX_DEPTH} (for MCTS, the horizon its playouts stop at)"
        ));
        ui.add(
            egui::DragValue::new(&mut last)
                .range(1..=u32::MAX)
                .prefix("to "),
        )
        .on_hover_text(format!(
            "Last depth, up to {MAX_DEPTH} (each depth is its own search)"
        ));
    });
    if (first, last) == (depth_min, depth_max) {
        return None;
    }
    let typed = first.max(last);
    let note = (typed > MAX_DEPTH).then(|| RowNote {
        word: format!("depth set to {MAX_DEPTH}"),
        why: format!(
            "Depth {typed} is beyond the deepest a row may search, {MAX_DEPTH}: set to {MAX_DEPTH}"
        ),
    });
    Some((Command::SetRowDepths(i, first, last), note))
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

/// Row `i`'s options in one line, marked (!) when the row cannot run; a click shows
/// or hides its options below the rows.
fn summary_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, selected_row: &mut Option<usize>, i: usize) {
    let selected = *selected_row == Some(i);
    let summary = super::row_options::options_summary(&cx.session().rows[i].options);
    let problem = cx.model.row_refusals().get(i).cloned().flatten();
    let text = match &problem {
        Some(_) => egui::RichText::new(format!("(!) {summary}")).color(ui.visuals().error_fg_color),
        None => egui::RichText::new(&summary),
    };
    // Cut to leave the row's buttons room in a narrow window; the hover shows it whole.
    let room = (ui.available_width() - ROW_BUTTONS_WIDTH).clamp(80.0, 360.0);
    let resp = ui
        .scope(|ui| {
            ui.set_max_width(room);
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            ui.selectable_label(selected, text)
        })
        .inner
        .on_hover_text(match problem {
            Some(p) => format!("{summary}\n{p}"),
            None => format!("{summary}\nShow this row's options"),
        });
    if resp.clicked() {
        *selected_row = if selected { None } else { Some(i) };
    }
    if let Some(note) = cx.model.row_notes.get(&i) {
        ui.label(
            egui::RichText::new(&note.word)
                .small()
                .color(ui.visuals().warn_fg_color),
        )
        .on_hover_text(&note.why);
    }
}
