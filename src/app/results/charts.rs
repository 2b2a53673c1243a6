//! Charts (egui_plot): the count against depth on a log scale, a line per row (with the
//! full and minimal tree as reference lines on random trees), and the ratio to the
//! baseline row per position. Saving a chart: PNG from a screenshot of its area, SVG
//! drawn from the same series.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use egui_plot::{GridMark, HoverPosition, Line, LineStyle, Plot, PlotPoints};

use super::chart_parts::{legend_ui, row_points, series_colour};
use crate::app::frame::command::ChartFormat;
use crate::app::frame::labels::{count_label, human};
use crate::app::frame::layout;
use crate::app::frame::model::Model;
use crate::app::frame::panel::Panel;
use crate::app::frame::results_view::ResultsView;
use crate::report::{PARTIAL_NOTE, Series, uniform_tree_references};
use crate::session::ViewChoices;

/// A PNG save waiting for the next frame's screenshot.
#[derive(Default)]
pub struct ChartExport {
    /// Where to write, once the screenshot arrives.
    pending: Option<PathBuf>,
    /// The outcome, set by the screenshot callback (on another thread).
    outcome: Arc<Mutex<Option<Result<String, String>>>>,
    /// The charts' area last frame, in points.
    pub area: Option<egui::Rect>,
}

/// The charts tab: its own state is the ratio chart's depth and a pending PNG save.
#[derive(Default)]
pub struct ChartsView {
    /// The depth of the per-position ratio chart (None: the deepest).
    pub ratio_depth: Option<u32>,
    /// A chart image save waiting for its screenshot.
    pub export: ChartExport,
}

impl ResultsView for ChartsView {
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Panel<'_>) {
        // Scrolls when the window is too low for both charts and their legends.
        egui::ScrollArea::vertical()
            .id_salt("charts_scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| charts_ui(ui, cx, self));
    }
}

/// The series of the depth chart and the ratio chart, as `view` shows them, the
/// ratio chart at `ratio_depth` (None: the deepest).
pub fn chart_series(
    model: &Model,
    view: &ViewChoices,
    ratio_depth: Option<u32>,
) -> (Vec<Series>, Vec<Series>, u32) {
    let report = model.report_for(view);
    let count = view.count;
    let set = model.position_set_for(view);
    if set.several_games() {
        return (Vec::new(), Vec::new(), 1);
    }
    let keys = set.keys();
    // Each depth's totals over the positions every row finished there (after a Stop,
    // not all of them at the deepest).
    let mut depth = report.depth_series(&report.finished_by_depth(&keys), count);
    let max_depth = report.depths().last().copied().unwrap_or(1);
    // Reference lines of a uniform tree: only for the one random tree shown.
    if let [only] = set.positions.as_slice()
        && let Ok(p) = crate::engine::AnyPosition::parse(only.game, &only.text)
        && let Some((width, tree_depth)) = p.as_dyn().tree_shape()
    {
        depth.extend(uniform_tree_references(
            width,
            max_depth.min(tree_depth),
            count,
        ));
    }
    let ratio_depth = ratio_depth.unwrap_or(max_depth);
    let names: Vec<String> = set.positions.iter().map(|p| p.label.clone()).collect();
    let ratio = report.ratio_series(&keys, &names, ratio_depth, count);
    (depth, ratio, ratio_depth)
}

/// Per row other than the baseline: the geometric mean of its ratios to the baseline
/// over the set's positions against depth, with 95% bootstrap intervals (none for a
/// single position, or without a baseline).
pub fn across_series(cx: &Panel<'_>) -> Vec<Series> {
    let set = cx.position_set();
    if set.several_games() || set.positions.len() < 2 {
        return Vec::new();
    }
    cx.report().across_series_of(&cx.across_stats())
}

/// A depth axis: whole numbers only.
fn depth_label(mark: GridMark, _range: &std::ops::RangeInclusive<f64>) -> String {
    if (mark.value - mark.value.round()).abs() < 1e-9 {
        format!("{}", mark.value.round())
    } else {
        String::new()
    }
}

/// Ticks for a log10 axis: labels 10^k as numbers, and the marks between decades too
/// when the range shown is less than a decade (else the axis would have no label).
fn log_axis_label(mark: GridMark, range: &std::ops::RangeInclusive<f64>) -> String {
    let v = 10f64.powf(mark.value);
    let narrow = range.end() - range.start() < 1.0;
    if narrow || (mark.value - mark.value.round()).abs() < 1e-9 {
        human(v)
    } else {
        String::new()
    }
}

/// Marks at whole numbers (depths, positions): at every one where there is room for
/// its label, else at every 2nd, 5th, 10th, ... so that the labels never crowd.
fn integer_grid(input: egui_plot::GridInput) -> Vec<GridMark> {
    let (lo, hi) = input.bounds;
    // A label needs several of the smallest steps the plot would draw.
    let want = input.base_step_size * 6.0;
    let step = [1u64, 2, 5]
        .iter()
        .flat_map(|m| (0..12).map(move |e| m * 10u64.pow(e)))
        .filter(|&s| s as f64 >= want)
        .min()
        .unwrap_or(1);
    let step_f = step as f64;
    let (first, last) = ((lo / step_f).ceil() as i64, (hi / step_f).floor() as i64);
    if last - first > 200 {
        return Vec::new();
    }
    (first..=last)
        .map(|k| GridMark {
            value: k as f64 * step_f,
            step_size: step_f,
        })
        .collect()
}

/// About six evenly spaced marks at 1, 2 or 5 times a power of ten across the range
/// (the ratio chart, whose values may all lie close to 1).
fn even_grid(input: egui_plot::GridInput) -> Vec<GridMark> {
    let (lo, hi) = input.bounds;
    let span = (hi - lo).max(1e-9);
    let raw = span / 6.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * mag)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * mag);
    let (first, last) = ((lo / step).ceil() as i64, (hi / step).floor() as i64);
    if last - first > 100 {
        return Vec::new();
    }
    (first..=last)
        .map(|k| GridMark {
            value: k as f64 * step,
            step_size: step,
        })
        .collect()
}

/// A mark of [`even_grid`] with as many decimals as its step needs.
fn even_label(mark: GridMark, _range: &std::ops::RangeInclusive<f64>) -> String {
    let decimals = (-mark.step_size.log10().floor()).max(0.0) as usize;
    format!("{:.*}", decimals, mark.value)
}

fn log_grid(input: egui_plot::GridInput) -> Vec<GridMark> {
    let (lo, hi) = input.bounds;
    let mut marks = Vec::new();
    let (lo_k, hi_k) = (lo.floor() as i32, hi.ceil() as i32);
    if hi_k - lo_k > 200 {
        return marks;
    }
    for k in lo_k..=hi_k {
        // Only decades inside the visible range: a mark outside it would put its
        // label beyond the plot (over the title, or a second label at the bottom).
        if f64::from(k) >= lo && f64::from(k) <= hi {
            marks.push(GridMark {
                value: f64::from(k),
                step_size: 1.0,
            });
        }
        for m in 2..10 {
            let v = f64::from(k) + f64::from(m).log10();
            if v > lo && v < hi {
                marks.push(GridMark {
                    value: v,
                    step_size: 0.1,
                });
            }
        }
    }
    marks
}

/// The charts tab.
fn charts_ui(ui: &mut egui::Ui, cx: &mut Panel<'_>, view: &mut ChartsView) {
    let (depth_series, ratio_series, ratio_depth) =
        chart_series(cx.model, cx.view, view.ratio_depth);
    let count = cx.view.count;
    let outer = ui.available_rect_before_wrap();
    // Room for the two headings, the two legends and the notes under the charts.
    let height = ((ui.available_height() - 120.0) / 2.0).max(160.0);
    let set = cx.position_set();
    if set.several_games() {
        ui.weak("No charts: these positions are of more than one game. Pick one game's positions under Positions.");
        return;
    }
    let report = cx.report();
    super::articles::stale_note_ui(ui, &report);
    let by_depth = report.finished_by_depth(&set.keys());
    ui.add(
        egui::Label::new(
            egui::RichText::new(format!(
                "Total {} over {}, against depth (log scale)",
                count_label(count),
                set.over_by_depth_text(&by_depth)
            ))
            .strong(),
        )
        .wrap(),
    );
    let mut area = depth_chart_ui(ui, &depth_series, count_label(count), height);
    legend_ui(ui, &depth_series, |k, _| series_colour(k));
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(format!(
                "{} relative to the baseline, per position",
                count_label(count)
            ))
            .strong(),
        );
        let label = ui.label("at depth").id;
        let mut d = ratio_depth;
        ui.add(layout::number(&mut d).range(1..=crate::search::options::MAX_DEPTH))
            .labelled_by(label);
        if d != ratio_depth {
            view.ratio_depth = Some(d);
        }
    });
    if cx.view.baseline_row.is_none() {
        ui.weak("Pick a baseline row above to see ratios.");
    } else {
        // The ratio series number the set's positions from 1, in the set's order.
        let positions: Vec<String> = set.positions.iter().map(|p| p.label.clone()).collect();
        let across = across_series(cx);
        if across.is_empty() {
            area = area.union(ratio_chart_ui(ui, &ratio_series, positions, height));
        } else {
            // Both charts give each row the ratio chart's colour: one legend under them.
            // Beside it, the geometric mean over the positions against depth.
            ui.columns(2, |cols| {
                area = area.union(ratio_chart_ui(
                    &mut cols[0],
                    &ratio_series,
                    positions,
                    height,
                ));
                // The title takes what it needs (it may wrap in a narrow window); the
                // chart the rest of the ratio chart's height, so both end level.
                let title = cols[1]
                    .label(
                        egui::RichText::new(
                            "Geometric mean of the ratios, 95% bootstrap interval as bars",
                        )
                        .strong(),
                    )
                    .rect
                    .height();
                let gap = cols[1].spacing().item_spacing.y;
                area = area.union(across_chart_ui(
                    &mut cols[1],
                    &across,
                    &ratio_series,
                    height - title - gap,
                ));
            });
        }
        legend_ui(ui, &ratio_series, |k, _| series_colour(k));
    }
    if let Some(rect) = super::speedup_chart::speedup_chart_ui(ui, cx, height) {
        area = area.union(rect);
    }
    if depth_series
        .iter()
        .chain(&ratio_series)
        .any(|s| s.partial.contains(&true))
    {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("{PARTIAL_NOTE}: drawn as rings, and named in the legend."),
        );
    }
    view.export.area = Some(area.intersect(outer.expand(2000.0)));
}

/// The depth chart: each series' count (`count_name`) against depth on a log scale,
/// the reference lines dashed. Returns the chart's area on screen.
fn depth_chart_ui(
    ui: &mut egui::Ui,
    depth_series: &[Series],
    count_name: &str,
    height: f32,
) -> egui::Rect {
    let resp = Plot::new("depth_chart")
        // The wheel scrolls the charts tab (a drag pans, Ctrl and the wheel zooms).
        .allow_scroll(false)
        .height(height)
        .x_axis_label("depth")
        .x_grid_spacer(integer_grid)
        .y_axis_label(format!("{count_name} (log)"))
        .y_axis_formatter(log_axis_label)
        .y_grid_spacer(log_grid)
        .x_axis_formatter(depth_label)
        .label_formatter(|hover| match hover {
            HoverPosition::NearDataPoint {
                plot_name,
                position,
                ..
            } => Some(format!(
                "{plot_name}\ndepth {}\n{}",
                position.x.round(),
                human(10f64.powf(position.y))
            )),
            HoverPosition::Elsewhere { .. } => None,
        })
        .show(ui, |plot| {
            for (k, s) in depth_series.iter().enumerate() {
                let colour = series_colour(k);
                let pts: Vec<[f64; 2]> = s
                    .points
                    .iter()
                    .filter(|(_, y)| *y > 0.0)
                    .map(|&(x, y)| [x, y.log10()])
                    .collect();
                let name = s.legend();
                let mut line = Line::new(name.clone(), PlotPoints::from(pts.clone())).color(colour);
                if s.reference {
                    line = line.style(LineStyle::dashed_loose());
                }
                plot.line(line);
                if !s.reference {
                    row_points(plot, s, &name, colour, pts, f64::log10);
                }
            }
        });
    resp.response.rect
}

/// The ratio chart: each row's count relative to the baseline row, per position
/// (`positions`: their labels, the series numbering them from 1). Returns the chart's
/// area on screen.
fn ratio_chart_ui(
    ui: &mut egui::Ui,
    ratio_series: &[Series],
    positions: Vec<String>,
    height: f32,
) -> egui::Rect {
    let names = positions.clone();
    let resp = Plot::new("ratio_chart")
        // The wheel scrolls the charts tab (a drag pans, Ctrl and the wheel zooms).
        .allow_scroll(false)
        .height(height)
        .x_axis_label("position")
        .x_grid_spacer(integer_grid)
        .y_axis_label("× baseline")
        // The baseline's 1 and 0 in view, marks across the range with their values.
        .include_y(0.0)
        .include_y(1.0)
        .y_grid_spacer(even_grid)
        .y_axis_formatter(even_label)
        .x_axis_formatter(move |m, _| {
            let k = m.value.round();
            if (m.value - k).abs() < 1e-9 && k >= 1.0 {
                names.get(k as usize - 1).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .label_formatter(move |hover| match hover {
            HoverPosition::NearDataPoint {
                plot_name,
                position,
                ..
            } => {
                let k = position.x.round() as usize;
                let pos = positions
                    .get(k.wrapping_sub(1))
                    .cloned()
                    .unwrap_or_default();
                Some(format!("{plot_name}\n{pos}\n× {:.3}", position.y))
            }
            HoverPosition::Elsewhere { .. } => None,
        })
        .show(ui, |plot| {
            for (k, s) in ratio_series.iter().enumerate() {
                let colour = series_colour(k);
                let name = s.legend();
                let pts: Vec<[f64; 2]> = s.points.iter().map(|&(x, y)| [x, y]).collect();
                plot.line(Line::new(name.clone(), PlotPoints::from(pts.clone())).color(colour));
                row_points(plot, s, &name, colour, pts, |y| y);
            }
        });
    resp.response.rect
}

/// The across-positions chart: per row, the geometric mean of its ratios to the
/// baseline against depth, each point with its interval as an error bar. Returns the
/// chart's area on screen. Each row keeps its colour in the ratio chart (`ratio`).
fn across_chart_ui(
    ui: &mut egui::Ui,
    series: &[Series],
    ratio: &[Series],
    height: f32,
) -> egui::Rect {
    // No legend: each row has its colour in the ratio chart beside it.
    let resp = Plot::new("across_chart")
        // The wheel scrolls the charts tab (a drag pans, Ctrl and the wheel zooms).
        .allow_scroll(false)
        .height(height.max(120.0))
        .x_axis_label("depth")
        .y_axis_label("× baseline")
        .include_y(1.0)
        .y_grid_spacer(even_grid)
        .y_axis_formatter(even_label)
        .x_grid_spacer(integer_grid)
        .x_axis_formatter(depth_label)
        .label_formatter(|hover| match hover {
            HoverPosition::NearDataPoint {
                plot_name,
                position,
                ..
            } => Some(format!(
                "{plot_name}\ndepth {}\n× {:.3}",
                position.x.round(),
                position.y
            )),
            HoverPosition::Elsewhere { .. } => None,
        })
        .show(ui, |plot| {
            // Rows are a little apart along x so their bars do not hide each other.
            let shift = |k: usize| (k as f64 - (series.len() as f64 - 1.0) / 2.0) * 0.06;
            for (k, s) in series.iter().enumerate() {
                let colour =
                    series_colour(ratio.iter().position(|r| r.name == s.name).unwrap_or(k));
                let name = s.legend();
                let pts: Vec<[f64; 2]> = s.points.iter().map(|&(x, y)| [x + shift(k), y]).collect();
                plot.line(Line::new(name.clone(), PlotPoints::from(pts.clone())).color(colour));
                row_points(plot, s, &name, colour, pts, |y| y);
                for (&(x, _), iv) in s.points.iter().zip(&s.intervals) {
                    if let Some((lo, hi)) = *iv {
                        let x = x + shift(k);
                        for seg in [
                            vec![[x, lo], [x, hi]],
                            vec![[x - 0.08, lo], [x + 0.08, lo]],
                            vec![[x - 0.08, hi], [x + 0.08, hi]],
                        ] {
                            plot.line(Line::new(name.clone(), PlotPoints::from(seg)).color(colour));
                        }
                    }
                }
            }
        });
    resp.response.rect
}

impl ChartsView {
    /// Saves the chart at `path`: PNG from a screenshot of the charts' area (written
    /// when the next frame's pixels arrive), SVG from the series at once.
    pub(in crate::app) fn save(
        &mut self,
        ctx: &egui::Context,
        model: &mut Model,
        format: ChartFormat,
        path: &Path,
    ) {
        match format {
            ChartFormat::Svg => {
                let view = &model.session.view;
                let (depth, _, _) = chart_series(model, view, self.ratio_depth);
                let count = count_label(view.count);
                let over = model.position_set_for(view).description;
                let svg = crate::report::to_line_chart(
                    &format!("Total {count} over {over}, against depth"),
                    "depth",
                    count,
                    &depth,
                )
                .to_svg();
                let svg = model.manifest().stamp("chart.svg", &svg);
                match crate::platform::files::write_atomic(path, svg.as_bytes()) {
                    Ok(()) => model.info(format!("Saved the chart to {}", path.display())),
                    Err(e) => model.error(format!("could not save {}: {e}", path.display())),
                }
            }
            ChartFormat::Png => {
                let Some(area) = self.export.area else {
                    return model.error("open the Charts tab to save a chart");
                };
                self.export.pending = Some(path.to_path_buf());
                let outcome = Arc::clone(&self.export.outcome);
                let path = path.to_path_buf();
                let ppp = ctx.pixels_per_point();
                let repaint = ctx.clone();
                ctx.request_screenshot(move |image| {
                    let result = write_png_crop(&image, area, ppp, &path)
                        .map(|()| format!("Saved the chart to {}", path.display()))
                        .map_err(|e| format!("could not save {}: {e}", path.display()));
                    if let Ok(mut o) = outcome.lock() {
                        *o = Some(result);
                    }
                    repaint.request_repaint();
                });
                model.info("Saving the chart…");
            }
        }
    }

    /// Reports a finished PNG save on `model`'s status line.
    pub(in crate::app) fn poll_export(&mut self, model: &mut Model) {
        let done = self.export.outcome.lock().ok().and_then(|mut o| o.take());
        if let Some(result) = done {
            self.export.pending = None;
            match result {
                Ok(m) => model.info(m),
                Err(e) => model.error(e),
            }
        }
    }
}

/// Crops `image` to `area` (points, scaled by `ppp`) and writes it as PNG atomically.
fn write_png_crop(
    image: &egui::ColorImage,
    area: egui::Rect,
    ppp: f32,
    path: &Path,
) -> Result<(), String> {
    let [w, h] = image.size;
    let clamp = |v: f32, max: usize| (v.max(0.0) as usize).min(max);
    let (x0, y0) = (clamp(area.min.x * ppp, w), clamp(area.min.y * ppp, h));
    let (x1, y1) = (clamp(area.max.x * ppp, w), clamp(area.max.y * ppp, h));
    if x1 <= x0 || y1 <= y0 {
        return Err("the chart is not on screen".into());
    }
    let mut rgba = Vec::with_capacity((x1 - x0) * (y1 - y0) * 4);
    for y in y0..y1 {
        for x in x0..x1 {
            rgba.extend_from_slice(&image.pixels[y * w + x].to_array());
        }
    }
    let mut bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut bytes, (x1 - x0) as u32, (y1 - y0) as u32);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header().map_err(|e| e.to_string())?;
        writer.write_image_data(&rgba).map_err(|e| e.to_string())?;
    }
    crate::platform::files::write_atomic(path, &bytes).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_crop_writes_the_chart_area_only() {
        let (w, h) = (40usize, 30usize);
        let mut image = egui::ColorImage::filled([w, h], egui::Color32::WHITE);
        // A red block at x 10..20, y 5..15 (pixels).
        for y in 5..15 {
            for x in 10..20 {
                image.pixels[y * w + x] = egui::Color32::RED;
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("chart.png");
        // Points at 2 pixels per point: the block is 5..10 x 2.5..7.5 points.
        let area = egui::Rect::from_min_max(egui::pos2(5.0, 2.5), egui::pos2(10.0, 7.5));
        write_png_crop(&image, area, 2.0, &path).unwrap();
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (10, 10));
        assert!(buf.chunks(4).all(|p| p == [255, 0, 0, 255]));
        // Off screen: an error, no file.
        let off = egui::Rect::from_min_max(egui::pos2(100.0, 100.0), egui::pos2(120.0, 120.0));
        let missing = dir.path().join("none.png");
        assert!(write_png_crop(&image, off, 2.0, &missing).is_err());
        assert!(!missing.exists());
    }

    #[test]
    fn every_axis_has_several_labels_however_narrow_its_range() {
        // Ratios all close to 1: several marks, each with its value.
        for (lo, hi) in [(0.98, 1.02), (0.0, 1.05), (0.2, 1.4), (0.999, 1.0001)] {
            let marks = even_grid(egui_plot::GridInput {
                bounds: (lo, hi),
                base_step_size: 1e-6,
            });
            assert!(marks.len() >= 3, "{lo}..{hi}: {marks:?}");
            let labels: Vec<String> = marks.iter().map(|&m| even_label(m, &(lo..=hi))).collect();
            let distinct: std::collections::HashSet<&String> = labels.iter().collect();
            assert_eq!(distinct.len(), labels.len(), "{labels:?}");
        }
        // A log axis within one decade (50k to 130k nodes) labels its marks.
        let range = 50_000f64.log10()..=130_000f64.log10();
        let marks = log_grid(egui_plot::GridInput {
            bounds: (*range.start(), *range.end()),
            base_step_size: 1e-6,
        });
        let labelled = marks
            .iter()
            .filter(|&&m| !log_axis_label(m, &range).is_empty())
            .count();
        assert!(labelled >= 3, "{labelled} labels");
    }
}
