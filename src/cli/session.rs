//! `treelab session`: sessions without the window (write a preset, run, show, mark
//! handouts, turn a session into a link and back).

use crate::platform::clock::Instant;
use anyhow::{Context, Result, bail};

use clap::Subcommand;

/// `treelab session ...`.
#[derive(Debug, Subcommand)]
pub enum SessionCommand {
    /// Write a preset (e1 .. e9) as a session file, without results.
    Preset {
        /// The preset's name: e1 to e9.
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
        /// Where to save (default: the same file). A folder (a path ending in `/`, or a
        /// folder that is there) is a grid folder: each result is written to it as it
        /// finishes, the same command run again searches only the results not there,
        /// and the session is saved into it under the file's name.
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
            let stamp = crate::output::manifest::Manifest::new(super::common::command_line(), 0);
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
    let stamp = crate::output::manifest::Manifest::new(super::common::command_line(), 1);
    super::common::emit(&csv, "csv", out, &stamp, false)?;
    if let Some(out) = out {
        eprintln!(
            "wrote the scores of {} students to {}",
            students.len(),
            out.display()
        );
    }
    Ok(())
}

/// `treelab session run`: runs the session's rows on `target` and saves it with the
/// results to `out` (default: `file`); with `out` a folder (a path ending in `/`, or a
/// folder that is there), each result is written to it as it finishes, the same command
/// run again searches only what is not there, and the session is saved into it under
/// `file`'s name.
fn run(
    mut session: crate::session::Session,
    file: &std::path::Path,
    out: Option<std::path::PathBuf>,
    target: crate::runner::Target,
    threads: Option<usize>,
) -> Result<()> {
    use crate::runner::{Job, RunEvent, run_session_resumed};
    let threads = threads.unwrap_or_else(crate::runner::default_threads);
    if threads == 0 || threads > 1024 {
        bail!("--threads {threads} is out of range: use 1 to 1024");
    }
    let manifest = crate::output::manifest::Manifest::new(super::common::command_line(), threads);
    let folder = super::grid::folder_of(out.as_deref()).map(std::path::Path::to_path_buf);
    let journal = match &folder {
        Some(dir) => Some(open_folder(dir, &session, target, threads, &manifest)?),
        None => None,
    };
    let done = |job: &Job| {
        journal
            .as_ref()
            .and_then(|(_, keys, found)| found.get(&keys.key(job)).cloned())
    };
    let start = Instant::now();
    let mut done_count = 0usize;
    let mut nodes = 0u64;
    let mut failed_write: Option<String> = None;
    let left_out = run_session_resumed(
        &mut session,
        target,
        threads,
        &done,
        |job: &Job, e: &RunEvent| {
            let RunEvent::Finished { result, .. } = e else {
                return;
            };
            done_count += 1;
            match result {
                Ok(r) => {
                    nodes += r.counters.nodes();
                    if let Some((journal, keys, _)) = &journal
                        && r.stopped.is_none()
                        && failed_write.is_none()
                    {
                        let entry = crate::runner::result_entry(job, Ok((**r).clone()));
                        if let Err(e) = super::grid::append_result(journal, &keys.key(job), &entry)
                        {
                            failed_write = Some(e);
                        }
                    }
                }
                Err(err) => eprintln!(
                    "row {} {} depth {}: failed: {err}",
                    job.row + 1,
                    job.at.label(),
                    job.request.depth
                ),
            }
        },
    )
    .map_err(|e| anyhow::anyhow!(e))?;
    if let Some(e) = failed_write {
        bail!(e);
    }
    for l in &left_out {
        eprintln!("left out {l}");
    }
    let out = match (&folder, out) {
        (Some(dir), _) => dir.join(file.file_name().unwrap_or_else(|| "session.ron".as_ref())),
        (None, Some(out)) => out,
        (None, None) => file.to_path_buf(),
    };
    session
        .save_with(&out, &manifest)
        .with_context(|| format!("saving {}", out.display()))?;
    if let Some((journal, _, _)) = &journal {
        journal.finish().map_err(|e| anyhow::anyhow!(e))?;
    }
    println!(
        "ran {done_count} searches, {nodes} nodes in {:.1} s on {threads} threads; saved {}",
        start.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}

/// The grid folder `dir` of a session run, its jobs' keys and the results already there.
fn open_folder(
    dir: &std::path::Path,
    session: &crate::session::Session,
    target: crate::runner::Target,
    threads: usize,
    manifest: &crate::output::manifest::Manifest,
) -> Result<(
    crate::output::journal::Journal,
    super::grid::JobKeys,
    std::collections::BTreeMap<String, crate::session::ResultEntry>,
)> {
    let jobs =
        crate::runner::session_jobs(session, target, threads).map_err(|e| anyhow::anyhow!(e))?;
    let journal = super::grid::open(dir, &super::grid::session_header(&jobs)?, manifest, None)?;
    let found = super::grid::results_done(dir, &journal)?;
    if !found.is_empty() {
        eprintln!(
            "{}: {} results are there already; searching the others",
            dir.display(),
            found.len()
        );
    }
    Ok((journal, super::grid::JobKeys::of(&jobs), found))
}

/// Reads a session file; the error names the file once, then what is wrong and where.
fn load(file: &std::path::Path) -> Result<crate::session::Session> {
    crate::session::Session::open(file).map_err(|e| anyhow::anyhow!(e))
}

pub(super) fn session_cmd(c: SessionCommand) -> Result<()> {
    use crate::runner::Target;
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
            let session = load(&file)?;
            let target = if current {
                Target::Current
            } else if suite {
                Target::Suite
            } else {
                Target::of(&session)
            };
            run(session, &file, out, target, threads)
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
            let stamp = crate::output::manifest::Manifest::new(super::common::command_line(), 0)
                .with_rows(session.rows.iter().map(|r| r.label()));
            super::common::emit(&text, ext, None, &stamp, manifest)
        }
        SessionCommand::Scores { paths, out } => scores(&paths, out.as_deref()),
        SessionCommand::Link { file, base_url } => print_link(&file, &base_url),
        SessionCommand::FromLink { link, out } => from_link(&link, out.as_deref()),
    }
}
