//! `treelab experiment`: one of the classic experiments E1-E5, printed and written.

use clap::Args;

use crate::experiment::experiments::{
    ExperimentConfig, experiment_names, find_experiment, run_experiment,
};

/// `treelab experiment`.
#[derive(Debug, Args)]
pub struct ExperimentArgs {
    /// e1 to e8 (docs/results/ describes each).
    pub name: String,
    /// The small version (about a minute on one core).
    #[arg(long)]
    pub quick: bool,
    /// The directory for the CSV, RON, SVG and text files (created if missing).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print the manifest (treelab's version and commit, the build, the CPU, the
    /// threads, the command, the date) after the tables; every file written with --out
    /// always carries it.
    #[arg(long)]
    pub manifest: bool,
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
    if let Some(dir) = &args.out {
        crate::platform::files::create_dir_all(dir)
            .with_context(|| format!("creating {}", dir.display()))?;
    }
    let tty = std::io::stderr().is_terminal();
    let start = crate::platform::clock::Instant::now();
    let cfg = ExperimentConfig {
        quick: args.quick,
        threads,
    };
    let out = run_experiment(&name, cfg, &|status| {
        if tty {
            eprint!("\r{status} ({:.0} s)      ", start.elapsed().as_secs_f64());
        }
    })?;
    if tty {
        eprintln!();
    }
    print!("{}", out.text);
    println!(
        "\nwall-clock seconds: {:.1} ({} thread{}{})",
        start.elapsed().as_secs_f64(),
        threads,
        if threads == 1 { "" } else { "s" },
        if args.quick { ", --quick" } else { "" }
    );
    let manifest = crate::output::manifest::Manifest::new(super::command_line(), threads)
        .with_seeds([crate::report::BOOTSTRAP_SEED]);
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
