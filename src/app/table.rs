//! The results table, drawn cell by cell so that no number is ever cut: every column is
//! as wide as its widest text (names alone are cut, with the whole name on hover), the
//! leading columns that say which result a line is (row, algorithm and options,
//! position, depth) stay in place while the rest scrolls sideways, a column only partly
//! in view is left out rather than drawn cut, and the scroll bars are always shown when
//! there is more to see. Only the lines in view are drawn, so a table of thousands of
//! lines scrolls as fast as one of ten.

use std::hash::{Hash, Hasher};

use super::panel::Panel;
use super::results_view::ResultsView;
use crate::report::{Column, PARTIAL_NOTE, Report};
use crate::session::ResultEntry;

/// The widest the algorithm-and-options column starts; a longer name is cut with `…`
/// and shown whole on hover.
const NAME_WIDTH: f32 = 320.0;

/// The widest a text column other than the names (the PV, the status) is drawn.
const TEXT_WIDTH: f32 = 420.0;

/// Room left and right of a cell's text.
const PAD: f32 = 12.0;

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
        e.record.counters.nodes.hash(&mut h);
        e.record.counters.leaves.hash(&mut h);
        e.record.counters.elapsed_secs.to_bits().hash(&mut h);
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

/// The table's columns laid out: each one's width and its left edge, the fixed ones
/// from the table's left, the others from the start of the scrolled part.
struct Layout {
    /// The columns shown.
    columns: Vec<Column>,
    /// Each column's width.
    widths: Vec<f32>,
    /// Each column's left edge (fixed: from the table's left; else from the scrolled
    /// part's left).
    lefts: Vec<f32>,
    /// How many leading columns stay in place.
    fixed: usize,
    /// The fixed columns' width together.
    fixed_width: f32,
    /// The scrolled columns' width together.
    scrolled_width: f32,
}

impl Layout {
    /// Lays `columns` out with `widths` in a table `width` wide: the fixed columns may
    /// take [`STICKY_SHARE`] of it, the names giving way first.
    fn new(columns: Vec<Column>, mut widths: Vec<f32>, width: f32) -> Layout {
        let fixed = columns.iter().take_while(|&&c| is_fixed(c)).count();
        let fixed_width: f32 = widths[..fixed].iter().sum();
        let room = width * STICKY_SHARE;
        if fixed_width > room
            && let Some(k) = columns[..fixed].iter().position(|&c| c == Column::Setup)
        {
            widths[k] = (widths[k] - (fixed_width - room)).max(80.0);
        }
        let mut lefts = Vec::with_capacity(widths.len());
        let (mut x_fixed, mut x_scrolled) = (0.0, 0.0);
        for (k, w) in widths.iter().enumerate() {
            if k < fixed {
                lefts.push(x_fixed);
                x_fixed += w;
            } else {
                lefts.push(x_scrolled);
                x_scrolled += w;
            }
        }
        Layout {
            columns,
            widths,
            lefts,
            fixed,
            fixed_width: x_fixed,
            scrolled_width: x_scrolled,
        }
    }

    /// Column `k`'s left and right edges on screen, the table's visible part being
    /// `visible` and its content starting at `origin_x`; None for a scrolled column not
    /// wholly in view (it is left out rather than drawn cut).
    fn span(&self, k: usize, visible: egui::Rect, origin_x: f32) -> Option<(f32, f32)> {
        if k < self.fixed {
            let left = visible.left() + self.lefts[k];
            return Some((left, left + self.widths[k]));
        }
        let left = origin_x + self.fixed_width + self.lefts[k];
        let right = left + self.widths[k];
        let room = (visible.left() + self.fixed_width - 0.5)..=(visible.right() + 0.5);
        (room.contains(&left) && room.contains(&right)).then_some((left, right))
    }
}

/// The results table: its warnings above, then a sortable line per result with the
/// columns shown (a click on a header sorts by it: ascending, descending, plan order).
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
    let layout = Layout::new(table.columns.clone(), widths, ui.available_width());
    let line_height = egui::TextStyle::Body
        .resolve(ui.style())
        .size
        .max(ui.spacing().interact_size.y)
        + 2.0;
    let header_height = line_height + 4.0;
    let content = egui::vec2(
        layout.fixed_width + layout.scrolled_width,
        header_height + line_height * lines.len() as f32,
    );
    let mut clicked = None;
    ui.scope(|ui| {
        // Solid bars, always drawn when there is more to see (not only on hover).
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::both()
            .id_salt("results_table_scroll")
            .auto_shrink([false, false])
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::VisibleWhenNeeded)
            .show_viewport(ui, |ui, viewport| {
                let (rect, _) = ui.allocate_exact_size(content, egui::Sense::hover());
                // The part in view, on screen: where the scroll area clips its content
                // (steady as the content moves, so the fixed columns do not jitter).
                let visible = ui.clip_rect().intersect(egui::Rect::from_min_size(
                    rect.min + viewport.min.to_vec2(),
                    viewport.size(),
                ));
                let grid = Grid {
                    layout: &layout,
                    origin: rect.min,
                    visible,
                    header_height,
                    line_height,
                };
                grid.body_ui(ui, report, lines, &disagree);
                clicked = grid.header_ui(ui, table.sort);
            });
    });
    if let Some(c) = clicked {
        table.sort = match table.sort {
            Some((s, true)) if s == c => Some((c, false)),
            Some((s, false)) if s == c => None,
            _ => Some((c, true)),
        };
    }
}

/// Where the table is on screen this frame.
struct Grid<'a> {
    /// The columns.
    layout: &'a Layout,
    /// The content's top left (moves as the table scrolls).
    origin: egui::Pos2,
    /// The part of the content in view, on screen.
    visible: egui::Rect,
    /// The header's height.
    header_height: f32,
    /// A line's height.
    line_height: f32,
}

impl Grid<'_> {
    /// The lines in view: a stripe on every other one, then their cells.
    fn body_ui(&self, ui: &mut egui::Ui, report: &Report, lines: &[usize], disagree: &[bool]) {
        let mut clip = self.visible;
        clip.min.y += self.header_height;
        let top = self.origin.y + self.header_height;
        let first = (((clip.top() - top) / self.line_height).floor().max(0.0)) as usize;
        let last = ((((clip.bottom() - top) / self.line_height).ceil()).max(0.0) as usize)
            .min(lines.len());
        let stripe = ui.visuals().faint_bg_color;
        for n in first..last {
            let y = top + n as f32 * self.line_height;
            if n % 2 == 1 {
                let band = egui::Rect::from_x_y_ranges(clip.x_range(), y..=y + self.line_height);
                ui.painter()
                    .with_clip_rect(clip)
                    .rect_filled(band, 0.0, stripe);
            }
            let e = &report.results[lines[n]];
            for (k, &c) in self.layout.columns.iter().enumerate() {
                let Some((left, right)) = self.layout.span(k, self.visible, self.origin.x) else {
                    continue;
                };
                let cell = egui::Rect::from_x_y_ranges(
                    left + PAD / 2.0..=right - PAD / 2.0,
                    y..=y + self.line_height,
                );
                let mut child =
                    ui.new_child(egui::UiBuilder::new().max_rect(cell).layout(cell_layout(c)));
                child.set_clip_rect(clip.intersect(cell.expand2(egui::vec2(PAD / 2.0, 0.0))));
                body_cell_ui(&mut child, report, e, c, disagree[lines[n]]);
            }
        }
    }

    /// The header, kept at the top of the view: a button per column in view, its
    /// meaning on hover. Returns the column clicked.
    fn header_ui(&self, ui: &mut egui::Ui, sort: Option<(Column, bool)>) -> Option<Column> {
        let band = egui::Rect::from_min_size(
            self.visible.min,
            egui::vec2(self.visible.width(), self.header_height),
        );
        let painter = ui.painter().with_clip_rect(band);
        painter.rect_filled(band, 0.0, ui.visuals().panel_fill);
        painter.hline(
            band.x_range(),
            band.bottom() - 0.5,
            ui.visuals().widgets.noninteractive.bg_stroke,
        );
        let mut clicked = None;
        for (k, &c) in self.layout.columns.iter().enumerate() {
            let Some((left, right)) = self.layout.span(k, self.visible, self.origin.x) else {
                continue;
            };
            let cell =
                egui::Rect::from_x_y_ranges(left + PAD / 2.0..=right - PAD / 2.0, band.y_range());
            let mut child =
                ui.new_child(egui::UiBuilder::new().max_rect(cell).layout(cell_layout(c)));
            child.set_clip_rect(band);
            if header_cell_ui(&mut child, c, sort) {
                clicked = Some(c);
            }
        }
        clicked
    }
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
                "≠ {n_disagree} results disagree on the score with another row at the same position and depth: a bug, or a non-exact option (aspiration, another scoring or evaluator). Marked ≠."
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

impl ResultsView for TableView {
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Panel<'_>) {
        let lines = cx.report().lines(self.sort);
        table_ui(ui, &cx.report(), &lines, self);
    }
}
