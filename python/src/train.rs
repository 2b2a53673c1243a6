//! `treelab.train_net`: a game's policy-value network trained on solver-labelled
//! positions and written to a safetensors file, as `treelab train-net` trains it (the
//! library's [`treelab::solve::net_train::train_network`]): the same options give the
//! same file. The labelling and the training run on a background thread; Ctrl+C stops
//! them within a position or a step, and `progress(done, total)` is told the positions
//! labelled, then the epochs.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use treelab::engine::GameKind;
use treelab::net::train::{Accuracy, Epoch};
use treelab::solve::net_train::{TrainSpec, Trained, train_network};

use crate::args::{self, Whole};
use crate::convert::Fields;
use crate::value_error;
use crate::wait::{Report as Progress, in_background};

/// Positions to draw and label.
const POSITIONS: Whole = Whole {
    name: "positions",
    min: 1,
    max: 1_000_000,
    what: "the positions to draw and label",
};
/// Passes over the training set.
const EPOCHS: Whole = Whole {
    name: "epochs",
    min: 1,
    max: 10_000,
    what: "the passes over the training set",
};
/// Positions a step.
const BATCH: Whole = Whole {
    name: "batch",
    min: 1,
    max: 65_536,
    what: "the positions a step",
};
/// The seed of the play, the weights and the batches.
const SEED: Whole = Whole {
    name: "seed",
    min: 0,
    max: u64::MAX,
    what: "the seed of the random play, the weights and the batches",
};
/// Plies of random play, each bound.
const PLIES: Whole = Whole {
    name: "plies",
    min: 0,
    max: 200,
    what: "the fewest and the most plies of random play",
};
/// A hidden layer's width.
const WIDTH: Whole = Whole {
    name: "hidden",
    min: 1,
    max: 4096,
    what: "a hidden layer's width",
};

/// An accuracy as a dict: `positions`, `value_sign`, `best_move` (counts).
fn accuracy_fields<'py>(py: Python<'py>, a: &Accuracy) -> PyResult<Bound<'py, PyDict>> {
    Ok(Fields::new(py)
        .with("positions", a.positions)?
        .with("value_sign", a.value_sign)?
        .with("best_move", a.best_move)?
        .done())
}

/// The spec the arguments name, each checked by its name.
#[allow(clippy::too_many_arguments)]
fn spec_of(
    game: &str,
    positions: &Bound<'_, PyAny>,
    plies: Option<&Bound<'_, PyAny>>,
    hidden: &Bound<'_, PyAny>,
    epochs: &Bound<'_, PyAny>,
    batch: &Bound<'_, PyAny>,
    learning_rate: f64,
    held_out: f64,
    seed: &Bound<'_, PyAny>,
    threads: &Bound<'_, PyAny>,
) -> PyResult<TrainSpec> {
    let game = GameKind::from_name(game).map_err(value_error)?;
    let plies = match plies.filter(|p| !p.is_none()) {
        None => None,
        Some(p) => {
            let (a, b): (Bound<'_, PyAny>, Bound<'_, PyAny>) = p
                .extract()
                .map_err(|_| PyValueError::new_err("plies: give (MIN, MAX), e.g. (12, 36)"))?;
            Some((PLIES.of(&a)? as usize, PLIES.of(&b)? as usize))
        }
    };
    let widths: Vec<Bound<'_, PyAny>> = hidden
        .try_iter()
        .map_err(|_| PyValueError::new_err("hidden: give a list of layer widths, e.g. [128, 128]"))?
        .collect::<PyResult<_>>()?;
    let spec = TrainSpec {
        game,
        positions: POSITIONS.of(positions)? as usize,
        plies,
        hidden: widths
            .iter()
            .map(|w| Ok(WIDTH.of(w)? as usize))
            .collect::<PyResult<_>>()?,
        epochs: EPOCHS.of(epochs)? as usize,
        batch: BATCH.of(batch)? as usize,
        learning_rate,
        held_out,
        seed: SEED.of(seed)?,
        threads: args::threads(threads)?,
    };
    spec.check().map_err(value_error)?;
    Ok(spec)
}

/// Trains `game`'s network as `treelab train-net` does and writes it to `out`: a dict
/// of `path`, `shape`, `command` (the command line that makes the same file),
/// `drawn`, `trained_on`, `held_out`, `label_seconds`, `before` (the untrained
/// network's held-out accuracy), `epochs` (one dict each: `epoch`, `loss` and the
/// held-out accuracy's counts) and `manifest` (the file's).
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (game, out, positions, plies, hidden, epochs, batch, learning_rate, held_out, seed, threads, progress=None))]
pub fn train_net<'py>(
    py: Python<'py>,
    game: &str,
    out: &str,
    positions: &Bound<'py, PyAny>,
    plies: Option<Bound<'py, PyAny>>,
    hidden: &Bound<'py, PyAny>,
    epochs: &Bound<'py, PyAny>,
    batch: &Bound<'py, PyAny>,
    learning_rate: f64,
    held_out: f64,
    seed: &Bound<'py, PyAny>,
    threads: &Bound<'py, PyAny>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let spec = spec_of(
        game,
        positions,
        plies.as_ref(),
        hidden,
        epochs,
        batch,
        learning_rate,
        held_out,
        seed,
        threads,
    )?;
    if out.trim().is_empty() {
        return Err(PyValueError::new_err(
            "out: give the file to write the network to",
        ));
    }
    let path = std::path::PathBuf::from(out);
    let command = spec.command_line(out);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let mut report = Progress::to(progress);
    let meter = report.meter();
    let total_epochs = spec.epochs as u64;
    let target = path.clone();
    let trained: Trained = in_background(py, &stop, &mut report, move || {
        let labelled = |n: usize, all: usize| meter.set(n as u64, Some(all as u64));
        let mut ready = |_: &Trained| meter.set(0, Some(total_epochs));
        let mut epoch = |e: &Epoch| meter.set(e.epoch as u64, Some(total_epochs));
        let mut t = train_network(&spec, &flag, &labelled, &mut ready, &mut epoch)?;
        t.net.manifest.set("command", command);
        t.net
            .save(&target)
            .map_err(treelab::engine::EngineError::Input)?;
        Ok::<Trained, treelab::engine::EngineError>(t)
    })?
    .map_err(value_error)?;
    let epochs = PyList::empty(py);
    for e in &trained.epochs {
        let d = accuracy_fields(py, &e.held_out)?;
        d.set_item("epoch", e.epoch)?;
        d.set_item("loss", e.loss)?;
        epochs.append(d)?;
    }
    let manifest = PyDict::new(py);
    for (k, v) in &trained.net.manifest.entries {
        manifest.set_item(k, v)?;
    }
    Ok(Fields::new(py)
        .with("path", path.display().to_string())?
        .with("shape", trained.net.shape().text())?
        .with(
            "command",
            trained.net.manifest.get("command").unwrap_or_default(),
        )?
        .with("drawn", trained.drawn)?
        .with("trained_on", trained.trained_on)?
        .with("held_out", trained.held_out)?
        .with("label_seconds", trained.label_seconds)?
        .with("before", accuracy_fields(py, &trained.before)?)?
        .with("epochs", epochs)?
        .with("manifest", manifest)?
        .done())
}
