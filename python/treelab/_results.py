"""The result of one search, :class:`SearchResult`: a frozen dataclass whose fields are
the result's (``score``, ``best``, ``pv``, ...) and every counter of the engine under
the command line's name (``nodes``, ``leaves``, ``beta_cutoffs``, ...), read from the
engine where each counter is declared. Being a dataclass, it pickles,
``to_dict()`` gives it flat, and ``pandas.DataFrame([r1, r2])`` has a column per field.
"""

import dataclasses
from typing import Any, Dict

from . import _treelab

#: The fields every result has, before its counters.
FIELDS = (
    "score",
    "score_exact",
    "best",
    "pv",
    "depth",
    "complete",
    "stopped",
    "seconds",
    "estimate",
    "proven",
)

#: Every counter, in the command line's order.
COUNTERS = tuple(_treelab.counter_names())


def _counters(self: Any) -> Dict[str, int]:
    """Every counter as a dict keyed by the command line's names (``nodes``,
    ``leaves``, ``beta_cutoffs``, ...)."""
    return {name: getattr(self, name) for name in COUNTERS}


def _to_dict(self: Any) -> Dict[str, Any]:
    """Every field and counter as one flat dict (``pv`` a new list)."""
    out = {name: getattr(self, name) for name in FIELDS + COUNTERS}
    out["pv"] = list(out["pv"])
    return out


def _repr(self: Any) -> str:
    score = "None" if self.score is None else (self.score_exact or repr(self.score))
    return (
        f"SearchResult(score={score}, best={self.best!r}, depth={self.depth}, "
        f"nodes={self.nodes}, complete={self.complete})"
    )


SearchResult = dataclasses.make_dataclass(
    "SearchResult",
    [(name, Any) for name in FIELDS + COUNTERS],
    frozen=True,
    repr=False,
    namespace={
        "__doc__": """The result of one search, as ``treelab search`` prints it.

    ``score`` is the value for the side to move at the root in the game's units (an
    int; a float for a game with chance nodes, ``score_exact`` its fraction; None when
    stopped before depth 1 ended); ``best`` and ``pv`` the best move and the principal
    variation (the notation's strings for a built-in game, the game's own move objects
    for a game written in Python); ``depth`` the last finished iteration; ``complete``
    whether it ran to its end and ``stopped`` why not; ``seconds``; ``estimate`` and
    ``proven`` for MCTS. Then every counter as a field of its own (``nodes``,
    ``leaves``, ...), and all of them as the dict ``counters``.""",
        "counters": property(_counters),
        "to_dict": _to_dict,
        "__repr__": _repr,
    },
)
# Pickled and shown as treelab.SearchResult, where the package exports it.
SearchResult.__module__ = "treelab"


def result(fields: Dict[str, Any]) -> Any:
    """A :class:`SearchResult` from the fields the extension gives."""
    return SearchResult(**fields)
