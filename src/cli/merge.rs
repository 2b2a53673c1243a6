//! `treelab merge`: the slices of a sharded bench or match (RON files, or grid folders
//! written with `--out DIR/`) joined into the whole result; `--missing` lists what a
//! grid folder still lacks.

use anyhow::{Context, Result, bail};
use clap::Args;

use super::bench::{parse_count, write_bench};
use super::grid::{self, Whole};
use crate::experiment::bench;
use crate::fileread::{RESULT_LIMIT, read_text_capped};
use crate::matches::play::{MatchResult, merge_matches};
use crate::output::manifest::Manifest;

/// `treelab merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The slices: RON files written by `bench` or `match` with `--format ron --shard
    /// i/n`, or grid folders written with `--out DIR/` (every shard's cells in one
    /// folder); all of one kind.
    #[arg(required = true)]
    pub inputs: Vec<std::path::PathBuf>,
    /// text, markdown, csv or ron.
    #[arg(long, default_value = "ron")]
    pub format: String,
    /// The counter in text tables: nodes or leaves.
    #[arg(long, default_value = "nodes")]
    pub count: String,
    /// Write here instead of standard output.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Print the manifest (treelab's version and commit, the build, the CPU, the
    /// threads, the seeds, the command, the date) with the output; a file written with
    /// --out always carries it.
    #[arg(long)]
    pub manifest: bool,
    /// List what the grid folders given lack instead of merging: each cell not yet
    /// written, and the shards with work left (to run just those array tasks again).
    #[arg(long)]
    pub missing: bool,
    /// With --missing: print only the shards of N that have work left, 0-based and
    /// comma-separated (`1,3`; nothing when none), as `sbatch --array=` takes them.
    #[arg(long, value_name = "N", requires = "missing")]
    pub shards: Option<usize>,
}

/// A slice read: a bench's or a match's.
enum Part {
    Bench(bench::BenchResult),
    Match(MatchResult),
}

pub(super) fn merge(args: &MergeArgs) -> Result<()> {
    if args.missing {
        return missing(args);
    }
    let mut parts = Vec::new();
    for path in &args.inputs {
        parts.push((path, read_part(path)?));
    }
    // All of one kind, as the first.
    if matches!(parts.first(), Some((_, Part::Match(_)))) {
        let mut matches = Vec::new();
        for (path, part) in parts {
            match part {
                Part::Match(m) => matches.push(m),
                Part::Bench(_) => bail!("{}: a bench's slice among a match's", path.display()),
            }
        }
        let whole = merge_matches(matches)?;
        let (text, ext) = match args.format.trim().to_ascii_lowercase().as_str() {
            "ron" => (
                ron::ser::to_string_pretty(&whole, ron::ser::PrettyConfig::default())?,
                "ron",
            ),
            "csv" => (whole.render(true), "csv"),
            "text" => (whole.render(false), "txt"),
            other => bail!("unknown format '{other}' for a match; expected text, csv or ron"),
        };
        let manifest = Manifest::new(super::common::command_line(), 1).with_seeds([whole.seed]);
        return super::common::emit(&text, ext, args.out.as_deref(), &manifest, args.manifest);
    }
    let mut benches = Vec::new();
    for (path, part) in parts {
        match part {
            Part::Bench(b) => benches.push(b),
            Part::Match(_) => bail!("{}: a match's slice among a bench's", path.display()),
        }
    }
    let whole = bench::merge_results(benches)?;
    let manifest = Manifest::new(super::common::command_line(), 1)
        .with_rows(whole.rows.iter().map(|r| r.label.clone()))
        .with_seeds([crate::report::BOOTSTRAP_SEED]);
    write_bench(
        std::slice::from_ref(&whole),
        parse_count(&args.count)?,
        &args.format,
        args.out.as_deref(),
        &manifest,
        args.manifest,
    )
}

/// A slice: a grid folder's whole result, or a RON file (a bench slice holds cells, a
/// match slice games).
fn read_part(path: &std::path::Path) -> Result<Part> {
    if crate::platform::files::is_folder(path) {
        return Ok(match grid::whole_of(path)? {
            Whole::Bench(b) => Part::Bench(b),
            Whole::Match(m) => Part::Match(m),
        });
    }
    let text = read_text_capped(path, RESULT_LIMIT, "a result slice")
        .with_context(|| format!("reading {}", path.display()))?;
    if text.contains("games:") && !text.contains("cells:") {
        let part: MatchResult = ron::from_str(&text)
            .map_err(|e| anyhow::anyhow!("{}: not a match result: {e}", path.display()))?;
        Ok(Part::Match(part))
    } else {
        let part: bench::BenchResult = ron::from_str(&text)
            .map_err(|e| anyhow::anyhow!("{}: not a bench result: {e}", path.display()))?;
        Ok(Part::Bench(part))
    }
}

/// `merge --missing`: what each folder given still lacks.
fn missing(args: &MergeArgs) -> Result<()> {
    let mut out = String::new();
    for dir in &args.inputs {
        if !crate::platform::files::is_folder(dir) {
            bail!(
                "{}: --missing reads grid folders (written with --out DIR/), not slices",
                dir.display()
            );
        }
        match args.shards {
            Some(n) if n > 0 => {
                out.push_str(&grid::missing_indices(dir, n)?);
                out.push('\n');
            }
            Some(_) => bail!("--shards must be at least 1"),
            None => out.push_str(&grid::missing_text(dir)?),
        }
    }
    print!("{out}");
    Ok(())
}
