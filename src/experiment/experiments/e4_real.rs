//! E4 parts 3 and 4: the algorithms as real programs run them (Plaat et al. 1996).
//! Part 3 asks when MTD(f) beats aspiration NegaScout, both with iterative deepening and
//! a table, as the evaluation gets coarser (the `grain` option) and with the first guess
//! from the iteration before last. Part 4 is Plaat's headline: with iterative
//! deepening, a table and ordering the algorithms differ little; without them, as in
//! simulations, they differ a lot, on the same positions.

use super::common::*;

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

fn domains(cfg: ExperimentConfig<'_>) -> Result<Vec<Domain>, EngineError> {
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

/// Totals of one row over a bench.
#[derive(Clone, Copy)]
struct RowTotals {
    /// Leaves.
    leaves: u64,
    /// Nodes.
    nodes: u64,
    /// Null-window passes.
    passes: u64,
    /// Iterations (of iterative deepening).
    iterations: u64,
}

impl RowTotals {
    /// Null-window passes per iteration.
    fn passes_per_iteration(self) -> f64 {
        self.passes as f64 / self.iterations.max(1) as f64
    }
}

/// Totals of row `row` over bench `r`.
fn row_totals(r: &BenchResult, row: usize) -> RowTotals {
    r.cells.iter().filter(|c| c.row == row).fold(
        RowTotals {
            leaves: 0,
            nodes: 0,
            passes: 0,
            iterations: 0,
        },
        |t, c| RowTotals {
            leaves: t.leaves + c.record.counters.leaves(),
            nodes: t.nodes + c.record.counters.nodes(),
            passes: t.passes + c.record.counters.null_window_passes(),
            iterations: t.iterations + c.record.iterations.len() as u64,
        },
    )
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
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<RealPrograms, EngineError> {
    let mut text = String::new();
    let domains = domains(cfg)?;
    let grain_csv = grain_part(&domains, cfg, progress, &mut text)?;
    let headline_csv = headline_part(&domains, cfg, progress, &mut text)?;
    Ok(RealPrograms {
        text,
        grain_csv,
        headline_csv,
    })
}

/// Part 3: aspiration NegaScout, MTD(f) and MTD(f) guessing from the iteration before
/// last at every grain of every domain. Writes its table to `text`; returns its CSV.
fn grain_part(
    domains: &[Domain],
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
    text: &mut String,
) -> Result<String, EngineError> {
    let mut csv = String::from(
        "domain,depth,grain,row,leaves,nodes,passes_per_iteration,leaves_vs_negascout\n",
    );
    let _ = writeln!(
        text,
        "\nE4 part 3: when does MTD(f) beat aspiration NegaScout? Both with iterative deepening, a 16 MiB \
         table and ordering; evaluations rounded to the grain (finished games exact); NegaScout's aspiration \
         half-width is the domain's width or one grain, whichever is larger. Totals over the positions."
    );
    let mut t = TextTable::new(
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
    for d in domains {
        for &g in &d.grains {
            grain_rows(d, g, cfg, progress, &mut t, &mut csv)?;
        }
    }
    text.push_str(&t.text());
    Ok(csv)
}

/// Part 3 on domain `d` at grain `g`: one bench of its three rows (rounding changes the
/// values, which must agree within a bench), a line of `t` and three of `csv`.
fn grain_rows(
    d: &Domain,
    g: u32,
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
    t: &mut TextTable,
    csv: &mut String,
) -> Result<(), EngineError> {
    let asp = d.aspiration.max(g);
    let common = format!("order={}+tt=16+id+grain={g}", d.order);
    let negascout = format!("negascout+{common}+aspiration={asp}");
    let mtdf = format!("mtdf+{common}");
    let mtdf_before_last = format!("mtdf+{common}+guess-before-last");
    let specs = [negascout.as_str(), mtdf.as_str(), mtdf_before_last.as_str()];
    let r = bench_quiet(
        d.suite.clone(),
        rows(&specs, &SearchOptions::default())?,
        vec![d.depth],
        "",
        cfg,
        progress,
    )?;
    let [ns, mt, mt2] = [0, 1, 2].map(|row| row_totals(&r, row));
    t.push(vec![
        d.name.into(),
        d.depth.to_string(),
        g.to_string(),
        thousands(ns.leaves),
        thousands(mt.leaves),
        ratio(mt.leaves as f64, ns.leaves as f64),
        format!("{:.2}", mt.passes_per_iteration()),
        thousands(mt2.leaves),
        ratio(mt2.leaves as f64, ns.leaves as f64),
        format!("{:.2}", mt2.passes_per_iteration()),
        ratio(mt2.nodes as f64, ns.nodes as f64),
    ]);
    for (spec, x) in specs.iter().zip([ns, mt, mt2]) {
        let _ = writeln!(
            csv,
            "{},{},{g},{spec},{},{},{:.3},{:.4}",
            d.name,
            d.depth,
            x.leaves,
            x.nodes,
            x.passes_per_iteration(),
            x.leaves as f64 / ns.leaves.max(1) as f64
        );
    }
    Ok(())
}

/// One algorithm of part 4, as simulations and as real programs run it.
struct HeadlineAlgo {
    /// Its name in the table.
    name: &'static str,
    /// Its row as in simulations: fixed depth, generation order, a table only where
    /// the algorithm needs one.
    simulation: String,
    /// Its row as in real programs: iterative deepening, a table and ordering.
    program: String,
    /// It runs as programs do, so it counts in that setting's best and spread (SSS*
    /// cannot deepen iteratively or use a table).
    in_program_best: bool,
}

/// Part 4's algorithms on a domain with ordering `o` and aspiration half-width
/// `aspiration`.
fn headline_algos(o: &str, aspiration: u32) -> [HeadlineAlgo; 5] {
    let algo = |name, simulation: &str, program: String, in_program_best| HeadlineAlgo {
        name,
        simulation: simulation.to_string(),
        program,
        in_program_best,
    };
    [
        algo(
            "alpha-beta",
            "negaalpha",
            format!("negaalpha+fail-soft+order={o}+tt=16+id"),
            true,
        ),
        algo(
            "negascout",
            "negascout",
            format!("negascout+order={o}+tt=16+id+aspiration={aspiration}"),
            true,
        ),
        algo(
            "mtdf",
            "mtdf+tt=16",
            format!("mtdf+order={o}+tt=16+id"),
            true,
        ),
        algo("sss*", "sss", format!("sss+order={o}"), false),
        algo(
            "mt-sss*",
            "mt-sss+tt=16",
            format!("mt-sss+order={o}+tt=16+id+ordinary-table"),
            true,
        ),
    ]
}

/// Part 4: every algorithm as in simulations and as in real programs on every domain.
/// Writes its table to `text`; returns its CSV.
fn headline_part(
    domains: &[Domain],
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
    text: &mut String,
) -> Result<String, EngineError> {
    let mut csv = String::from("domain,depth,setting,row,leaves,leaves_vs_best\n");
    let _ = writeln!(
        text,
        "\nE4 part 4 (Plaat's headline): the same positions searched as in simulations (fixed depth, \
         generation order, a table only where the algorithm needs one) and as in real programs \
         (iterative deepening, a 16 MiB table, ordering; SSS* takes the ordering only, \
         and is left out of that setting's best and spread). Leaves totalled over the \
         positions, and each row against the best of its setting."
    );
    let mut h = TextTable::new(
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
    for d in domains {
        headline_rows(d, cfg, progress, &mut h, &mut csv)?;
    }
    text.push_str(&h.text());
    Ok(csv)
}

/// Part 4 on domain `d`: one bench of every algorithm in both settings, a line of `h`
/// per algorithm and the spread, two lines of `csv` per algorithm.
fn headline_rows(
    d: &Domain,
    cfg: ExperimentConfig<'_>,
    progress: &(dyn Fn(&str) + Sync),
    h: &mut TextTable,
    csv: &mut String,
) -> Result<(), EngineError> {
    // Generation order costs SSS* its OPEN list and alpha-beta billions of leaves
    // at part 3's depths: the board games two plies shallower.
    let depth = if d.name == "random tree" {
        d.depth
    } else {
        d.depth - 2
    };
    let algos = headline_algos(d.order, d.aspiration);
    // The simulation rows, then the program rows.
    let all: Vec<&str> = algos
        .iter()
        .map(|a| a.simulation.as_str())
        .chain(algos.iter().map(|a| a.program.as_str()))
        .collect();
    let r = bench_quiet(
        d.suite.clone(),
        rows(&all, &SearchOptions::default())?,
        vec![depth],
        "",
        cfg,
        progress,
    )?;
    let leaves: Vec<u64> = (0..all.len()).map(|k| row_totals(&r, k).leaves).collect();
    let (simulations, programs) = leaves.split_at(algos.len());
    let best_sim = simulations.iter().copied().min().unwrap_or(1).max(1) as f64;
    // SSS* cannot deepen iteratively or use a table: shown, but the program
    // setting's best and spread are over the rows that run as programs do.
    let as_programs: Vec<u64> = algos
        .iter()
        .zip(programs)
        .filter(|(a, _)| a.in_program_best)
        .map(|(_, &l)| l)
        .collect();
    let best_prog = as_programs.iter().copied().min().unwrap_or(1).max(1) as f64;
    for (i, algo) in algos.iter().enumerate() {
        h.push(vec![
            d.name.into(),
            depth.to_string(),
            algo.name.into(),
            thousands(simulations[i]),
            format!("{:.2}", simulations[i] as f64 / best_sim),
            thousands(programs[i]),
            format!("{:.2}", programs[i] as f64 / best_prog),
        ]);
        for (setting, spec, leaves, best) in [
            ("simulation", &algo.simulation, simulations[i], best_sim),
            ("program", &algo.program, programs[i], best_prog),
        ] {
            let _ = writeln!(
                csv,
                "{},{depth},{setting},{spec},{leaves},{:.4}",
                d.name,
                leaves as f64 / best
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
        format!("{:.2}", spread(simulations)),
        String::new(),
        format!("{:.2}", spread(&as_programs)),
    ]);
    Ok(())
}
