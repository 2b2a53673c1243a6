"""Type stubs of ``treelab.openspiel``."""

from typing import Any, Callable, Optional

from ._game import Game

PASS: str

class OpenSpielGame(Game):
    """A ``pyspiel`` state as a treelab game."""

    state: Any
    side: int

def wrap(
    state: Any,
    *,
    unit: int = 1,
    value_function: Optional[Callable[[Any, int], float]] = None,
    key: Any = None,
    value_scale: Optional[int] = None,
) -> OpenSpielGame:
    """``state`` (a ``pyspiel.State``) as a treelab game."""
