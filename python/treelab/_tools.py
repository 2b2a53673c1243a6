"""treelab's tools beside search and bench, each the command line's of the same name:
:func:`solve` (exact solvers), :func:`train_net` (a network trained on solver-labelled
positions), :func:`match` (whole games with the engine tester's statistics), :func:`trace` (every visit of one search, with the tree view's figure),
:func:`exercise` (practice trees with their key) and :func:`across` (the
across-positions figures of a grid). Every result comes from the extension as Python
objects; nothing is parsed here.
"""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _executor, _treelab
from ._game import Game
from ._progress import Progress


class _Record(dict):
    """A dict whose keys read as attributes too."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class SolveResult(_Record):
    """An exact solve: ``score``, ``best`` (None for Connect Four, whose solver names
    no move), ``nodes`` and ``seconds``, as keys and as attributes."""


def solve(game: str, position: str, threads: int = 1) -> SolveResult:
    """Solves ``position`` of ``game`` exactly with the game's own solver, as
    ``treelab solve`` solves a suite's position: Othello endgames (the final disc
    difference for the side to move, empties to the winner) and Connect Four (Pons'
    score). ``threads`` (both games) split the search; the score does not depend on them.
    Ctrl+C stops it (``KeyboardInterrupt``)."""
    return SolveResult(_treelab.solve(game, position, threads))


class TrainResult(_Record):
    """A trained network: ``path`` (the file written), ``shape`` (``84-128-128-7``),
    ``command`` (the ``treelab train-net`` line that makes the same file), ``drawn``,
    ``trained_on`` and ``held_out`` (positions), ``label_seconds``, ``before`` (the
    untrained network's held-out accuracy: ``positions``, ``value_sign``,
    ``best_move``, counts), ``epochs`` (a dict each: ``epoch``, ``loss`` and the
    held-out counts; ``pandas.DataFrame(r.epochs)`` is the learning curve) and
    ``manifest`` (the file's: game, shape, data, seed, commit, accuracy)."""

    def __repr__(self) -> str:
        last = self["epochs"][-1] if self["epochs"] else self["before"]
        return (
            f"TrainResult(path={self['path']!r}, shape={self['shape']!r}, "
            f"best_move={last['best_move']}/{last['positions']})"
        )


def train_net(
    game: str,
    out: str,
    positions: int = 6000,
    plies: Optional[Tuple[int, int]] = None,
    hidden: Sequence[int] = (128, 128),
    epochs: int = 30,
    batch: int = 128,
    learning_rate: float = 2e-3,
    held_out: float = 0.1,
    seed: int = 1,
    threads: int = 2,
    *,
    progress: Any = None,
) -> TrainResult:
    """Trains ``game``'s policy-value network (``connect4``, ``othello``,
    ``tictactoe``) and writes it to ``out`` (safetensors with its manifest), as
    ``treelab train-net`` does with the same options, to the same file: ``positions``
    drawn by seeded random play of ``plies`` (MIN, MAX) moves (None: Connect Four 12
    to 36, Othello 46 to 50, tic-tac-toe 0 to 8), each
    labelled by the exact solver (its value and every best move), ``held_out`` of them
    kept apart, an MLP of ``hidden`` widths trained ``epochs`` passes with AdamW. The
    file loads as ``net=`` of a ``puct`` search or ``evaluator="net:FILE"``.
    ``progress``: positions labelled, then epochs. Ctrl+C stops it."""
    with Progress(progress, "steps", "train_net") as told:
        fields = _treelab.train_net(
            game, out, positions, plies, list(hidden), epochs, batch, learning_rate,
            held_out, seed, threads, told.hook(),
        )
        return TrainResult(fields)


class MatchResult(_Record):
    """A match: what was played (``game``, ``black``, ``white``, ``seed``,
    ``alternate``), ``wins``, ``draws``, ``losses`` (of the first player named),
    ``pentanomial`` (the pairs' counts by points 0, ½, 1, 1½, 2; None unless colours
    alternate), ``score``, ``elo`` with ``elo_low`` and ``elo_high`` (its 95% interval,
    infinite at a score of 0 or 1), ``los``, ``n_elo``, ``games`` (a dict each, with
    the fields of ``treelab match --format csv``'s lines: ``index``, ``a_first``,
    ``start``, ``plies``, ``moves``, ``rolls``, ``opening_moves``, and ``nodes``,
    ``leaves``, ``searches`` and ``seconds`` as pairs, the first player's first, and
    ``score_a``; ``pandas.DataFrame(m.games)`` is a table of them) and ``text`` (the
    command line's summary)."""

    def __repr__(self) -> str:
        return (
            f"MatchResult(wins={self['wins']}, draws={self['draws']}, "
            f"losses={self['losses']}, elo={self['elo']})"
        )


def match(
    game: str,
    black: str,
    white: str,
    games: int,
    openings: Union[int, str] = 4,
    seed: int = 1,
    alternate: bool = True,
    threads: int = 1,
    evaluator: str = "",
    *,
    executor: Any = None,
    progress: Any = None,
) -> MatchResult:
    """Plays ``games`` games between ``black`` and ``white`` (``ROW@DEPTH`` such as
    ``"negascout+tt=16@6"``, or ``"random"``), as ``treelab match`` does: each game
    from ``openings`` seeded random moves (or a book: a suite's name), colours swapped
    every other game when ``alternate``. The statistics are the first player's.

    ``threads`` play games at once here; ``executor`` (a
    ``concurrent.futures.ProcessPoolExecutor``, a ``dask.distributed.Client``, ...)
    shares the games out instead, by opening (a pair of games with alternating
    colours), and the slices are merged as ``treelab merge`` merges shards: the same
    games and statistics as a serial run. ``progress``: see :mod:`treelab` (games)."""
    with Progress(progress, "games", "match") as told:
        if executor is None:
            fields = _treelab.play_match(
                game, black, white, games, str(openings), seed, alternate, threads,
                evaluator, told.hook(),
            )
            return MatchResult(fields)
        n = _treelab.match_slices(games, alternate or not str(openings).strip().isdigit(),
                                  _executor.MATCH_SLICES)
        task = (game, black, white, games, str(openings), seed, alternate, evaluator)
        tasks = [task + (k, n) for k in range(n)]
        slices = _executor.run_tasks(executor, _executor.match_slice, tasks, told.hook())
        return MatchResult(_treelab.merge_match(slices))


class Trace(list):
    """The visits of one traced search, in the order they happened: each a dict with
    ``index``, ``ply``, ``path`` (the moves from the root), ``kind`` (normal,
    null-window, re-search, probe), ``alpha``, ``beta`` (the window), ``value``,
    ``type`` (pv, cut, all, leaf, table), ``pruned`` (the moves never searched below
    it) and ``reason`` (why it ended as it did); ``.svg()`` and ``.tikz()`` draw it as
    the tree view does, ``.text`` is ``treelab trace``'s text. An MCTS row's rows are
    its iterations."""

    def __init__(self, rows: List[Dict[str, Any]], data: Any = None, text: str = ""):
        super().__init__(rows)
        self._data = data
        self.text = text

    def svg(self) -> str:
        """The tree view's figure as SVG (``treelab trace --svg``)."""
        return self._figure("svg")

    def tikz(self) -> str:
        """The figure as a TikZ picture for LaTeX (``treelab trace --tikz``)."""
        return self._figure("tikz")

    def _figure(self, kind: str) -> str:
        figure = getattr(self._data, kind, None) if self._data is not None else None
        if figure is None:
            raise ValueError(
                "no figure: an MCTS row is drawn by iteration in the app, and a Python "
                "game has no board to draw (its visits are here)"
            )
        return figure

    def _repr_svg_(self) -> Optional[str]:
        try:
            return self.svg()
        except ValueError:
            return None


def trace(
    game: Union[str, Game],
    position: Optional[str] = None,
    algo: str = "alphabeta",
    depth: Optional[int] = None,
    *,
    evaluator: str = "",
    bounds: bool = False,
    **options: Any,
) -> Trace:
    """Traces one search as the tree view does (at most 20,000 visits): ``game`` a
    name with ``position`` in its text form, or a Python game's state. ``bounds`` writes
    values at a bound as ``≤ v`` and ``≥ v`` in the figure."""
    from . import row_spec

    row = row_spec(algo, **options)
    if isinstance(game, Game):
        return Trace(_treelab.trace_game(game, row, depth))
    data = _treelab.trace_row(game, position or "", row, depth, evaluator, bounds)
    return Trace(data.rows, data, data.text)


class Exercise(_Record):
    """A practice tree: ``id`` (regenerates it), ``tree`` (bracket notation),
    ``question`` (what the student is asked), the figures it was drawn for
    (``cutoffs``, ``deep_cutoffs``, ``leaves_searched``, ``leaves``) and ``key``: the
    root's ``value`` and ``best`` move, every visit, the cutoffs, the leaves never
    evaluated and the search drawn as SVG."""


def exercise(
    algo: str = "alphabeta", difficulty: str = "easy", seed: int = 1, count: int = 1
) -> Union[Exercise, List[Exercise]]:
    """A practice tree for ``algo`` (a row spec) at ``difficulty`` (easy, medium,
    hard) drawn from ``seed``, as ``treelab exercise`` draws it; ``count`` > 1 gives a
    list."""
    out = [Exercise(e) for e in _treelab.exercises(algo, difficulty, seed, count)]
    return out[0] if count == 1 else out


def across(frame: Any, baseline: Optional[str] = None, count: str = "nodes") -> Any:
    """The across-positions figures of a grid from :func:`treelab.bench`: per row
    (other than ``baseline``, by default the first) and depth, over the positions
    where both have a count (of the column ``count``) above zero, the geometric mean of
    the per-position ratios with its 95% bootstrap interval, the ratio of the totals,
    on how many positions the row needs fewer, as many and more, and the Wilcoxon
    signed-rank p, as ``treelab bench`` prints them (lines of two positions or more).
    A DataFrame (a list of dicts without pandas)."""
    records = frame.to_dict("records") if hasattr(frame, "to_dict") else list(frame)
    if not records:
        raise ValueError("across: the grid is empty")
    if count not in records[0]:
        raise ValueError(f"across: no column '{count}' in the grid")
    cells = [
        (str(r["algorithm"]), str(r["position"]), int(r["depth"]), _whole(r[count]))
        for r in records
    ]
    base = baseline if baseline is not None else cells[0][0]
    out = _treelab.across_cells(cells, base)
    try:
        import pandas
    except ImportError:
        return out
    return pandas.DataFrame(out)


def _whole(v: Any) -> Optional[int]:
    """``v`` as a count, None for a missing cell (None, NaN, a non-number)."""
    try:
        return int(v) if v is not None and v == v and int(v) == v and v >= 0 else None
    except (TypeError, ValueError):
        return None
