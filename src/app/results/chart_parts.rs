//! What the charts tab's charts share: the legend under a chart, one colour per series,
//! and a measured row's points with rings around the partial ones.

use egui_plot::{PlotPoints, Points};

use crate::report::Series;

/// The charts' legend, under the chart rather than over its data: each series' colour
/// (a dashed line for a reference) and its legend text, wrapped as the width allows.
pub(in crate::app) fn legend_ui(
    ui: &mut egui::Ui,
    series: &[Series],
    colour_of: impl Fn(usize, &Series) -> egui::Color32,
) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 16.0;
        let font = egui::TextStyle::Body.resolve(ui.style());
        let text_colour = ui.visuals().text_color();
        for (k, s) in series.iter().enumerate() {
            // One label an entry, so an entry moves to the next line whole.
            let mut job = egui::text::LayoutJob::default();
            let mark = if s.reference { "- - - " } else { "——— " };
            job.append(
                mark,
                0.0,
                egui::TextFormat::simple(font.clone(), colour_of(k, s)),
            );
            job.append(
                &s.legend(),
                0.0,
                egui::TextFormat::simple(font.clone(), text_colour),
            );
            job.wrap.max_width = f32::INFINITY;
            ui.add(egui::Label::new(job).extend());
        }
    });
}

/// The colour of the `k`-th series: one colour per series for its line, points and
/// legend entry (egui_plot gives each item its own colour otherwise, and a legend entry
/// shared by a line and its points turns grey).
pub(in crate::app) fn series_colour(k: usize) -> egui::Color32 {
    const PALETTE: [egui::Color32; 8] = [
        egui::Color32::from_rgb(0x1f, 0x77, 0xb4),
        egui::Color32::from_rgb(0xd6, 0x27, 0x28),
        egui::Color32::from_rgb(0x2c, 0xa0, 0x2c),
        egui::Color32::from_rgb(0xff, 0x7f, 0x0e),
        egui::Color32::from_rgb(0x94, 0x67, 0xbd),
        egui::Color32::from_rgb(0x8c, 0x56, 0x4b),
        egui::Color32::from_rgb(0xe3, 0x77, 0xc2),
        egui::Color32::from_rgb(0x7f, 0x7f, 0x7f),
    ];
    PALETTE[k % PALETTE.len()]
}

/// A measured row's points `pts` (already on the plot's axis), and rings around those of
/// `s` that include a stopped or failed search, all in the series' legend entry; `y`
/// maps a value to the plot's axis (log10 on the depth chart).
pub(in crate::app) fn row_points(
    plot: &mut egui_plot::PlotUi<'_>,
    s: &Series,
    name: &str,
    colour: egui::Color32,
    pts: Vec<[f64; 2]>,
    y: fn(f64) -> f64,
) {
    plot.points(
        Points::new(name.to_string(), PlotPoints::from(pts))
            .radius(3.0)
            .color(colour),
    );
    let rings: Vec<[f64; 2]> = s
        .points
        .iter()
        .zip(&s.partial)
        .filter(|&(&(_, v), &p)| p && v > 0.0)
        .map(|(&(x, v), _)| [x, y(v)])
        .collect();
    if !rings.is_empty() {
        plot.points(
            Points::new(name.to_string(), PlotPoints::from(rings))
                .shape(egui_plot::MarkerShape::Circle)
                .filled(false)
                .radius(7.0)
                .color(colour),
        );
    }
}
