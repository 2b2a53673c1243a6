//! The declarations of the parallel algorithms' options: how many threads search at
//! once, and Lazy SMP's deeper table entries.

use super::*;
use crate::search::options::{MAX_THREADS, SearchOptions};
use crate::search::registry::{OwnOption, owners};

/// The thread count's limits.
const THREADS: Number = Number {
    min: 1,
    max: MAX_THREADS as i64,
    unit: "",
};

/// The declarations of this group.
pub(super) const PARALLEL_OPTIONS: &[OptionDecl] = &[
    OptionDecl {
        key: "threads",
        label: "Threads",
        help: "Parallel algorithms: threads searching at once (1: the serial search; more: the same exact value, counts that vary from run to run)",
        form: Form::Value {
            hint: "N",
            get: |o| o.threads.to_string(),
            set: |o, v| {
                o.threads = whole(v, "the thread count")?;
                Ok(())
            },
            number: Some(THREADS),
            choices: &[],
        },
        summary: |o| {
            (o.threads != SearchOptions::default().threads)
                .then(|| format!("{} threads", o.threads))
        },
        needs: ok,
        check: |s| {
            if s.run.threads != 1 && !s.algorithm.info().has(OwnOption::Threads) {
                return Err(format!(
                    "threads are {}'s: {} searches on one thread",
                    owners(OwnOption::Threads),
                    s.algorithm.label()
                ));
            }
            within(i64::from(s.run.threads), THREADS, || {
                format!(
                    "{} threads is out of range: use 1 to {MAX_THREADS}",
                    s.run.threads
                )
            })
        },
        example: |o| o.threads = 2,
        only_for: Some(OwnOption::Threads),
    },
    OptionDecl {
        key: "tt-deeper",
        label: "Deeper entries answer",
        help: "Lazy SMP and ABDADA: a bound stored for a deeper search answers a shallower one too (as chess engines' tables do), so what the helpers a ply ahead store cuts the main thread's search; the value is then no longer exactly the depth's",
        form: flag!(tt_deeper, "tt-deeper"),
        summary: |o| o.tt_deeper.then(|| "deeper entries answer".into()),
        needs: |o| {
            if o.tt_deeper && o.tt_mib == 0 {
                Err("deeper table entries need a transposition table (set its size)".into())
            } else {
                Ok(())
            }
        },
        check: |s| {
            if s.run.tt_deeper && !s.algorithm.info().has(OwnOption::DeeperEntries) {
                return Err(format!(
                    "deeper table entries are {}'s: {} answers a node only from an entry of its own depth",
                    owners(OwnOption::DeeperEntries),
                    s.algorithm.label()
                ));
            }
            Ok(())
        },
        example: |o| {
            o.tt_mib = 1;
            o.tt_deeper = true;
        },
        only_for: Some(OwnOption::DeeperEntries),
    },
];
