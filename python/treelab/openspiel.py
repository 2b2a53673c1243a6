"""OpenSpiel's games as treelab games: :func:`wrap` turns a ``pyspiel`` state of a
two-player, zero-sum game of perfect information (with chance nodes too, for
expectimax, Star1 and Star2) into a :class:`treelab.Game`, so that treelab's
algorithms and counters apply to every such game OpenSpiel has.

>>> import pyspiel, treelab, treelab.openspiel
>>> game = pyspiel.load_game("tic_tac_toe")
>>> treelab.search(treelab.openspiel.wrap(game.new_initial_state()), algo="negascout", depth=9)

The engine's values are for the side to move, sides alternating; where a player in
OpenSpiel moves twice running (Pig: roll, then decide again), the wrapped game has
the other side pass in between (a move named ``pass``; it costs a ply of depth, as a
pass does in Othello). A chance node uses no depth, as in OpenSpiel's
``expectiminimax``.
"""

import hashlib
from fractions import Fraction
from math import ceil, floor, gcd
from typing import Any, Callable, List, Optional, Tuple

from ._game import Game

#: The move of a side that does not move (the other player in OpenSpiel moves again).
PASS = "pass"


def _lcm(a: int, b: int) -> int:
    return a * b // gcd(a, b)


class OpenSpielGame(Game):
    """A ``pyspiel`` state as a treelab game (made by :func:`wrap`)."""

    def __init__(self, state: Any, side: int, spec: "_Spec"):
        self.state = state
        self.side = side
        self.spec = spec
        self.value_scale = spec.value_scale
        self.has_chance_nodes = spec.chance

    def _moving(self) -> bool:
        """Whether OpenSpiel's player to move is the engine's side to move."""
        return self.state.current_player() == self.side

    def moves(self) -> List[Any]:
        if self.state.is_terminal():
            return []
        if not self._moving():
            return [PASS]
        return list(self.state.legal_actions())

    def play(self, move: Any) -> "OpenSpielGame":
        if move == PASS:
            return OpenSpielGame(self.state, 1 - self.side, self.spec)
        if self.state.is_chance_node():
            # An outcome of nature: the side to move stays.
            return OpenSpielGame(self.state.child(move), self.side, self.spec)
        return OpenSpielGame(self.state.child(move), 1 - self.side, self.spec)

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def score(self) -> int:
        return self.spec.units(self.state.returns()[self.side])

    def evaluate(self) -> int:
        if self.spec.value_function is None:
            return 0
        low, high = self.spec.bounds
        v = self.spec.units(self.spec.value_function(self.state, self.side))
        return max(low, min(high, v))

    def bounds(self) -> Tuple[int, int]:
        return self.spec.bounds

    def chance_outcomes(self) -> Optional[List[Tuple[Any, int]]]:
        if not self.state.is_chance_node():
            return None
        outcomes = [(a, Fraction(p).limit_denominator(10**6)) for a, p in self.state.chance_outcomes()]
        den = 1
        for _, p in outcomes:
            den = _lcm(den, p.denominator)
        return [(a, int(p * den)) for a, p in outcomes if p > 0]

    def __repr__(self) -> str:
        return f"OpenSpielGame({self.state.get_game()}, {self.state.history()})"


class _KeyedGame(OpenSpielGame):
    """An OpenSpiel game whose states are told apart by a key (transpositions)."""

    def play(self, move: Any) -> "OpenSpielGame":
        child = OpenSpielGame.play(self, move)
        return _KeyedGame(child.state, child.side, child.spec)

    def key(self) -> int:
        text = self.spec.key(self.state)
        digest = hashlib.blake2b(f"{self.side}|{text}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "little", signed=True)


class _Spec:
    """What every state of one wrapped game shares."""

    def __init__(self, game: Any, unit: int, value_scale: int, value_function, key, chance):
        self.chance = chance
        self.unit = unit
        self.value_scale = value_scale
        self.value_function = value_function
        self.key = key
        self.bounds = (floor(game.min_utility() * unit), ceil(game.max_utility() * unit))

    def units(self, value: float) -> int:
        v = value * self.unit
        if abs(v - round(v)) > 1e-9:
            raise ValueError(
                f"a value of {value} is not a whole number of units: wrap(..., unit=N) "
                "with N that makes every value whole"
            )
        return int(round(v))


def wrap(
    state: Any,
    *,
    unit: int = 1,
    value_function: Optional[Callable[[Any, int], float]] = None,
    key: Any = None,
    value_scale: Optional[int] = None,
) -> OpenSpielGame:
    """``state`` (a ``pyspiel.State``) as a treelab game.

    The game must be for two players, zero-sum, sequential and of perfect information;
    chance nodes are allowed (searched by expectimax, Star1 and Star2). ``unit``
    multiplies OpenSpiel's returns into whole numbers (1 for games whose results are
    -1, 0 and 1). ``value_function(state, player)`` scores a state where a search stops
    before the end, for ``player`` (as OpenSpiel's searches take one); without it, 0.
    ``key``: ``True`` tells states apart by ``str(state)`` (true of tic-tac-toe,
    Connect Four and Pig), or a function of the state giving a string; it lets a
    transposition table find transpositions (without it, every state is its own).
    ``value_scale``: for chance games, the engine's units per unit of value, chosen so
    that every weighted mean of a search is whole (for a die, ``6 ** k`` with at most
    ``k`` rolls on a path; default ``6 ** 8``).
    """
    import pyspiel

    game = state.get_game()
    kind = game.get_type()
    if game.num_players() != 2:
        raise ValueError(f"{kind.short_name}: treelab searches games of two players")
    if kind.utility != pyspiel.GameType.Utility.ZERO_SUM:
        raise ValueError(f"{kind.short_name}: treelab searches zero-sum games")
    if kind.information != pyspiel.GameType.Information.PERFECT_INFORMATION:
        raise ValueError(f"{kind.short_name}: treelab searches games of perfect information")
    if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        raise ValueError(f"{kind.short_name}: treelab searches sequential games")
    chance = kind.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC
    scale = value_scale if value_scale is not None else (6**8 if chance else 1)
    if key is True:
        key = str
    spec = _Spec(game, unit, scale, value_function, key, chance)
    player = state.current_player()
    side = player if player in (0, 1) else 0
    cls = _KeyedGame if key is not None else OpenSpielGame
    return cls(state, side, spec)
