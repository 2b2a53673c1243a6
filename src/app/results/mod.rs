//! The results: a sortable table (one line per row x position x depth), the articles'
//! layout (a table per position, a line per row, a column per depth, then totals and
//! ratios), and the exports. The numbers come from [`crate::report::Report`].

pub(super) mod articles;
pub(super) mod chart_parts;
pub(super) mod charts;
pub(super) mod speedup_chart;
pub(super) mod table;
pub(super) mod views;

use super::frame::command::{ChartFormat, Command, TableExport};
use super::frame::help;
use super::frame::labels::{count_label, tab_label};
use super::frame::panel::Panel;
use crate::engine::count::CountKind;
use crate::report::Column;
use crate::session::{ResultScope, ResultsTab};

/// The width of the positions picker (its hover shows the whole name).
const SCOPE_WIDTH: f32 = 220.0;

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

/// The results area: the toolbar, then the open tab's view.
pub fn results_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, views: &mut self::views::Views) {
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
                ui.weak(format!(
                    "No results here yet. Press {}, or pick a preset from the Presets menu.",
                    help::RUN_BUTTON
                ));
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
    use super::frame::layout::wrap_unit;
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
        // The baseline is a row as it is now: its results searched with its current
        // settings (a changed row's older results are not offered).
        let labels: Vec<(usize, String)> = report
            .result_rows()
            .into_iter()
            .filter(|&r| !report.ran(r).is_stale())
            .map(|r| (r, report.ran(r).label))
            .collect();
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
            cx.push(Command::SaveChartDialog(ChartFormat::Png));
        }
        if ui
            .add_enabled(has && charts, egui::Button::new("Save chart as SVG…"))
            .on_disabled_hover_text(why)
            .clicked()
        {
            cx.push(Command::SaveChartDialog(ChartFormat::Svg));
        }
    });
}
