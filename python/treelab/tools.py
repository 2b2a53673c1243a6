"""treelab's tools beside search and bench, each the command line's of the same name:
:func:`solve` (exact solvers), :func:`match` (whole games with the engine tester's
statistics), :func:`trace` (every visit of one search, with the tree view's figure),
:func:`exercise` (practice trees with their key) and :func:`across` (the
across-positions figures of a grid).
"""

import csv
import io
import json
from typing import Any, Dict, List, Optional, Union

from . import _treelab
from .game import Game


class SolveResult(dict):
    """An exact solve: ``score``, ``best`` (None for Connect Four, whose solver names
    no move), ``nodes`` and ``seconds``, as keys and as attributes."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def solve(game: str, position: str, threads: int = 1) -> SolveResult:
    """Solves ``position`` of ``game`` exactly with the game's own solver, as
    ``treelab solve`` solves a suite's position: Othello endgames (the final disc
    difference for the side to move, empties to the winner) and Connect Four (Pons'
    score). ``threads`` (both games) split the search; the score does not depend on them.
    Ctrl+C stops it (``KeyboardInterrupt``)."""
    r = json.loads(_treelab.solve_json(game, position, threads))
    r["best"] = r["best"] or None
    return SolveResult(r)


class MatchResult(dict):
    """A match: ``wins``, ``draws``, ``losses`` (of the first player named),
    ``pentanomial`` (the pairs' counts by points 0, ½, 1, 1½, 2; None unless colours
    alternate), ``elo`` with ``elo_low`` and ``elo_high`` (its 95% interval), ``los``,
    ``n_elo``, ``games`` (a list of dicts: the moves, nodes, seconds and score of each
    game), ``text`` (the command line's summary) and ``csv`` (its ``--format csv``)."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __repr__(self) -> str:
        return (
            f"MatchResult(wins={self['wins']}, draws={self['draws']}, "
            f"losses={self['losses']}, elo={self['elo']})"
        )


def _float(v: Any) -> Any:
    """An Elo bound as a float (infinite ones cross as text)."""
    return float(v) if isinstance(v, str) else v


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
) -> MatchResult:
    """Plays ``games`` games between ``black`` and ``white`` (``ROW@DEPTH`` such as
    ``"negascout+tt=16@6"``, or ``"random"``), as ``treelab match`` does: each game
    from ``openings`` seeded random moves (or a book: a suite's name), colours swapped
    every other game when ``alternate``. The statistics are the first player's."""
    r = json.loads(
        _treelab.match_json(
            game, black, white, games, str(openings), seed, alternate, threads, evaluator
        )
    )
    for k in ("elo", "elo_low", "elo_high"):
        r[k] = _float(r[k])
    r["games"] = r["result"]["games"]
    return MatchResult(r)


class Trace(list):
    """The visits of one traced search, in the order they happened: each a dict with
    ``index``, ``ply``, ``path`` (the moves from the root), ``kind`` (normal,
    null-window, re-search, probe), ``alpha``, ``beta`` (the window), ``value``,
    ``type`` (pv, cut, all, leaf, table) and ``reason`` (why it ended as it did);
    ``.svg()`` and ``.tikz()`` draw it as the tree view does, ``.text`` is
    ``treelab trace``'s text. An MCTS row's lines are its iterations."""

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


def _trace_rows(text: str) -> List[Dict[str, Any]]:
    """The CSV of ``treelab trace`` as dicts, numbers as numbers."""
    rows = []
    for row in csv.DictReader(io.StringIO(text)):
        out: Dict[str, Any] = {}
        for k, v in row.items():
            if k in ("index", "ply", "iteration", "selected", "added"):
                out[k] = int(v) if v.lstrip("-").isdigit() else v
            elif k in ("alpha", "beta", "value", "reward"):
                out[k] = float(v) if v not in ("", "inf", "-inf") else (
                    None if v == "" else float(v)
                )
            else:
                out[k] = v
        if "explanation" in out:
            out["reason"] = out.pop("explanation")
        rows.append(out)
    return rows


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
        cols = ("index", "ply", "path", "kind", "alpha", "beta", "value", "type", "reason")
        rows = [dict(zip(cols, v)) for v in _treelab.trace_game(game, row, depth)]
        return Trace(rows)
    data = _treelab.trace_row(game, position or "", row, depth, evaluator, bounds)
    return Trace(_trace_rows(data.csv), data, data.text)


class Exercise(dict):
    """A practice tree: ``id`` (regenerates it), ``tree`` (bracket notation),
    ``question`` (what the student is asked), the figures it was drawn for
    (``cutoffs``, ``deep_cutoffs``, ``leaves_searched``, ``leaves``) and ``key``: the
    root's ``value`` and ``best`` move, every visit, the cutoffs, the leaves never
    evaluated and the search drawn as SVG."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def exercise(
    algo: str = "alphabeta", difficulty: str = "easy", seed: int = 1, count: int = 1
) -> Union[Exercise, List[Exercise]]:
    """A practice tree for ``algo`` (a row spec) at ``difficulty`` (easy, medium,
    hard) drawn from ``seed``, as ``treelab exercise`` draws it; ``count`` > 1 gives a
    list."""
    out = [Exercise(e) for e in json.loads(_treelab.exercise_json(algo, difficulty, seed, count))]
    return out[0] if count == 1 else out


# The count columns `across` compares, as the bench CSV names them.
_COUNTS = ("nodes", "leaves", "interior")


def across(frame: Any, baseline: Optional[str] = None, count: str = "nodes") -> Any:
    """The across-positions figures of a grid from :func:`treelab.bench`: per row
    (other than ``baseline``, by default the first) and depth, over the positions
    where both have a count above zero, the geometric mean of the per-position ratios
    of ``count`` with its 95% bootstrap interval, the ratio of the totals, on how many
    positions the row needs fewer, as many and more, and the Wilcoxon signed-rank p, as
    ``treelab bench`` prints them. A DataFrame (a list of dicts without pandas)."""
    records = frame.to_dict("records") if hasattr(frame, "to_dict") else list(frame)
    if not records:
        raise ValueError("across: the grid is empty")
    if count not in records[0]:
        raise ValueError(f"across: no column '{count}' in the grid")
    algos: List[str] = []
    for r in records:
        if r["algorithm"] not in algos:
            algos.append(r["algorithm"])
    base = baseline if baseline is not None else algos[0]
    if base not in algos:
        raise ValueError(f"across: no row '{base}' in the grid (rows: {', '.join(algos)})")
    value = {(r["algorithm"], r["depth"], r["position"]): r[count] for r in records}
    depths = sorted({r["depth"] for r in records})
    positions: List[str] = []
    for r in records:
        if r["position"] not in positions:
            positions.append(r["position"])
    out = []
    for a in algos:
        if a == base:
            continue
        for d in depths:
            pairs = []
            for p in positions:
                mine, theirs = value.get((a, d, p)), value.get((base, d, p))
                if _whole(mine) and _whole(theirs):
                    pairs.append((int(mine), int(theirs)))
            figures = json.loads(_treelab.across_json(pairs))
            if figures is None:
                continue
            out.append(
                {
                    "algorithm": a,
                    "baseline": base,
                    "depth": d,
                    "positions": figures["positions"],
                    "geomean": figures["geomean"],
                    "low": figures["low"],
                    "high": figures["high"],
                    "total_ratio": figures["total_ratio"],
                    "fewer": figures["fewer"],
                    "equal": figures["equal"],
                    "more": figures["more"],
                    "wilcoxon_p": figures["wilcoxon_p"],
                    "test": figures["test"],
                }
            )
    try:
        import pandas
    except ImportError:
        return out
    return pandas.DataFrame(out)


def _whole(v: Any) -> bool:
    """Whether ``v`` is a count (not a missing cell)."""
    try:
        return v is not None and v == v and int(v) == v
    except (TypeError, ValueError):
        return False
