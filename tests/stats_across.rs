//! The statistics across positions (geometric mean of per-position ratios, its bootstrap
//! interval, the Wilcoxon signed-rank test) against reference values computed with numpy
//! and SciPy by `scripts/suite_stats_reference.py` on recorded data (E1's leaf counts)
//! and on made-up counts that reach every branch of the test.

use treelab::stats::across::{Across, WilcoxonMethod, p_text};

/// One case of the fixture.
#[derive(Default)]
struct Case {
    name: String,
    pairs: Vec<(u64, u64)>,
    geomean: f64,
    interval: Option<(f64, f64)>,
    wilcoxon: Option<(f64, f64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("fixtures/suite_stats.txt");
    let mut out: Vec<Case> = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (key, rest) = line.split_once(' ').expect("a key and values");
        let nums = || -> Vec<f64> { rest.split(' ').map(|x| x.parse().unwrap()).collect() };
        match key {
            "case" => out.push(Case {
                name: rest.to_string(),
                ..Case::default()
            }),
            "pairs" => {
                out.last_mut().unwrap().pairs = rest
                    .split(' ')
                    .map(|p| {
                        let (a, b) = p.split_once(':').unwrap();
                        (a.parse().unwrap(), b.parse().unwrap())
                    })
                    .collect();
            }
            "geomean" => out.last_mut().unwrap().geomean = nums()[0],
            "interval" => out.last_mut().unwrap().interval = Some((nums()[0], nums()[1])),
            "wilcoxon" => out.last_mut().unwrap().wilcoxon = Some((nums()[0], nums()[1])),
            _ => panic!("unknown key {key}"),
        }
    }
    out
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1e-300) || (a - b).abs() <= 1e-15
}

#[test]
fn every_statistic_equals_the_reference_computation() {
    let cases = cases();
    assert_eq!(cases.len(), 27, "the fixture's cases");
    let mut methods = std::collections::BTreeSet::new();
    for c in &cases {
        let a = Across::of(&c.pairs).expect("some pair has two counts");
        assert!(
            close(a.geomean, c.geomean),
            "{}: geomean {} vs {}",
            c.name,
            a.geomean,
            c.geomean
        );
        match (a.interval, c.interval) {
            (Some((lo, hi)), Some((rlo, rhi))) => {
                assert!(
                    close(lo, rlo) && close(hi, rhi),
                    "{}: interval {lo} {hi} vs {rlo} {rhi}",
                    c.name
                );
                // And to the printed precision.
                assert_eq!(format!("{lo:.2}-{hi:.2}"), format!("{rlo:.2}-{rhi:.2}"));
            }
            (None, None) => {}
            other => panic!("{}: interval {other:?}", c.name),
        }
        match (a.wilcoxon, c.wilcoxon) {
            (Some(w), Some((stat, p))) => {
                assert_eq!(w.statistic, stat, "{}: statistic", c.name);
                assert!(
                    close(w.p, p),
                    "{}: p {} vs {p} ({:?})",
                    c.name,
                    w.p,
                    w.method
                );
                assert_eq!(p_text(w.p), p_text(p), "{}: printed p", c.name);
                methods.insert(w.method.name());
            }
            (None, None) => {}
            other => panic!("{}: wilcoxon {other:?}", c.name),
        }
    }
    // Every way of computing p was checked.
    for m in [
        WilcoxonMethod::Exact,
        WilcoxonMethod::Permutation,
        WilcoxonMethod::Normal,
    ] {
        assert!(methods.contains(m.name()), "no case reached {}", m.name());
    }
}

#[test]
fn counts_and_totals_are_those_of_the_pairs() {
    // Zero counts are left out; equal counts are counted as such.
    let a = Across::of(&[(0, 5), (3, 4), (9, 2), (7, 0), (6, 6), (2, 11)]).unwrap();
    assert_eq!((a.n, a.fewer, a.equal, a.more), (4, 2, 1, 1));
    assert!(close(a.total_ratio, 20.0 / 23.0));
    // One position dominating the total: the geometric mean says what the total hides.
    let b = Across::of(&[(1_000_000, 100_000), (10, 20), (10, 20), (10, 20), (10, 20)]).unwrap();
    assert!(b.total_ratio > 9.0 && b.geomean < 1.0, "{b:?}");
    assert_eq!((b.fewer, b.more), (4, 1));
    assert!(Across::of(&[(0, 3), (4, 0)]).is_none());
    assert!(Across::of(&[(5, 5), (7, 7)]).unwrap().wilcoxon.is_none());
}

#[test]
fn bench_prints_the_reference_statistics_of_e1s_counts() {
    // E1's rows at depths 2-4 count the leaves the recorded run counted, so `bench`
    // prints, to its precision, the reference's statistics of those counts.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_treelab"))
        .args([
            "bench",
            "--suite",
            "fforum-40-59.obf",
            "--algos",
            "negaalpha,scout,negascout+skip-shallow-research",
            "--depths",
            "2..4",
            "--count",
            "leaves",
            "--threads",
            "1",
        ])
        .output()
        .expect("treelab runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("across positions, against negaalpha (leaves)"),
        "{text}"
    );
    let cases = cases();
    for algo in ["scout", "negascout+skip-shallow-research"] {
        for depth in 2..=4 {
            let c = cases
                .iter()
                .find(|c| c.name == format!("e1-{algo}-depth-{depth}"))
                .expect("the case in the fixture");
            let line = text
                .lines()
                .find(|l| {
                    let w: Vec<&str> = l.split_whitespace().collect();
                    w.len() > 2 && w[0] == algo && w[1] == depth.to_string()
                })
                .unwrap_or_else(|| panic!("no line for {algo} at depth {depth} in\n{text}"));
            let w: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(w[2], "20", "{line}");
            assert_eq!(w[3], format!("{:.2}", c.geomean), "{line}");
            let (lo, hi) = c.interval.unwrap();
            assert_eq!(w[4], format!("{lo:.2}-{hi:.2}"), "{line}");
            let p = c
                .wilcoxon
                .map_or_else(|| "-".to_string(), |(_, p)| p_text(p));
            assert_eq!(w[9], p, "{line}");
        }
    }
}
