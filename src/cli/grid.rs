//! `--out DIR/`: the grid folders of `bench` and `match` (what makes their cells, their
//! keys, the cells read back), and a folder read whole for `treelab merge`. The folder
//! itself, its checked lines and torn tails are [`crate::output::journal`]'s.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::engine::rowspec::row_spec;
use crate::experiment::bench::{BenchCell, BenchResult, BenchSpec, grid_cells};
use crate::matches::play::{GameRecord, MatchResult, MatchSpec};
use crate::output::journal::{self, Folder, GridHeader, Journal};
use crate::output::manifest::Manifest;

/// The folder `--out` names, when it names one: a path that ends with `/` (made if
/// missing) or a folder that is there. Anything else is a file, as before.
#[must_use]
pub(super) fn folder_of(out: Option<&Path>) -> Option<&Path> {
    let out = out?;
    let slash = out.as_os_str().to_string_lossy().ends_with('/');
    (slash || crate::platform::files::is_folder(out)).then_some(out)
}

/// Opens the grid folder `dir` for this run ([`Journal::open`]) and says on standard
/// error what it found: a torn line dropped, how many cells are there already.
pub(super) fn open(
    dir: &Path,
    header: &GridHeader,
    manifest: &Manifest,
    shard: Option<(usize, usize)>,
) -> Result<Journal> {
    let journal = Journal::open(dir, header, manifest, shard).map_err(|e| anyhow::anyhow!(e))?;
    for note in journal.notes() {
        eprintln!("note: {note}");
    }
    Ok(journal)
}

/// RON on one line, for a cell.
pub(super) fn one_line<T: serde::Serialize>(value: &T) -> Result<String, String> {
    ron::to_string(value).map_err(|e| format!("cannot write a cell: {e}"))
}

/// Reads a cell `text` of `dir` back; a cell that does not read is another treelab's.
fn read_cell<T: serde::de::DeserializeOwned>(dir: &Path, key: &str, text: &str) -> Result<T> {
    ron::from_str(text).map_err(|e| {
        anyhow::anyhow!(
            "{}: cell {key} does not read as this treelab writes it ({e}): was the folder \
             written by another version? Give this run another folder",
            dir.display()
        )
    })
}

/// A bench cell's key: its position is its group (what `--shard` shares out).
fn bench_key(position: usize, row: usize, depth: u32) -> String {
    journal::cell_key(position, &format!("{row}:{depth}"))
}

/// What a bench's cells depend on, its empty result and every cell's key (the whole
/// grid's, whatever the shard).
pub(super) fn bench_header(spec: &BenchSpec) -> Result<GridHeader> {
    let texts: Vec<String> = spec
        .suite
        .items
        .iter()
        .map(|it| it.position.to_text())
        .collect();
    let rows: Vec<String> = spec
        .rows
        .iter()
        .map(|r| row_spec(r.algorithm, &r.options))
        .collect();
    let depths: Vec<String> = spec.depths.iter().map(u32::to_string).collect();
    let empty = BenchResult {
        suite: spec.suite.name.clone(),
        game: spec.suite.kind.name().to_string(),
        rows: spec.rows.clone(),
        depths: spec.depths.clone(),
        cells: Vec::new(),
    };
    let whole = BenchSpec {
        shard: None,
        ..spec.clone()
    };
    Ok(GridHeader {
        command: "bench".into(),
        identity: vec![
            ("suite".into(), spec.suite.name.clone()),
            (
                "positions".into(),
                format!(
                    "{} ({})",
                    texts.len(),
                    journal::fingerprint(texts.iter().map(String::as_str))
                ),
            ),
            ("rows".into(), rows.join(",")),
            ("depths".into(), depths.join(",")),
            ("evaluator".into(), spec.evaluator.clone()),
        ],
        result: ron::to_string(&empty)?,
        cells: Some(
            grid_cells(&whole)
                .into_iter()
                .map(|(i, r, d)| bench_key(i, r, d))
                .collect(),
        ),
    })
}

/// The bench cells in `journal`, by (position, row, depth).
pub(super) fn bench_done(
    dir: &Path,
    journal: &Journal,
) -> Result<BTreeMap<(usize, usize, u32), BenchCell>> {
    let mut done = BTreeMap::new();
    for (key, text) in journal.found() {
        let cell: BenchCell = read_cell(dir, key, text)?;
        done.insert((cell.position_index, cell.row, cell.depth), cell);
    }
    Ok(done)
}

/// Appends a finished bench cell to `journal`.
pub(super) fn append_bench(journal: &Journal, cell: &BenchCell) -> Result<(), String> {
    journal.append(
        &bench_key(cell.position_index, cell.row, cell.depth),
        &one_line(cell)?,
    )
}

/// A game's key: its opening is its group (what `--shard` shares out).
fn game_key(spec: &MatchSpec, index: usize) -> String {
    journal::cell_key(spec.opening_of(index), &index.to_string())
}

/// What a match's games depend on, its empty result and every game's key (none with an
/// SPRT, which decides how many are played).
pub(super) fn match_header(spec: &MatchSpec) -> Result<GridHeader> {
    let empty = MatchResult {
        shard: None,
        ..spec.result_without_games()
    };
    let book: Vec<String> = spec.book.iter().map(|p| p.to_text()).collect();
    let whole = MatchSpec {
        shard: None,
        ..spec.clone()
    };
    let sprt = spec.sprt.map(|s| format!("{s:?}")).unwrap_or_default();
    Ok(GridHeader {
        command: "match".into(),
        identity: vec![
            ("game".into(), spec.game.name().to_string()),
            (
                "players".into(),
                format!("{} vs {}", spec.a.label, spec.b.label),
            ),
            (
                "player options".into(),
                format!("{:?} vs {:?}", spec.a.kind, spec.b.kind),
            ),
            ("games".into(), spec.games.to_string()),
            ("seed".into(), spec.seed.to_string()),
            (
                "openings".into(),
                format!(
                    "{} random moves; book {}",
                    spec.openings,
                    journal::fingerprint(book.iter().map(String::as_str))
                ),
            ),
            ("colours".into(), spec.alternate.to_string()),
            ("evaluator".into(), spec.evaluator.clone()),
            ("sprt".into(), sprt),
        ],
        result: ron::to_string(&empty)?,
        cells: spec.sprt.is_none().then(|| {
            whole
                .game_indices()
                .into_iter()
                .map(|i| game_key(spec, i))
                .collect()
        }),
    })
}

/// The games in `journal`, by index.
pub(super) fn games_done(dir: &Path, journal: &Journal) -> Result<BTreeMap<usize, GameRecord>> {
    let mut done = BTreeMap::new();
    for (key, text) in journal.found() {
        let game: GameRecord = read_cell(dir, key, text)?;
        done.insert(game.index, game);
    }
    Ok(done)
}

/// Appends a finished game to `journal`.
pub(super) fn append_game(
    journal: &Journal,
    spec: &MatchSpec,
    game: &GameRecord,
) -> Result<(), String> {
    journal.append(&game_key(spec, game.index), &one_line(game)?)
}

/// The keys of a session run's jobs: each job's position (its group) by its place
/// among the run's positions, its row and depth.
pub(super) struct JobKeys {
    places: std::collections::HashMap<String, usize>,
}

impl JobKeys {
    /// The places of the positions of `jobs`, in the order they come.
    pub(super) fn of(jobs: &[crate::runner::Job]) -> JobKeys {
        let mut places = std::collections::HashMap::new();
        for job in jobs {
            let next = places.len();
            places.entry(job.at.position.to_text()).or_insert(next);
        }
        JobKeys { places }
    }

    /// The key of `job`.
    pub(super) fn key(&self, job: &crate::runner::Job) -> String {
        let place = self
            .places
            .get(&job.at.position.to_text())
            .copied()
            .unwrap_or(usize::MAX);
        journal::cell_key(place, &format!("{}:{}", job.row, job.request.depth))
    }
}

/// What a session run's results depend on (its searches: rows, positions, depths) and
/// every result's key.
pub(super) fn session_header(jobs: &[crate::runner::Job]) -> Result<GridHeader> {
    let keys = JobKeys::of(jobs);
    let mut rows: Vec<String> = Vec::new();
    for job in jobs {
        if !rows.contains(&job.label) {
            rows.push(job.label.clone());
        }
    }
    let searches: Vec<String> = jobs
        .iter()
        .map(|j| {
            format!(
                "{} {} {} {:?}",
                j.row,
                j.label,
                j.at.position.to_text(),
                j.request
            )
        })
        .collect();
    let mut texts: Vec<(usize, String)> =
        keys.places.iter().map(|(t, &p)| (p, t.clone())).collect();
    texts.sort();
    Ok(GridHeader {
        command: "session run".into(),
        identity: vec![
            ("rows".into(), rows.join(",")),
            (
                "positions".into(),
                format!(
                    "{} ({})",
                    texts.len(),
                    journal::fingerprint(texts.iter().map(|(_, t)| t.as_str()))
                ),
            ),
            (
                "searches".into(),
                format!(
                    "{} ({})",
                    jobs.len(),
                    journal::fingerprint(searches.iter().map(String::as_str))
                ),
            ),
        ],
        result: String::new(),
        cells: Some(jobs.iter().map(|j| keys.key(j)).collect()),
    })
}

/// The results in `journal`, by key.
pub(super) fn results_done(
    dir: &Path,
    journal: &Journal,
) -> Result<BTreeMap<String, crate::session::ResultEntry>> {
    let mut done = BTreeMap::new();
    for (key, text) in journal.found() {
        done.insert(key.clone(), read_cell(dir, key, text)?);
    }
    Ok(done)
}

/// Appends a finished result of a session run to `journal`.
pub(super) fn append_result(
    journal: &Journal,
    key: &str,
    entry: &crate::session::ResultEntry,
) -> Result<(), String> {
    journal.append(key, &one_line(entry)?)
}

/// A folder's whole result, for `treelab merge`.
pub(super) enum Whole {
    /// A bench grid.
    Bench(BenchResult),
    /// A match.
    Match(MatchResult),
}

/// The whole result of the grid folder `dir`: refused while cells are missing, and for
/// the folders `merge` cannot finish (an experiment's, a session's, an SPRT match's).
pub(super) fn whole_of(dir: &Path) -> Result<Whole> {
    let folder = Folder::read(dir).map_err(|e| anyhow::anyhow!(e))?;
    let command = folder.header.command.clone();
    let Some(missing) = folder.missing() else {
        bail!(
            "{}: the folder of a `treelab {command}` whose cells are known only as it runs: \
             run the same command again without --shard to finish it (it runs only what is \
             missing) and print its result",
            dir.display()
        );
    };
    if !missing.is_empty() {
        bail!(
            "{}: {} of the grid's {} cells are not written yet (the first: {}); `treelab merge \
             --missing {}` lists them and the shards to run again",
            dir.display(),
            missing.len(),
            folder.header.cells.as_ref().map_or(0, Vec::len),
            missing[0],
            dir.display()
        );
    }
    let wanted: std::collections::HashSet<&str> = folder
        .header
        .cells
        .iter()
        .flatten()
        .map(String::as_str)
        .collect();
    let cells = folder
        .cells
        .iter()
        .filter(|(k, _)| wanted.contains(k.as_str()));
    match command.as_str() {
        "bench" => {
            let mut whole: BenchResult = ron::from_str(&folder.header.result)
                .with_context(|| format!("{}: its grid's result", dir.display()))?;
            for (key, text) in cells {
                whole.cells.push(read_cell(dir, key, text)?);
            }
            whole
                .cells
                .sort_by_key(|c| (c.position_index, c.row, c.depth));
            Ok(Whole::Bench(whole))
        }
        "match" => {
            let mut whole: MatchResult = ron::from_str(&folder.header.result)
                .with_context(|| format!("{}: its match's result", dir.display()))?;
            for (key, text) in cells {
                whole.games.push(read_cell(dir, key, text)?);
            }
            whole.games.sort_by_key(|g| g.index);
            Ok(Whole::Match(whole))
        }
        other => bail!(
            "{}: the folder of a `treelab {other}`: run that command again to finish it",
            dir.display()
        ),
    }
}

/// `treelab merge --missing DIR`: the cells not yet written, then for each shard count
/// the folder was written with the shards with work left.
pub(super) fn missing_text(dir: &Path) -> Result<String> {
    use std::fmt::Write as _;
    let folder = Folder::read(dir).map_err(|e| anyhow::anyhow!(e))?;
    let mut out = String::new();
    match folder.missing() {
        Some(missing) => {
            let total = folder.header.cells.as_ref().map_or(0, Vec::len);
            let _ = writeln!(
                out,
                "{}: `treelab {}`, {} of {total} cells written, {} missing",
                dir.display(),
                folder.header.command,
                total - missing.len(),
                missing.len()
            );
            for key in &missing {
                let _ = writeln!(out, "missing {}", describe(&folder.header, key));
            }
        }
        None => {
            let _ = writeln!(
                out,
                "{}: `treelab {}`, {} cells written; its cells are known only as it runs, so \
                 only the shards that have not finished are listed",
                dir.display(),
                folder.header.command,
                folder.cells.len()
            );
        }
    }
    for n in folder.shard_counts() {
        let left = folder.shards_left(n);
        let list: Vec<String> = left.iter().map(usize::to_string).collect();
        let _ = writeln!(
            out,
            "shards of {n} with work left (0-based, as Slurm's --array): {}",
            if list.is_empty() {
                "none".to_string()
            } else {
                list.join(",")
            }
        );
    }
    Ok(out)
}

/// The shards of `n` with work left, comma-separated (empty when none): what
/// `sbatch --array=...` takes to run just those again.
pub(super) fn missing_indices(dir: &Path, n: usize) -> Result<String> {
    let folder = Folder::read(dir).map_err(|e| anyhow::anyhow!(e))?;
    let left: Vec<String> = folder.shards_left(n).iter().map(usize::to_string).collect();
    Ok(left.join(","))
}

/// A missing cell's key in words: a bench cell's position, row and depth, a match's
/// game; else the key.
fn describe(header: &GridHeader, key: &str) -> String {
    let parts: Vec<&str> = key.split(':').collect();
    match (header.command.as_str(), parts.as_slice()) {
        ("bench", [p, r, d]) => {
            let rows: Option<BenchResult> = ron::from_str(&header.result).ok();
            let row = rows
                .and_then(|b| r.parse::<usize>().ok().and_then(|r| b.rows.get(r).cloned()))
                .map_or_else(|| format!("row {r}"), |row| row.label);
            let shown = p.parse::<usize>().map_or(0, |p| p + 1);
            format!("position {shown} {row} depth {d}")
        }
        ("match", [opening, game]) => format!("game {game} (opening {opening})"),
        _ => key.to_string(),
    }
}
