//! A grid's folder (`--out DIR/` of `bench`, `match`, `experiment`, `session run`): each
//! finished cell is appended to a file of the folder as one checked line the moment it
//! ends, and the grid's description with its manifest is written once, so that a run
//! killed at any moment (a lost node, a pre-empted job, Ctrl+C, SIGKILL) loses only the
//! cells it was running, and the same command run again runs only what is missing.
//!
//! The folder holds `grid.ron` (what made it: the command, the options its cells depend
//! on, the empty result, every cell's key when known before the run, and the manifest
//! of the run that began it), a `.cells` file per writer (`whole.cells`, or
//! `shard-K-of-N.cells` for `--shard K/N`: one writer per file, locked while it runs, so
//! shards on different machines never append to the same file) and a `.done` file per
//! writer that finished. A line is `CHECK KEY TEXT`: a 64-bit FNV-1a checksum of `KEY
//! TEXT` in hexadecimal, the cell's key (`GROUP:NAME`, the group being what `--shard`
//! shares out: a position, an opening), and the cell as one line of RON. A line cut
//! short by a kill (no newline, or a checksum that does not match) is never read as a
//! cell: at the end of the writer's own file it is cut off and its cell runs again; a
//! bad line with good lines after it (something else wrote into the file) is refused
//! with the file and the line.
//!
//! Generic: the commands say what the keys and texts are. No game words here.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use super::manifest::Manifest;
use crate::platform::files;

/// The grid's description in its folder.
pub const GRID_FILE: &str = "grid.ron";
/// The extension of a writer's cells file.
const CELLS_EXTENSION: &str = "cells";
/// The extension of the file a writer leaves when it has finished its cells.
const DONE_EXTENSION: &str = "done";
/// The most a cells file may hold: 1 GiB (a cell takes about 1 KiB).
const CELLS_LIMIT: u64 = 1 << 30;

/// What a grid folder holds the cells of: written once, by the first run, and compared
/// with every later run's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GridHeader {
    /// The command that writes it: `bench`, `match`, `experiment`, `session run`.
    pub command: String,
    /// What its cells depend on, as `(name, value)` pairs (the suite, the rows, the
    /// depths, ...): a run whose pairs differ is refused. What changes no cell (the
    /// threads, the shard, the output format) is not among them.
    pub identity: Vec<(String, String)>,
    /// The command's result before any cell, as RON: what `treelab merge` fills with
    /// the cells.
    pub result: String,
    /// Every cell's key in the grid's order, when the grid knows them before it runs
    /// (an experiment's cells are known only as it runs: `None`).
    pub cells: Option<Vec<String>>,
}

/// A cell's key: its group (what `--shard` shares out) and its name within the group.
#[must_use]
pub fn cell_key(group: usize, name: &str) -> String {
    format!("{group}:{name}")
}

/// The group of a key made by [`cell_key`].
#[must_use]
pub fn group_of(key: &str) -> Option<usize> {
    key.split_once(':').and_then(|(g, _)| g.parse().ok())
}

/// Who writes a cells file: the whole grid, or one shard `(k, n)` of it.
fn writer_name(shard: Option<(usize, usize)>) -> String {
    match shard {
        Some((k, n)) => format!("shard-{k}-of-{n}"),
        None => "whole".to_string(),
    }
}

/// The shard a writer's file name stands for: `Some(None)` for the whole grid.
fn shard_of_name(stem: &str) -> Option<Option<(usize, usize)>> {
    if stem == "whole" {
        return Some(None);
    }
    let rest = stem.strip_prefix("shard-")?;
    let (k, n) = rest.split_once("-of-")?;
    Some(Some((k.parse().ok()?, n.parse().ok()?)))
}

/// 64-bit FNV-1a: enough to tell a line cut short or scrambled from a whole one.
fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A short fingerprint of `parts` (say, a suite's positions) for a grid's identity: two
/// lists that differ anywhere differ here too, but for a one in 2^64 chance.
#[must_use]
pub fn fingerprint<'a>(parts: impl IntoIterator<Item = &'a str>) -> String {
    let mut all = Vec::new();
    for p in parts {
        all.extend_from_slice(p.as_bytes());
        all.push(b'\n');
    }
    format!("{:016x}", checksum(&all))
}

/// One line of a cells file, newline included.
fn line(key: &str, text: &str) -> String {
    let body = format!("{key} {text}");
    format!("{:016x} {body}\n", checksum(body.as_bytes()))
}

/// `(key, text)` of a whole line (without its newline) whose checksum holds.
fn parse_line(line: &[u8]) -> Option<(String, String)> {
    let text = std::str::from_utf8(line).ok()?;
    let (check, body) = text.split_once(' ')?;
    if check.len() != 16 || u64::from_str_radix(check, 16).ok()? != checksum(body.as_bytes()) {
        return None;
    }
    let (key, cell) = body.split_once(' ')?;
    Some((key.to_string(), cell.to_string()))
}

/// What a cells file holds: its good lines, where the last one ends, and whether bad
/// bytes follow it.
#[derive(Debug, Default)]
struct CellsFile {
    cells: Vec<(String, String)>,
    good_end: u64,
    torn_tail: bool,
}

/// Reads the cells file `bytes` (named `path` in errors): a bad line followed by a good
/// one is refused; bad lines at the end are a torn tail.
fn parse_cells(path: &Path, bytes: &[u8]) -> Result<CellsFile, String> {
    let mut out = CellsFile::default();
    let mut first_bad: Option<usize> = None;
    let mut at = 0usize;
    for (n, piece) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        let whole = piece.last() == Some(&b'\n');
        let parsed = whole
            .then(|| parse_line(&piece[..piece.len() - 1]))
            .flatten();
        at += piece.len();
        match parsed {
            Some(cell) => {
                if let Some(bad) = first_bad {
                    return Err(format!(
                        "{}: line {} is not a whole cell (its checksum does not match) but cells \
                         follow it: the file was written by something else than treelab; remove \
                         that line (its cell then runs again)",
                        path.display(),
                        bad + 1
                    ));
                }
                out.cells.push(cell);
                out.good_end = at as u64;
            }
            None => {
                first_bad.get_or_insert(n);
            }
        }
    }
    out.torn_tail = first_bad.is_some();
    Ok(out)
}

/// A grid folder open for one writer: the cells found in it (every writer's), and this
/// writer's file to append new cells to.
#[derive(Debug)]
pub struct Journal {
    dir: PathBuf,
    writer: String,
    file: Mutex<files::Appender>,
    found: BTreeMap<String, String>,
    notes: Vec<String>,
}

impl Journal {
    /// Opens the grid folder `dir` (made if missing) for the writer of `shard` (the
    /// whole grid when `None`): writes `header` with `manifest` when the folder has no
    /// grid yet, else refuses a folder whose grid is another command's or has other
    /// options; locks this writer's file (refused while another process holds it);
    /// cuts a torn last line off it; and reads the cells of every writer.
    ///
    /// # Errors
    /// A message naming the folder or the file and what is wrong.
    pub fn open(
        dir: &Path,
        header: &GridHeader,
        manifest: &Manifest,
        shard: Option<(usize, usize)>,
    ) -> Result<Journal, String> {
        files::create_dir_all(dir)
            .map_err(|e| format!("{}: cannot make the folder: {e}", dir.display()))?;
        claim_or_check(dir, header, manifest)?;
        let writer = writer_name(shard);
        let path = dir.join(format!("{writer}.{CELLS_EXTENSION}"));
        let mut file = files::open_appender(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .ok_or_else(|| {
                format!(
                    "{}: another treelab is writing this file (the same {} of this grid) now; \
                     wait for it to end, or give this run another folder",
                    path.display(),
                    if shard.is_some() {
                        "shard"
                    } else {
                        "whole run"
                    }
                )
            })?;
        let mut notes = Vec::new();
        let mut found = BTreeMap::new();
        for (other, bytes) in cells_files(dir)? {
            let parsed = parse_cells(&other, &bytes)?;
            if other == path && parsed.torn_tail {
                file.truncate(parsed.good_end).map_err(|e| {
                    format!("{}: cannot cut its torn last line: {e}", path.display())
                })?;
                notes.push(format!(
                    "{}: its last line was cut short (a run killed while writing it) and is \
                     dropped: that cell runs again",
                    path.display()
                ));
            }
            for (key, text) in parsed.cells {
                found.entry(key).or_insert(text);
            }
        }
        Ok(Journal {
            dir: dir.to_path_buf(),
            writer,
            file: Mutex::new(file),
            found,
            notes,
        })
    }

    /// The cells already in the folder, by key (every writer's).
    #[must_use]
    pub fn found(&self) -> &BTreeMap<String, String> {
        &self.found
    }

    /// What opening it did that a person should hear of (a torn line dropped).
    #[must_use]
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Appends the cell `key` (no spaces) whose RON is `text` (one line) to this
    /// writer's file, whole, in one write.
    ///
    /// # Errors
    /// When the key or text cannot be one line, or the write fails.
    pub fn append(&self, key: &str, text: &str) -> Result<(), String> {
        if key.contains([' ', '\n']) || text.contains('\n') || key.is_empty() {
            return Err(format!("cell '{key}' cannot be written as one line"));
        }
        let mut file = self
            .file
            .lock()
            .map_err(|_| "a writer of the cells file failed".to_string())?;
        file.append(line(key, text).as_bytes())
            .map_err(|e| format!("{}: {e}", self.dir.display()))
    }

    /// Leaves this writer's `.done` file: it has every one of its cells.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn finish(&self) -> Result<(), String> {
        let path = self.dir.join(format!("{}.{DONE_EXTENSION}", self.writer));
        files::write_atomic(&path, b"done\n").map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Writes `header` as `dir`'s grid if it has none; else checks that the grid there is
/// this one.
fn claim_or_check(dir: &Path, header: &GridHeader, manifest: &Manifest) -> Result<(), String> {
    let path = dir.join(GRID_FILE);
    let text = ron::ser::to_string_pretty(header, ron::ser::PrettyConfig::default())
        .map_err(|e| format!("cannot write the grid's description: {e}"))?;
    let made = files::write_new(&path, manifest.stamp(GRID_FILE, &text).as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if made {
        return Ok(());
    }
    let (there, made_by) = read_header(dir)?;
    if there.command != header.command {
        return Err(format!(
            "{} holds the cells of `treelab {}` ({made_by}), not of `treelab {}`: give this \
             run another folder",
            dir.display(),
            there.command,
            header.command
        ));
    }
    for (name, value) in &header.identity {
        let old = there
            .identity
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str());
        if old != Some(value.as_str()) {
            return Err(format!(
                "{} holds the cells of another grid ({made_by}): {name} {} there, '{value}' in \
                 this run; its cells would not be this run's. Give this run another folder, or \
                 run the command that made it",
                dir.display(),
                old.map_or_else(|| "not set".to_string(), |o| format!("'{o}'")),
            ));
        }
    }
    if there.identity.len() != header.identity.len() {
        return Err(format!(
            "{} holds the cells of another grid ({made_by}): its options differ from this \
             run's; give this run another folder",
            dir.display()
        ));
    }
    Ok(())
}

/// The grid of `dir` and a few words on what made it (the command of its manifest).
fn read_header(dir: &Path) -> Result<(GridHeader, String), String> {
    let path = dir.join(GRID_FILE);
    let text = crate::fileread::read_text_capped(&path, crate::fileread::RESULT_LIMIT, "a grid")
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let header: GridHeader = ron::from_str(&text).map_err(|e| {
        format!(
            "{}: not the description of a grid folder ({e}); give this run another folder",
            path.display()
        )
    })?;
    let made_by = text
        .lines()
        .find_map(|l| l.strip_prefix("// command: "))
        .map_or_else(
            || "made by an unknown command".to_string(),
            |c| format!("made by `{c}`"),
        );
    Ok((header, made_by))
}

/// Every cells file of `dir` with its bytes, in name order.
fn cells_files(dir: &Path) -> Result<Vec<(PathBuf, Vec<u8>)>, String> {
    let paths = files::files_in(dir, CELLS_EXTENSION)
        .map_err(|e| format!("{}: cannot list it: {e}", dir.display()))?;
    paths
        .into_iter()
        .map(|p| {
            crate::fileread::read_capped(&p, CELLS_LIMIT, "a cells file")
                .map(|bytes| (p.clone(), bytes))
                .map_err(|e| format!("{}: {e}", p.display()))
        })
        .collect()
}

/// A grid folder read whole (for `treelab merge`): its grid, its cells, and which
/// writers have written and finished.
#[derive(Clone, Debug, Default)]
pub struct Folder {
    /// The grid.
    pub header: GridHeader,
    /// Every cell in it, by key.
    pub cells: BTreeMap<String, String>,
    /// The writers with a cells file: `None` the whole grid, else the shard `(k, n)`.
    pub writers: Vec<Option<(usize, usize)>>,
    /// The writers that finished.
    pub finished: Vec<Option<(usize, usize)>>,
}

impl Folder {
    /// Reads the grid folder `dir`.
    ///
    /// # Errors
    /// When it is not a grid folder, or a cells file holds a bad line with cells after
    /// it.
    pub fn read(dir: &Path) -> Result<Folder, String> {
        if !files::is_folder(dir) {
            return Err(format!("{}: not a folder", dir.display()));
        }
        let (header, _) = read_header(dir)?;
        let mut folder = Folder {
            header,
            ..Folder::default()
        };
        for (path, bytes) in cells_files(dir)? {
            if let Some(w) = stem(&path).and_then(|s| shard_of_name(&s)) {
                folder.writers.push(w);
            }
            for (key, text) in parse_cells(&path, &bytes)?.cells {
                folder.cells.entry(key).or_insert(text);
            }
        }
        let done = files::files_in(dir, DONE_EXTENSION)
            .map_err(|e| format!("{}: cannot list it: {e}", dir.display()))?;
        folder.finished = done
            .iter()
            .filter_map(|p| stem(p).and_then(|s| shard_of_name(&s)))
            .collect();
        Ok(folder)
    }

    /// The keys of the grid's cells not in the folder, in the grid's order; `None` when
    /// the grid does not know its cells before it runs.
    #[must_use]
    pub fn missing(&self) -> Option<Vec<&str>> {
        let all = self.header.cells.as_ref()?;
        Some(
            all.iter()
                .filter(|k| !self.cells.contains_key(k.as_str()))
                .map(String::as_str)
                .collect(),
        )
    }

    /// The shard counts the folder was written with (its writers' `n`), in order.
    #[must_use]
    pub fn shard_counts(&self) -> Vec<usize> {
        let mut counts: Vec<usize> = self
            .writers
            .iter()
            .chain(&self.finished)
            .filter_map(|w| w.map(|(_, n)| n))
            .collect();
        counts.sort_unstable();
        counts.dedup();
        counts
    }

    /// The shards `k` of `n` that have work left: with the grid's cells known, those
    /// whose groups hold a missing cell; else those that have not finished.
    #[must_use]
    pub fn shards_left(&self, n: usize) -> Vec<usize> {
        if n == 0 {
            return Vec::new();
        }
        match self.missing() {
            Some(missing) => {
                let mut left: Vec<usize> = missing
                    .iter()
                    .filter_map(|k| group_of(k))
                    .map(|g| g % n)
                    .collect();
                left.sort_unstable();
                left.dedup();
                left
            }
            None => (0..n)
                .filter(|&k| !self.finished.contains(&Some((k, n))))
                .collect(),
        }
    }
}

/// A file's name without its extension.
fn stem(path: &Path) -> Option<String> {
    path.file_stem().map(|s| s.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_check_themselves() {
        let l = line("3:0:5", "(a: 1, b: \"x y\")");
        assert!(l.ends_with('\n'));
        let body = &l.as_bytes()[..l.len() - 1];
        assert_eq!(
            parse_line(body),
            Some(("3:0:5".to_string(), "(a: 1, b: \"x y\")".to_string()))
        );
        // Cut anywhere, or a byte changed: not a cell.
        for cut in 0..body.len() {
            assert_eq!(parse_line(&body[..cut]), None, "cut at {cut}");
        }
        let mut changed = body.to_vec();
        changed[20] ^= 1;
        assert_eq!(parse_line(&changed), None);
        assert_eq!(group_of(&cell_key(12, "r1:d4")), Some(12));
        assert_eq!(shard_of_name("shard-1-of-4"), Some(Some((1, 4))));
        assert_eq!(shard_of_name("whole"), Some(None));
        assert_eq!(shard_of_name("other"), None);
    }

    #[test]
    fn a_torn_tail_is_not_a_cell_and_a_bad_middle_is_refused() {
        let a = line("0:a", "1");
        let b = line("1:b", "2");
        let path = Path::new("x.cells");
        let whole = format!("{a}{b}");
        let parsed = parse_cells(path, whole.as_bytes()).expect("reads");
        assert_eq!(parsed.cells.len(), 2);
        assert!(!parsed.torn_tail);
        for cut in a.len()..whole.len() {
            let parsed = parse_cells(path, &whole.as_bytes()[..cut]).expect("reads");
            assert_eq!(parsed.cells.len(), 1, "cut at {cut}");
            assert_eq!(parsed.good_end, a.len() as u64);
            assert_eq!(parsed.torn_tail, cut > a.len());
        }
        let scrambled = format!("{a}0000000000000000 9:z 3\n{b}");
        let err = parse_cells(path, scrambled.as_bytes()).expect_err("refused");
        assert!(err.contains("line 2"), "{err}");
    }
}
