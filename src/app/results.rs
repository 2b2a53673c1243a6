//! The results: a sortable table (one line per row x position x depth), the articles'
//! layout (a table per position, a line per row, a column per depth, then totals and
//! ratios), and the exports. The numbers come from [`crate::report::Report`].

use super::labels::{count_label, tab_label};
use super::model::Model;
use super::panel::Panel;
use super::table::TableView;
use super::views::ResultsView;
use super::{Command, TreelabApp};
use crate::report::{Across, BOOTSTRAP_SEED, Column, PARTIAL_NOTE, RESAMPLES, Ratio, Report};
use crate::session::{PositionSet, ResultScope, ResultsTab, ViewChoices};
use crate::vocab::count::CountKind;

/// The width of the positions picker (its hover shows the whole name).
const SCOPE_WIDTH: f32 = 220.0;

/// How the table leaves the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableExport {
    /// Markdown to the clipboard.
    CopyMarkdown,
    /// CSV to the clipboard.
    CopyCsv,
}

/// The columns a reader may hide: all but those that say which result a line is.
fn can_hide(c: Column) -> bool {
    !matches!(
        c,
        Column::Row | Column::Setup | Column::Position | Column::Depth | Column::Score
    )
}

/// The Columns menu: a check box per column that can be hidden (every counter among
/// them, with its meaning on hover), and a way back to the default set.
fn columns_menu_ui(ui: &mut egui::Ui, columns: &mut Vec<Column>) {
    ui.menu_button("Columns", |ui| {
        for c in Column::all().into_iter().filter(|&c| can_hide(c)) {
            let mut on = columns.contains(&c);
            if ui
                .checkbox(&mut on, c.title())
                .on_hover_text(c.meaning())
                .changed()
            {
                let keep: Vec<Column> = Column::all()
                    .into_iter()
                    .filter(|&k| if k == c { on } else { columns.contains(&k) })
                    .collect();
                *columns = keep;
            }
        }
        ui.separator();
        if ui.button("Default columns").clicked() {
            *columns = Column::default_shown();
        }
    })
    .response
    .on_hover_text("Which columns the table shows: every search counter can be shown");
}

impl ResultsView for TableView {
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Panel<'_>) {
        let lines = cx.report().lines(self.sort);
        super::table::table_ui(ui, &cx.report(), &lines, self);
    }
}

/// The articles' layout: a table per position (no state of its own).
#[derive(Default)]
pub struct ArticlesView;

impl ResultsView for ArticlesView {
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Panel<'_>) {
        articles_ui(ui, cx);
    }
}

/// The results area: the toolbar, then the open tab's view.
pub fn results_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, views: &mut super::views::Views) {
    let tab = cx.view.tab;
    let shows_results = views.get(tab).shows_results();
    toolbar_ui(ui, cx, shows_results, &mut views.table.columns);
    let view = views.get(tab);
    ui.add_space(4.0);
    if view.shows_results() {
        let set = cx.position_set();
        let shown = cx.report().len();
        let others = cx.session().results.len() - shown;
        let others_note = if others > 0 {
            format!("; {others} more of other positions (pick them under Positions)")
        } else {
            String::new()
        };
        ui.weak(format!(
            "Showing {}: {shown} results{others_note}.",
            set.description
        ));
        if shown == 0 {
            ui.add_space(20.0);
            ui.vertical_centered(|ui| {
                ui.weak("No results here yet. Press ▶ Run (F5), or pick a preset from the Presets menu.");
            });
            return;
        }
    }
    view.ui(ui, cx);
}

/// The results toolbar: the tabs, then (on a tab that shows results) the positions,
/// baseline and columns or count pickers, the Export menu and Clear results.
fn toolbar_ui(
    ui: &mut egui::Ui,
    cx: &mut Panel<'_>,
    shows_results: bool,
    columns: &mut Vec<Column>,
) {
    use super::layout::wrap_unit;
    ui.horizontal_wrapped(|ui| {
        let before = cx.view.tab;
        for t in ResultsTab::ALL {
            ui.selectable_value(&mut cx.view.tab, t, tab_label(t));
        }
        if !shows_results || cx.view.tab != before {
            return;
        }
        ui.separator();
        let report = cx.report();
        let rows = report.result_rows();
        let labels: Vec<(usize, String)> = rows.iter().map(|&r| (r, report.row_label(r))).collect();
        let choices = cx.session().scope_choices();
        let view = &mut *cx.view;
        wrap_unit(ui, "position", |ui| {
            scope_picker_ui(ui, choices, &mut view.scope)
        });
        wrap_unit(ui, "baseline", |ui| {
            baseline_picker_ui(ui, labels, &mut view.baseline_row);
        });
        if view.tab == ResultsTab::Table {
            columns_menu_ui(ui, columns);
        } else {
            wrap_unit(ui, "count", |ui| count_picker_ui(ui, &mut view.count));
        }
        ui.separator();
        export_menu_ui(ui, cx);
        let has = !cx.session().results.is_empty();
        if ui
            .add_enabled(
                has && !cx.model.is_running(),
                egui::Button::new("Clear results"),
            )
            .clicked()
        {
            cx.push(Command::ClearResults);
        }
    });
}

/// The Positions picker: which positions' results the views show (`choices`: each
/// scope with its label).
fn scope_picker_ui(
    ui: &mut egui::Ui,
    choices: Vec<(ResultScope, String)>,
    scope: &mut ResultScope,
) {
    let label = ui.label("Positions").id;
    let selected = choices
        .iter()
        .find(|(choice, _)| *choice == *scope)
        .map_or_else(|| "?".to_string(), |(_, label)| label.clone());
    egui::ComboBox::from_id_salt("result_scope")
        .selected_text(egui::RichText::new(&selected))
        .width(SCOPE_WIDTH)
        .truncate()
        .show_ui(ui, |ui| {
            for (choice, label) in choices {
                ui.selectable_value(scope, choice, label);
            }
        })
        .response
        .labelled_by(label)
        .on_hover_text(format!(
            "{selected}\nThe table, totals, charts and exports are over these positions, each once"
        ));
}

/// The Baseline picker: the row the ratios are measured against (`labels`: each row
/// with results, with its label), or none.
fn baseline_picker_ui(
    ui: &mut egui::Ui,
    labels: Vec<(usize, String)>,
    baseline: &mut Option<usize>,
) {
    let label = ui.label("Baseline").id;
    egui::ComboBox::from_id_salt("baseline_row")
        .selected_text(baseline.map_or_else(|| "none".to_string(), |b| format!("row {}", b + 1)))
        .show_ui(ui, |ui| {
            ui.selectable_value(baseline, None, "none");
            for (r, label) in labels {
                ui.selectable_value(baseline, Some(r), format!("row {}: {label}", r + 1));
            }
        })
        .response
        .labelled_by(label)
        .on_hover_text("Ratios are measured against this row");
}

/// The Count picker: what the tables and charts count (nodes or leaves).
fn count_picker_ui(ui: &mut egui::Ui, count: &mut CountKind) {
    let label = ui.label("Count").id;
    egui::ComboBox::from_id_salt("count_kind")
        .selected_text(count_label(*count))
        .show_ui(ui, |ui| {
            for c in [CountKind::Nodes, CountKind::Leaves] {
                ui.selectable_value(count, c, count_label(c));
            }
        })
        .response
        .labelled_by(label)
        .on_hover_text("What the tables and charts count");
}

/// The Export menu: the table to the clipboard or a file, and the chart to a file
/// (only from the Charts tab); nothing to export without results.
fn export_menu_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>) {
    let has = !cx.session().results.is_empty();
    ui.menu_button("Export", |ui| {
        if ui
            .add_enabled(has, egui::Button::new("Copy table as Markdown"))
            .clicked()
        {
            cx.push(Command::ExportTable(TableExport::CopyMarkdown));
        }
        if ui
            .add_enabled(has, egui::Button::new("Copy table as CSV"))
            .clicked()
        {
            cx.push(Command::ExportTable(TableExport::CopyCsv));
        }
        if ui
            .add_enabled(has, egui::Button::new("Save table as CSV…"))
            .clicked()
        {
            cx.push(Command::SaveTableDialog);
        }
        ui.separator();
        let charts = cx.view.tab == ResultsTab::Charts;
        let why = "open the Charts tab first";
        if ui
            .add_enabled(has && charts, egui::Button::new("Save chart as PNG…"))
            .on_disabled_hover_text(why)
            .clicked()
        {
            cx.push(Command::SaveChartDialog(super::charts::ChartFormat::Png));
        }
        if ui
            .add_enabled(has && charts, egui::Button::new("Save chart as SVG…"))
            .on_disabled_hover_text(why)
            .clicked()
        {
            cx.push(Command::SaveChartDialog(super::charts::ChartFormat::Svg));
        }
    });
}

impl TreelabApp {
    /// The positions the results views show now (the view's scope).
    #[must_use]
    pub fn position_set(&self) -> PositionSet {
        self.model.position_set_for(&self.model.session.view)
    }

    /// The report over the results of the positions the views show.
    #[must_use]
    pub fn report(&self) -> Report<'_> {
        self.model.report_for(&self.model.session.view)
    }

    /// The indices of the results the table shows, in its order.
    #[must_use]
    pub fn table_lines(&self) -> Vec<usize> {
        self.report().lines(self.views.table.sort)
    }
}

impl Model {
    /// The positions the results views show with `view`'s scope.
    #[must_use]
    pub fn position_set_for(&self, view: &ViewChoices) -> PositionSet {
        self.session.position_set(&view.scope)
    }

    /// The report over the results of the positions the views show with `view`.
    #[must_use]
    pub fn report_for(&self, view: &ViewChoices) -> Report<'_> {
        Report::over(
            &self.session.results,
            &self.session.rows,
            view.baseline_row,
            Some(&self.position_set_for(view)),
        )
    }

    /// The rows against the baseline across the position set's positions
    /// ([`Report::across`]), each line's figures remembered by its per-position counts,
    /// so a frame does not redraw 10,000 bootstrap resamples a line.
    #[must_use]
    pub fn across_stats_for(
        &self,
        view: &ViewChoices,
    ) -> std::collections::BTreeMap<(usize, u32), Across> {
        let set = self.position_set_for(view);
        if set.several_games() {
            return std::collections::BTreeMap::new();
        }
        let mut memo = self.across_memo.borrow_mut();
        if memo.len() > 4096 {
            memo.clear();
        }
        self.report_for(view)
            .across_with(&set.keys(), view.count, &mut |pairs| {
                memo.entry(pairs.to_vec())
                    .or_insert_with(|| Across::of(pairs))
                    .clone()
            })
    }
}

/// The widest a row's label may be in the articles' layout.
const ARTICLE_LABEL_WIDTH: f32 = 160.0;

/// Room between two columns of an articles' grid.
const ARTICLE_GAP: f32 = 12.0;

/// One grid in the articles' layout: a line per row, a column per depth. Never cut at
/// the window's edge: when the depths do not fit across, they go on in a second band
/// (and a third) under the first, the rows' names repeated, so every number shows
/// whole without scrolling sideways.
fn article_grid(
    ui: &mut egui::Ui,
    id: egui::IdSalt,
    rows: &[(usize, String)],
    depths: &[u32],
    cell: impl Fn(usize, u32) -> Option<String>,
) {
    let texts: Vec<Vec<String>> = rows
        .iter()
        .map(|(r, _)| {
            depths
                .iter()
                .map(|&d| cell(*r, d).unwrap_or_else(|| "–".into()))
                .collect()
        })
        .collect();
    let mono = egui::TextStyle::Monospace.resolve(ui.style());
    let body = egui::TextStyle::Body.resolve(ui.style());
    let widths: Vec<f32> = ui.fonts_mut(|f| {
        let mut measure = |t: &str, font: &egui::FontId| {
            f.layout_no_wrap(t.to_string(), font.clone(), egui::Color32::WHITE)
                .size()
                .x
        };
        (0..depths.len())
            .map(|k| {
                let head = measure(&format!("d{}", depths[k]), &body);
                let mut widest = head;
                for line in &texts {
                    widest = widest.max(measure(&line[k], &mono));
                }
                widest
            })
            .collect()
    });
    let room = (ui.available_width() - ARTICLE_LABEL_WIDTH - ARTICLE_GAP).max(0.0);
    for (band, columns) in bands(&widths, room).into_iter().enumerate() {
        if band > 0 {
            ui.add_space(4.0);
        }
        egui::Grid::new((id, band))
            .striped(true)
            .spacing([ARTICLE_GAP, 3.0])
            .show(ui, |ui| {
                ui.label(egui::RichText::new("row").underline());
                for k in columns.clone() {
                    ui.label(egui::RichText::new(format!("d{}", depths[k])).underline());
                }
                ui.end_row();
                for ((r, label), line) in rows.iter().zip(&texts) {
                    // Long labels are cut to leave the numbers room; the hover shows all.
                    let text = format!("{}: {label}", r + 1);
                    ui.scope(|ui| {
                        ui.set_max_width(ARTICLE_LABEL_WIDTH);
                        ui.add(egui::Label::new(&text).truncate())
                            .on_hover_text(&text);
                    });
                    for k in columns.clone() {
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            ui.add(
                                egui::Label::new(egui::RichText::new(&line[k]).monospace())
                                    .extend(),
                            )
                        });
                    }
                    ui.end_row();
                }
            });
    }
}

/// The columns of `widths` in bands that each fit `room` across (with the gap between
/// columns), in order; a column wider than `room` has a band of its own.
fn bands(widths: &[f32], room: f32) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let (mut start, mut used) = (0, 0.0);
    for (k, w) in widths.iter().enumerate() {
        let need = w + ARTICLE_GAP;
        if k > start && used + need > room {
            out.push(start..k);
            (start, used) = (k, 0.0);
        }
        used += need;
    }
    if start < widths.len() || out.is_empty() {
        out.push(start..widths.len());
    }
    out
}

fn articles_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>) {
    let report = cx.report();
    let set = cx.position_set();
    let count = cx.view.count;
    let depths = report.depths();
    let rows: Vec<(usize, String)> = report
        .result_rows()
        .into_iter()
        .map(|r| (r, report.row_label(r)))
        .collect();
    let keys = set.keys();
    let with_results = report.positions();
    let baseline = cx.view.baseline_row;
    egui::ScrollArea::vertical()
        .id_salt("articles_scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // Totals over the positions every row finished (all of them unless a run
            // was stopped part way), saying which.
            let finished = report.finished(&keys);
            let totals = report.totals(&finished, count);
            if set.several_games() {
                ui.weak("No totals: these positions are of more than one game.");
            } else if keys.len() > 1 {
                ui.label(
                    egui::RichText::new(format!(
                        "Totals over {} ({}; each position once)",
                        set.over_text(&finished),
                        count_label(count)
                    ))
                    .strong(),
                );
                article_grid(
                    ui,
                    egui::IdSalt::new("article_totals"),
                    &rows,
                    &depths,
                    |r, d| totals.get(&(r, d)).map(|t| t.text()),
                );
            }
            if let Some(b) = baseline.filter(|_| !set.several_games()) {
                ui.add_space(6.0);
                ui.label(
                    egui::RichText::new(format!(
                        "Ratio to row {} (the totals above, over {} position{})",
                        b + 1,
                        finished.len(),
                        if finished.len() == 1 { "" } else { "s" }
                    ))
                    .strong(),
                );
                article_grid(
                    ui,
                    egui::IdSalt::new("article_ratios"),
                    &rows,
                    &depths,
                    |r, d| {
                        let v = *totals.get(&(r, d))?;
                        let base = *totals.get(&(b, d))?;
                        Some(Ratio::of(v, base)?.text(2))
                    },
                );
            }
            if let Some(b) = baseline.filter(|_| !set.several_games() && keys.len() > 1) {
                across_ui(ui, &cx.across_stats(), &rows, &depths, b, count);
            }
            for p in set
                .positions
                .iter()
                .filter(|p| with_results.contains(&p.key()))
            {
                ui.add_space(6.0);
                ui.label(
                    egui::RichText::new(format!("{} ({})", p.label, count_label(count))).strong(),
                )
                .on_hover_text(format!("{}: {}", p.game.label(), p.text));
                article_grid(
                    ui,
                    egui::IdSalt::new(("article_pos", &p.text)),
                    &rows,
                    &depths,
                    |r, d| report.count(r, p.key(), d, count).map(|t| t.text()),
                );
            }
            ui.add_space(4.0);
            if report.has_partial() {
                ui.colored_label(ui.visuals().warn_fg_color, PARTIAL_NOTE);
            }
            ui.weak(format!(
                "{} = {}; {} results.",
                count_label(count),
                match count {
                    CountKind::Nodes => "every node visited",
                    CountKind::Leaves => "static evaluations and finished games",
                },
                report.len(),
            ));
        });
}

/// The rows against baseline row `b` across the positions ([`Report::across`]): the
/// geometric mean of the per-position ratios with its bootstrap interval, and on how
/// many positions each row needs fewer and more with the Wilcoxon test's p; each
/// title's hover says how they are computed.
fn across_ui(
    ui: &mut egui::Ui,
    across: &std::collections::BTreeMap<(usize, u32), Across>,
    rows: &[(usize, String)],
    depths: &[u32],
    b: usize,
    count: CountKind,
) {
    if across.is_empty() {
        return;
    }
    let others: Vec<(usize, String)> = rows.iter().filter(|(r, _)| *r != b).cloned().collect();
    let c = count_label(count);
    let ns: Vec<usize> = across.values().map(|a| a.n).collect();
    let (lo, hi) = (
        ns.iter().copied().min().unwrap_or(0),
        ns.iter().copied().max().unwrap_or(0),
    );
    let over = if lo == hi {
        format!("over {lo} positions")
    } else {
        format!("over {lo} to {hi} positions (each cell over those both rows finished)")
    };
    ui.add_space(6.0);
    ui.label(
        egui::RichText::new(format!(
            "Across the positions, against row {}: geometric mean of the ratios (95% interval), {over}",
            b + 1
        ))
        .strong(),
    )
    .on_hover_text(format!(
        "Per position, the row's {c} over row {}'s, at the positions where both have a complete \
         result. The geometric mean weighs every position alike (the totals' ratio above can be \
         decided by one deep position). The interval is the 2.5th to 97.5th percentile of the \
         geometric means of {RESAMPLES} bootstrap resamples of the positions (seed {BOOTSTRAP_SEED}).",
        b + 1
    ));
    article_grid(
        ui,
        egui::IdSalt::new("article_across_mean"),
        &others,
        depths,
        |r, d| across.get(&(r, d)).map(Across::mean_lines),
    );
    ui.add_space(6.0);
    ui.label(
        egui::RichText::new(format!(
            "Positions with fewer / more {c} than row {}, and the Wilcoxon signed-rank p, {over}",
            b + 1
        ))
        .strong(),
    )
    .on_hover_text(
        "The two-sided Wilcoxon signed-rank test of the log ratios against 0: positions with \
         equal counts are left out, tied magnitudes share their rank; exact without ties or \
         zeros (up to 50 positions), over every sign assignment with them (up to 13), else the \
         normal approximation with the tie correction. A small p says the row's counts differ \
         from the baseline's more consistently than chance would make them.",
    );
    article_grid(
        ui,
        egui::IdSalt::new("article_across_test"),
        &others,
        depths,
        |r, d| across.get(&(r, d)).map(Across::test_lines),
    );
}
