//! The results table, on rerun's egui_table: no number is ever cut (a number column is
//! as wide as its widest text, and a number only partly in view is left out rather than
//! drawn cut), names are cut with the whole name on hover and their columns can be
//! widened by dragging, the leading columns that say which result a line is (row,
//! algorithm and options, position, depth) and the header stay in place while the rest
//! scrolls, and the scroll bars are always shown when there is more to see. Only the
//! lines in view are drawn, so a table of thousands of lines scrolls as fast as one of
//! ten.

use std::hash::{Hash, Hasher};

use crate::app::frame::command::TableExport;
use crate::app::frame::model::Model;
use crate::app::frame::panel::Panel;
use crate::app::frame::results_view::ResultsView;
use crate::report::{Column, PARTIAL_NOTE, Report};
use crate::session::ResultEntry;

/// The widest the algorithm-and-options column starts; a longer name is cut with `…`
/// and shown whole on hover.
const NAME_WIDTH: f32 = 320.0;

/// The widest a text column other than the names (the PV, the status) is drawn.
const TEXT_WIDTH: f32 = 420.0;

/// Room left and right of a cell's text.
const PAD: f32 = 12.0;

/// The narrowest a text column may be dragged.
const MIN_TEXT_WIDTH: f32 = 60.0;

/// The share of the width the fixed columns may take; beyond it the names are cut.
const STICKY_SHARE: f32 = 0.55;

/// The results table: its own state is the sort, the columns shown and the widths it
/// measured last (remembered by what they were measured on).
pub struct TableView {
    /// The column sorted on and whether ascending (None: plan order).
    pub sort: Option<(Column, bool)>,
    /// The columns shown, in [`Column::all`]'s order (the Columns menu picks them).
    pub columns: Vec<Column>,
    /// The widths measured last, with the fingerprint of what they were measured on.
    widths: Option<(u64, Vec<f32>)>,
}

impl Default for TableView {
    /// The table with the default columns, in plan order.
    fn default() -> TableView {
        TableView {
            sort: None,
            columns: Column::default_shown(),
            widths: None,
        }
    }
}

/// Whether a column stays in place when the table scrolls sideways: the columns that
/// say which result a line is.
fn is_fixed(c: Column) -> bool {
    matches!(
        c,
        Column::Row | Column::Setup | Column::Position | Column::Depth
    )
}

/// A cell as the table on screen shows it: as the report writes it, except the
/// position, which is its short name ([`ResultEntry::short_name`]; the hover has the
/// whole text form).
#[must_use]
pub fn screen_cell(report: &Report, e: &ResultEntry, c: Column) -> String {
    if c == Column::Position {
        e.short_name()
    } else {
        report.cell(e, c)
    }
}

/// What the widths depend on: the results shown (their counts, times, states and
/// labels), the rows' labels, the columns and the text size. Cheap: no text is made.
fn fingerprint(report: &Report, lines: &[usize], columns: &[Column], ui: &egui::Ui) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    columns.hash(&mut h);
    lines.len().hash(&mut h);
    ui.ctx().pixels_per_point().to_bits().hash(&mut h);
    egui::TextStyle::Body
        .resolve(ui.style())
        .size
        .to_bits()
        .hash(&mut h);
    report.baseline.hash(&mut h);
    for row in report.rows {
        row.label().hash(&mut h);
    }
    for &i in lines {
        let e = &report.results[i];
        (
            e.row,
            e.depth,
            e.error.is_some(),
            e.record.stopped.is_some(),
        )
            .hash(&mut h);
        e.label.hash(&mut h);
        e.position_text.hash(&mut h);
        e.record.counters.nodes().hash(&mut h);
        e.record.counters.leaves().hash(&mut h);
        e.record.counters.elapsed_secs().to_bits().hash(&mut h);
        e.record.score.hash(&mut h);
    }
    h.finish()
}

/// Each column's width: its header's and its widest cell's, so that no number is cut;
/// the names (algorithm and options) and long texts (PV, status) up to a limit, cut
/// beyond it with the whole text on hover.
fn measure_widths(ui: &egui::Ui, report: &Report, lines: &[usize], columns: &[Column]) -> Vec<f32> {
    let body = egui::TextStyle::Body.resolve(ui.style());
    let strong = egui::TextStyle::Button.resolve(ui.style());
    ui.fonts_mut(|f| {
        let mut measure = |text: String, font: &egui::FontId| {
            f.layout_no_wrap(text, font.clone(), egui::Color32::WHITE)
                .size()
                .x
        };
        columns
            .iter()
            .map(|&c| {
                let head = measure(format!("{} ▼", c.title()), &strong);
                // Texts of the same length are measured once: digits are all as wide.
                let mut seen = std::collections::HashSet::new();
                let mut widest = 0.0f32;
                for &i in lines {
                    let text = screen_cell(report, &report.results[i], c);
                    let text = if c == Column::Score {
                        format!("≠ {text}")
                    } else {
                        text
                    };
                    if !c.is_numeric() || seen.insert(text.clone()) {
                        widest = widest.max(measure(text, &body));
                    }
                }
                let cap = match c {
                    Column::Setup => NAME_WIDTH,
                    Column::Pv | Column::Status | Column::Best => TEXT_WIDTH,
                    _ => f32::INFINITY,
                };
                head.max(widest.min(cap)).max(24.0) + PAD
            })
            .collect()
    })
}

/// Each column of the table as egui_table lays it out: a number column exactly as wide
/// as its widest text (so that no number is ever cut, and none is drawn wider than it
/// needs), a text column (names, positions, the PV, the status) starting at its widest
/// text up to a limit, resizable by dragging its edge (a double click fits it again). The
/// naming columns may together take [`STICKY_SHARE`] of the width; the names give way
/// first.
fn table_columns(
    base: egui::Id,
    columns: &[Column],
    widths: &[f32],
    width: f32,
) -> Vec<egui_table::Column> {
    let fixed = columns.iter().take_while(|&&c| is_fixed(c)).count();
    let fixed_width: f32 = widths[..fixed].iter().sum();
    let room = width * STICKY_SHARE;
    columns
        .iter()
        .zip(widths)
        .map(|(&c, &w)| {
            let id = base.with(c.title());
            if c.is_numeric() {
                return egui_table::Column::new(w)
                    .range(w..=w)
                    .resizable(false)
                    .id(id);
            }
            let start = if c == Column::Setup && fixed_width > room {
                (w - (fixed_width - room)).max(MIN_TEXT_WIDTH)
            } else {
                w
            };
            egui_table::Column::new(start)
                .range(MIN_TEXT_WIDTH..=f32::INFINITY)
                .resizable(true)
                .id(id)
        })
        .collect()
}

/// The results table: its warnings above, then a sortable line per result with the
/// columns shown (a click on a header sorts by it: ascending, descending, plan order).
/// The leading columns that say which result a line is and the header stay in place;
/// only the lines in view are drawn.
pub fn table_ui(ui: &mut egui::Ui, report: &Report, lines: &[usize], table: &mut TableView) {
    let disagree = report.disagreements();
    table_warnings_ui(ui, report, lines, &disagree);
    let key = fingerprint(report, lines, &table.columns, ui);
    let widths = match &table.widths {
        Some((k, w)) if *k == key => w.clone(),
        _ => {
            let w = measure_widths(ui, report, lines, &table.columns);
            table.widths = Some((key, w.clone()));
            w
        }
    };
    let line_height = egui::TextStyle::Body
        .resolve(ui.style())
        .size
        .max(ui.spacing().interact_size.y)
        + 2.0;
    let columns = table_columns(
        ui.scope_id().with("results_table_columns"),
        &table.columns,
        &widths,
        ui.available_width(),
    );
    let mut delegate = Cells {
        report,
        lines,
        disagree: &disagree,
        columns: &table.columns,
        sort: table.sort,
        clicked: None,
        line_height,
    };
    ui.scope(|ui| {
        // Solid bars, always drawn when there is more to see (not only on hover).
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        // The widths measured here from every line, not egui_table's first sizing pass
        // over the lines in view (which would give the names only their cut width).
        let id = egui_table::TableState::id(ui, egui::IdSalt::new("results_table"));
        if egui_table::TableState::load(ui.ctx(), id).is_none() {
            let mut state = egui_table::TableState::default();
            for (k, c) in columns.iter().enumerate() {
                state.col_widths.insert(c.id_for(k), c.current);
            }
            state.store(ui.ctx(), id);
        }
        egui_table::Table::new()
            .id_salt("results_table")
            .num_rows(lines.len() as u64)
            .columns(columns)
            .num_sticky_cols(table.columns.iter().take_while(|&&c| is_fixed(c)).count())
            .headers([egui_table::HeaderRow::new(line_height + 4.0)])
            .auto_size_mode(egui_table::AutoSizeMode::Never)
            .show(ui, &mut delegate);
    });
    if let Some(c) = delegate.clicked {
        table.sort = match table.sort {
            Some((s, true)) if s == c => Some((c, false)),
            Some((s, false)) if s == c => None,
            _ => Some((c, true)),
        };
    }
}

/// What the table draws its cells from, for egui_table.
struct Cells<'a> {
    /// The results.
    report: &'a Report<'a>,
    /// The results shown, in the table's order (indices into the report's results).
    lines: &'a [usize],
    /// Per result: whether its score disagrees with another row's.
    disagree: &'a [bool],
    /// The columns shown.
    columns: &'a [Column],
    /// The sort now.
    sort: Option<(Column, bool)>,
    /// The header clicked this frame.
    clicked: Option<Column>,
    /// A line's height.
    line_height: f32,
}

impl egui_table::TableDelegate for Cells<'_> {
    fn header_cell_ui(&mut self, ui: &mut egui::Ui, cell: &egui_table::HeaderCellInfo) {
        let Some(&c) = self.columns.get(cell.group_index) else {
            return;
        };
        let rect = ui.max_rect();
        ui.painter().rect_filled(rect, 0.0, ui.visuals().panel_fill);
        ui.painter().hline(
            rect.x_range(),
            rect.bottom() - 0.5,
            ui.visuals().widgets.noninteractive.bg_stroke,
        );
        padded(ui, c, |ui| {
            if header_cell_ui(ui, c, self.sort) {
                self.clicked = Some(c);
            }
        });
    }

    fn row_ui(&mut self, ui: &mut egui::Ui, row_nr: u64) {
        if row_nr % 2 == 1 {
            ui.painter()
                .rect_filled(ui.max_rect(), 0.0, ui.visuals().faint_bg_color);
        }
    }

    fn cell_ui(&mut self, ui: &mut egui::Ui, cell: &egui_table::CellInfo) {
        let (Some(&i), Some(&c)) = (
            usize::try_from(cell.row_nr)
                .ok()
                .and_then(|n| self.lines.get(n)),
            self.columns.get(cell.col_nr),
        ) else {
            return;
        };
        // A number only partly in view (at the edge, or under the naming columns) is
        // left out rather than drawn cut.
        if c.is_numeric() && ui.clip_rect().width() + 0.5 < ui.max_rect().width() {
            return;
        }
        let e = &self.report.results[i];
        padded(ui, c, |ui| {
            body_cell_ui(ui, self.report, e, c, self.disagree[i]);
        });
    }

    fn default_row_height(&self) -> f32 {
        self.line_height
    }
}

/// Draws `add` in the cell's room less [`PAD`] on each side, laid out as column `c`'s
/// texts are.
fn padded(ui: &mut egui::Ui, c: Column, add: impl FnOnce(&mut egui::Ui)) {
    let cell = ui.max_rect().shrink2(egui::vec2(PAD / 2.0, 0.0));
    let mut inner = ui.new_child(egui::UiBuilder::new().max_rect(cell).layout(cell_layout(c)));
    add(&mut inner);
}

/// How a column's texts sit in their cells: numbers to the right.
fn cell_layout(c: Column) -> egui::Layout {
    if c.is_numeric() {
        egui::Layout::right_to_left(egui::Align::Center)
    } else {
        egui::Layout::left_to_right(egui::Align::Center)
    }
}

/// The notes above the table: how many of the results shown (`lines`) disagree on the
/// score (`disagree`, per result), and that some searches stopped or failed.
fn table_warnings_ui(ui: &mut egui::Ui, report: &Report, lines: &[usize], disagree: &[bool]) {
    let n_disagree = lines.iter().filter(|&&i| disagree[i]).count();
    if n_disagree > 0 {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!(
                "≠ {n_disagree} results disagree on the score with another row of the same evaluator and scoring at the same position and depth: a bug, or a non-exact option (aspiration, a fail-soft bound). Marked ≠."
            ),
        );
    }
    if report.any_partial(lines) {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("{PARTIAL_NOTE} (their Status says stopped or failed)."),
        );
    }
    if let Some(note) = report.parallel_note() {
        ui.colored_label(ui.visuals().warn_fg_color, format!("Rows {note}."));
    }
}

/// A column's header: its title with the sort's arrow if sorted on, its meaning on
/// hover. Returns whether it was clicked.
fn header_cell_ui(ui: &mut egui::Ui, column: Column, sort: Option<(Column, bool)>) -> bool {
    let arrow = match sort {
        Some((s, true)) if s == column => " ▲",
        Some((s, false)) if s == column => " ▼",
        _ => "",
    };
    ui.add(
        egui::Button::new(egui::RichText::new(format!("{}{arrow}", column.title())).strong())
            .frame(false),
    )
    .on_hover_text(format!(
        "{}\nClick to sort by this column",
        column.meaning()
    ))
    .clicked()
}

/// A text cut to its cell with `…`, with one tooltip: `hover` (egui's own tooltip of a
/// cut text is turned off, so that the two do not show at once).
fn cut(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>, hover: &str) -> egui::Response {
    ui.add(
        egui::Label::new(text)
            .truncate()
            .show_tooltip_when_elided(false),
    )
    .on_hover_text(hover)
}

/// One cell of the table: result `entry`'s value in `column`. A score the rows disagree
/// on (`disagrees`) is marked ≠ with the other rows' scores on hover; a status is
/// coloured; names are cut to their column and shown whole on hover; numbers are never
/// cut (their column is as wide as the widest).
fn body_cell_ui(
    ui: &mut egui::Ui,
    report: &Report,
    entry: &ResultEntry,
    column: Column,
    disagrees: bool,
) {
    let error = ui.visuals().error_fg_color;
    let warn = ui.visuals().warn_fg_color;
    let text = screen_cell(report, entry, column);
    if column == Column::Score && disagrees {
        let others: Vec<String> = report
            .scores_at(entry)
            .iter()
            .map(|(r, s)| format!("row {}: {s}", r + 1))
            .collect();
        ui.add(egui::Label::new(egui::RichText::new(format!("≠ {text}")).color(error)).extend())
            .on_hover_text(format!(
                "Rows disagree at {} depth {}: {}",
                entry.position_label(),
                entry.depth,
                others.join(", ")
            ));
    } else if column == Column::Status && !text.is_empty() {
        let color = if entry.error.is_some() { error } else { warn };
        cut(ui, egui::RichText::new(&text).color(color), &text);
    } else if column == Column::Position {
        cut(ui, &text, &entry.position_details());
    } else if matches!(column, Column::Pv | Column::Setup | Column::Best) {
        cut(ui, &text, &text);
    } else {
        ui.add(egui::Label::new(text).extend());
    }
}

impl TableView {
    /// The indices of `model`'s results the table shows, in its order.
    #[must_use]
    pub fn lines(&self, model: &Model) -> Vec<usize> {
        model.report_for(&model.session.view).lines(self.sort)
    }

    /// Copies the table's shown lines to the clipboard as Markdown (the shown columns)
    /// or CSV (every column).
    pub(in crate::app) fn export(&self, ctx: &egui::Context, model: &mut Model, how: TableExport) {
        let report = model.report_for(&model.session.view);
        let lines = report.lines(self.sort);
        let (text, what) = match how {
            TableExport::CopyMarkdown => (
                model
                    .manifest()
                    .stamp("table.md", &report.markdown(&lines, &self.columns)),
                "Markdown",
            ),
            // CSV pastes as it is (a spreadsheet has no place for the manifest).
            TableExport::CopyCsv => (report.csv(&lines), "CSV"),
        };
        ctx.copy_text(text);
        model.info(format!("Copied {} lines as {what}", lines.len()));
    }

    /// Saves the table's shown lines as CSV (every column) to `path`, atomically, with
    /// the manifest beside it (`path` + `.manifest`).
    pub(in crate::app) fn save(&self, model: &mut Model, path: &std::path::Path) {
        let report = model.report_for(&model.session.view);
        let lines = report.lines(self.sort);
        let csv = report.csv(&lines);
        match model.manifest().write(path, &csv) {
            Ok(()) => model.info(format!("Saved {} lines to {}", lines.len(), path.display())),
            Err(e) => model.error(format!("could not save {}: {e}", path.display())),
        }
    }
}

impl ResultsView for TableView {
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Panel<'_>) {
        let lines = cx.report().lines(self.sort);
        table_ui(ui, &cx.report(), &lines, self);
    }
}
