//! An experiment's cells in its `--out` folder: every bench cell, game and item of the
//! experiment's grids, matches and maps ([`super::bench_quiet`], [`super::match_quiet`],
//! [`super::parallel_map`]) is appended to the folder as it finishes
//! ([`crate::output::journal`]), so that the same command run again runs only what is
//! missing, and `--shard k/n` runs only its share of each part (a part is one grid,
//! match or map, numbered in the order the experiment runs them; a cell's group, what
//! the shards share out, is its position, opening or item).
//!
//! A shard that finds a part incomplete after running its share (the other shards'
//! cells not yet there) stops there: the parts after it need that part's results to be
//! printed. The same command without `--shard` then runs what is left and writes the
//! experiment's files.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::engine::EngineError;
use crate::experiment::bench::{
    BenchCell, BenchResult, BenchSpec, Resume, grid_cells, run_bench_resumed,
};
use crate::matches::play::{GameRecord, MatchResult, MatchSpec, run_match_resumed};
use crate::output::journal::{Journal, cell_key};
use crate::platform::pool::map_in_order;

/// The grid folder an experiment writes its cells to, and the shard it runs.
#[derive(Debug)]
pub struct ExperimentCells<'j> {
    journal: &'j Journal,
    shard: Option<(usize, usize)>,
    part: AtomicUsize,
    waiting: AtomicBool,
}

impl<'j> ExperimentCells<'j> {
    /// The cells of `journal`, run as shard `shard` (all of them when `None`).
    #[must_use]
    pub fn new(journal: &'j Journal, shard: Option<(usize, usize)>) -> ExperimentCells<'j> {
        ExperimentCells {
            journal,
            shard,
            part: AtomicUsize::new(0),
            waiting: AtomicBool::new(false),
        }
    }

    /// Whether the run ended at a part that waits for other shards' cells (its error is
    /// then that, not a failure).
    #[must_use]
    pub fn waiting(&self) -> bool {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Whether `group` is this run's shard's.
    fn mine(&self, group: usize) -> bool {
        self.shard.is_none_or(|(k, n)| group % n.max(1) == k)
    }

    /// The next part's number.
    fn next_part(&self) -> usize {
        self.part.fetch_add(1, Ordering::Relaxed)
    }

    /// The folder's cells of `part`: `(group, name, text)`.
    fn found(&self, part: usize) -> Vec<(usize, &str, &str)> {
        let prefix = format!("p{part}:");
        self.journal
            .found()
            .iter()
            .filter_map(|(key, text)| {
                let (group, rest) = key.split_once(':')?;
                let name = rest.strip_prefix(&prefix)?;
                Some((group.parse().ok()?, name, text.as_str()))
            })
            .collect()
    }

    /// Appends cell `name` of `group` in `part`.
    fn append<T: Serialize>(
        &self,
        part: usize,
        group: usize,
        name: &str,
        value: &T,
    ) -> Result<(), String> {
        let text = ron::to_string(value).map_err(|e| format!("cannot write a cell: {e}"))?;
        self.journal
            .append(&cell_key(group, &format!("p{part}:{name}")), &text)
    }

    /// The error that ends a shard's run at `part`, which lacks other shards' cells.
    fn wait_for_others(&self, part: usize) -> EngineError {
        self.waiting.store(true, Ordering::Relaxed);
        let (k, n) = self.shard.unwrap_or((0, 1));
        EngineError::Input(format!(
            "shard {k}/{n} ran its share of part {} and waits for the other shards' cells of \
             it; once every shard is done, the same command without --shard runs what is left \
             and writes the experiment's files",
            part + 1
        ))
    }

    /// Runs the bench grid `spec` (its shard's positions), its cells from the folder
    /// where they are there; the whole grid, or the wait when other shards' cells are
    /// missing.
    pub(super) fn bench(
        &self,
        spec: &BenchSpec,
        stop: &std::sync::Arc<AtomicBool>,
        progress: &(dyn Fn(usize, usize, u64) + Sync),
    ) -> Result<BenchResult, EngineError> {
        let part = self.next_part();
        let mut done: BTreeMap<(usize, usize, u32), BenchCell> = BTreeMap::new();
        for (_, name, text) in self.found(part) {
            let cell: BenchCell = read(name, text)?;
            done.insert((cell.position_index, cell.row, cell.depth), cell);
        }
        let new = Mutex::new(Vec::new());
        let finished = |c: &BenchCell| {
            self.append(part, c.position_index, &format!("{}:{}", c.row, c.depth), c)?;
            if let Ok(mut new) = new.lock() {
                new.push(c.clone());
            }
            Ok(())
        };
        let sliced = BenchSpec {
            shard: self.shard,
            ..spec.clone()
        };
        let resume = Resume {
            done: done.clone(),
            finished: &finished,
        };
        let result = run_bench_resumed(&sliced, stop, progress, &resume)?;
        if self.shard.is_none() {
            return Ok(result);
        }
        for c in new.into_inner().unwrap_or_default() {
            done.insert((c.position_index, c.row, c.depth), c);
        }
        let whole = grid_cells(spec);
        let cells: Option<Vec<BenchCell>> = whole.iter().map(|k| done.get(k).cloned()).collect();
        match cells {
            Some(cells) => Ok(BenchResult { cells, ..result }),
            None => Err(self.wait_for_others(part)),
        }
    }

    /// Plays the match `spec` (its shard's openings), its games from the folder where
    /// they are there; the whole match, or the wait.
    pub(super) fn play(
        &self,
        spec: &MatchSpec,
        stop: &std::sync::Arc<AtomicBool>,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<MatchResult, EngineError> {
        let part = self.next_part();
        let mut done: BTreeMap<usize, GameRecord> = BTreeMap::new();
        for (_, name, text) in self.found(part) {
            let game: GameRecord = read(name, text)?;
            done.insert(game.index, game);
        }
        let new = Mutex::new(Vec::new());
        let on_game = |g: &GameRecord| {
            self.append(part, spec.opening_of(g.index), &g.index.to_string(), g)?;
            if let Ok(mut new) = new.lock() {
                new.push(g.clone());
            }
            Ok(())
        };
        // An SPRT reads the games in order: such a match is never shared out.
        let shard = self.shard.filter(|_| spec.sprt.is_none());
        let sliced = MatchSpec {
            shard,
            ..spec.clone()
        };
        let result = run_match_resumed(&sliced, stop, progress, &done, &on_game)?;
        if shard.is_none() {
            return Ok(result);
        }
        for g in new.into_inner().unwrap_or_default() {
            done.insert(g.index, g);
        }
        if spec.game_indices().iter().all(|i| done.contains_key(i)) {
            // Every game is there: nothing is played.
            run_match_resumed(spec, stop, progress, &done, &|_| Ok(()))
        } else {
            Err(self.wait_for_others(part))
        }
    }

    /// Maps `f` over `items` (its shard's), each result from the folder where it is
    /// there; all the results in item order, or the wait.
    pub(super) fn map<T: Sync, R: Send + Serialize + DeserializeOwned>(
        &self,
        items: &[T],
        threads: usize,
        f: impl Fn(&T) -> Result<R, EngineError> + Sync,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Result<Vec<R>, EngineError> {
        let part = self.next_part();
        let mut done: BTreeMap<usize, R> = BTreeMap::new();
        for (group, name, text) in self.found(part) {
            done.insert(group, read(name, text)?);
        }
        let todo: Vec<usize> = (0..items.len())
            .filter(|i| !done.contains_key(i) && self.mine(*i))
            .collect();
        let count = AtomicUsize::new(done.len());
        let never = AtomicBool::new(false);
        let ran = map_in_order(&todo, threads, &never, |_, &i| {
            let r = f(&items[i])?;
            self.append(part, i, "", &r).map_err(EngineError::Input)?;
            progress(count.fetch_add(1, Ordering::Relaxed) + 1);
            Ok((i, r))
        });
        for r in ran {
            let (i, value) =
                r.unwrap_or_else(|| Err(EngineError::Input("a job did not run".into())))?;
            done.insert(i, value);
        }
        if done.len() < items.len() {
            return Err(self.wait_for_others(part));
        }
        Ok(done.into_values().collect())
    }
}

/// A cell of the folder read back; one that does not read is another version's.
fn read<T: DeserializeOwned>(name: &str, text: &str) -> Result<T, EngineError> {
    ron::from_str(text).map_err(|e| {
        EngineError::Input(format!(
            "a cell ({name}) of the experiment's folder does not read as this treelab writes \
             it ({e}): was the folder written by another version? Give this run another folder"
        ))
    })
}
