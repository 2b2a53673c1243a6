//! `treelab session`: sessions without the window (write a preset, run, show, mark
//! handouts, turn a session into a link and back).

use crate::platform::clock::Instant;
use anyhow::{Context, Result, bail};

use clap::Subcommand;

/// `treelab session ...`.
#[derive(Debug, Subcommand)]
pub enum SessionCommand {
    /// Write a preset (e1 .. e8) as a session file, without results.
    Preset {
        /// The preset's name: e1 to e8.
        name: String,
        /// The session file to write.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Run every enabled row of a session, as the app's Run button does, and save it
    /// with the results.
    Run {
        /// The session file.
        file: std::path::PathBuf,
        /// Where to save (default: the same file).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Run on every position of the session's suite (default: as the session says).
        #[arg(long, conflicts_with = "current")]
        suite: bool,
        /// Run on the current position only.
        #[arg(long)]
        current: bool,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Print a session's results table (as the app shows it).
    Show {
        /// The session file.
        file: std::path::PathBuf,
        /// text (Markdown table) or csv.
        #[arg(long, default_value = "text")]
        format: String,
        /// Print the manifest (treelab's version and commit, the CPU, the command, the
        /// date) with the table.
        #[arg(long)]
        manifest: bool,
    },
    /// Mark students' handouts (sessions written by `treelab exercise --session`) and
    /// print their scores as CSV: a line per student and exercise, and a line `all`
    /// per student. Each answer is marked again on a fresh search of the exercise's tree.
    Scores {
        /// Session files, or folders (every `.ron` file in them that holds a handout).
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// Write the CSV here (with a `.csv.manifest` beside it) instead of printing it.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Print a link that opens the session in the browser build: its position, suite,
    /// rows and view (not its results), compressed into the link's fragment.
    Link {
        /// The session file.
        file: std::path::PathBuf,
        /// Where the browser build is served; the link is this with `#s=1.` and the
        /// session after it.
        #[arg(long, default_value = crate::session::link::DEFAULT_WEB_URL)]
        base_url: String,
    },
    /// Print the session a link holds (as a session file's text), or write it: how to
    /// check a link before handing it out.
    FromLink {
        /// The link: a whole URL, or only the part after `#`.
        link: String,
        /// Write the session file here instead of printing it.
        #[arg(short, long)]
        out: Option<std::path::PathBuf>,
    },
}

/// `treelab session link`: the link to the session in `file`, with `base_url` before it.
fn print_link(file: &std::path::Path, base_url: &str) -> Result<()> {
    println!("{}", crate::session::link::link(&load(file)?, base_url));
    Ok(())
}

/// `treelab session from-link`: the session of `link` printed, or written to `out`;
/// what it could not load back (a suite file this machine lacks) said on standard error.
fn from_link(link: &str, out: Option<&std::path::Path>) -> Result<()> {
    let session = crate::session::link::session_from_link(link).map_err(|e| anyhow::anyhow!(e))?;
    for p in &session.problems {
        eprintln!("note: {p}");
    }
    match out {
        Some(path) => {
            let stamp = crate::output::manifest::Manifest::new(super::command_line(), 0);
            session
                .save_with(path, &stamp)
                .with_context(|| format!("writing {}", path.display()))?;
            eprintln!("wrote {}", path.display());
        }
        None => println!("{}", session.to_ron()?),
    }
    Ok(())
}

/// `treelab session scores`: the handouts in `paths` marked, as CSV to `out` or printed.
fn scores(paths: &[std::path::PathBuf], out: Option<&std::path::Path>) -> Result<()> {
    use crate::experiment::exercise::practice;
    let students = practice::handouts(paths).map_err(|e| anyhow::anyhow!(e))?;
    let csv = practice::scores_csv(&students).map_err(|e| anyhow::anyhow!(e))?;
    let stamp = crate::output::manifest::Manifest::new(super::command_line(), 1);
    super::emit(&csv, "csv", out, &stamp, false)?;
    if let Some(out) = out {
        eprintln!(
            "wrote the scores of {} students to {}",
            students.len(),
            out.display()
        );
    }
    Ok(())
}

/// Reads a session file; the error names the file once, then what is wrong and where.
fn load(file: &std::path::Path) -> Result<crate::session::Session> {
    crate::session::Session::open(file).map_err(|e| anyhow::anyhow!(e))
}

pub(super) fn session_cmd(c: SessionCommand) -> Result<()> {
    use crate::runner::{Job, RunEvent, Target, run_session_blocking};
    match c {
        SessionCommand::Preset { name, out } => {
            let p = crate::presets::find(&name).with_context(|| {
                let names: Vec<&str> = crate::presets::presets().iter().map(|p| p.name).collect();
                format!("no preset '{name}'; expected one of {}", names.join(", "))
            })?;
            (p.build)()
                .save(&out)
                .with_context(|| format!("writing {}", out.display()))?;
            println!("wrote {} ({})", out.display(), p.label);
            Ok(())
        }
        SessionCommand::Run {
            file,
            out,
            suite,
            current,
            threads,
        } => {
            let mut session = load(&file)?;
            let target = if current {
                Target::Current
            } else if suite {
                Target::Suite
            } else {
                Target::of(&session)
            };
            let threads = threads.unwrap_or_else(crate::runner::default_threads);
            if threads == 0 || threads > 1024 {
                bail!("--threads {threads} is out of range: use 1 to 1024");
            }
            let start = Instant::now();
            let mut done = 0usize;
            let mut nodes = 0u64;
            let left_out =
                run_session_blocking(&mut session, target, threads, |job: &Job, e: &RunEvent| {
                    if let RunEvent::Finished { result, .. } = e {
                        done += 1;
                        match result {
                            Ok(r) => nodes += r.counters.nodes,
                            Err(err) => eprintln!(
                                "row {} {} depth {}: failed: {err}",
                                job.row + 1,
                                job.at.label(),
                                job.request.depth
                            ),
                        }
                    }
                })
                .map_err(|e| anyhow::anyhow!(e))?;
            for l in &left_out {
                eprintln!("left out {l}");
            }
            let out = out.unwrap_or(file);
            session
                .save_with(
                    &out,
                    &crate::output::manifest::Manifest::new(super::command_line(), threads),
                )
                .with_context(|| format!("saving {}", out.display()))?;
            println!(
                "ran {done} searches, {nodes} nodes in {:.1} s on {threads} threads; saved {}",
                start.elapsed().as_secs_f64(),
                out.display()
            );
            Ok(())
        }
        SessionCommand::Show {
            file,
            format,
            manifest,
        } => {
            let session = load(&file)?;
            let report = crate::report::Report::new(
                &session.results,
                &session.rows,
                session.view.baseline_row,
            );
            let lines = report.lines(None);
            let (text, ext) = match format.as_str() {
                "text" | "markdown" => (
                    report.markdown(&lines, &crate::report::Column::default_shown()),
                    "md",
                ),
                "csv" => (report.csv(&lines), "csv"),
                other => bail!("unknown format '{other}'; expected text or csv"),
            };
            let stamp = crate::output::manifest::Manifest::new(super::command_line(), 0)
                .with_rows(session.rows.iter().map(|r| r.label()));
            super::emit(&text, ext, None, &stamp, manifest)
        }
        SessionCommand::Scores { paths, out } => scores(&paths, out.as_deref()),
        SessionCommand::Link { file, base_url } => print_link(&file, &base_url),
        SessionCommand::FromLink { link, out } => from_link(&link, out.as_deref()),
    }
}
