//! The central comparison area: the run bar (Run or Stop, threads, what to run on),
//! the rows (`rows.rs`) with a line per running row, the selected row's options
//! (`row_options.rs`), and below them the results (`results.rs`). The run itself lives
//! in `run.rs`.

use crate::app::frame::command::Command;
use crate::app::frame::help;
use crate::app::frame::labels::human;
use crate::app::frame::layout;
use crate::app::frame::model::RowLive;
use crate::app::frame::page;
use crate::app::frame::panel::Panel;
use crate::app::results::views;

/// The narrowest the run bar's suite choice is cut to.
const SUITE_MIN_WIDTH: f32 = 160.0;

/// The tallest the rows get before they scroll.
const ROWS_MAX_HEIGHT: f32 = 230.0;

/// The most worker threads a run takes.
const MAX_THREADS: usize = 256;

/// The comparison area: rows, run controls, results.
pub fn comparison_ui(
    ui: &mut egui::Ui,
    cx: &mut Panel<'_>,
    selected_row: &mut Option<usize>,
    views: &mut views::Views,
) {
    run_bar_ui(ui, cx);
    ui.add_space(4.0);
    let running = cx.model.is_running();
    egui::CollapsingHeader::new(egui::RichText::new("Rows").strong())
        .id_salt("rows_header")
        .default_open(true)
        .show(ui, |ui| {
            // The rows fit the width (a narrow area puts each row's options on a line
            // of their own); many rows scroll.
            let outer = ui.available_width();
            egui::ScrollArea::vertical()
                .id_salt("rows_scroll")
                .max_height(ROWS_MAX_HEIGHT.min(ui.available_height() * 0.4).max(80.0))
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    // The rows' width leaves the scroll bar's room whether or not it
                    // shows: a row's note that brings the bar moves no button.
                    let scroll = &ui.spacing().scroll;
                    let width = outer - scroll.bar_width - scroll.bar_outer_margin;
                    super::rows::rows_ui(ui, cx, selected_row, running, width);
                });
            live_lines_ui(ui, cx);
            if let Some(i) = *selected_row
                && i < cx.session().rows.len()
            {
                ui.add_space(4.0);
                ui.add_enabled_ui(!running, |ui| super::row_options::options_ui(ui, cx, i));
            }
        });
    ui.separator();
    crate::app::results::results_ui(ui, cx, views);
}

/// That a run is going on: a spinner natively; in a browser the seconds so far,
/// redrawn with the progress (a spinner redraws the whole page every frame, and the
/// page's drawing shares the cores with the searches).
fn running_mark(ui: &mut egui::Ui, cx: &Panel<'_>) {
    if crate::platform::FRAMES_ARE_DEAR {
        let secs = cx.model.run_elapsed().unwrap_or_default().as_secs();
        ui.weak(format!("running… {secs} s"));
    } else {
        ui.spinner();
    }
}

/// Run or Stop, the worker threads, and what to run on (the position or the suite).
fn run_bar_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>) {
    use crate::app::frame::layout::wrap_unit;
    ui.horizontal_wrapped(|ui| {
        let running = cx.model.is_running();
        wrap_unit(ui, "run", |ui| {
            ui.heading("Comparison");
            ui.add_space(8.0);
            let button = if running {
                let stop = ui
                    .button("■ Stop (Esc)")
                    .on_hover_text("End every search now (Esc); finished results stay");
                if stop.clicked() {
                    cx.push(Command::StopRun);
                }
                running_mark(ui, cx);
                stop
            } else {
                let run = ui
                    .button(help::RUN_BUTTON)
                    .on_hover_text(format!("Run every enabled row ({})", help::RUN_KEY));
                if run.clicked() {
                    cx.push(Command::RunComparison);
                }
                run
            };
            page::note_widget(ui.ctx(), "run_button", button.rect);
        });
        wrap_unit(ui, "threads", |ui| {
            let label = ui.label("threads").id;
            // Any number may be typed: one beyond 256 is set to 256, with a word.
            let mut threads = cx.model.threads;
            let changed = ui
                .add_enabled(!running, layout::number(&mut threads).range(1..=usize::MAX))
                .labelled_by(label)
                .on_hover_text("Worker threads, 1 to 256; each search runs on one")
                .changed();
            let note_id = egui::Id::unique("threads_clamped");
            if changed {
                let typed = threads;
                cx.push(Command::SetThreads(typed.clamp(1, MAX_THREADS)));
                ui.data_mut(|d| {
                    if typed > MAX_THREADS {
                        d.insert_temp(note_id, typed);
                    } else {
                        d.remove::<usize>(note_id);
                    }
                });
            }
            if let Some(typed) = ui.data(|d| d.get_temp::<usize>(note_id)) {
                ui.label(
                    egui::RichText::new(format!("set to {MAX_THREADS}"))
                        .small()
                        .color(ui.visuals().warn_fg_color),
                )
                .on_hover_text(format!(
                    "{typed} threads is more than the most, {MAX_THREADS}: set to {MAX_THREADS}"
                ));
            }
        });
        if let Some(on_suite) = run_target_ui(ui, cx, running) {
            cx.push(Command::SetRunOnSuite(on_suite));
        }
    });
}

/// "on the current position" or the open suite (when it is of this game); the choice
/// clicked, if it changed.
fn run_target_ui(ui: &mut egui::Ui, cx: &Panel<'_>, running: bool) -> Option<bool> {
    use crate::app::frame::layout::wrap_unit;
    let suite_of_game = cx.session().suite_of_this_game();
    let was = cx.view.run_suite && suite_of_game.is_some();
    let mut suite = was;
    wrap_unit(ui, "on", |ui| {
        ui.label("on");
        ui.add_enabled(
            !running,
            egui::RadioButton::new(!suite, "the current position"),
        )
        .clicked()
        .then(|| suite = false);
    });
    let suite_label = match (suite_of_game, &cx.session().suite) {
        (Some(s), _) => format!("{} ({} positions)", s.name, s.items.len()),
        (None, Some(other)) => format!(
            "a suite ({} is of {})",
            other.suite.name,
            other.kind().label()
        ),
        (None, None) => "a suite (none open)".into(),
    };
    // Last on the line, cut to what is left of it (the hover shows it whole, the cut
    // marked …), so that a long suite name does not take a line of its own; on the next
    // line when too little is left to read anything.
    if ui.available_size_before_wrap().x < SUITE_MIN_WIDTH {
        ui.end_row();
    }
    wrap_unit(ui, "suite", |ui| {
        ui.set_max_width(ui.available_size_before_wrap().x.max(SUITE_MIN_WIDTH));
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
        let hover = suite_label.clone();
        if ui
            .add_enabled(
                !running && suite_of_game.is_some(),
                egui::RadioButton::new(suite, suite_label),
            )
            .on_hover_text(hover.clone())
            .on_disabled_hover_text(format!(
                "{hover}: open a suite of this game in the left panel first"
            ))
            .clicked()
        {
            suite = true;
        }
    });
    (suite != was).then_some(suite)
}

/// One line per running row, full width under the rows: what it searches now.
fn live_lines_ui(ui: &mut egui::Ui, cx: &Panel<'_>) {
    let Some(active) = &cx.model.run.active else {
        return;
    };
    let mut rows: Vec<(&usize, &RowLive)> = active.live.iter().collect();
    rows.sort_by_key(|(r, _)| **r);
    for (row, live) in rows {
        let Some((pos, depth, p)) = &live.latest else {
            continue;
        };
        if live.done >= live.total {
            continue;
        }
        let nps = if p.elapsed_secs > 0.0 {
            p.nodes as f64 / p.elapsed_secs
        } else {
            0.0
        };
        let best = p.best_move.clone().unwrap_or_else(|| "–".into());
        let pv: Vec<&str> = p.pv.iter().take(10).map(String::as_str).collect();
        let iter = if p.depth == *depth {
            String::new()
        } else {
            format!(" (iteration {})", p.depth)
        };
        ui.label(format!(
            "Row {}: {pos} depth {depth}{iter} · {} nodes · {} n/s · {:.1} s · best {best} · PV {}",
            row + 1,
            human(p.nodes as f64),
            human(nps),
            p.elapsed_secs,
            pv.join(" ")
        ));
    }
}
