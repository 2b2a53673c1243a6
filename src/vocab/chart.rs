//! A small self-contained SVG line chart: axes, a logarithmic y axis with a tick at
//! every decade, one polyline and legend entry per series, a title. Enough for the
//! experiments' figures without a plotting dependency.

use std::fmt::Write as _;

/// Canvas width in pixels.
const WIDTH: f64 = 760.0;
/// Canvas height in pixels.
const HEIGHT: f64 = 460.0;
/// Margins around the plot area: left, right, top, bottom.
const MARGIN: (f64, f64, f64, f64) = (80.0, 200.0, 50.0, 70.0);
/// The approximate width of one label character at font size 12, in pixels.
const CHAR_WIDTH: f64 = 7.0;
/// Extra bottom margin when the x labels are turned.
const TURNED_LABEL_ROOM: f64 = 60.0;
/// Series colours, cycled.
const COLOURS: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
];
/// Dash patterns, cycled after the colours so series stay apart in print.
const DASHES: [&str; 3] = ["", "6,3", "2,3"];

/// One line of a chart: a name for the legend and a value per x position (`None`: no
/// point there). Values must be positive to show on the log axis; others are skipped.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The legend entry.
    pub name: String,
    /// One value per x label.
    pub values: Vec<Option<f64>>,
}

/// A line chart over categorical x positions with a log-scale y axis.
#[derive(Clone, Debug, PartialEq)]
pub struct LineChart {
    /// The title above the plot.
    pub title: String,
    /// The x axis caption.
    pub x_label: String,
    /// The y axis caption.
    pub y_label: String,
    /// The x positions' labels, left to right.
    pub x_ticks: Vec<String>,
    /// The lines.
    pub series: Vec<Series>,
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl LineChart {
    /// The chart as a standalone SVG document: one `<path>` per series.
    #[must_use]
    pub fn to_svg(&self) -> String {
        let plot = Plot::of(self);
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(
            s,
            r#"<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="28" text-anchor="middle" font-size="16">{}</text>"#,
            plot.ml + plot.pw / 2.0,
            escape(&self.title)
        );
        plot.write_decades(&mut s);
        plot.write_axes(&mut s, self);
        // One path per series (a point alone still gets a path, plus its markers).
        for (k, series) in self.series.iter().enumerate() {
            plot.write_series(&mut s, k, series);
        }
        s.push_str("</svg>\n");
        s
    }
}

/// Where a chart's plot area lies and how values map into it.
struct Plot {
    /// The left margin.
    ml: f64,
    /// The top margin.
    mt: f64,
    /// The plot area's width.
    pw: f64,
    /// The plot area's height.
    ph: f64,
    /// How many x positions (at least 1).
    n: usize,
    /// The x labels are turned (they are wider than their slot).
    turn: bool,
    /// The lowest decade on the y axis (10^lo_dec).
    lo_dec: i32,
    /// The highest decade on the y axis.
    hi_dec: i32,
}

impl Plot {
    /// The plot of `chart`: room for its labels, decades around its positive values.
    fn of(chart: &LineChart) -> Plot {
        let (ml, mr, mt, mut mb) = MARGIN;
        let n = chart.x_ticks.len().max(1);
        // Labels wider than their slot are turned, and the plot makes room for them.
        let longest = chart
            .x_ticks
            .iter()
            .map(|t| t.chars().count())
            .max()
            .unwrap_or(0);
        let slot = (WIDTH - ml - mr) / n.saturating_sub(1).max(1) as f64;
        let turn = longest as f64 * CHAR_WIDTH > slot;
        if turn {
            mb += TURNED_LABEL_ROOM;
        }
        let (pw, ph) = (WIDTH - ml - mr, HEIGHT - mt - mb);
        let positive = || {
            chart
                .series
                .iter()
                .flat_map(|s| s.values.iter().flatten().copied())
                .filter(|v| v.is_finite() && *v > 0.0)
        };
        let lo = positive().fold(f64::INFINITY, f64::min);
        let hi = positive().fold(f64::NEG_INFINITY, f64::max);
        let (lo_dec, hi_dec) = if lo.is_finite() && hi.is_finite() {
            let a = lo.log10().floor() as i32;
            let b = (hi.log10().ceil() as i32).max(a + 1);
            (a, b)
        } else {
            (0, 1)
        };
        Plot {
            ml,
            mt,
            pw,
            ph,
            n,
            turn,
            lo_dec,
            hi_dec,
        }
    }

    /// The y of value `v` (log scale).
    fn y_of(&self, v: f64) -> f64 {
        let t = (v.log10() - f64::from(self.lo_dec)) / f64::from(self.hi_dec - self.lo_dec);
        self.mt + self.ph * (1.0 - t)
    }

    /// The x of position `i`.
    fn x_of(&self, i: usize) -> f64 {
        if self.n == 1 {
            self.ml + self.pw / 2.0
        } else {
            self.ml + self.pw * i as f64 / (self.n - 1) as f64
        }
    }

    /// Writes the decade grid lines and their labels.
    fn write_decades(&self, s: &mut String) {
        let (ml, pw) = (self.ml, self.pw);
        for dec in self.lo_dec..=self.hi_dec {
            let y = self.y_of(10f64.powi(dec));
            let _ = writeln!(
                s,
                r##"<line x1="{ml}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#dddddd"/>"##,
                ml + pw
            );
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="end">1e{dec}</text>"#,
                ml - 6.0,
                y + 4.0
            );
        }
    }

    /// Writes the axes, the x ticks with `chart`'s labels and both axis captions.
    fn write_axes(&self, s: &mut String, chart: &LineChart) {
        let (ml, mt, pw, ph) = (self.ml, self.mt, self.pw, self.ph);
        let _ = writeln!(
            s,
            r#"<line x1="{ml}" y1="{mt}" x2="{ml}" y2="{:.1}" stroke="black"/>"#,
            mt + ph
        );
        let _ = writeln!(
            s,
            r#"<line x1="{ml}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="black"/>"#,
            mt + ph,
            ml + pw,
            mt + ph
        );
        for (i, label) in chart.x_ticks.iter().enumerate() {
            let x = self.x_of(i);
            let _ = writeln!(
                s,
                r#"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="black"/>"#,
                mt + ph,
                mt + ph + 5.0
            );
            let y = mt + ph + 18.0;
            if self.turn {
                let _ = writeln!(
                    s,
                    r#"<text x="{x:.1}" y="{y:.1}" text-anchor="end" transform="rotate(-35 {x:.1} {y:.1})">{}</text>"#,
                    escape(label)
                );
            } else {
                let _ = writeln!(
                    s,
                    r#"<text x="{x:.1}" y="{y:.1}" text-anchor="middle">{}</text>"#,
                    escape(label)
                );
            }
        }
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            ml + pw / 2.0,
            HEIGHT - 20.0,
            escape(&chart.x_label)
        );
        let _ = writeln!(
            s,
            r#"<text x="18" y="{:.1}" text-anchor="middle" transform="rotate(-90 18 {:.1})">{}</text>"#,
            mt + ph / 2.0,
            mt + ph / 2.0,
            escape(&chart.y_label)
        );
    }

    /// Writes series number `k`: its path, a marker on each point and its legend entry.
    fn write_series(&self, s: &mut String, k: usize, series: &Series) {
        let (ml, mt, pw) = (self.ml, self.mt, self.pw);
        let colour = COLOURS[k % COLOURS.len()];
        let dash = DASHES[(k / COLOURS.len()) % DASHES.len()];
        let mut d = String::new();
        let mut pen_down = false;
        let mut marks = String::new();
        for (i, v) in series.values.iter().enumerate() {
            match v {
                Some(v) if v.is_finite() && *v > 0.0 => {
                    let (x, y) = (self.x_of(i), self.y_of(*v));
                    let _ = write!(d, "{}{x:.1},{y:.1} ", if pen_down { "L" } else { "M" });
                    let _ = writeln!(
                        marks,
                        r#"<circle cx="{x:.1}" cy="{y:.1}" r="2.5" fill="{colour}"/>"#
                    );
                    pen_down = true;
                }
                _ => pen_down = false,
            }
        }
        let dash_attr = if dash.is_empty() {
            String::new()
        } else {
            format!(r#" stroke-dasharray="{dash}""#)
        };
        let _ = writeln!(
            s,
            r#"<path d="{}" fill="none" stroke="{colour}" stroke-width="2"{dash_attr}/>"#,
            d.trim_end()
        );
        s.push_str(&marks);
        let ly = mt + 10.0 + 20.0 * k as f64;
        let lx = ml + pw + 15.0;
        let _ = writeln!(
            s,
            r#"<line x1="{lx:.1}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke="{colour}" stroke-width="2"{dash_attr}/>"#,
            lx + 25.0
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
            lx + 30.0,
            ly + 4.0,
            escape(&series.name)
        );
    }
}
