//! `treelab solve`: solves every position of a suite exactly and checks it against the
//! file. Lives here rather than in `src/cli.rs`, which only dispatches to [`run`].

use std::io::Write;

use anyhow::{Context, Result, bail};
use clap::Args;

use super::connect4::C4Options;
use super::othello::{
    DEFAULT_PRESEARCH_MARGIN, DEFAULT_TT_MIB, MAX_LAST_N, OthelloOptions, RootSearch,
};
use super::pattern::PatternEval;
use super::{AnySolver, SolveOptions, SolveRow, item_number};
use crate::engine::Suite;
use crate::platform::crew::CrewCounts;
use crate::platform::machine::process_voluntary_switches;

/// `treelab solve`: exact solving of Othello endgame suites (`.obf`, `.pos`) and Connect
/// Four test sets, checked against the file's scores.
///
/// Every technique is on by default; the `--no-*` flags switch one off to measure it.
/// A score or best move that disagrees with the file prints MISMATCH and makes the
/// command fail.
#[derive(Debug, Args, Clone)]
pub struct SolveArgs {
    /// A suite file (.obf, .pos, a Connect Four test set) or a shipped suite's name
    /// (fforum-40-59.obf, Test_L3_R1, ...).
    #[arg(long)]
    pub suite: String,
    /// Output: text (aligned table and totals) or csv (a header, one line per
    /// position; totals go to standard error).
    #[arg(long, default_value = "text")]
    pub format: String,
    /// Only the first N selected positions.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Only positions A..B (inclusive; `40..49`): FFO numbers for `#N` suites, else
    /// 1-based positions in the file.
    #[arg(long)]
    pub range: Option<String>,
    /// Text format: print only mismatches and the totals.
    #[arg(long)]
    pub quiet: bool,
    /// Threads (a deep node splits its moves over the idle threads once its first
    /// move failed to cut off; one shared table), both games. Scores do not depend on
    /// it; node counts and the best move among equals may.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// No transposition table (both games).
    #[arg(long)]
    pub no_tt: bool,
    /// Othello: transposition-table size in MiB.
    #[arg(long, default_value_t = DEFAULT_TT_MIB)]
    pub tt_mib: usize,
    /// Othello: no enhanced transposition cutoffs.
    #[arg(long)]
    pub no_etc: bool,
    /// Othello: no stability cutoffs.
    #[arg(long)]
    pub no_stability: bool,
    /// Othello: no quadrant-parity ordering.
    #[arg(long)]
    pub no_parity: bool,
    /// Othello: no fastest-first ordering (moves in square order after the table's).
    #[arg(long)]
    pub no_fastest_first: bool,
    /// Othello: no shallow-search ordering at nodes with many empties.
    #[arg(long)]
    pub no_shallow: bool,
    /// Othello: the shallow-search ordering evaluates with a hand-written mobility
    /// evaluation instead of the trained pattern evaluation.
    #[arg(long)]
    pub no_pattern: bool,
    /// Othello: order with the pattern-evaluation weights in this file (written by
    /// `treelab train-eval`) instead of the shipped ones.
    #[arg(long)]
    pub eval: Option<std::path::PathBuf>,
    /// Othello: use the shallow-search ordering from this many empties on.
    /// [default: 12 with the pattern evaluation, 25 without]
    #[arg(long)]
    pub shallow_from: Option<u32>,
    /// Othello: specialised solvers for the last K empties (0 to 4; 0 = none).
    #[arg(long, default_value_t = MAX_LAST_N)]
    pub last_n: u32,
    /// Othello: no aspiration at the root (null-window bisection of the score before
    /// the PVS that finds the move); plain PVS with the full window instead.
    #[arg(long)]
    pub no_aspiration: bool,
    /// Othello: no selective presearch (a quick search with probcut-style cuts that
    /// estimates the score, so that the exact null-window tests start next to it).
    #[arg(long)]
    pub no_presearch: bool,
    /// Othello: the presearch cuts a node when its shallow-search value is this many
    /// discs beyond the null window (larger: a slower, surer estimate).
    #[arg(long, default_value_t = DEFAULT_PRESEARCH_MARGIN)]
    pub presearch_margin: u32,
    /// Othello: print each search of the root to standard error as it ends: the
    /// presearch's and the exact null-window tests and the final PVS, with the window,
    /// what it proved, its nodes and seconds (progress for long solves; where the nodes
    /// go at the root).
    #[arg(long)]
    pub trace_root: bool,
    /// Connect Four: store only upper bounds in the table.
    #[arg(long)]
    pub no_lower_bounds: bool,
    /// Connect Four: share table entries between mirror images.
    #[arg(long)]
    pub symmetric_keys: bool,
    /// Connect Four: centre-first order only, no threat counts.
    #[arg(long)]
    pub no_threat_order: bool,
}

impl SolveArgs {
    /// The solver options these flags describe.
    pub fn to_options(&self) -> Result<SolveOptions> {
        if self.last_n > MAX_LAST_N {
            bail!("--last-n {} is too large: 0 to {MAX_LAST_N}", self.last_n);
        }
        if self.threads == 0 {
            bail!("--threads must be at least 1");
        }
        if self.presearch_margin > 128 {
            bail!(
                "--presearch-margin {} is out of range: 0 to 128 discs",
                self.presearch_margin
            );
        }
        if self.tt_mib == 0 || self.tt_mib > 16 * 1024 {
            bail!("--tt-mib {} is out of range: 1 to 16384", self.tt_mib);
        }
        Ok(SolveOptions {
            othello: OthelloOptions {
                tt: !self.no_tt,
                tt_mib: self.tt_mib,
                etc: !self.no_etc,
                stability: !self.no_stability,
                parity: !self.no_parity,
                fastest_first: !self.no_fastest_first,
                shallow: !self.no_shallow,
                pattern: !self.no_pattern,
                eval: self
                    .eval
                    .as_deref()
                    .map(PatternEval::load_static)
                    .transpose()?,
                shallow_from: self.shallow_from,
                last_n: self.last_n,
                aspiration: !self.no_aspiration,
                presearch: !self.no_presearch,
                presearch_margin: self.presearch_margin,
                threads: self.threads,
            },
            connect4: C4Options {
                tt: !self.no_tt,
                lower_bounds: !self.no_lower_bounds,
                symmetric_keys: self.symmetric_keys,
                threat_order: !self.no_threat_order,
                threads: self.threads,
            },
        })
    }
}

/// Parses `A..B` or `A..=B` (both inclusive) or a single `A`.
fn parse_range(text: &str) -> Result<(usize, usize)> {
    let text = text.trim();
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (a, b.trim_start_matches('=')),
        None => (text, text),
    };
    let a: usize = a
        .trim()
        .parse()
        .with_context(|| format!("--range '{text}': '{a}' is not a number (expected A..B)"))?;
    let b: usize = b
        .trim()
        .parse()
        .with_context(|| format!("--range '{text}': '{b}' is not a number (expected A..B)"))?;
    if a > b {
        bail!("--range '{text}' is empty: {a} > {b}");
    }
    Ok((a, b))
}

/// The 0-based indexes of the suite items `args` selects.
pub fn select(suite: &Suite, args: &SolveArgs) -> Result<Vec<usize>> {
    let range = args.range.as_deref().map(parse_range).transpose()?;
    let mut chosen: Vec<usize> = (0..suite.items.len())
        .filter(|&i| {
            range.is_none_or(|(a, b)| (a..=b).contains(&item_number(&suite.items[i].name, i)))
        })
        .collect();
    if let Some(limit) = args.limit {
        chosen.truncate(limit);
    }
    if chosen.is_empty() {
        bail!("{}: no position selected", suite.name);
    }
    Ok(chosen)
}

fn signed(v: Option<i32>) -> String {
    v.map_or_else(|| "-".to_string(), |v| format!("{v:+}"))
}

/// One line of `--trace-root`: the position's name, the root search's stage and
/// window, what its value proves, its nodes and seconds.
fn root_search_line(name: &str, r: &RootSearch) -> String {
    let proved = if r.value <= r.alpha {
        format!("score <= {:+}", r.value)
    } else if r.value >= r.beta {
        format!("score >= {:+}", r.value)
    } else {
        format!("score = {:+}", r.value)
    };
    let window = format!("({:+}, {:+})", r.alpha, r.beta);
    format!(
        "{name:<6} {:<9} window {window:<10} {proved:<14} {:>14} nodes {:>10.3} s",
        r.stage.name(),
        r.nodes,
        r.seconds
    )
}

fn verdict(row: &SolveRow) -> &'static str {
    match row.matches() {
        Some(true) => "ok",
        Some(false) => "MISMATCH",
        None => "-",
    }
}

/// Runs `treelab solve`: prints the table and the totals; fails when any position
/// disagrees with its file.
pub fn run(args: &SolveArgs) -> Result<()> {
    let format = args.format.trim().to_ascii_lowercase();
    if format != "text" && format != "csv" {
        bail!("unknown format '{}'; expected text or csv", args.format);
    }
    let csv = format == "csv";
    let opts = args.to_options()?;
    let suite = Suite::load_named(&args.suite)?;
    let chosen = select(&suite, args)?;
    let mut solver = AnySolver::new(suite.kind, &opts).map_err(anyhow::Error::msg)?;
    let threads = opts.othello.threads;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    write_header(&mut out, args, csv, &suite, chosen.len(), threads)?;
    let mut totals = Totals::default();
    let cpu_start = super::cpu_seconds(threads);
    let switches_start = process_voluntary_switches();
    for &i in &chosen {
        let name = &suite.items[i].name;
        let mut trace = |r: &RootSearch| {
            if args.trace_root {
                eprintln!("{}", root_search_line(name, r));
            }
        };
        let row = solver
            .solve_item_observed(&suite, i, &mut trace)
            .map_err(anyhow::Error::msg)?;
        totals.add(&row);
        if csv {
            write_csv_row(&mut out, &row)?;
        } else if !args.quiet || row.matches() == Some(false) {
            write_text_row(&mut out, &row)?;
        }
        out.flush()?;
    }
    let total_cpu = super::cpu_seconds(threads)
        .zip(cpu_start)
        .map(|(end, start)| end - start);
    let summary = totals.summary(chosen.len(), total_cpu);
    let switches = process_voluntary_switches()
        .zip(switches_start)
        .map(|(end, start)| end.saturating_sub(start));
    let threads_line = threads_line(solver.finish_threads(), switches, totals.nodes);
    // The summary stays the last line (what scripts and people read first).
    if csv {
        eprintln!("{threads_line}");
        eprintln!("{summary}");
    } else {
        writeln!(out, "{threads_line}")?;
        writeln!(out, "{summary}")?;
    }
    if !totals.mismatches.is_empty() {
        bail!(
            "MISMATCH: {} position(s) disagree with {}: {}",
            totals.mismatches.len(),
            suite.name,
            totals.mismatches.join(", ")
        );
    }
    Ok(())
}

/// The line on the threads: started, wake-ups and idle time of the solver's helpers
/// (`crew`, None with one thread), and the process's voluntary context switches over
/// the solves (`switches`, when the system tells) per million nodes.
fn threads_line(crew: Option<CrewCounts>, switches: Option<u64>, nodes: u64) -> String {
    let crew = crew.unwrap_or_default();
    let switches = match switches {
        Some(n) => format!(
            "{n} voluntary context switches ({:.1} per million nodes)",
            n as f64 * 1e6 / nodes.max(1) as f64
        ),
        None => "voluntary context switches not known here".to_string(),
    };
    format!(
        "threads: {} started, {} splits offered, {} joined, {} wake-ups, {:.3} s idle; {switches}",
        crew.started,
        crew.jobs,
        crew.joins,
        crew.wakeups,
        crew.idle_micros as f64 / 1e6
    )
}

/// Writes what comes before the rows: the CSV header, or the suite's line and (unless
/// `--quiet`) the table's header, `chosen` positions solved on `threads` threads.
fn write_header(
    out: &mut impl Write,
    args: &SolveArgs,
    csv: bool,
    suite: &Suite,
    chosen: usize,
    threads: usize,
) -> Result<()> {
    if csv {
        writeln!(
            out,
            "index,name,score,best,nodes,seconds,cpu_seconds,expected,expected_moves,match"
        )?;
        return Ok(());
    }
    writeln!(
        out,
        "suite: {} ({} of {} positions, {}), threads {}",
        suite.name,
        chosen,
        suite.items.len(),
        suite.kind.name(),
        threads,
    )?;
    if !args.quiet {
        writeln!(
            out,
            "{:>5} {:<10} {:>6} {:>4} {:>15} {:>10} {:>8} {:>8} {:<16} match",
            "index", "name", "score", "best", "nodes", "seconds", "cpu", "expected", "moves"
        )?;
    }
    Ok(())
}

/// Writes one solved position as a CSV line.
fn write_csv_row(out: &mut impl Write, row: &SolveRow) -> Result<()> {
    writeln!(
        out,
        "{},{},{},{},{},{:.6},{},{},{},{}",
        row.index,
        row.name,
        row.score,
        row.best,
        row.nodes,
        row.seconds,
        row.cpu_seconds
            .map_or_else(String::new, |c| format!("{c:.2}")),
        row.expected.map_or_else(String::new, |e| e.to_string()),
        row.expected_moves.join(" "),
        verdict(row)
    )?;
    Ok(())
}

/// Writes one solved position as a line of the aligned table.
fn write_text_row(out: &mut impl Write, row: &SolveRow) -> Result<()> {
    let moves = row.expected_moves.join(" ");
    writeln!(
        out,
        "{:>5} {:<10} {:>+6} {:>4} {:>15} {:>10.3} {:>8} {:>8} {:<16} {}",
        row.index,
        row.name,
        row.score,
        if row.best.is_empty() { "-" } else { &row.best },
        row.nodes,
        row.seconds,
        row.cpu_seconds
            .map_or_else(|| "-".to_string(), |c| format!("{c:.2}")),
        signed(row.expected),
        if moves.is_empty() { "-" } else { &moves },
        verdict(row)
    )?;
    Ok(())
}

/// The totals of a solve so far.
#[derive(Default)]
struct Totals {
    /// Nodes.
    nodes: u64,
    /// Wall-clock seconds.
    seconds: f64,
    /// Positions whose score (and best move) agree with the file.
    checked: usize,
    /// The names of the positions that disagree with it.
    mismatches: Vec<String>,
}

impl Totals {
    /// Counts one solved position.
    fn add(&mut self, row: &SolveRow) {
        self.nodes += row.nodes;
        self.seconds += row.seconds;
        match row.matches() {
            Some(true) => self.checked += 1,
            Some(false) => self.mismatches.push(row.name.clone()),
            None => {}
        }
    }

    /// The summary line over `positions` positions, with the CPU seconds they took
    /// when known.
    fn summary(&self, positions: usize, total_cpu: Option<f64>) -> String {
        let n = positions as f64;
        let per_second = |seconds: f64| {
            if seconds > 0.0 {
                self.nodes as f64 / seconds / 1e6
            } else {
                0.0
            }
        };
        let cpu = match total_cpu {
            Some(c) => format!(", {c:.3} s CPU ({:.1} M nodes/s of CPU)", per_second(c)),
            None => String::new(),
        };
        format!(
            "total: {} positions, {} nodes, {:.3} s ({:.1} M nodes/s){cpu}; mean {:.2} nodes, {:.4} ms per position; {} checked ok, {} mismatches",
            positions,
            self.nodes,
            self.seconds,
            per_second(self.seconds),
            self.nodes as f64 / n,
            self.seconds * 1e3 / n,
            self.checked,
            self.mismatches.len()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse_inclusive_and_refuse_nonsense() {
        assert_eq!(parse_range("40..49").ok(), Some((40, 49)));
        assert_eq!(parse_range("40..=49").ok(), Some((40, 49)));
        assert_eq!(parse_range("7").ok(), Some((7, 7)));
        assert!(parse_range("49..40").is_err());
        assert!(parse_range("a..3").is_err());
    }

    #[test]
    fn range_selects_ffo_numbers() {
        let suite = Suite::load_named("fforum-40-59.obf").expect("shipped suite");
        let args = SolveArgs {
            range: Some("45..47".to_string()),
            ..SolveArgs::parse_from(["solve", "--suite", "fforum-40-59.obf"])
        };
        assert_eq!(select(&suite, &args).ok(), Some(vec![5, 6, 7]));
        let args = SolveArgs {
            range: Some("1..3".to_string()),
            ..args
        };
        assert!(select(&suite, &args).is_err(), "no #1-#3 in this suite");
    }

    #[test]
    fn absurd_solver_options_are_refused_with_the_flag_named() {
        for (flag, value) in [
            ("--presearch-margin", "200"),
            ("--tt-mib", "0"),
            ("--threads", "0"),
            ("--last-n", "9"),
        ] {
            let args = SolveArgs::parse_from(["solve", "--suite", "x.obf", flag, value]);
            let err = args.to_options().expect_err("refused").to_string();
            assert!(err.contains(flag), "{flag}: {err}");
        }
        let args = SolveArgs::parse_from(["solve", "--suite", "x.obf", "--no-presearch"]);
        let opts = args.to_options().expect("valid");
        assert!(!opts.othello.presearch);
    }

    /// `SolveArgs` on its own, for the tests.
    #[derive(Debug, clap::Parser)]
    struct Wrapper {
        #[command(flatten)]
        args: SolveArgs,
    }

    impl SolveArgs {
        fn parse_from<const N: usize>(words: [&str; N]) -> SolveArgs {
            use clap::Parser;
            Wrapper::parse_from(words).args
        }
    }
}
