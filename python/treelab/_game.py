"""Games written in Python: subclass :class:`Game` and every algorithm of treelab's
generic engine searches your game, with every counter, as it searches a built-in one.

A state is immutable: :meth:`Game.play` returns a new state. Values are whole numbers
from the point of view of the side to move (negamax form), as in the engine.
"""

from typing import Any, Hashable, List, Optional, Sequence, Tuple


class Game:
    """A state of a two-player, zero-sum game of perfect information (or, with
    :meth:`chance_outcomes`, one where nature moves too).

    Subclasses define :meth:`moves`, :meth:`play`, :meth:`is_over` and :meth:`score`;
    :meth:`evaluate` (a heuristic for searches that stop before the end),
    :meth:`key` (enables transpositions in a table) and :meth:`bounds` are optional,
    and ``__repr__`` names a state in a grid's ``position`` column.

    :meth:`is_over` is asked first at every state: a finished game is never asked for
    its moves, so :meth:`moves` may list moves that the rules would still allow (the
    empty cells of a tic-tac-toe board with a line on it).

    >>> class Nim(Game):
    ...     def __init__(self, heaps): self.heaps = tuple(heaps)
    ...     def moves(self):
    ...         return [(i, n) for i, h in enumerate(self.heaps) for n in range(1, h + 1)]
    ...     def play(self, move):
    ...         i, n = move
    ...         return Nim(self.heaps[:i] + (self.heaps[i] - n,) + self.heaps[i + 1:])
    ...     def is_over(self): return not any(self.heaps)
    ...     def score(self): return -1  # the player who took the last object won
    ...     def bounds(self): return (-1, 1)
    ...     def __repr__(self): return f"Nim{self.heaps}"
    """

    #: The engine's units per unit of your values, for games with chance nodes: choose
    #: it so that every weighted mean a search takes is a whole number (for fair dice,
    #: ``6 ** k`` with at most ``k`` rolls on a path). 1 for other games.
    value_scale: int = 1

    #: Whether chance nodes can occur (searches that cannot average refuse such a
    #: game). ``None``: when the class defines :meth:`chance_outcomes`.
    has_chance_nodes: Optional[bool] = None

    def moves(self) -> Sequence[Hashable]:
        """The legal moves, in the order the search tries them first. Any hashable
        values (ints, strings, tuples); ``str(move)`` is how traces write it, and a
        result's ``best`` and ``pv`` are these objects. Asked only where
        :meth:`is_over` is false, and then it must give at least one move (a side that
        cannot move while the game goes on passes: give it a pass move)."""
        raise NotImplementedError("a treelab.Game defines moves()")

    def play(self, move: Any) -> "Game":
        """The state after ``move`` (a new state of a :class:`Game`; this one is left
        as it is)."""
        raise NotImplementedError("a treelab.Game defines play(move)")

    def is_over(self) -> bool:
        """Whether the game has ended (asked first at every state)."""
        raise NotImplementedError("a treelab.Game defines is_over()")

    def score(self) -> int:
        """The final result of an ended game, for the side to move (win > 0 > loss)."""
        raise NotImplementedError("a treelab.Game defines score()")

    def evaluate(self) -> int:
        """A heuristic value of an unfinished state for the side to move, within
        :meth:`bounds`. The default: 0."""
        return 0

    def key(self) -> int:
        """An int (at most 64 bits) that equal states share and different states do
        not: a transposition table needs it. Without it, every state is its own."""
        raise NotImplementedError

    def bounds(self) -> Tuple[int, int]:
        """The lowest and highest value :meth:`score` and :meth:`evaluate` can give.
        The default: (-1000000, 1000000)."""
        return (-1_000_000, 1_000_000)

    def chance_outcomes(self) -> Optional[List[Tuple[Hashable, int]]]:
        """At a chance node (nature moves), the outcomes with their whole-number
        weights (an outcome's probability is its weight over their sum); ``None`` at a
        player's state. The side to move at the outcomes is the one of this state.
        Define it only for a game with chance nodes (then expectimax, Star1 and Star2
        search it)."""
        return None
