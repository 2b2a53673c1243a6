//! The numbers Python hands over, checked before anything runs: each error names the
//! argument, the value given and what it takes (`depth=-1: give a whole number from 1
//! to 64, the plies to search`), a `TypeError` for a value of the wrong type and a
//! `ValueError` for one out of range, never an `OverflowError` from a conversion.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBool;

/// What a whole-number argument takes: its limits and, in words, what it counts.
#[derive(Clone, Copy, Debug)]
pub struct Whole {
    /// The argument's name, as the Python function spells it.
    pub name: &'static str,
    /// The smallest value taken.
    pub min: u64,
    /// The largest value taken.
    pub max: u64,
    /// What the number counts (`the plies to search`).
    pub what: &'static str,
}

impl Whole {
    /// `what it takes` in words: `a whole number from 1 to 64, the plies to search`.
    fn takes(&self) -> String {
        if self.max == u64::MAX {
            format!("a whole number of at least {}, {}", self.min, self.what)
        } else {
            format!(
                "a whole number from {} to {}, {}",
                self.min, self.max, self.what
            )
        }
    }

    /// The error for `value`: a `TypeError` when `type_error`, else a `ValueError`.
    fn refuse(&self, value: &Bound<'_, PyAny>, type_error: bool) -> PyErr {
        let shown = value
            .repr()
            .map_or_else(|_| "?".to_string(), |r| r.to_string());
        let message = format!("{}={shown}: give {}", self.name, self.takes());
        if type_error {
            PyTypeError::new_err(message)
        } else {
            PyValueError::new_err(message)
        }
    }

    /// `value` as a number within the limits, or the error that says why not. Python
    /// ints and anything with `__index__` (numpy's integers) are taken; `True` and
    /// `False` are not numbers here.
    pub fn of(&self, value: &Bound<'_, PyAny>) -> PyResult<u64> {
        if value.is_instance_of::<PyBool>() {
            return Err(self.refuse(value, true));
        }
        let index = value
            .py()
            .import("operator")?
            .call_method1("index", (value,))
            .map_err(|_| self.refuse(value, true))?;
        // Past 64 bits either way: out of range, not a failed conversion.
        let n: i128 = index.extract().map_err(|_| self.refuse(value, false))?;
        match u64::try_from(n) {
            Ok(n) if (self.min..=self.max).contains(&n) => Ok(n),
            _ => Err(self.refuse(value, false)),
        }
    }

    /// [`Whole::of`] for an argument that may be `None` (left out).
    pub fn of_opt(&self, value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
        value
            .filter(|v| !v.is_none())
            .map(|v| self.of(v))
            .transpose()
    }
}

/// A search's depth in plies.
pub const DEPTH: Whole = Whole {
    name: "depth",
    min: 1,
    max: treelab::search::options::MAX_DEPTH as u64,
    what: "the plies to search (None: a tree's height)",
};

/// A node limit.
pub const NODES: Whole = Whole {
    name: "nodes",
    min: 1,
    max: u64::MAX,
    what: "the nodes after which the search stops (None: no limit)",
};

/// Worker threads of a grid, a match or a solve.
pub const THREADS: Whole = Whole {
    name: "threads",
    min: 1,
    max: treelab::experiment::bench::MAX_THREADS as u64,
    what: "the worker threads",
};

/// How many games a match plays.
pub const GAMES: Whole = Whole {
    name: "games",
    min: 1,
    max: 100_000_000,
    what: "the games to play",
};

/// A match's seed.
pub const SEED: Whole = Whole {
    name: "seed",
    min: 0,
    max: u64::MAX,
    what: "the seed of the openings and the random players",
};

/// How many positions of a suite a grid takes.
pub const LIMIT: Whole = Whole {
    name: "limit",
    min: 1,
    max: u64::MAX,
    what: "the first positions to take (None: all)",
};

/// A depth as the engine takes it.
pub fn depth(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u32>> {
    Ok(DEPTH.of_opt(value)?.map(|d| d as u32))
}

/// Threads as the engine takes them.
pub fn threads(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    Ok(THREADS.of(value)? as usize)
}

/// Every depth of a list, each checked as [`DEPTH`] (named `depths`).
pub fn depths(values: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    let each = Whole {
        name: "depths",
        ..DEPTH
    };
    let list: Vec<Bound<'_, PyAny>> = values
        .try_iter()
        .map_err(|_| PyTypeError::new_err("depths: give a list of depths"))?
        .collect::<PyResult<_>>()?;
    if list.is_empty() {
        return Err(PyValueError::new_err(format!(
            "depths=[]: give at least one depth, {}",
            each.takes()
        )));
    }
    list.iter().map(|v| Ok(each.of(v)? as u32)).collect()
}
