"""treelab from Python: game-tree search algorithms, every node counted the same way.

The same engine as the treelab app and command line: the games (``othello``,
``connect4``, ``tictactoe``, ``random-tree``, ``custom``, ``ewn``), the algorithms and
their options, named as the command line names them, and the same counts.

>>> import treelab
>>> r = treelab.search("tictactoe", algo="negaalpha")
>>> r.score, r.counters["nodes"]
"""

import csv
import io
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from . import _treelab, openspiel
from ._treelab import SearchResult, games
from .game import Game
from .tools import (
    Exercise,
    MatchResult,
    SolveResult,
    Trace,
    across,
    exercise,
    match,
    solve,
    trace,
)

__all__ = [
    "search",
    "bench",
    "across",
    "trace",
    "match",
    "solve",
    "exercise",
    "row_spec",
    "games",
    "Game",
    "openspiel",
    "SearchResult",
    "Trace",
    "MatchResult",
    "SolveResult",
    "Exercise",
    "__version__",
]
__version__ = _treelab.__version__


def row_spec(algo: str, **options: Any) -> str:
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
    game: Union[str, Game],
    position: Optional[str] = None,
    algo: str = "negascout",
    depth: Optional[int] = None,
    *,
    evaluator: str = "",
    nodes: Optional[int] = None,
    seconds: Optional[float] = None,
    **options: Any,
) -> SearchResult:
    """Searches ``position`` of ``game`` with ``algo`` and its ``options``.

    ``game`` is a game's name (:func:`games`) or a Python game's state (a
    :class:`Game`; then ``position`` is left out and ``depth`` is needed). ``position`` is the game's one-line text form (an OBF line for Othello, the moves
    for Connect Four, ...; ``None``: the start). ``algo`` is an algorithm's name or a
    whole row spec (``"negascout+tt=16+id"``); ``options`` add to it
    (``order="static"``, ``killers=2``, ``tt=16``, ``id=True``). ``depth`` ``None``
    searches a tree to its height (every leaf) and is needed for the games.
    ``nodes`` and ``seconds`` stop the search early (the result says so).

    Returns the score, best move, principal variation, every counter (``.counters``,
    under the command line's names), the seconds and, for MCTS, ``.estimate`` and
    ``.proven``. Raises ``ValueError`` with the command line's message for a game,
    position, option or depth it refuses; Ctrl+C stops a long search
    (``KeyboardInterrupt``).
    """
    if isinstance(game, Game):
        if position is not None:
            raise ValueError("a Python game is its own position: leave position out")
        return _treelab.search_game(game, row_spec(algo, **options), depth, nodes, seconds)
    return _treelab.search_row(
        game,
        position or "",
        row_spec(algo, **options),
        depth,
        evaluator,
        nodes,
        seconds,
    )


# The bench CSV's columns that are text even when they look like numbers (a Connect
# Four position is its moves, `4453`).
_TEXT_COLUMNS = ("position", "algorithm", "best")


def _number(text: str) -> Union[int, float, str]:
    """A CSV field as a number where it is one."""
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text


def _depths(depths: Union[int, str, Iterable[int]]) -> List[int]:
    """Depths as ``bench`` takes them: ``6``, ``range(1, 9)``, ``[1, 2, 4]``, ``"1..8"``."""
    if isinstance(depths, int):
        return [depths]
    if isinstance(depths, str):
        if ".." in depths:
            lo, hi = depths.split("..", 1)
            return list(range(int(lo), int(hi.lstrip("=")) + 1))
        return [int(d) for d in depths.split(",") if d.strip()]
    return [int(d) for d in depths]


def bench(
    suite_or_positions: Union[str, Sequence[Union[str, Game]]],
    algos: Union[str, Sequence[str]],
    depths: Union[int, str, Iterable[int]],
    game: Optional[str] = None,
    threads: int = 1,
    evaluator: str = "",
) -> Any:
    """Runs a grid (every position x every row x every depth) as ``treelab bench`` does.

    ``suite_or_positions`` is a shipped suite's name (``"fforum-40-59.obf"``) or a
    suite file, or a list of positions in their text form (then ``game`` names their
    game, and the ``position`` column holds each one's text as given). ``algos`` is a
    list of row specs (or one string, comma-separated, as on the command line);
    ``depths`` an int, a range, a list or ``"1..8"``. ``threads`` share out the
    positions; the results do not depend on them.

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
        return _frame(_python_grid(list(suite_or_positions), rows, _depths(depths)))
    if isinstance(suite_or_positions, str):
        suite, positions = suite_or_positions, None
    else:
        suite, positions = None, [str(p) for p in suite_or_positions]
    text = _treelab.bench_csv(suite, positions, game, rows, _depths(depths), threads, evaluator)
    try:
        import pandas
    except ImportError:
        return [
            {k: v if k in _TEXT_COLUMNS else _number(v) for k, v in row.items()}
            for row in csv.DictReader(io.StringIO(text))
        ]
    return pandas.read_csv(
        io.StringIO(text),
        dtype={c: str for c in _TEXT_COLUMNS},
        keep_default_na=False,
        na_values={c: [""] for c in ("score",)},
    )


def _python_grid(states: List[Any], rows: List[str], depths: List[int]) -> List[Dict[str, Any]]:
    """The grid of Python game states, in the bench CSV's columns."""
    if not all(isinstance(p, Game) for p in states):
        raise ValueError("a grid is of Python game states or of positions in text, not both")
    out = []
    for state in states:
        for row in rows:
            for depth in depths:
                r = _treelab.search_game(state, row, depth, None, None)
                line: Dict[str, Any] = {
                    "position": repr(state),
                    "algorithm": row,
                    "depth": depth,
                    "score": r.score,
                    "best": r.best or "",
                }
                line.update(r.counters)
                line["seconds"] = r.seconds
                out.append(line)
    return out


def _frame(records: List[Dict[str, Any]]) -> Any:
    """``records`` as a DataFrame, or as they are without pandas."""
    try:
        import pandas
    except ImportError:
        return records
    return pandas.DataFrame(records)
