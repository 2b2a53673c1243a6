//! Games written in Python, searched by the generic engine. A state of a subclass of
//! `treelab.Game` becomes a [`PyState`], a [`Game`] whose every method calls the
//! state's Python methods (`moves`, `play`, `is_over`, `score`, `evaluate`, and where
//! the class has them `key`, `bounds`, `chance_outcomes`): every algorithm, option and
//! counter of the engine applies to it as to a built-in game.
//!
//! The search runs on the calling thread with the GIL held (the game is Python code);
//! it looks at Python's signals every 1,024 calls, so Ctrl+C stops it. Moves are any
//! hashable Python values: each is given a number the first time it is seen in a
//! search ([`PySearch`]), which is the engine's move; its `str()` is its notation, and
//! results hand back the move objects themselves. The first exception a method raises
//! stops the search and is raised to the caller.
//!
//! `is_over()` is asked first at every state: a finished game has no moves, whatever
//! `moves()` would answer (tic-tac-toe written naturally lists the empty cells after a
//! win). A state whose `is_over()` is false while `moves()` is empty is an error that
//! says so, and so is a `play()` that returns anything but a `treelab.Game`.
//!
//! Without `key()` a state's hash is a serial number of the state in its search: a
//! transposition table then finds only the states it has seen itself (in iterative
//! deepening, the root), never a transposition, and never a wrong one.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use treelab::game::{Evaluator, FormatError, Game, Outcome, Scoring, Side, splitmix64};

/// The most plies a Python game's search goes (the engine's deepest depth).
const MAX_PLIES: usize = treelab::search::options::MAX_DEPTH as usize;

/// Move numbers are folded into this many history slots.
const MOVE_SLOTS: usize = 4096;

/// How often (in calls into Python) the search looks at Python's signals.
const SIGNAL_EVERY: u64 = 1024;

/// What a search of a Python game shares: the moves seen so far, what the class
/// offers, and the first error. One per search, on the thread that runs it.
pub struct PySearch {
    /// Move value -> its number.
    numbers: Py<PyDict>,
    /// Number -> move value.
    moves: Vec<Py<PyAny>>,
    /// Number -> `str()` of the move, once asked.
    names: HashMap<u32, String>,
    /// `treelab.Game`, which every state `play()` returns must be an instance of.
    base: Py<PyAny>,
    /// Whether the class defines `key()`.
    has_key: bool,
    /// Whether the class defines `chance_outcomes()`.
    has_chance: bool,
    /// `bounds()` of the root: the range of every score and evaluation.
    bounds: (i32, i32),
    /// The engine's units per unit of the game's values (`value_scale`).
    scale: u32,
    /// The first exception, which ends the search.
    error: Option<PyErr>,
    /// Raised on an exception or Ctrl+C: the search ends within a few nodes.
    stop: Arc<AtomicBool>,
    /// Calls into Python so far (for the signal checks).
    calls: u64,
    /// States made so far in this search (each one's serial number).
    states: u64,
}

/// The next state's serial number in this thread's search.
fn next_serial() -> u64 {
    with_search(|s| {
        s.states += 1;
        s.states
    })
    .unwrap_or(0)
}

thread_local! {
    /// The search of a Python game running on this thread.
    static SEARCH: RefCell<Option<PySearch>> = const { RefCell::new(None) };
}

/// Runs `f` on this thread's search (None outside a search).
fn with_search<R>(f: impl FnOnce(&mut PySearch) -> R) -> Option<R> {
    SEARCH.with(|s| s.borrow_mut().as_mut().map(f))
}

/// Records `e` as the search's error (the first one wins) and stops the search.
pub fn fail(e: PyErr) {
    with_search(|s| {
        s.stop.store(true, Ordering::Relaxed);
        if s.error.is_none() {
            s.error = Some(e);
        }
    });
}

/// Counts a call into Python and, every [`SIGNAL_EVERY`], looks at the signals.
fn tick(py: Python<'_>) {
    let check = with_search(|s| {
        s.calls += 1;
        s.calls % SIGNAL_EVERY == 0
    })
    .unwrap_or(false);
    if check && let Err(e) = py.check_signals() {
        fail(e);
    }
}

/// Calls `obj.name()` and converts the answer, recording any error.
fn call<T>(
    obj: &Py<PyAny>,
    name: &str,
    convert: impl FnOnce(&Bound<'_, PyAny>) -> PyResult<T>,
) -> Option<T> {
    Python::attach(|py| {
        tick(py);
        let answer = obj.bind(py).call_method0(name).and_then(|v| convert(&v));
        answer.map_err(fail).ok()
    })
}

/// A value a method returned, as the engine's whole number (times the scale), or why
/// it cannot be one.
fn value_of(v: &Bound<'_, PyAny>, method: &str) -> PyResult<i32> {
    let n: i64 = v.extract().map_err(|_| {
        PyValueError::new_err(format!(
            "{method}() returned {}: it must return an int",
            v.repr().map_or_else(|_| "?".into(), |r| r.to_string())
        ))
    })?;
    let (lo, hi, scale) =
        with_search(|s| (s.bounds.0, s.bounds.1, s.scale)).unwrap_or((i32::MIN, i32::MAX, 1));
    let scaled = n.saturating_mul(i64::from(scale));
    if scaled < i64::from(lo) || scaled > i64::from(hi) {
        return Err(PyValueError::new_err(format!(
            "{method}() returned {n}, outside bounds() ({}, {})",
            lo / scale as i32,
            hi / scale as i32
        )));
    }
    Ok(scaled as i32)
}

/// One state of a Python game.
struct Node {
    /// The Python object.
    obj: Py<PyAny>,
    /// The side to move: the root's is the first, and each move passes the turn
    /// (chance outcomes do not).
    side: Side,
    /// Plies from the root.
    ply: usize,
    /// `is_over()`, once asked.
    over: OnceLock<bool>,
    /// Whether it is a chance node, once asked.
    chance: OnceLock<bool>,
    /// The hash, once asked.
    hash: OnceLock<u64>,
    /// The serial number (the hash without `key()`).
    serial: u64,
}

/// A state of a Python game as the engine's [`Game`].
#[derive(Clone)]
pub struct PyState(Arc<Node>);

impl PyState {
    /// The root state `obj`.
    fn root(obj: Py<PyAny>) -> PyState {
        PyState(Arc::new(Node {
            obj,
            side: Side::First,
            ply: 0,
            over: OnceLock::new(),
            chance: OnceLock::new(),
            hash: OnceLock::new(),
            serial: next_serial(),
        }))
    }

    /// Whether the state is a chance node (nature moves).
    fn is_chance(&self) -> bool {
        *self.0.chance.get_or_init(|| {
            with_search(|s| s.has_chance).unwrap_or(false)
                && call(&self.0.obj, "chance_outcomes", |v| Ok(!v.is_none())).unwrap_or(false)
        })
    }

    /// The move numbers of `values`, numbering new ones.
    fn number_moves(py: Python<'_>, values: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let list: Vec<Bound<'_, PyAny>> = values
            .try_iter()
            .map_err(|_| PyValueError::new_err("moves() must return a list"))?
            .collect::<PyResult<_>>()?;
        with_search(|s| {
            let numbers = s.numbers.bind(py);
            list.iter()
                .map(|m| {
                    if let Some(n) = numbers.get_item(m).map_err(|_| {
                        PyValueError::new_err(format!(
                            "move {}: moves must be hashable (ints, strings, tuples)",
                            m.repr().map_or_else(|_| "?".into(), |r| r.to_string())
                        ))
                    })? {
                        return n.extract::<u32>();
                    }
                    let n = s.moves.len() as u32;
                    numbers.set_item(m, n)?;
                    s.moves.push(m.clone().unbind());
                    Ok(n)
                })
                .collect()
        })
        .unwrap_or_else(|| Ok(Vec::new()))
    }
}

impl fmt::Debug for PyState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = Python::attach(|py| {
            self.0
                .obj
                .bind(py)
                .repr()
                .map_or_else(|_| "?".into(), |r| r.to_string())
        });
        write!(f, "PyState({text})")
    }
}

impl PartialEq for PyState {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.hash() == other.hash()
    }
}

impl Game for PyState {
    type Move = u32;
    const NAME: &'static str = "python";
    const MOVE_SLOTS: usize = MOVE_SLOTS;
    const MAX_PLIES: usize = MAX_PLIES;
    const PERFT_CONVENTION: treelab::game::perft::PerftConvention =
        treelab::game::perft::PerftConvention::FinishedIsDropped;

    fn side_to_move(&self) -> Side {
        self.0.side
    }

    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.clear();
        // A finished game has no moves, whatever moves() would say.
        if self.stopped() || self.is_over() {
            return;
        }
        let method = if self.is_chance() {
            "chance_outcomes"
        } else {
            "moves"
        };
        let numbers = Python::attach(|py| {
            tick(py);
            let values = self.0.obj.bind(py).call_method0(method)?;
            if method == "chance_outcomes" {
                let firsts = PyList::empty(py);
                for pair in values.try_iter()? {
                    firsts.append(pair?.get_item(0)?)?;
                }
                return PyState::number_moves(py, firsts.as_any());
            }
            let numbers = PyState::number_moves(py, &values)?;
            if numbers.is_empty() {
                return Err(PyValueError::new_err(format!(
                    "moves() of {} returned no move while is_over() is False: a game \
                     with no move left is over (is_over() True), and a side that cannot \
                     move while the game goes on needs a pass move",
                    self.0
                        .obj
                        .bind(py)
                        .repr()
                        .map_or_else(|_| "a state".into(), |r| r.to_string())
                )));
            }
            Ok(numbers)
        });
        match numbers {
            Ok(n) => out.extend(n),
            Err(e) => fail(e),
        }
    }

    fn play(&self, mv: u32) -> Self {
        let chance = self.is_chance();
        let next = Python::attach(|py| {
            tick(py);
            let value = with_search(|s| s.moves.get(mv as usize).map(|m| m.clone_ref(py)))
                .flatten()
                .ok_or_else(|| PyValueError::new_err("a move of another search"))?;
            let next = self
                .0
                .obj
                .bind(py)
                .call_method1("play", (value.clone_ref(py),))?;
            let base = with_search(|s| s.base.clone_ref(py))
                .ok_or_else(|| PyValueError::new_err("a state outside its search"))?;
            if !next.is_instance(base.bind(py))? {
                return Err(PyTypeError::new_err(format!(
                    "play({}) returned {}: play(move) must return the state after the \
                     move, a new treelab.Game",
                    value
                        .bind(py)
                        .repr()
                        .map_or_else(|_| "?".into(), |r| r.to_string()),
                    next.repr().map_or_else(|_| "?".into(), |r| r.to_string())
                )));
            }
            Ok(next.unbind())
        });
        let obj = next.unwrap_or_else(|e| {
            fail(e);
            Python::attach(|py| self.0.obj.clone_ref(py))
        });
        PyState(Arc::new(Node {
            obj,
            side: if chance {
                self.0.side
            } else {
                self.0.side.other()
            },
            ply: self.0.ply + 1,
            over: OnceLock::new(),
            chance: OnceLock::new(),
            hash: OnceLock::new(),
            serial: next_serial(),
        }))
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.stopped() {
            // A stopped search reads every state as a finished draw, and ends.
            return Some(Outcome::Draw);
        }
        if !self.is_over() {
            return None;
        }
        Some(match self.terminal_score(Scoring::Native).signum() {
            1 => Outcome::Win,
            -1 => Outcome::Loss,
            _ => Outcome::Draw,
        })
    }

    fn terminal_score(&self, scoring: Scoring) -> i32 {
        if self.stopped() {
            return 0;
        }
        let v = call(&self.0.obj, "score", |v| value_of(v, "score")).unwrap_or(0);
        match scoring {
            Scoring::WinLoss => v.signum(),
            Scoring::Native | Scoring::ShortestWin => v,
        }
    }

    fn score_range(&self, scoring: Scoring) -> (i32, i32) {
        match scoring {
            Scoring::WinLoss => (-1, 1),
            _ => with_search(|s| s.bounds).unwrap_or((-1, 1)),
        }
    }

    fn hash(&self) -> u64 {
        *self.0.hash.get_or_init(|| {
            if with_search(|s| s.has_key).unwrap_or(false) {
                let key = call(&self.0.obj, "key", |v| {
                    v.extract::<i64>().map(|k| k as u64).or_else(|_| {
                        v.extract::<u64>().map_err(|_| {
                            PyValueError::new_err("key() must return an int of at most 64 bits")
                        })
                    })
                });
                // The side mixed in after the key is spread, so that no two keys collide by it.
                splitmix64(splitmix64(key.unwrap_or(0)) ^ self.0.side.index() as u64)
            } else {
                splitmix64(self.0.serial)
            }
        })
    }

    fn move_index(mv: u32) -> usize {
        mv as usize % MOVE_SLOTS
    }

    fn move_to_string(mv: u32) -> String {
        with_search(|s| {
            if let Some(name) = s.names.get(&mv) {
                return name.clone();
            }
            let name = Python::attach(|py| {
                s.moves
                    .get(mv as usize)
                    .and_then(|m| m.bind(py).str().ok())
                    .map_or_else(|| format!("move {mv}"), |t| t.to_string())
            });
            s.names.insert(mv, name.clone());
            name
        })
        .unwrap_or_else(|| format!("move {mv}"))
    }

    fn parse_move(&self, text: &str) -> Result<u32, FormatError> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|&m| PyState::move_to_string(m) == text.trim())
            .ok_or_else(|| FormatError::whole(format!("'{text}' is not a legal move here")))
    }

    fn plies_played(&self) -> usize {
        self.0.ply
    }

    fn chance_outcomes(&self, out: &mut Vec<(u32, u32)>) -> bool {
        if !self.is_chance() || self.stopped() {
            return false;
        }
        let pairs = Python::attach(|py| -> PyResult<Vec<(u32, u32)>> {
            tick(py);
            let values = self.0.obj.bind(py).call_method0("chance_outcomes")?;
            let mut moves = Vec::new();
            let mut weights = Vec::new();
            for pair in values.try_iter()? {
                let pair = pair?;
                let pair = pair.cast::<PyTuple>().map_err(|_| {
                    PyValueError::new_err("chance_outcomes() must return (move, weight) pairs")
                })?;
                moves.push(pair.get_item(0)?);
                let w: u32 = pair.get_item(1)?.extract().map_err(|_| {
                    PyValueError::new_err(
                        "chance_outcomes(): each weight must be a positive int (the probability is its share of the sum)",
                    )
                })?;
                weights.push(w);
            }
            let list = PyList::new(py, &moves)?;
            let numbers = PyState::number_moves(py, list.as_any())?;
            Ok(numbers.into_iter().zip(weights).collect())
        });
        out.clear();
        match pairs {
            Ok(p) if p.iter().all(|&(_, w)| w > 0) => {
                out.extend(p);
                true
            }
            Ok(_) => {
                fail(PyValueError::new_err(
                    "chance_outcomes(): each weight must be a positive int",
                ));
                false
            }
            Err(e) => {
                fail(e);
                false
            }
        }
    }

    fn has_chance(&self) -> bool {
        with_search(|s| s.has_chance).unwrap_or(false)
    }

    fn value_scale(&self) -> u32 {
        with_search(|s| s.scale).unwrap_or(1)
    }
}

impl PyState {
    /// `is_over()`, asked once per state (true after an error: the search ends).
    fn is_over(&self) -> bool {
        *self
            .0
            .over
            .get_or_init(|| call(&self.0.obj, "is_over", |v| v.is_truthy()).unwrap_or(true))
    }

    /// The move object numbered `mv` in this thread's search.
    pub fn move_object(py: Python<'_>, mv: u32) -> Option<Py<PyAny>> {
        with_search(|s| s.moves.get(mv as usize).map(|m| m.clone_ref(py))).flatten()
    }

    /// Whether the search was stopped by an error or Ctrl+C.
    fn stopped(&self) -> bool {
        with_search(|s| s.stop.load(Ordering::Relaxed)).unwrap_or(true)
    }

    /// `evaluate()`, clamped to nothing: it must lie within `bounds()`.
    fn evaluate(&self) -> i32 {
        if self.stopped() {
            return 0;
        }
        call(&self.0.obj, "evaluate", |v| value_of(v, "evaluate")).unwrap_or(0)
    }
}

/// The static evaluation of a Python game: the state's `evaluate()`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PyEval;

impl Evaluator<PyState> for PyEval {
    fn evaluate(&self, pos: &PyState) -> i32 {
        pos.evaluate()
    }
}

/// Whether `obj`'s class defines `name` itself (not only `treelab.Game`'s default).
fn overrides(obj: &Bound<'_, PyAny>, base: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    let mine = obj.get_type().getattr(name)?;
    let theirs = base.getattr(name)?;
    Ok(!mine.is(&theirs))
}

/// Runs `search` on the root `state` of a Python game with its [`PySearch`] set up,
/// and hands back its result, or the first exception a method raised. `search` may ask
/// for the move objects ([`PyState::move_object`]) until it returns.
pub fn with_game<T>(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    stop: Arc<AtomicBool>,
    search: impl FnOnce(PyState) -> T,
) -> PyResult<T> {
    let base = py.import("treelab")?.getattr("Game")?;
    if !state.is_instance(&base)? {
        return Err(PyValueError::new_err(
            "a Python game is a state of a subclass of treelab.Game",
        ));
    }
    let scale: u32 = state
        .getattr("value_scale")
        .and_then(|v| v.extract())
        .map_err(|_| PyValueError::new_err("value_scale must be a positive int"))?;
    if scale == 0 {
        return Err(PyValueError::new_err("value_scale must be a positive int"));
    }
    let (lo, hi): (i64, i64) = state
        .call_method0("bounds")?
        .extract()
        .map_err(|_| PyValueError::new_err("bounds() must return two ints (low, high)"))?;
    let limit = i64::from(treelab::game::chance::MAX_SCALED as i32);
    let (lo, hi) = (lo * i64::from(scale), hi * i64::from(scale));
    if lo >= hi || lo < -limit || hi > limit {
        return Err(PyValueError::new_err(format!(
            "bounds() ({}, {}) times value_scale {scale}: give low < high, within ±{limit}",
            lo / i64::from(scale),
            hi / i64::from(scale)
        )));
    }
    let search_state = PySearch {
        numbers: PyDict::new(py).unbind(),
        moves: Vec::new(),
        names: HashMap::new(),
        base: base.clone().unbind(),
        has_key: overrides(state, &base, "key")?,
        has_chance: match state.getattr("has_chance_nodes")?.extract::<Option<bool>>() {
            Ok(Some(told)) => told,
            _ => overrides(state, &base, "chance_outcomes")?,
        },
        bounds: (lo as i32, hi as i32),
        scale,
        error: None,
        stop,
        calls: 0,
        states: 0,
    };
    SEARCH.with(|s| *s.borrow_mut() = Some(search_state));
    let root = PyState::root(state.clone().unbind());
    let out = search(root);
    let ended = SEARCH.with(|s| s.borrow_mut().take());
    match ended.and_then(|s| s.error) {
        Some(e) => Err(e),
        None => Ok(out),
    }
}
