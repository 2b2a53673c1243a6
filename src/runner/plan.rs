//! A run's plan: the jobs of a comparison (every enabled row x position x depth,
//! positions outer), what Run searches (the current position or the suite), and what
//! it leaves out because the engine would refuse it (checked without searching).

use super::job::{Job, RunPosition};
use crate::engine::check_search;
use crate::session::{ComparisonRow, Session};

/// The jobs of a comparison: every enabled row x position x depth, positions in the
/// outer loop so that a stopped run has every row's results for the first positions.
/// A row that would be refused is an error, with the row number and the reason
/// ([`plan_runnable`] leaves such rows out instead).
pub fn plan_jobs(rows: &[ComparisonRow], positions: &[RunPosition]) -> Result<Vec<Job>, String> {
    plan_jobs_on(rows, positions, 1)
}

/// [`plan_jobs`] for `threads` searches at once: also refuses rows whose tables would
/// not fit in the memory there is with that many running together.
pub fn plan_jobs_on(
    rows: &[ComparisonRow],
    positions: &[RunPosition],
    threads: usize,
) -> Result<Vec<Job>, String> {
    if let Some(l) = left_outs(rows, positions, threads).first() {
        return Err(l.to_string());
    }
    plan_runnable(rows, positions, threads).map(|(jobs, _)| jobs)
}

/// What a run leaves out of a row, and why: the whole row (its options refused), or
/// the searches a game refuses (some depths, some positions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftOut {
    /// The row's index.
    pub row: usize,
    /// The searches left out, by depth (empty: the whole row).
    pub depths: Vec<u32>,
    /// How many searches are left out, and how many the row has.
    pub searches: (usize, usize),
    /// Why (the first refusal), in words.
    pub reason: String,
}

impl LeftOut {
    /// What is left out and why, without the row's number: the reason alone for the
    /// whole row, else `depth 1 (1 of its 6 searches): REASON`.
    #[must_use]
    pub fn what(&self) -> String {
        if self.depths.is_empty() {
            return self.reason.clone();
        }
        let depths: Vec<String> = self.depths.iter().map(ToString::to_string).collect();
        format!(
            "depth{} {} ({} of its {} searches): {}",
            if depths.len() == 1 { "" } else { "s" },
            depths.join(", "),
            self.searches.0,
            self.searches.1,
            self.reason
        )
    }
}

impl std::fmt::Display for LeftOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.depths.is_empty() {
            write!(f, "row {}: {}", self.row + 1, self.what())
        } else {
            write!(f, "row {} at {}", self.row + 1, self.what())
        }
    }
}

/// What a run would leave out of `row` on `positions` with `threads` searches at once,
/// if anything: the whole row when its options or depths are refused
/// ([`ComparisonRow::check`]) or its tables would not fit in memory; else each search
/// the engine refuses ([`check_search`]: an evaluator the game lacks, a depth where it
/// has no value). Nothing is searched. `row` is the row's index.
#[must_use]
pub fn row_left_out(
    row: usize,
    spec: &ComparisonRow,
    positions: &[RunPosition],
    threads: usize,
) -> Option<LeftOut> {
    let total = positions.len() * spec.depths().count();
    if let Err(reason) = spec.check().and_then(|()| {
        spec.options
            .check_memory(spec.algorithm, threads as u64)
            .map_err(|e| e.to_string())
    }) {
        return Some(LeftOut {
            row,
            depths: Vec::new(),
            searches: (total, total),
            reason,
        });
    }
    let mut out: Option<LeftOut> = None;
    for at in positions {
        for depth in spec.depths() {
            let Err(e) = check_search(&at.position, &spec.request(depth)) else {
                continue;
            };
            let l = out.get_or_insert_with(|| LeftOut {
                row,
                depths: Vec::new(),
                searches: (0, total),
                reason: if positions.len() > 1 {
                    format!("on {}: {e}", at.label())
                } else {
                    e.to_string()
                },
            });
            l.searches.0 += 1;
            if !l.depths.contains(&depth) {
                l.depths.push(depth);
            }
        }
    }
    if let Some(l) = &mut out {
        l.depths.sort_unstable();
        if l.searches.0 == total {
            // Every search refused: the whole row.
            l.depths.clear();
        }
    }
    out
}

/// What a run would leave out of each enabled row ([`row_left_out`]), in row order.
fn left_outs(rows: &[ComparisonRow], positions: &[RunPosition], threads: usize) -> Vec<LeftOut> {
    rows.iter()
        .enumerate()
        .filter(|(_, r)| r.enabled)
        .filter_map(|(i, r)| row_left_out(i, r, positions, threads))
        .collect()
}

/// The jobs of the enabled rows that would not be refused ([`row_left_out`]), in
/// [`plan_jobs`]'s order, and what was left out, row by row. An error when nothing is
/// left to run.
pub fn plan_runnable(
    rows: &[ComparisonRow],
    positions: &[RunPosition],
    threads: usize,
) -> Result<(Vec<Job>, Vec<LeftOut>), String> {
    let left_out = left_outs(rows, positions, threads);
    let whole = |i: usize| left_out.iter().any(|l| l.row == i && l.depths.is_empty());
    let mut jobs = Vec::new();
    for at in positions {
        for (i, row) in rows
            .iter()
            .enumerate()
            .filter(|(i, r)| r.enabled && !whole(*i))
        {
            for depth in row.depths() {
                let request = row.request(depth);
                let refused = left_out
                    .iter()
                    .any(|l| l.row == i && l.depths.contains(&depth))
                    && check_search(&at.position, &request).is_err();
                if !refused {
                    jobs.push(Job {
                        row: i,
                        label: row.label(),
                        at: at.clone(),
                        request,
                    });
                }
            }
        }
    }
    if jobs.is_empty() {
        return Err(match left_out.as_slice() {
            [] => "nothing to run: turn on at least one row".into(),
            [one] => format!("nothing to run: {one}"),
            many => {
                let each: Vec<String> = many.iter().map(ToString::to_string).collect();
                format!(
                    "nothing to run: every search is refused ({})",
                    each.join("; ")
                )
            }
        });
    }
    Ok((jobs, left_out))
}

/// What a run searches: the current position or every position of the suite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The session's current position.
    Current,
    /// Every position of the session's suite.
    Suite,
}

impl Target {
    /// What a run of `session` searches: the suite when the session says so and its
    /// suite is of the current game, else the current position.
    #[must_use]
    pub fn of(session: &Session) -> Target {
        if session.view.run_suite && session.suite_of_this_game().is_some() {
            Target::Suite
        } else {
            Target::Current
        }
    }
}

/// The positions `target` names in `session`: the current position (named after its
/// suite entry when it is one), or every position of the suite, which must be of the
/// current game (a suite of another game is never searched).
pub fn target_positions(session: &Session, target: Target) -> Result<Vec<RunPosition>, String> {
    match target {
        Target::Current => {
            let (name, suite) = match session.current_suite_item() {
                Some((i, item)) => (
                    item.name.clone(),
                    session.suite.as_ref().map(|s| (s.source.clone(), i)),
                ),
                None => (String::new(), None),
            };
            Ok(vec![RunPosition {
                position: session.position.clone(),
                name,
                suite,
            }])
        }
        Target::Suite => {
            let open = session.suite.as_ref().ok_or("no suite is open")?;
            if open.kind() != session.game() {
                return Err(format!(
                    "the suite {} is of {}, the position of {}: open a suite of {} or run the current position",
                    open.suite.name,
                    open.kind().label(),
                    session.game().label(),
                    session.game().label()
                ));
            }
            if open.suite.items.is_empty() {
                return Err(format!("{} has no positions", open.suite.name));
            }
            Ok(open
                .suite
                .items
                .iter()
                .enumerate()
                .map(|(i, it)| RunPosition {
                    position: it.position.clone(),
                    name: it.name.clone(),
                    suite: Some((open.source.clone(), i)),
                })
                .collect())
        }
    }
}
