//! The articles' layout of the results: a table per position (a line per row, a column
//! per depth, wrapped into bands rather than cut), then the totals and the ratios to
//! the baseline, with their spread across the positions.

use crate::app::frame::labels::count_label;
use crate::app::frame::panel::Panel;
use crate::app::frame::results_view::ResultsView;
use crate::engine::count::CountKind;
use crate::report::{Across, BOOTSTRAP_SEED, PARTIAL_NOTE, RESAMPLES, Ratio, Report};

/// The articles' layout: a table per position (no state of its own).
#[derive(Default)]
pub struct ArticlesView;

impl ResultsView for ArticlesView {
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Panel<'_>) {
        articles_ui(ui, cx);
    }
}

/// The widest a row's label may be in the articles' layout.
const ARTICLE_LABEL_WIDTH: f32 = 200.0;

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
                for ((_, name), line) in rows.iter().zip(&texts) {
                    // Long names wrap within the label column (never cut): the numbers
                    // keep their room and every word of what ran shows. The row's
                    // number stays with the name's start (a space that does not break).
                    ui.scope(|ui| {
                        ui.set_max_width(ARTICLE_LABEL_WIDTH);
                        ui.add(egui::Label::new(name.replacen(": ", ":\u{a0}", 1)).wrap());
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
    // Each row as it ran: a row changed since its results were searched shows them
    // under what ran, marked stale, apart from its results as it is now.
    let rows: Vec<(usize, String)> = report
        .result_rows()
        .into_iter()
        .map(|r| (r, report.row_name(r)))
        .collect();
    let keys = set.keys();
    let with_results = report.positions();
    let baseline = cx.view.baseline_row;
    egui::ScrollArea::vertical()
        .id_salt("articles_scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            stale_note_ui(ui, &report);
            // Each depth's totals over the positions every row finished at that depth
            // (all of them unless a run was stopped part way), saying which.
            let by_depth = report.finished_by_depth(&keys);
            let totals = report.totals_by_depth(&by_depth, count);
            if set.several_games() {
                ui.weak("No totals: these positions are of more than one game.");
            } else if keys.len() > 1 {
                ui.label(
                    egui::RichText::new(format!(
                        "Totals over {} ({}; each position once)",
                        set.over_by_depth_text(&by_depth),
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
                ratios_ui(ui, (&rows, &depths), &by_depth, &totals, b);
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
            warnings_ui(ui, &report);
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

/// The totals' ratios to baseline row `b`, per depth over that depth's positions
/// (`by_depth`), saying over how many.
fn ratios_ui(
    ui: &mut egui::Ui,
    (rows, depths): (&[(usize, String)], &[u32]),
    by_depth: &std::collections::BTreeMap<u32, Vec<crate::session::PositionKey<'_>>>,
    totals: &std::collections::BTreeMap<(usize, u32), crate::report::Tally>,
    b: usize,
) {
    ui.add_space(6.0);
    let sizes: Vec<usize> = by_depth.values().map(Vec::len).collect();
    let over = match (sizes.iter().min(), sizes.iter().max()) {
        (Some(lo), Some(hi)) if lo == hi => {
            format!("over {lo} position{}", if *lo == 1 { "" } else { "s" })
        }
        (Some(lo), Some(hi)) => format!("each depth over its positions above, {lo} to {hi}"),
        _ => "over no position".to_string(),
    };
    ui.label(
        egui::RichText::new(format!("Ratio to row {} (the totals above, {over})", b + 1,)).strong(),
    );
    article_grid(
        ui,
        egui::IdSalt::new("article_ratios"),
        rows,
        depths,
        |r, d| {
            let v = *totals.get(&(r, d))?;
            let base = *totals.get(&(b, d))?;
            Some(Ratio::of(v, base)?.text(2))
        },
    );
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

/// Above the tables, when a row has changed since some of its results were searched:
/// those results are shown under what ran, marked stale.
pub(in crate::app) fn stale_note_ui(ui: &mut egui::Ui, report: &Report<'_>) {
    if !report.has_stale() {
        return;
    }
    let stale: Vec<String> = report
        .result_rows()
        .into_iter()
        .map(|r| report.ran(r))
        .filter(crate::report::RanAs::is_stale)
        .map(|r| r.long_name())
        .collect();
    ui.colored_label(
        ui.visuals().warn_fg_color,
        format!(
            "Results searched before their row changed are shown under what ran, marked stale \
             (Run searches the rows as they are now): {}.",
            stale.join("; ")
        ),
    );
}

/// The warnings under the tables: counts of stopped searches, rows searched on several
/// threads.
fn warnings_ui(ui: &mut egui::Ui, report: &Report<'_>) {
    if report.has_partial() {
        ui.colored_label(ui.visuals().warn_fg_color, PARTIAL_NOTE);
    }
    if let Some(note) = report.parallel_note() {
        ui.colored_label(ui.visuals().warn_fg_color, note);
    }
}
