//! `treelab experiment`: one of the classic experiments E1-E5, printed and written.

use clap::Args;

use crate::experiment::experiments::{
    ExperimentConfig, experiment_names, find_experiment, run_experiment,
};

/// `treelab experiment`.
#[derive(Debug, Args)]
pub struct ExperimentArgs {
    /// e1 to e9 (docs/results/ describes each).
    pub name: String,
    /// The small version (about a minute on one core).
    #[arg(long)]
    pub quick: bool,
    /// The directory for the CSV, RON, SVG and text files (created if missing). Every
    /// cell of its grids, matches and maps is written there as it finishes, and the same
    /// command run again runs only the cells not there (a killed run loses only the
    /// cells in flight); a folder holding another experiment's cells is refused.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Run only slice i of n of each grid, match and map (positions, openings, items
    /// whose index is i modulo n), writing the cells into --out's folder, which the
    /// shards share; the same command without --shard then runs what is left and
    /// writes the files. i counts from 0, or from 1 with --shard-from-one.
    #[arg(long, value_name = "i/n", requires = "out")]
    pub shard: Option<String>,
    /// The shard index of --shard counts from 1 (1..n) instead of 0 (0..n-1).
    #[arg(long, requires = "shard")]
    pub shard_from_one: bool,
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print the manifest (treelab's version and commit, the build, the CPU, the
    /// threads, the command, the date) after the tables; every file written with --out
    /// always carries it.
    #[arg(long)]
    pub manifest: bool,
}

/// The experiment's `--out` folder, which keeps its cells: refused when it holds another
/// experiment's, or the other size's.
fn open_folder(
    dir: &std::path::Path,
    name: &str,
    quick: bool,
    manifest: &crate::output::manifest::Manifest,
    shard: Option<(usize, usize)>,
) -> anyhow::Result<crate::output::journal::Journal> {
    let header = crate::output::journal::GridHeader {
        command: "experiment".into(),
        identity: vec![
            ("experiment".into(), name.to_string()),
            ("size".into(), if quick { "quick" } else { "full" }.into()),
        ],
        ..Default::default()
    };
    super::grid::open(dir, &header, manifest, shard)
}

/// `treelab experiment NAME [--quick] [--out DIR] [--threads N]`: runs the preset,
/// prints its tables and writes its files (and the printed text as `NAME.txt`) into DIR.
pub(super) fn cli_experiment(args: &ExperimentArgs) -> anyhow::Result<()> {
    use anyhow::Context as _;
    use std::io::IsTerminal;
    let threads = args
        .threads
        .unwrap_or_else(crate::platform::threads::available);
    if threads == 0 {
        anyhow::bail!("--threads must be at least 1");
    }
    let name = args.name.trim().to_ascii_lowercase();
    if find_experiment(&name).is_none() {
        anyhow::bail!(
            "unknown experiment '{}'; expected one of {}",
            args.name,
            experiment_names().join(", ")
        );
    }
    let shard = args
        .shard
        .as_deref()
        .map(|s| super::parse_shard(s, args.shard_from_one))
        .transpose()?;
    let manifest = crate::output::manifest::Manifest::new(super::common::command_line(), threads)
        .with_seeds([crate::report::BOOTSTRAP_SEED]);
    let journal = match &args.out {
        Some(dir) => Some(open_folder(dir, &name, args.quick, &manifest, shard)?),
        None => None,
    };
    let cells = journal
        .as_ref()
        .map(|j| crate::experiment::experiments::ExperimentCells::new(j, shard));
    let tty = std::io::stderr().is_terminal();
    let start = crate::platform::clock::Instant::now();
    let cfg = ExperimentConfig {
        quick: args.quick,
        threads,
        cells: cells.as_ref(),
    };
    let out = run_experiment(&name, cfg, &|status| {
        if tty {
            eprint!("\r{status} ({:.0} s)      ", start.elapsed().as_secs_f64());
        }
    });
    if tty {
        eprintln!();
    }
    let waiting = cells.as_ref().is_some_and(|c| c.waiting());
    let out = match out {
        Err(e) if waiting => {
            println!("{e}");
            None
        }
        Err(e) => return Err(e.into()),
        Ok(out) => Some(out),
    };
    if let (Some(journal), Some((k, n))) = (&journal, shard) {
        journal.finish().map_err(|e| anyhow::anyhow!(e))?;
        println!(
            "shard {k}/{n} done in {:.1} s; its cells are in {}",
            start.elapsed().as_secs_f64(),
            args.out
                .as_deref()
                .unwrap_or(std::path::Path::new("."))
                .display()
        );
        return Ok(());
    }
    let Some(out) = out else {
        anyhow::bail!("the experiment stopped before its end");
    };
    print!("{}", out.text);
    println!(
        "\nwall-clock seconds: {:.1} ({} thread{}{})",
        start.elapsed().as_secs_f64(),
        threads,
        if threads == 1 { "" } else { "s" },
        if args.quick { ", --quick" } else { "" }
    );
    if let Some(journal) = &journal {
        journal.finish().map_err(|e| anyhow::anyhow!(e))?;
    }
    if args.manifest {
        print!("\n{}", manifest.text());
    }
    if let Some(dir) = &args.out {
        let mut files = out.files;
        files.push((format!("{name}.txt"), out.text.clone()));
        for (file, contents) in files {
            let path = dir.join(&file);
            manifest
                .write(&path, &contents)
                .with_context(|| format!("writing {}", path.display()))?;
            println!("wrote {}", path.display());
        }
    }
    Ok(())
}
