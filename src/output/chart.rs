//! A small self-contained SVG line chart: axes, a logarithmic y axis with a tick at
//! every decade (and at 2 and 5 times each when the values span at most two decades,
//! as ratios do), one polyline and legend entry per series, error bars where a series
//! has intervals, a title. Enough for the experiments' figures without a plotting
//! dependency.

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
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    /// The legend entry.
    pub name: String,
    /// One value per x label.
    pub values: Vec<Option<f64>>,
    /// An interval per x label drawn as an error bar through the point (a confidence
    /// interval); empty, or `None` at a label, for none.
    pub intervals: Vec<Option<(f64, f64)>>,
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
    /// The y axis's lower end, log10 (the lowest decade, or a 1-2-5 mark within it).
    lo_log: f64,
    /// The y axis's upper end, log10.
    hi_log: f64,
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
                .flat_map(|s| {
                    let ends = s.intervals.iter().flatten().flat_map(|&(a, b)| [a, b]);
                    s.values.iter().flatten().copied().chain(ends)
                })
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
        // Within two decades the axis spans only the 1-2-5 marks around the values.
        let (mut lo_log, mut hi_log) = (f64::from(lo_dec), f64::from(hi_dec));
        if hi_dec - lo_dec <= 2 && lo.is_finite() && hi.is_finite() {
            let marks: Vec<f64> = (lo_dec..=hi_dec)
                .flat_map(|d| [1.0, 2.0, 5.0].map(|m| f64::from(d) + f64::log10(m)))
                .collect();
            let eps = 1e-9;
            lo_log = marks
                .iter()
                .copied()
                .filter(|&m| m <= lo.log10() + eps)
                .fold(lo_log, f64::max);
            hi_log = marks
                .iter()
                .copied()
                .filter(|&m| m >= hi.log10() - eps)
                .fold(hi_log, f64::min);
            if hi_log - lo_log < 0.3 {
                hi_log = lo_log + 0.3;
            }
        }
        Plot {
            ml,
            mt,
            pw,
            ph,
            n,
            turn,
            lo_dec,
            hi_dec,
            lo_log,
            hi_log,
        }
    }

    /// The y of value `v` (log scale).
    fn y_of(&self, v: f64) -> f64 {
        let t = (v.log10() - self.lo_log) / (self.hi_log - self.lo_log);
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

    /// Writes the decade grid lines and their labels; when the axis spans at most two
    /// decades, lines at 2 and 5 times each decade too, every label a plain number.
    fn write_decades(&self, s: &mut String) {
        let (ml, pw) = (self.ml, self.pw);
        let fine = self.hi_dec - self.lo_dec <= 2;
        for dec in self.lo_dec..=self.hi_dec {
            let base = 10f64.powi(dec);
            let multiples: &[f64] = if fine && dec < self.hi_dec {
                &[1.0, 2.0, 5.0]
            } else {
                &[1.0]
            };
            for &m in multiples {
                let at = f64::from(dec) + f64::log10(m);
                if at < self.lo_log - 1e-9 || at > self.hi_log + 1e-9 {
                    continue;
                }
                let y = self.y_of(base * m);
                let label = if fine {
                    // Rounded to the decade's digits, so 0.2 is not 0.20000000000000004.
                    format!("{:.*}", (-dec).max(0) as usize, base * m)
                } else {
                    format!("1e{dec}")
                };
                let grey = if m == 1.0 { "#dddddd" } else { "#eeeeee" };
                let _ = writeln!(
                    s,
                    r#"<line x1="{ml}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="{grey}"/>"#,
                    ml + pw
                );
                let _ = writeln!(
                    s,
                    r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{label}</text>"#,
                    ml - 6.0,
                    y + 4.0
                );
            }
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
        for (i, iv) in series.intervals.iter().enumerate() {
            if let Some((lo, hi)) =
                iv.filter(|(a, b)| a.is_finite() && b.is_finite() && *a > 0.0 && *b > 0.0)
            {
                let (x, y0, y1) = (self.x_of(i), self.y_of(lo), self.y_of(hi));
                let _ = writeln!(
                    marks,
                    r#"<path d="M{x:.1},{y0:.1} L{x:.1},{y1:.1} M{:.1},{y0:.1} L{:.1},{y0:.1} M{:.1},{y1:.1} L{:.1},{y1:.1}" stroke="{colour}" stroke-width="1.2" fill="none"/>"#,
                    x - 4.0,
                    x + 4.0,
                    x - 4.0,
                    x + 4.0
                );
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
