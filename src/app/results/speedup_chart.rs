//! The charts tab's speedup chart, shown when the comparison has rows that search on
//! threads of their own: each such row group's speedup over the baseline against its
//! threads (a log2 axis), the ideal line (as many times faster as threads) dashed. The
//! series are the report's ([`crate::report::Report::speedup_series`]), as E8 draws
//! them.

use egui_plot::{GridMark, HoverPosition, Line, LineStyle, Plot, PlotPoints};

use super::chart_parts::{legend_ui, row_points, series_colour};
use crate::app::frame::panel::Panel;
use crate::report::Series;

/// Draws the speedup chart of the shown positions when there is one; its area.
pub(in crate::app) fn speedup_chart_ui(
    ui: &mut egui::Ui,
    cx: &Panel<'_>,
    height: f32,
) -> Option<egui::Rect> {
    let set = cx.position_set();
    let report = cx.report();
    let (lines, depth) = report.speedup_series(&report.finished_by_depth(&set.keys()));
    if lines.is_empty() {
        return None;
    }
    let colours = row_colours(&lines, &report.result_rows());
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
        .y_axis_label("× faster")
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
            for (s, &colour) in lines.iter().zip(&colours) {
                let name = s.legend();
                let pts = on_axis(s);
                plot.line(Line::new(name.clone(), PlotPoints::from(pts.clone())).color(colour));
                row_points(plot, s, &name, colour, pts, |y| y);
            }
        });
    let mut all = lines;
    all.push(ideal);
    legend_ui(ui, &all, |k, _| {
        colours.get(k).copied().unwrap_or(egui::Color32::GRAY)
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

/// Each speedup line in its row's colour in the other charts: their k-th line is the
/// k-th row with results (`rows`, row indices), and a speedup line is named after its
/// row's number ("2: YBWC").
fn row_colours(lines: &[Series], rows: &[usize]) -> Vec<egui::Color32> {
    lines
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let number = s
                .name
                .split(':')
                .next()
                .and_then(|n| n.parse::<usize>().ok());
            let at = number.and_then(|n| rows.iter().position(|&r| r + 1 == n));
            series_colour(at.unwrap_or(k))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_speedup_line_has_its_rows_colour_in_the_other_charts() {
        let line = |name: &str| Series {
            name: name.into(),
            points: Vec::new(),
            partial: Vec::new(),
            reference: false,
            intervals: Vec::new(),
            x_names: Vec::new(),
        };
        // Rows 1 (the baseline), 2 and 4 have results; row 3 has none.
        let lines = [line("2: PVS split at the root"), line("4: YBWC")];
        let colours = row_colours(&lines, &[0, 1, 3]);
        assert_eq!(colours, vec![series_colour(1), series_colour(2)]);
    }
}
