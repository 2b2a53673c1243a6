"""treelab from Python: game-tree search algorithms, every node counted the same way.

The same engine as the treelab app and command line: the games (``othello``,
``connect4``, ``tictactoe``, ``random-tree``, ``custom``, ``ewn``), the algorithms and
their options (:func:`algorithms`), named as the command line names them, and the
same counts.

>>> import treelab
>>> r = treelab.search("tictactoe", algo="negaalpha")
>>> r.score, r.nodes

Long calls (``search``, ``bench``, ``match``) take ``progress``: a callable
``progress(done, total)`` (cells of a grid, games of a match, nodes of a search), or
``True`` for a tqdm bar at once, ``False`` for nothing; by default a tqdm bar appears
for a call still running after a second, when tqdm is installed. ``bench`` and
``match`` take ``executor`` (a ``concurrent.futures.ProcessPoolExecutor``, a
``dask.distributed.Client``, ...) to share their cells or games out.
"""

import typing as _typing

from . import _executor, _treelab, openspiel
from ._game import Game
from ._progress import Progress as _Progress
from ._results import SearchResult
from ._results import result as _result
from ._tools import (
    Exercise,
    MatchResult,
    SolveResult,
    Trace,
    TrainResult,
    across,
    exercise,
    match,
    solve,
    trace,
    train_net,
)

__all__ = [
    "search",
    "bench",
    "across",
    "trace",
    "match",
    "solve",
    "train_net",
    "exercise",
    "row_spec",
    "games",
    "algorithms",
    "Game",
    "openspiel",
    "SearchResult",
    "Trace",
    "MatchResult",
    "SolveResult",
    "TrainResult",
    "Exercise",
    "__version__",
]
__version__ = _treelab.__version__


def games() -> _typing.List[str]:
    """The games' names, as ``search`` takes them."""
    return _treelab.games()


def algorithms() -> _typing.List[_typing.Dict[str, _typing.Any]]:
    """Every algorithm as the engine's registry describes it, in its order: a dict
    each with ``name`` (as a row spec writes it), ``label``, ``paper``, ``contract``
    (what it returns), ``result`` (exact, sampling, proving), ``form`` (two-sided,
    negamax), ``order`` (depth-first, best-first, parallel), ``bounds`` (fail-hard,
    fail-soft, ...), ``table``, ``budget`` (depth, iterations), ``deepening``,
    ``chance_nodes`` and ``options``: the options it takes, by key, each a dict with
    ``label``, ``help``, ``form`` (switch or value), ``values`` (a switch's keys, a
    named value's choices), ``min``, ``max`` and ``unit`` (a number's), ``default`` and
    ``needs`` (the other option it needs, if any).

    ``pandas.DataFrame(treelab.algorithms())`` is a table of them.
    """
    return _treelab.algorithms()


def row_spec(algo: str, **options: _typing.Any) -> str:
    """The command line's row spec of ``algo`` with ``options``: ``row_spec("mtdf",
    tt=16, id=True)`` is ``"mtdf+tt=16+id"``. Option names take ``_`` for ``-``; a
    switch is ``True`` (``False`` leaves it off); any other value is written as it is.
    """
    parts = [algo]
    for key, value in options.items():
        name = key.replace("_", "-")
        if value is True:
            parts.append(name)
        elif value is False or value is None:
            continue
        else:
            parts.append(f"{name}={value}")
    return "+".join(parts)


def search(
    game: _typing.Union[str, Game],
    position: _typing.Optional[str] = None,
    algo: str = "negascout",
    depth: _typing.Optional[int] = None,
    *,
    evaluator: str = "",
    nodes: _typing.Optional[int] = None,
    seconds: _typing.Optional[float] = None,
    progress: _typing.Any = None,
    **options: _typing.Any,
) -> SearchResult:
    """Searches ``position`` of ``game`` with ``algo`` and its ``options``.

    ``game`` is a game's name (:func:`games`) or a Python game's state (a
    :class:`Game`; then ``position`` is left out and ``depth`` is needed).
    ``position`` is the game's one-line text form (an OBF line for Othello, the moves
    for Connect Four, ...; ``None``: the start). ``algo`` is an algorithm's name or a
    whole row spec (``"negascout+tt=16+id"``); ``options`` add to it
    (``order="static"``, ``killers=2``, ``tt=16``, ``id=True``). ``depth`` ``None``
    searches a tree to its height (every leaf) and is needed for the games.
    ``nodes`` and ``seconds`` stop the search early (the result says so).
    ``progress`` is told the nodes so far (see the module's help).

    Returns a :class:`SearchResult`: the score, best move, principal variation, every
    counter (as fields, and as the dict ``.counters``), the seconds and, for MCTS,
    ``.estimate`` and ``.proven``. Raises ``ValueError`` with the command line's
    message for a game, position, option or depth it refuses (``TypeError`` for an
    argument of the wrong type); Ctrl+C stops a long search (``KeyboardInterrupt``).
    """
    row = row_spec(algo, **options)
    with _Progress(progress, "nodes", "search") as told:
        if isinstance(game, Game):
            if position is not None:
                raise ValueError("a Python game is its own position: leave position out")
            fields = _treelab.search_game(game, row, depth, nodes, seconds, told.hook())
        else:
            fields = _treelab.search_row(
                game, position or "", row, depth, evaluator, nodes, seconds, told.hook()
            )
    return _result(fields)


def _depths(depths: _typing.Union[int, str, _typing.Iterable[int]]) -> _typing.List[_typing.Any]:
    """Depths as ``bench`` takes them: ``6``, ``range(1, 9)``, ``[1, 2, 4]``, or text
    as the command line's ``--depths`` (``"1..8"``, ``"2,4"``)."""
    if isinstance(depths, str):
        return _treelab.parse_depths(depths)
    if isinstance(depths, int):
        return [depths]
    return list(depths)


def _inclusive(name: str, value: _typing.Any) -> _typing.Optional[_typing.Tuple[_typing.Any, _typing.Any]]:
    """``range`` or ``shard`` as the extension takes it: a pair. ``range`` may also be
    ``"40..49"`` (inclusive, as ``--range``) or a Python ``range`` (its last number
    the last taken); ``shard`` ``"k/n"`` (k from 0, as ``--shard``)."""
    if value is None:
        return None
    if name == "range" and isinstance(value, range):
        if value.step != 1 or len(value) == 0:
            raise ValueError(f"range={value!r}: give consecutive positions, such as range(40, 50)")
        return (value[0], value[-1])
    if isinstance(value, str):
        sep = ".." if name == "range" else "/"
        first, _, last = value.partition(sep)
        if not last:
            raise ValueError(
                f"{name}={value!r}: give "
                + ("'A..B' (inclusive) or (A, B)" if name == "range" else "'k/n' or (k, n), k from 0")
            )
        try:
            return (int(first), int(last.lstrip("=")))
        except ValueError:
            raise ValueError(f"{name}={value!r}: the numbers must be whole numbers") from None
    pair = tuple(value)
    if len(pair) != 2:
        raise ValueError(f"{name}={value!r}: give a pair")
    return pair


def bench(
    suite_or_positions: _typing.Union[str, _typing.Sequence[_typing.Union[str, Game]]],
    algos: _typing.Union[str, _typing.Sequence[str]],
    depths: _typing.Union[int, str, _typing.Iterable[int]],
    game: _typing.Optional[str] = None,
    threads: int = 1,
    evaluator: str = "",
    *,
    limit: _typing.Optional[int] = None,
    range: _typing.Any = None,
    shard: _typing.Any = None,
    executor: _typing.Any = None,
    progress: _typing.Any = None,
) -> _typing.Any:
    """Runs a grid (every position x every row x every depth) as ``treelab bench`` does.

    ``suite_or_positions`` is a shipped suite's name (``"fforum-40-59.obf"``) or a
    suite file, or a list of positions in their text form (then ``game`` names their
    game, and the ``position`` column holds each one's text as given). ``algos`` is a
    list of row specs (or one string, comma-separated, as on the command line);
    ``depths`` an int, a range, a list or ``"1..8"``. ``threads`` share out the
    cells; the results do not depend on them.

    Of the suite, ``range`` keeps the positions numbered ``(first, last)`` (or
    ``"40..49"``; FFO numbers for ``#N`` names, else places in the file counted from 1,
    as ``treelab solve --range``), ``limit`` the first so many of those (``--limit``),
    and ``shard=(k, n)`` (or ``"k/n"``) slice k of n, counted from 0 (``--shard``).

    ``executor`` (a ``concurrent.futures.ProcessPoolExecutor``, a
    ``dask.distributed.Client``, Ray's executor: anything with ``submit``) runs the
    cells as its tasks instead of ``threads``, the longest expected first; the result
    is a serial run's. ``progress`` is told the cells done (see the module's help).

    Returns a ``pandas.DataFrame`` with the columns of ``treelab bench --format csv``
    (``position``, ``algorithm``, ``depth``, ``score``, ``best``, ``nodes``, every
    counter, ``seconds``), or a list of dicts with the same keys when pandas is not
    installed.

    A list of Python game states (:class:`Game`) is searched cell by cell here, each
    state named by its ``repr()``.
    """
    rows = [a.strip() for a in algos.split(",")] if isinstance(algos, str) else list(algos)
    rows = [r for r in rows if r]
    if not isinstance(suite_or_positions, str) and any(
        isinstance(p, Game) for p in suite_or_positions
    ):
        if executor is not None or range is not None or limit is not None or shard is not None:
            raise ValueError(
                "a grid of Python game states runs here, cell by cell: leave executor, "
                "range, limit and shard out"
            )
        with _Progress(progress, "cells", "bench") as told:
            return _frame(_python_grid(list(suite_or_positions), rows, _depths(depths), told.hook()))
    if isinstance(suite_or_positions, str):
        suite, positions = suite_or_positions, None
    else:
        suite, positions = None, [str(p) for p in suite_or_positions]
    grid = _treelab.grid(
        suite, positions, game, rows, _depths(depths), evaluator, limit,
        _inclusive("range", range), _inclusive("shard", shard),
    )
    with _Progress(progress, "cells", "bench") as told:
        if executor is None:
            records = grid.run(threads, told.hook())
        else:
            cells = _executor.run_tasks(executor, _executor.bench_cell, grid.tasks(), told.hook())
            records = grid.merge(cells)
    return _frame(records)


def _python_grid(
    states: _typing.List[_typing.Any],
    rows: _typing.List[str],
    depths: _typing.List[int],
    progress: _typing.Any,
) -> _typing.List[_typing.Dict[str, _typing.Any]]:
    """The grid of Python game states, in the bench's columns."""
    if not all(isinstance(p, Game) for p in states):
        raise ValueError("a grid is of Python game states or of positions in text, not both")
    out = []
    total = len(states) * len(rows) * len(depths)
    for state in states:
        for row in rows:
            for depth in depths:
                r = _result(_treelab.search_game(state, row, depth, None, None, None))
                line: _typing.Dict[str, _typing.Any] = {
                    "position": repr(state),
                    "algorithm": row,
                    "depth": depth,
                    "score": r.score,
                    "best": "" if r.best is None else r.best,
                }
                line.update(r.counters)
                line["seconds"] = r.seconds
                out.append(line)
                if progress is not None:
                    progress(len(out), total)
    return out


def _frame(records: _typing.List[_typing.Dict[str, _typing.Any]]) -> _typing.Any:
    """``records`` as a DataFrame, or as they are without pandas."""
    try:
        import pandas
    except ImportError:
        return records
    return pandas.DataFrame(records)
