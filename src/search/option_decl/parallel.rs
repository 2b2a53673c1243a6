//! The declaration of the parallel algorithms' option: how many threads search at once.

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
pub(super) const PARALLEL_OPTIONS: &[OptionDecl] = &[OptionDecl {
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
        (o.threads != SearchOptions::default().threads).then(|| format!("{} threads", o.threads))
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
}];
