//! E4 parts 3 and 4: the algorithms as real programs run them (Plaat et al. 1996).
//! Part 3 asks when MTD(f) beats aspiration NegaScout, both with iterative deepening and
//! a table, as the evaluation gets coarser (the `grain` option) and with the first guess
//! from the iteration before last. Part 4 is Plaat's headline: with iterative
//! deepening, a table and ordering the algorithms differ little; without them, as in
//! simulations, they differ a lot, on the same positions.

use super::*;

/// One domain of part 3 and 4: its positions, depth and evaluation grains.
struct Domain {
    name: &'static str,
    suite: Suite,
    depth: u32,
    grains: Vec<u32>,
    /// The aspiration half-width at grain 1 (NegaScout's window is at least one grain).
    aspiration: u32,
    /// The ordering of the "real program" rows.
    order: &'static str,
}

fn domains(cfg: ExperimentConfig) -> Result<Vec<Domain>, EngineError> {
    let mut othello = Suite::load_named("fforum-40-59.obf")?;
    let mut connect4 = Suite::load_named("Test_L1_R1")?;
    connect4.items.truncate(if cfg.quick { 20 } else { 100 });
    if cfg.quick {
        othello.items.truncate(10);
    }
    let (width, depth) = if cfg.quick { (8, 5) } else { (8, 6) };
    let seeds = if cfg.quick { 10 } else { 30 };
    let mut items = Vec::new();
    for seed in 1..=seeds {
        let spec = TreeSpec {
            width,
            depth,
            seed,
            model: ValueModel::Incremental { step: 10 },
        };
        let tree = RandomTree::new(spec).map_err(|e| EngineError::Format {
            context: "tree".into(),
            error: e,
        })?;
        items.push(crate::engine::SuiteItem {
            name: format!("seed {seed}"),
            position: AnyPosition::RandomTree(tree),
            expected_score: None,
            move_scores: Vec::new(),
        });
    }
    let trees = Suite {
        name: format!("random {width}x{depth} incremental:10, seeds 1-{seeds}"),
        kind: GameKind::RandomTree,
        items,
    };
    Ok(vec![
        Domain {
            name: "othello",
            suite: othello,
            depth: if cfg.quick { 6 } else { 8 },
            grains: vec![1, 4, 16, 64],
            aspiration: 20,
            order: "static",
        },
        Domain {
            name: "connect4",
            suite: connect4,
            depth: if cfg.quick { 8 } else { 12 },
            grains: vec![1, 2, 4, 8],
            aspiration: 2,
            order: "static",
        },
        Domain {
            name: "random tree",
            suite: trees,
            depth,
            grains: vec![1, 5, 10, 20, 40],
            aspiration: 20,
            order: "eval",
        },
    ])
}

/// Totals of one row over a bench: leaves, nodes, null-window passes, iterations.
fn row_totals(r: &BenchResult, row: usize) -> (u64, u64, u64, u64) {
    r.cells
        .iter()
        .filter(|c| c.row == row)
        .fold((0, 0, 0, 0), |t, c| {
            (
                t.0 + c.record.stats.leaves,
                t.1 + c.record.stats.nodes,
                t.2 + c.record.stats.null_window_passes,
                t.3 + c.record.iterations.len() as u64,
            )
        })
}

/// What parts 3 and 4 produce: the printed text and one CSV per part.
pub(super) struct RealPrograms {
    /// The two tables as printed.
    pub text: String,
    /// Part 3: `domain,depth,grain,row,leaves,nodes,passes_per_iteration,leaves_vs_negascout`.
    pub grain_csv: String,
    /// Part 4: `domain,depth,setting,row,leaves,leaves_vs_best`.
    pub headline_csv: String,
}

/// Parts 3 and 4.
pub(super) fn real_programs(
    cfg: ExperimentConfig,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<RealPrograms, EngineError> {
    let base = SearchOptions::default();
    let mut text = String::new();
    let mut csv = String::from(
        "domain,depth,grain,row,leaves,nodes,passes_per_iteration,leaves_vs_negascout\n",
    );
    let mut headline_csv = String::from("domain,depth,setting,row,leaves,leaves_vs_best\n");
    let domains = domains(cfg)?;
    let _ = writeln!(
        text,
        "\nE4 part 3: when does MTD(f) beat aspiration NegaScout? Both with iterative deepening, a 16 MiB \
         table and ordering; evaluations rounded to the grain (finished games exact); NegaScout's aspiration \
         half-width is the domain's width or one grain, whichever is larger. Totals over the positions."
    );
    let mut t = Table::new(
        "Leaves and passes as the evaluation gets coarser",
        &[
            "domain",
            "depth",
            "grain",
            "negascout leaves",
            "mtdf leaves",
            "mtdf / ns",
            "passes/it",
            "mtdf(d-2) leaves",
            "mtdf(d-2) / ns",
            "passes/it (d-2)",
            "nodes mtdf(d-2) / ns",
        ],
    );
    for d in &domains {
        for &g in &d.grains {
            let asp = d.aspiration.max(g);
            let common = format!("order={}+tt=16+id+grain={g}", d.order);
            // One bench per grain: rounding changes the values, which must agree within
            // a bench.
            let specs = [
                format!("negascout+{common}+aspiration={asp}"),
                format!("mtdf+{common}"),
                format!("mtdf+{common}+guess-before-last"),
            ];
            let spec_refs: Vec<&str> = specs.iter().map(String::as_str).collect();
            let r = bench_quiet(
                d.suite.clone(),
                rows(&spec_refs, &base)?,
                vec![d.depth],
                "",
                cfg,
                progress,
            )?;
            let (ns, mt, mt2) = (row_totals(&r, 0), row_totals(&r, 1), row_totals(&r, 2));
            let per_it = |x: (u64, u64, u64, u64)| x.2 as f64 / x.3.max(1) as f64;
            t.push(vec![
                d.name.into(),
                d.depth.to_string(),
                g.to_string(),
                thousands(ns.0),
                thousands(mt.0),
                ratio(mt.0 as f64, ns.0 as f64),
                format!("{:.2}", per_it(mt)),
                thousands(mt2.0),
                ratio(mt2.0 as f64, ns.0 as f64),
                format!("{:.2}", per_it(mt2)),
                ratio(mt2.1 as f64, ns.1 as f64),
            ]);
            for (spec, x) in specs.iter().zip([ns, mt, mt2]) {
                let _ = writeln!(
                    csv,
                    "{},{},{g},{spec},{},{},{:.3},{:.4}",
                    d.name,
                    d.depth,
                    x.0,
                    x.1,
                    per_it(x),
                    x.0 as f64 / ns.0.max(1) as f64
                );
            }
        }
    }
    text.push_str(&t.text());

    let _ = writeln!(
        text,
        "\nE4 part 4 (Plaat's headline): the same positions searched as in simulations (fixed depth, \
         generation order, a table only where the algorithm needs one) and as in real programs \
         (iterative deepening, a 16 MiB table, ordering; SSS* takes the ordering only, \
         and is left out of that setting's best and spread). Leaves totalled over the \
         positions, and each row against the best of its setting."
    );
    let mut h = Table::new(
        "Spread of the algorithms with and without a program's enhancements",
        &[
            "domain",
            "depth",
            "algorithm",
            "simulation leaves",
            "/ best",
            "program leaves",
            "/ best",
        ],
    );
    let names = ["alpha-beta", "negascout", "mtdf", "sss*", "mt-sss*"];
    for d in &domains {
        // Generation order costs SSS* its OPEN list and alpha-beta billions of leaves
        // at part 3's depths: the board games two plies shallower.
        let depth = if d.name == "random tree" {
            d.depth
        } else {
            d.depth - 2
        };
        let sim = [
            "negaalpha".to_string(),
            "negascout".into(),
            "mtdf+tt=16".into(),
            "sss".into(),
            "mt-sss+tt=16".into(),
        ];
        let o = d.order;
        let prog = [
            format!("negaalpha+fail-soft+order={o}+tt=16+id"),
            format!("negascout+order={o}+tt=16+id+aspiration={}", d.aspiration),
            format!("mtdf+order={o}+tt=16+id"),
            format!("sss+order={o}"),
            format!("mt-sss+order={o}+tt=16+id+ordinary-table"),
        ];
        let all: Vec<&str> = sim.iter().chain(&prog).map(String::as_str).collect();
        let r = bench_quiet(
            d.suite.clone(),
            rows(&all, &base)?,
            vec![depth],
            "",
            cfg,
            progress,
        )?;
        let leaves: Vec<u64> = (0..all.len()).map(|k| row_totals(&r, k).0).collect();
        let best_sim = leaves[..5].iter().copied().min().unwrap_or(1).max(1) as f64;
        // SSS* cannot deepen iteratively or use a table: shown, but the program
        // setting's best and spread are over the rows that run as programs do.
        let programs: Vec<u64> = [5, 6, 7, 9].iter().map(|&k| leaves[k]).collect();
        let best_prog = programs.iter().copied().min().unwrap_or(1).max(1) as f64;
        for (i, name) in names.iter().enumerate() {
            h.push(vec![
                d.name.into(),
                depth.to_string(),
                (*name).into(),
                thousands(leaves[i]),
                format!("{:.2}", leaves[i] as f64 / best_sim),
                thousands(leaves[5 + i]),
                format!("{:.2}", leaves[5 + i] as f64 / best_prog),
            ]);
            for (setting, k, best) in [("simulation", i, best_sim), ("program", 5 + i, best_prog)] {
                let _ = writeln!(
                    headline_csv,
                    "{},{depth},{setting},{},{},{:.4}",
                    d.name,
                    all[k],
                    leaves[k],
                    leaves[k] as f64 / best
                );
            }
        }
        let spread = |x: &[u64]| {
            let max = x.iter().copied().max().unwrap_or(0) as f64;
            let min = x.iter().copied().min().unwrap_or(1).max(1) as f64;
            max / min
        };
        h.push(vec![
            d.name.into(),
            depth.to_string(),
            "spread (worst / best)".into(),
            String::new(),
            format!("{:.2}", spread(&leaves[..5])),
            String::new(),
            format!("{:.2}", spread(&programs)),
        ]);
    }
    text.push_str(&h.text());
    Ok(RealPrograms {
        text,
        grain_csv: csv,
        headline_csv,
    })
}
