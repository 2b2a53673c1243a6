//! `treelab bench` and `treelab merge`: suites x algorithm rows x depths, sharded
//! and merged.

use crate::platform::clock::Instant;
use anyhow::{Context, Result, bail};
use clap::Args;

use super::OptionArgs;
use crate::engine::Suite;
use crate::experiment::bench::{self, BenchSpec, CountKind};
use crate::output::manifest::Manifest;

/// `treelab bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// A suite file (.obf, .pos, a Connect Four test set) or a shipped suite's name
    /// (fforum-40-59.obf, Test_L3_R1, ...).
    #[arg(long)]
    pub suite: String,
    /// Comma-separated rows `NAME[+OPTION[=VALUE]]...`, e.g.
    /// `negaalpha,scout,negascout+skip-shallow-research,mtdf+tt=64+id`.
    #[arg(long)]
    pub algos: String,
    /// Depths: `2..10`, `2..=10`, or `2,4,6`.
    #[arg(long)]
    pub depths: String,
    /// The counter in the tables: nodes or leaves.
    #[arg(long, default_value = "nodes")]
    pub count: String,
    /// text, markdown, csv or ron.
    #[arg(long, default_value = "text")]
    pub format: String,
    /// Write the output here instead of standard output. A folder (a path ending in `/`,
    /// or a folder that is there) is a grid folder: each cell is written to it as it
    /// finishes, the same command run again runs only the cells not there (a killed
    /// run loses only the cells in flight), the shards of one grid share it, and the
    /// tables are printed at the end; `treelab merge DIR` gives the whole result and
    /// `treelab merge --missing DIR` what is left.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Run only slice i of n: positions whose index is i modulo n. i counts from 0
    /// (`0/4` ... `3/4`, as Slurm's `--array=0-3` hands out), or from 1 with
    /// --shard-from-one (`1/4` ... `4/4`, as GNU parallel's `{#}` counts).
    #[arg(long, value_name = "i/n")]
    pub shard: Option<String>,
    /// The shard index of --shard counts from 1 (1..n) instead of 0 (0..n-1).
    #[arg(long, requires = "shard")]
    pub shard_from_one: bool,
    /// Only the first N positions.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Print the manifest (treelab's version and commit, the build, the CPU, the
    /// threads, the seeds, the command, the date) with the output; a file written with
    /// --out always carries it.
    #[arg(long)]
    pub manifest: bool,
    /// Run rows that prune nothing (minimax, negamax, expectimax) even where they visit
    /// more leaves than any run can (the engine's limit, 1e11): without it such a bench
    /// is refused at once with the size of its largest search.
    #[arg(long)]
    pub force: bool,
    /// Run the grid R times and add each row's totals per depth as minimum, median and
    /// maximum over the runs (a parallel row's counts vary from run to run; a serial
    /// row's are the same in every run). The tables and CSV are the first run's.
    #[arg(long, default_value_t = 1, value_name = "R")]
    pub repeat: usize,
    /// Options applied to every row (a row's own `+option`s come on top).
    #[command(flatten)]
    pub options: OptionArgs,
}

/// The most runs `--repeat` takes.
const MAX_REPEAT: usize = 1000;

/// Parses `2..10` (inclusive, as the articles' tables), `2..=10` or `2,4,6`. Every depth
/// must lie in 1 ..= [`MAX_DEPTH`](crate::search::options::MAX_DEPTH), so an absurd range
/// is refused before anything is allocated for it.
pub fn parse_depths(text: &str) -> Result<Vec<u32>> {
    use crate::search::options::MAX_DEPTH;
    let text = text.trim();
    let number = |d: &str| -> Result<u32> {
        let d = d.trim();
        let n: u32 = d
            .parse()
            .with_context(|| format!("depths '{text}': '{d}' is not a whole number"))?;
        if n == 0 || n > MAX_DEPTH {
            bail!("depths '{text}': depth {n} is out of range: use 1 to {MAX_DEPTH}");
        }
        Ok(n)
    };
    let depths: Vec<u32> = if let Some((a, b)) = text.split_once("..") {
        let lo = number(a)?;
        let hi = number(b.strip_prefix('=').unwrap_or(b))?;
        if lo > hi {
            bail!("depths '{text}': the range is empty");
        }
        (lo..=hi).collect()
    } else {
        text.split(',').map(number).collect::<Result<_>>()?
    };
    if depths.is_empty() {
        bail!("no depths given");
    }
    Ok(depths)
}

pub(super) fn bench(args: &BenchArgs) -> Result<()> {
    use std::io::IsTerminal;
    let mut suite = Suite::load_named(&args.suite)?;
    if let Some(n) = args.limit {
        suite.items.truncate(n);
    }
    let base = args.options.to_options()?;
    let rows = args
        .algos
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| bench::parse_row_spec(s, &base))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    if rows.is_empty() {
        bail!("--algos names no algorithm");
    }
    let shard = args
        .shard
        .as_deref()
        .map(|s| parse_shard(s, args.shard_from_one))
        .transpose()?;
    let count = parse_count(&args.count)?;
    let threads = args
        .threads
        .unwrap_or_else(crate::platform::threads::available);
    let spec = BenchSpec {
        suite,
        rows,
        depths: parse_depths(&args.depths)?,
        evaluator: args.options.eval.clone(),
        threads,
        shard,
    };
    if !args.force {
        refuse_beyond_reach(&spec)?;
    }
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let tty = std::io::stderr().is_terminal();
    let start = Instant::now();
    let progress = move |done: usize, total: usize, nodes: u64| {
        if tty {
            let secs = start.elapsed().as_secs_f64();
            let left = if done > 0 {
                secs / done as f64 * (total - done) as f64
            } else {
                0.0
            };
            let rate = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
            eprint!(
                "\r{done}/{total} searches, {:.1} M nodes/s, about {left:.0} s left   ",
                rate / 1e6
            );
            if done == total {
                eprintln!();
            }
        }
    };
    if !(1..=MAX_REPEAT).contains(&args.repeat) {
        bail!("--repeat {}: use 1 to {MAX_REPEAT} runs", args.repeat);
    }
    let manifest = Manifest::new(super::common::command_line(), threads)
        .with_rows(spec.rows.iter().map(|r| r.label.clone()))
        .with_seeds([crate::report::BOOTSTRAP_SEED]);
    let folder = super::grid::folder_of(args.out.as_deref());
    let mut runs = Vec::with_capacity(args.repeat);
    match folder {
        Some(dir) if args.repeat > 1 => bail!(
            "--repeat runs the grid again on purpose; a grid folder ({}) runs each cell once",
            dir.display()
        ),
        Some(dir) => runs.push(bench_in_folder(dir, &spec, &manifest, &stop, &progress)?),
        None => {
            for _ in 0..args.repeat {
                runs.push(bench::run_bench(&spec, &stop, &progress)?);
            }
        }
    }
    let result = &runs[0];
    write_bench(
        &runs,
        count,
        &args.format,
        args.out.as_deref().filter(|_| folder.is_none()),
        &manifest,
        args.manifest,
    )?;
    let failed = result.failures().len();
    if failed > 0 {
        bail!("{failed} cells failed (see FAILED above)");
    }
    let mismatches = result.disagreements().len();
    if mismatches > 0 {
        bail!("{mismatches} cells disagree on the score with the first row");
    }
    Ok(())
}

/// Runs `spec` with its cells in the grid folder `dir`: the cells there are taken as
/// they are, the others run and are appended as each finishes.
fn bench_in_folder(
    dir: &std::path::Path,
    spec: &BenchSpec,
    manifest: &Manifest,
    stop: &std::sync::Arc<std::sync::atomic::AtomicBool>,
    progress: &(dyn Fn(usize, usize, u64) + Sync),
) -> Result<bench::BenchResult> {
    use super::grid;
    let journal = grid::open(dir, &grid::bench_header(spec)?, manifest, spec.shard)?;
    let done = grid::bench_done(dir, &journal)?;
    let mine: Vec<_> = bench::grid_cells(spec);
    let there = mine.iter().filter(|c| done.contains_key(c)).count();
    if there > 0 {
        eprintln!(
            "{}: {there} of this run's {} cells are there already; running the other {}",
            dir.display(),
            mine.len(),
            mine.len() - there
        );
    }
    let finished = |cell: &bench::BenchCell| grid::append_bench(&journal, cell);
    let resume = bench::Resume {
        done,
        finished: &finished,
    };
    let result = bench::run_bench_resumed(spec, stop, progress, &resume)?;
    if result.cells.len() == mine.len() && result.failures().is_empty() {
        journal.finish().map_err(|e| anyhow::anyhow!(e))?;
    }
    Ok(result)
}

/// Refuses a bench one of whose searches prunes nothing and cannot end
/// ([`crate::engine::beyond_reach`]): each row on each position of the slice at the
/// deepest depth, the largest search of the row.
fn refuse_beyond_reach(spec: &BenchSpec) -> Result<()> {
    let Some(&depth) = spec.depths.iter().max() else {
        return Ok(());
    };
    let items = spec.suite.items.iter().enumerate();
    for (i, item) in items.filter(|(i, _)| spec.shard.is_none_or(|(k, n)| i % n == k)) {
        for row in &spec.rows {
            let req = crate::engine::SearchRequest {
                algorithm: row.algorithm,
                options: row.options.clone(),
                depth,
                evaluator: spec.evaluator.clone(),
            };
            let refused = super::progress::refuse_beyond_reach(&item.position, &req, false);
            refused.with_context(|| {
                format!("row '{}' on position {} ({})", row.label, i + 1, item.name)
            })?;
        }
    }
    Ok(())
}

/// Parses `--shard i/n` into a 0-based slice index and the slice count; `from_one` says
/// that i counts 1..n (GNU parallel's `{#}`, a Slurm array `--array=1-n`).
pub fn parse_shard(text: &str, from_one: bool) -> Result<(usize, usize)> {
    let (first, last) = if from_one { ("1", "n") } else { ("0", "n-1") };
    let (i, n) = text.split_once('/').with_context(|| {
        format!("--shard '{text}': expected i/n with i from {first} to {last}, e.g. {first}/4")
    })?;
    let i: usize = i
        .trim()
        .parse()
        .with_context(|| format!("--shard '{text}': the index '{i}' is not a whole number"))?;
    let n: usize = n
        .trim()
        .parse()
        .with_context(|| format!("--shard '{text}': the count '{n}' is not a whole number"))?;
    if n == 0 {
        bail!("--shard '{text}': the count of slices must be at least 1");
    }
    if from_one {
        if i == 0 || i > n {
            bail!(
                "--shard '{text}' with --shard-from-one: the index counts from 1 to {n}; \
                 drop --shard-from-one for 0-based indices"
            );
        }
        Ok((i - 1, n))
    } else if i >= n {
        bail!(
            "--shard '{text}': the index counts from 0 to {}; for indices 1..{n} (GNU \
             parallel's {{#}}, a Slurm array 1-{n}) add --shard-from-one",
            n - 1
        );
    } else {
        Ok((i, n))
    }
}

pub(super) fn parse_count(text: &str) -> Result<CountKind> {
    match text {
        "nodes" => Ok(CountKind::Nodes),
        "leaves" => Ok(CountKind::Leaves),
        other => bail!("unknown count '{other}'; expected nodes or leaves"),
    }
}

/// Writes the first of `runs` as `format`, with the repeated runs' table after it when
/// there are several (text and Markdown; in CSV the repeats replace the cells).
pub(super) fn write_bench(
    runs: &[bench::BenchResult],
    count: CountKind,
    format: &str,
    out: Option<&std::path::Path>,
    manifest: &Manifest,
    print_manifest: bool,
) -> Result<()> {
    use crate::experiment::repeat::render_repeats;
    let result = &runs[0];
    let repeats = |f| {
        if runs.len() > 1 {
            render_repeats(runs, count, f)
        } else {
            String::new()
        }
    };
    let (text, ext) = match format {
        "text" => (
            result.render(count, bench::Format::Text) + &repeats(bench::Format::Text),
            "txt",
        ),
        "markdown" | "md" => (
            result.render(count, bench::Format::Markdown) + &repeats(bench::Format::Markdown),
            "md",
        ),
        "csv" if runs.len() > 1 => (repeats(bench::Format::Csv), "csv"),
        "csv" => (result.render(count, bench::Format::Csv), "csv"),
        "ron" => (
            ron::ser::to_string_pretty(result, ron::ser::PrettyConfig::default())?,
            "ron",
        ),
        other => bail!("unknown format '{other}'; expected text, markdown, csv or ron"),
    };
    super::common::emit(&text, ext, out, manifest, print_manifest)
}
