//! Pascal Pons' Connect Four solver steps reproduced by the generic engine: E5 runs each
//! step as an option set on his test sets, and every step's mean node count must equal
//! his published figure to within his rounding (0.2%), with every score right. The
//! figures are his (blog "Solving Connect 4", parts 3-12), not treelab's own output.

use treelab::experiment::{ExperimentConfig, run_experiment};

/// One line of `e5.csv`.
struct Line {
    set: String,
    step: String,
    mean_nodes: f64,
    pons: Option<f64>,
    right: usize,
    positions: usize,
}

fn e5_lines() -> Vec<Line> {
    let cfg = ExperimentConfig::new(false, 2);
    let out = run_experiment("e5", cfg, &|_| {}).expect("e5 runs");
    let csv = &out
        .files
        .iter()
        .find(|(name, _)| name == "e5.csv")
        .expect("e5.csv written")
        .1;
    let mut rows = csv.lines();
    let header: Vec<&str> = rows.next().expect("header").split(',').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("e5.csv has no column {name}: {header:?}"))
    };
    let (set, step, row, mean, pons) = (
        col("set"),
        col("step"),
        col("row"),
        col("mean_nodes"),
        col("pons_mean_nodes"),
    );
    let (right, positions) = (col("scores_right"), col("positions"));
    rows.map(|line| {
        let f: Vec<&str> = line.split(',').collect();
        assert!(!f[row].is_empty(), "{line}");
        Line {
            set: f[set].to_string(),
            step: f[step].to_string(),
            mean_nodes: f[mean].parse().expect("mean"),
            pons: (!f[pons].is_empty()).then(|| f[pons].parse().expect("pons")),
            right: f[right].parse().expect("right"),
            positions: f[positions].parse().expect("positions"),
        }
    })
    .collect()
}

#[test]
fn every_pons_step_matches_his_mean_nodes_and_every_score_is_right() {
    let lines = e5_lines();
    let l3: Vec<&Line> = lines.iter().filter(|l| l.set == "Test_L3_R1").collect();
    let steps: Vec<&&Line> = l3.iter().filter(|l| l.pons.is_some()).collect();
    assert_eq!(steps.len(), 8, "one row per step of Pons' on Test_L3_R1");
    for l in &lines {
        assert_eq!(l.right, l.positions, "{} {}: wrong scores", l.set, l.step);
        assert_eq!(l.positions, 1000, "{} {}", l.set, l.step);
        if let Some(p) = l.pons {
            let off = (l.mean_nodes / p - 1.0).abs();
            assert!(
                off < 0.002,
                "{} {}: {} mean nodes against Pons' {p} ({:.3}% off)",
                l.set,
                l.step,
                l.mean_nodes,
                off * 100.0
            );
        }
    }
    // Each step moves the count the way his did (his step 5 costs more than step 4).
    for w in steps.windows(2) {
        let (a, b) = (w[0], w[1]);
        assert_eq!(
            b.mean_nodes < a.mean_nodes,
            b.pons < a.pons,
            "{} -> {}",
            a.step,
            b.step
        );
    }
    // His final solver on the harder sets.
    for set in ["Test_L2_R1", "Test_L1_R1"] {
        assert!(
            lines
                .iter()
                .any(|l| l.set == set && l.step.starts_with('8') && l.pons.is_some()),
            "{set}: no final-solver row"
        );
    }
}
