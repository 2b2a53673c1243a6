//! The charts tab's speedup chart, shown when the comparison has rows that search on
//! threads of their own: each such row group's speedup over the baseline against its
//! threads (a log2 axis), the ideal line (as many times faster as threads) dashed. The
//! series are the report's ([`crate::report::Report::speedup_series`]), as E8 draws
//! them.

use egui_plot::{GridMark, HoverPosition, Line, LineStyle, Plot, PlotPoints};

use super::chart_parts::{legend_ui, row_points, series_colour};
use super::panel::Panel;
use crate::report::Series;

/// Draws the speedup chart of the shown positions when there is one; its area.
pub(super) fn speedup_chart_ui(
    ui: &mut egui::Ui,
    cx: &Panel<'_>,
    height: f32,
) -> Option<egui::Rect> {
    let set = cx.position_set();
    let report = cx.report();
    let (lines, depth) = report.speedup_series(&report.finished(&set.keys()));
    if lines.is_empty() {
        return None;
    }
    let most = lines
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .fold(1.0, f64::max);
    let mut threads = 1.0;
    let mut ideal_points = Vec::new();
    while threads <= most {
        ideal_points.push((threads, threads));
        threads *= 2.0;
    }
    let ideal = Series {
        name: "as many times faster as threads".into(),
        points: ideal_points,
        partial: Vec::new(),
        reference: true,
        intervals: Vec::new(),
        x_names: Vec::new(),
    };
    ui.label(
        egui::RichText::new(format!(
            "Speedup against threads at depth {depth}: the baseline's seconds over each row's (times vary from run to run)"
        ))
        .strong(),
    );
    let resp = Plot::new("speedup_chart")
        .height(height)
        // The wheel scrolls the charts tab, not this plot (it is the last one: the wheel
        // reaches it on the way down).
        .allow_scroll(false)
        .x_axis_label("threads")
        .y_axis_label("× the baseline's speed")
        .include_y(0.0)
        .include_y(1.0)
        .x_grid_spacer(power_of_two_grid)
        .x_axis_formatter(|mark, _| format!("{}", 2f64.powf(mark.value).round()))
        .label_formatter(|hover| match hover {
            HoverPosition::NearDataPoint {
                plot_name,
                position,
                ..
            } => Some(format!(
                "{plot_name}\n{} threads\n× {:.2}",
                2f64.powf(position.x).round(),
                position.y
            )),
            HoverPosition::Elsewhere { .. } => None,
        })
        .show(ui, |plot| {
            let on_axis = |s: &Series| -> Vec<[f64; 2]> {
                s.points.iter().map(|&(x, y)| [x.log2(), y]).collect()
            };
            plot.line(
                Line::new(ideal.name.clone(), PlotPoints::from(on_axis(&ideal)))
                    .style(LineStyle::dashed_loose())
                    .color(egui::Color32::GRAY),
            );
            for (k, s) in lines.iter().enumerate() {
                let colour = series_colour(k);
                let name = s.legend();
                let pts = on_axis(s);
                plot.line(Line::new(name.clone(), PlotPoints::from(pts.clone())).color(colour));
                row_points(plot, s, &name, colour, pts, |y| y);
            }
        });
    let mut all = lines;
    all.push(ideal);
    legend_ui(ui, &all, |k, s| {
        if s.reference {
            egui::Color32::GRAY
        } else {
            series_colour(k)
        }
    });
    Some(resp.response.rect)
}

/// Marks at 1, 2, 4, 8 ... threads (whole numbers on the log2 axis).
fn power_of_two_grid(input: egui_plot::GridInput) -> Vec<GridMark> {
    let (lo, hi) = input.bounds;
    let (first, last) = (lo.ceil() as i64, hi.floor() as i64);
    if last - first > 64 {
        return Vec::new();
    }
    (first..=last)
        .map(|k| GridMark {
            value: k as f64,
            step_size: 1.0,
        })
        .collect()
}
