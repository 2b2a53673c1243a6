//! `treelab.algorithms()`: every algorithm as the library's registry describes it
//! ([`treelab::search::ALGORITHMS`]) with the options it takes, each as its declaration
//! says ([`treelab::search::option_decl`]): its key, words, the values it takes, its
//! default and what it needs.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use treelab::search::option_decl::{Form as OptionForm, OptionDecl, Subject, all};
use treelab::search::registry::{
    Bounds, Budget, ChanceNodes, Deepening, Form, ResultKind, TableUse, VisitOrder,
};
use treelab::search::{ALGORITHMS, Algorithm, AlgorithmInfo, SearchOptions};

use crate::convert::Fields;

/// Whether `algorithm` takes `decl` (set to its example value, other options at their
/// defaults, what it needs aside): the check the row spec applies.
fn takes(decl: &OptionDecl, algorithm: Algorithm) -> bool {
    if decl.only_for.is_some_and(|own| !algorithm.info().has(own)) {
        return false;
    }
    let mut trial = SearchOptions::default();
    (decl.example)(&mut trial);
    let run = trial.resolved(algorithm);
    (decl.check)(&Subject {
        written: &trial,
        run: &run,
        algorithm,
    })
    .is_ok()
}

/// One option as a dict: `key` (the row spec's and the keyword's, `_` for `-`),
/// `label`, `help`, `form` (switch or value), `values` (a switch's keys, a named
/// value's choices; None for a number), `min`, `max` and `unit` of a number, `default`
/// (its text form; empty: off) and `needs` (what else it needs, None when nothing).
fn option_fields<'py>(py: Python<'py>, decl: &OptionDecl) -> PyResult<Bound<'py, PyDict>> {
    let defaults = SearchOptions::default();
    let mut trial = defaults.clone();
    (decl.example)(&mut trial);
    let needs = (decl.needs)(&trial).err();
    let fields = Fields::new(py)
        .with("key", decl.key)?
        .with("label", decl.label)?
        .with("help", decl.help)?;
    let fields = match decl.form {
        OptionForm::Switch { states, get, .. } => {
            let keys: Vec<&str> = states
                .iter()
                .map(|s| s.key)
                .filter(|k| !k.is_empty())
                .collect();
            fields
                .with("form", "switch")?
                .with("values", keys)?
                .with("min", None::<i64>)?
                .with("max", None::<i64>)?
                .with("unit", None::<&str>)?
                .with("default", states[get(&defaults)].key)?
        }
        OptionForm::Value {
            get,
            number,
            choices,
            ..
        } => {
            let values: Option<Vec<&str>> =
                (!choices.is_empty()).then(|| choices.iter().map(|c| c.text).collect());
            fields
                .with("form", "value")?
                .with("values", values)?
                .with("min", number.map(|n| n.min))?
                .with("max", number.map(|n| n.max))?
                .with("unit", number.map(|n| n.unit.trim()))?
                .with("default", get(&defaults))?
        }
    };
    Ok(fields.with("needs", needs)?.done())
}

/// The words of an algorithm's description, each a short text.
fn words(info: &AlgorithmInfo) -> [(&'static str, String); 8] {
    let refused = |why: &str| format!("refused: {why}");
    [
        (
            "result",
            match info.result {
                ResultKind::Exact => "exact",
                ResultKind::Sampling => "sampling",
                ResultKind::Proving => "proving",
            }
            .into(),
        ),
        (
            "form",
            match info.form {
                Form::TwoSided => "two-sided",
                Form::Negamax => "negamax",
            }
            .into(),
        ),
        (
            "order",
            match info.order {
                VisitOrder::DepthFirst => "depth-first",
                VisitOrder::BestFirst => "best-first",
                VisitOrder::Parallel => "parallel",
            }
            .into(),
        ),
        (
            "bounds",
            match info.bounds {
                Bounds::NoWindow => "no window",
                Bounds::FailHard => "fail-hard",
                Bounds::FailSoft => "fail-soft",
                Bounds::Choice => "fail-hard or fail-soft",
            }
            .into(),
        ),
        (
            "table",
            match info.table {
                TableUse::Refused(why) => refused(why),
                TableUse::Optional => "optional".into(),
                TableUse::MemoryEnhanced => "memory-enhanced".into(),
            },
        ),
        (
            "budget",
            match info.budget {
                Budget::Depth => "depth",
                Budget::Iterations => "iterations",
            }
            .into(),
        ),
        (
            "deepening",
            match info.deepening {
                Deepening::Useful => "useful".into(),
                Deepening::Refused(why) => refused(why),
            },
        ),
        (
            "chance_nodes",
            match info.chance {
                ChanceNodes::Averages => "averages".into(),
                ChanceNodes::Samples => "samples".into(),
                ChanceNodes::Refuses(why) => refused(why),
            },
        ),
    ]
}

/// Every algorithm, in the registry's order, a dict each: `name` (as row specs write
/// it), `label`, `paper`, `contract` (what it returns), `result` (exact, sampling,
/// proving), `form`, `order`, `bounds`, `table`, `budget`, `deepening`, `chance_nodes`
/// and `options` (a dict of the options it takes by key, each as [`option_fields`]).
#[pyfunction]
pub fn algorithms(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    for info in ALGORITHMS {
        let options = PyDict::new(py);
        for decl in all().filter(|d| takes(d, info.algorithm)) {
            options.set_item(decl.key, option_fields(py, decl)?)?;
        }
        let mut fields = Fields::new(py)
            .with("name", info.name)?
            .with("label", info.label)?
            .with("paper", info.paper)?
            .with("contract", info.contract)?;
        for (key, text) in words(info) {
            fields = fields.with(key, text)?;
        }
        out.append(fields.with("options", options)?.done())?;
    }
    Ok(out)
}
