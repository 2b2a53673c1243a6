//! The central comparison area: the rows (algorithm + options + depths), Run and Stop,
//! live progress per row, and below them the results (see `results.rs`, `charts.rs`).
//!
//! Searches run on background threads ([`crate::runner::Run`]); the UI thread only
//! drains their events once a frame, so the window keeps answering during a run.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use super::{Command, TreelabApp};
use crate::runner::{Run, RunEvent, Target};
use crate::search::options::MAX_DEPTH;
use crate::search::{Algorithm, Progress};
use crate::session::ResultsTab;
use crate::vocab::count::CountKind;

/// Live state of one row during a run.
#[derive(Clone, Debug, Default)]
pub struct RowLive {
    /// Jobs of the row in this run.
    pub total: usize,
    /// Jobs that ended.
    pub done: usize,
    /// Jobs that failed.
    pub failed: usize,
    /// The latest report of a running job: (position, depth of the job, progress).
    pub latest: Option<(String, u32, Progress)>,
}

/// A run in progress.
pub struct ActiveRun {
    /// The worker threads and their channel.
    pub run: Run,
    /// Per comparison row.
    pub live: HashMap<usize, RowLive>,
}

/// The comparison area's own state (not saved).
#[derive(Default)]
pub struct CompareState {
    /// The run in progress, if any.
    pub active: Option<ActiveRun>,
    /// The row whose options are shown.
    pub selected_row: Option<usize>,
    /// The last run's stop latency (Stop pressed to every worker gone).
    pub last_stop_latency: Option<Duration>,
    /// Stopped or failed searches of this run that left a complete result in place.
    pub kept_complete: usize,
    /// The search runs use (None: the engine's); tests put in failing ones.
    pub search_fn: Option<crate::runner::SearchFn>,
}

impl TreelabApp {
    /// Whether a comparison is running.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.compare.active.is_some()
    }

    /// Replaces the search the runs use (fault injection in tests: a search that
    /// panics must fail only its own result).
    pub fn set_search_fn(&mut self, f: crate::runner::SearchFn) {
        self.compare.search_fn = Some(f);
    }

    /// How long the last stopped run took to end after Stop (every worker gone).
    #[must_use]
    pub fn last_stop_latency(&self) -> Option<Duration> {
        self.compare.last_stop_latency
    }

    /// Starts every enabled row on the current position or the whole suite.
    pub(super) fn start_run(&mut self, ctx: &egui::Context) {
        if self.is_running() {
            return;
        }
        let target = Target::of(&self.session);
        let positions = match crate::runner::target_positions(&self.session, target) {
            Ok(p) => p,
            Err(e) => return self.error(e),
        };
        let threads = self.threads.clamp(1, 256);
        let jobs = match crate::runner::plan_jobs_on(&self.session.rows, &positions, threads) {
            Ok(j) => j,
            Err(e) => return self.error(format!("Cannot run: {e}")),
        };
        let mut live: HashMap<usize, RowLive> = HashMap::new();
        for j in &jobs {
            live.entry(j.row).or_default().total += 1;
        }
        let ctx = ctx.clone();
        let notify = Arc::new(move || ctx.request_repaint());
        let n = jobs.len();
        let run = match &self.compare.search_fn {
            Some(f) => Run::start_with(jobs, threads, notify, Arc::clone(f)),
            None => Run::start(jobs, threads, notify),
        };
        self.info(format!(
            "Running {n} searches on {} thread{}",
            threads.min(n),
            if threads.min(n) == 1 { "" } else { "s" }
        ));
        self.compare.active = Some(ActiveRun { run, live });
    }

    /// Asks the running searches to stop; finished results stay.
    pub(super) fn stop_run(&mut self) {
        if let Some(a) = &mut self.compare.active {
            a.run.stop();
            self.info("Stopping…");
        }
    }

    /// Drains the run's events into the session; ends the run when its threads are gone.
    pub(super) fn poll_run(&mut self, ctx: &egui::Context) {
        let Some(active) = &mut self.compare.active else {
            return;
        };
        let events = active.run.poll();
        let mut finished = Vec::new();
        for e in events {
            match e {
                RunEvent::Started { .. } => {}
                RunEvent::Progress { job, progress } => {
                    let j = &active.run.jobs()[job];
                    let live = active.live.entry(j.row).or_default();
                    live.latest = Some((j.at.label(), j.request.depth, progress));
                }
                RunEvent::Finished { job, result } => {
                    let j = active.run.jobs()[job].clone();
                    let live = active.live.entry(j.row).or_default();
                    live.done += 1;
                    if result.is_err() {
                        live.failed += 1;
                    }
                    finished.push(crate::runner::result_entry(&j, result));
                }
            }
        }
        let done = active.run.is_done();
        let total = active.run.jobs().len();
        let ended = active.run.finished_jobs();
        let stopped = active.run.stop_requested();
        let elapsed = active.run.elapsed();
        let latency = active.run.stop_latency();
        for entry in finished {
            if !crate::runner::insert_result(&mut self.session.results, entry) {
                self.compare.kept_complete += 1;
            }
        }
        if done {
            if let Some(a) = self.compare.active.take() {
                crate::runner::order_like_jobs(&mut self.session.results, a.run.jobs());
                let failed: usize = a.live.values().map(|l| l.failed).sum();
                self.compare.last_stop_latency = latency;
                let fail_note = if failed > 0 {
                    format!(", {failed} failed (see the Status column)")
                } else {
                    String::new()
                };
                let kept = std::mem::take(&mut self.compare.kept_complete);
                let kept_note = if kept > 0 {
                    format!(
                        "; {kept} stopped or failed searches left the earlier complete result in place"
                    )
                } else {
                    String::new()
                };
                let partial_note = if self.session.results.iter().any(|r| !r.is_complete()) {
                    ". Counts marked * include a stopped search and are partial."
                } else {
                    "."
                };
                if stopped {
                    let ms = latency.map_or(0.0, |d| d.as_secs_f64() * 1000.0);
                    self.info(format!(
                        "Stopped after {:.1} s: kept {ended} of {total} searches (threads ended {ms:.0} ms after Stop){fail_note}{kept_note}{partial_note}",
                        elapsed.as_secs_f64()
                    ));
                } else if failed > 0 {
                    self.error(format!(
                        "Finished {total} searches in {:.1} s{fail_note}{kept_note}",
                        elapsed.as_secs_f64()
                    ));
                } else {
                    self.info(format!(
                        "Finished {total} searches in {:.1} s{kept_note}",
                        elapsed.as_secs_f64()
                    ));
                }
            }
        } else {
            ctx.request_repaint_after(Duration::from_millis(100));
        }
    }

    /// Removes row `i` and its results ([`crate::session::Session::remove_row`]).
    pub(super) fn remove_row(&mut self, i: usize) {
        if self.session.remove_row(i) {
            self.compare.selected_row = match self.compare.selected_row {
                Some(b) if b == i => None,
                Some(b) if b > i => Some(b - 1),
                other => other,
            };
        }
    }

    /// Inserts a copy of row `i` after it, without results, and selects it.
    pub(super) fn duplicate_row(&mut self, i: usize) {
        if let Some(copy) = self.session.duplicate_row(i) {
            self.compare.selected_row = Some(copy);
        }
    }

    /// Swaps rows `a` and `b`, results, baseline and selection following.
    pub(super) fn swap_rows(&mut self, a: usize, b: usize) {
        if self.session.swap_rows(a, b) {
            self.compare.selected_row = self.compare.selected_row.map(|x| {
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

/// The comparison area: rows, run controls, results.
pub fn comparison_ui(ui: &mut egui::Ui, app: &mut TreelabApp) {
    run_bar_ui(ui, app);
    ui.add_space(4.0);
    let running = app.is_running();
    egui::CollapsingHeader::new(egui::RichText::new("Rows").strong())
        .id_salt("rows_header")
        .default_open(true)
        .show(ui, |ui| {
            egui::ScrollArea::both()
                .id_salt("rows_scroll")
                .max_height(230.0)
                .auto_shrink([false, true])
                .show(ui, |ui| rows_ui(ui, app, running));
            live_lines_ui(ui, app);
            if let Some(i) = app.compare.selected_row
                && i < app.session.rows.len()
            {
                ui.add_space(4.0);
                ui.add_enabled_ui(!running, |ui| super::row_options::options_ui(ui, app, i));
            }
        });
    ui.separator();
    super::results::results_ui(ui, app);
}

fn run_bar_ui(ui: &mut egui::Ui, app: &mut TreelabApp) {
    use super::layout::wrap_unit;
    ui.horizontal_wrapped(|ui| {
        let running = app.is_running();
        wrap_unit(ui, "run", |ui| {
            ui.heading("Comparison");
            ui.add_space(8.0);
            if running {
                if ui
                    .button("■ Stop (Esc)")
                    .on_hover_text("End every search now (Esc); finished results stay")
                    .clicked()
                {
                    app.push(Command::StopRun);
                }
                ui.spinner();
            } else if ui
                .button("▶ Run (F5)")
                .on_hover_text("Run every enabled row (F5)")
                .clicked()
            {
                app.push(Command::RunComparison);
            }
        });
        wrap_unit(ui, "threads", |ui| {
            let label = ui.label("threads").id;
            ui.add_enabled(
                !running,
                egui::DragValue::new(&mut app.threads).range(1..=256),
            )
            .labelled_by(label)
            .on_hover_text("Worker threads, 1 to 256; each search runs on one");
        });
        let mut suite = app.session.view.run_suite && app.session.suite_of_this_game().is_some();
        wrap_unit(ui, "on", |ui| {
            ui.label("on");
            ui.add_enabled(
                !running,
                egui::RadioButton::new(!suite, "the current position"),
            )
            .clicked()
            .then(|| suite = false);
        });
        let suite_label = match (app.session.suite_of_this_game(), &app.session.suite) {
            (Some(s), _) => format!("{} ({} positions)", s.name, s.items.len()),
            (None, Some(other)) => format!(
                "a suite ({} is of {})",
                other.suite.name,
                other.kind().label()
            ),
            (None, None) => "a suite (none open)".into(),
        };
        // Last on the line, and cut to what is left of it (the hover shows it whole),
        // so that a long suite name does not take a line of its own.
        wrap_unit(ui, "suite", |ui| {
            ui.set_max_width(ui.available_size_before_wrap().x.max(160.0));
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            let hover = suite_label.clone();
            if ui
                .add_enabled(
                    !running && app.session.suite_of_this_game().is_some(),
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
        if suite != (app.session.view.run_suite && app.session.suite_of_this_game().is_some()) {
            app.session.view.run_suite = suite;
        }
    });
}

/// The room the row buttons (move, copy, remove) take right of the options.
const ROW_BUTTONS_WIDTH: f32 = 112.0;

/// Controls of a row: move it, copy it, remove it.
fn row_buttons(ui: &mut egui::Ui, app: &mut TreelabApp, i: usize, n: usize) {
    if ui
        .add_enabled(i > 0, egui::Button::new("▲").small())
        .on_hover_text("Move up")
        .clicked()
    {
        app.push(Command::SwapRows(i, i - 1));
    }
    if ui
        .add_enabled(i + 1 < n, egui::Button::new("▼").small())
        .on_hover_text("Move down")
        .clicked()
    {
        app.push(Command::SwapRows(i, i + 1));
    }
    if ui
        .add(egui::Button::new("+").small())
        .on_hover_text("Duplicate this row")
        .clicked()
    {
        app.push(Command::DuplicateRow(i));
    }
    if ui
        .add(egui::Button::new("×").small())
        .on_hover_text(format!("Remove row {} and its results", i + 1))
        .clicked()
    {
        app.push(Command::RemoveRow(i));
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

/// One line per running row, full width under the rows: what it searches now.
fn live_lines_ui(ui: &mut egui::Ui, app: &TreelabApp) {
    let Some(active) = &app.compare.active else {
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

/// 1234567 as "1.23M".
#[must_use]
pub fn human(v: f64) -> String {
    let a = v.abs();
    if a >= 1e9 {
        format!("{:.2}G", v / 1e9)
    } else if a >= 1e6 {
        format!("{:.2}M", v / 1e6)
    } else if a >= 1e4 {
        format!("{:.1}k", v / 1e3)
    } else {
        format!("{v:.0}")
    }
}

fn rows_ui(ui: &mut egui::Ui, app: &mut TreelabApp, running: bool) {
    let n = app.session.rows.len();
    let evaluators = app.session.position.kind().evaluator_names();
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
                app.push(Command::AddRow);
            }
            ui.end_row();
            for i in 0..n {
                let selected = app.compare.selected_row == Some(i);
                let row = app.session.rows[i].clone();
                ui.add_enabled_ui(!running, |ui| {
                    let mut enabled = row.enabled;
                    ui.checkbox(&mut enabled, format!("{}", i + 1))
                        .on_hover_text("Take part in the next run");
                    if enabled != row.enabled {
                        app.push(Command::SetRowEnabled(i, enabled));
                    }
                });
                ui.add_enabled_ui(!running, |ui| {
                    let mut algorithm = row.algorithm;
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
                    if algorithm != row.algorithm {
                        app.push(Command::SetRowAlgorithm(i, algorithm));
                    }
                });
                ui.add_enabled_ui(!running, |ui| {
                    ui.horizontal(|ui| {
                        let (mut first, mut last) = (row.depth_min, row.depth_max);
                        ui.add(
                            egui::DragValue::new(&mut first)
                                .range(1..=MAX_DEPTH)
                                .prefix("from "),
                        )
                        .on_hover_text(format!("First depth, 1 to {MAX_DEPTH}"));
                        ui.add(
                            egui::DragValue::new(&mut last)
                                .range(1..=MAX_DEPTH)
                                .prefix("to "),
                        )
                        .on_hover_text(format!(
                            "Last depth, up to {MAX_DEPTH} (each depth is its own search)"
                        ));
                        if (first, last) != (row.depth_min, row.depth_max) {
                            app.push(Command::SetRowDepths(i, first, last));
                        }
                    });
                });
                ui.add_enabled_ui(!running, |ui| {
                    let mut evaluator = row.evaluator.clone();
                    let shown = if row.evaluator.is_empty() {
                        evaluators.first().copied().unwrap_or("").to_string()
                    } else {
                        row.evaluator.clone()
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
                    if evaluator != row.evaluator {
                        app.push(Command::SetRowEvaluator(i, evaluator));
                    }
                });
                let summary = super::row_options::options_summary(&app.session.rows[i].options);
                let problem = app.session.rows[i].check().err();
                let text = match &problem {
                    Some(_) => egui::RichText::new(format!("(!) {summary}"))
                        .color(ui.visuals().error_fg_color),
                    None => egui::RichText::new(&summary),
                };
                // Cut to leave the row's buttons room in a narrow window; the hover
                // shows it whole.
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
                    app.compare.selected_row = if selected { None } else { Some(i) };
                }
                // While a run goes on the row cannot change: its progress takes the
                // place of the row buttons.
                ui.horizontal(|ui| {
                    if running {
                        let live = app.compare.active.as_ref().and_then(|a| a.live.get(&i));
                        live_bar_ui(ui, live);
                    } else {
                        row_buttons(ui, app, i, n);
                    }
                });
                ui.end_row();
            }
        });
    if let Some(d) = app.compare.last_stop_latency {
        ui.weak(format!(
            "last Stop: every search ended {:.0} ms after the click",
            d.as_secs_f64() * 1000.0
        ));
    }
}

/// The count kind's label for combo boxes.
#[must_use]
pub fn count_label(c: CountKind) -> &'static str {
    match c {
        CountKind::Nodes => "nodes",
        CountKind::Leaves => "leaves",
    }
}

/// The tab's label.
#[must_use]
pub fn tab_label(t: ResultsTab) -> &'static str {
    match t {
        ResultsTab::Table => "Table",
        ResultsTab::Articles => "Article layout",
        ResultsTab::Charts => "Charts",
        ResultsTab::Tree => "Tree",
        ResultsTab::Match => "Match",
    }
}
