"""treelab from Python: game-tree search algorithms, every node counted the same way.

The same engine as the treelab app and command line: the games (``othello``,
``connect4``, ``tictactoe``, ``random-tree``, ``custom``, ``ewn``), the algorithms and
their options, named as the command line names them, and the same counts.

>>> import treelab
>>> r = treelab.search("tictactoe", algo="negaalpha")
>>> r.score, r.counters["nodes"]
"""

from typing import Any, Optional

from . import _treelab
from ._treelab import SearchResult, games

__all__ = ["search", "row_spec", "games", "SearchResult", "__version__"]
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
    game: str,
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

    ``position`` is the game's one-line text form (an OBF line for Othello, the moves
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
    return _treelab.search_row(
        game,
        position or "",
        row_spec(algo, **options),
        depth,
        evaluator,
        nodes,
        seconds,
    )
