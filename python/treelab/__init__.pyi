"""Type stubs of the treelab package (see ``treelab/__init__.py``)."""

from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Sequence, Tuple, Union

from . import openspiel as openspiel

__version__: str

#: What ``progress=`` takes: a callable ``progress(done, total)``, True (a tqdm bar at
#: once), False (nothing) or None (a tqdm bar for calls longer than a second).
_Progress = Union[None, bool, Callable[[int, Optional[int]], Any]]

class SearchResult:
    """The result of one search, as ``treelab search`` prints it: a frozen dataclass
    with a field per value below and per counter (``nodes``, ``leaves``, ...)."""

    score: Optional[Union[int, float]]
    score_exact: Optional[str]
    best: Optional[Any]
    pv: List[Any]
    depth: int
    complete: bool
    stopped: Optional[str]
    seconds: float
    estimate: Optional[float]
    proven: Optional[bool]
    nodes: int
    leaves: int
    interior: int
    beta_cutoffs: int
    first_move_cutoffs: int
    @property
    def counters(self) -> Dict[str, int]:
        """Every counter, under the command line's names."""
    def to_dict(self) -> Dict[str, Any]:
        """Every field and counter as one flat dict."""
    def __getattr__(self, counter: str) -> int: ...

class Game:
    """A state of a game written in Python, searched by every algorithm of the engine."""

    value_scale: int
    has_chance_nodes: Optional[bool]
    def moves(self) -> Sequence[Hashable]:
        """The legal moves (hashable values), in the order tried first."""
    def play(self, move: Any) -> "Game":
        """The state after ``move`` (a new state)."""
    def is_over(self) -> bool:
        """Whether the game has ended (asked first at every state)."""
    def score(self) -> int:
        """The final result for the side to move."""
    def evaluate(self) -> int:
        """A heuristic value for the side to move (default 0)."""
    def key(self) -> int:
        """An int identifying the state, for transpositions (optional)."""
    def bounds(self) -> Tuple[int, int]:
        """The lowest and highest value (default (-1000000, 1000000))."""
    def chance_outcomes(self) -> Optional[List[Tuple[Hashable, int]]]:
        """At a chance node, the outcomes with whole-number weights; else None."""

class SolveResult(Dict[str, Any]):
    """An exact solve: ``score``, ``best``, ``nodes``, ``seconds``."""

    score: int
    best: Optional[str]
    nodes: int
    seconds: float

class MatchResult(Dict[str, Any]):
    """A match with the engine tester's statistics (the first player's)."""

    game: str
    black: str
    white: str
    seed: int
    alternate: bool
    wins: int
    draws: int
    losses: int
    pentanomial: Optional[List[int]]
    score: Optional[float]
    elo: Optional[float]
    elo_low: Optional[float]
    elo_high: Optional[float]
    los: Optional[float]
    n_elo: Optional[float]
    games: List[Dict[str, Any]]
    text: str

class Trace(List[Dict[str, Any]]):
    """The visits of one traced search, in order."""

    text: str
    def svg(self) -> str:
        """The tree view's figure as SVG."""
    def tikz(self) -> str:
        """The figure as a TikZ picture."""

class Exercise(Dict[str, Any]):
    """A practice tree with its question and key."""

    id: str
    tree: str
    question: str
    cutoffs: int
    deep_cutoffs: int
    leaves_searched: int
    leaves: int
    key: Dict[str, Any]

def games() -> List[str]:
    """The games' names, as ``search`` takes them."""

def algorithms() -> List[Dict[str, Any]]:
    """Every algorithm as the engine's registry describes it, with the options it takes."""

def row_spec(algo: str, **options: Any) -> str:
    """The command line's row spec of ``algo`` with ``options``."""

def search(
    game: Union[str, Game],
    position: Optional[str] = None,
    algo: str = "negascout",
    depth: Optional[int] = None,
    *,
    evaluator: str = "",
    nodes: Optional[int] = None,
    seconds: Optional[float] = None,
    progress: _Progress = None,
    **options: Any,
) -> SearchResult:
    """Searches ``position`` of ``game`` (a name, or a Python game's state) with ``algo``
    and its options."""

def bench(
    suite_or_positions: Union[str, Sequence[Union[str, Game]]],
    algos: Union[str, Sequence[str]],
    depths: Union[int, str, Iterable[int]],
    game: Optional[str] = None,
    threads: int = 1,
    evaluator: str = "",
    *,
    limit: Optional[int] = None,
    range: Union[None, str, Tuple[int, int], Iterable[int]] = None,
    shard: Union[None, str, Tuple[int, int]] = None,
    executor: Any = None,
    progress: _Progress = None,
) -> Any:
    """A grid as ``treelab bench`` runs it: a pandas DataFrame with its CSV's columns
    (a list of dicts without pandas)."""

def across(frame: Any, baseline: Optional[str] = None, count: str = "nodes") -> Any:
    """The across-positions figures of a grid against ``baseline`` (default: the first
    row): geometric mean, bootstrap interval, fewer/equal/more, Wilcoxon p."""

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
    """Every visit of one search, with the tree view's figure."""

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
    progress: _Progress = None,
) -> MatchResult:
    """Whole games between two players, as ``treelab match`` plays them."""

def solve(game: str, position: str, threads: int = 1) -> SolveResult:
    """The exact value of an Othello endgame or a Connect Four position."""

class TrainResult(Dict[str, Any]):
    """A trained network: ``path``, ``shape``, ``command``, ``drawn``, ``trained_on``,
    ``held_out``, ``label_seconds``, ``before``, ``epochs`` and ``manifest``."""

    path: str
    shape: str
    command: str
    drawn: int
    trained_on: int
    held_out: int
    label_seconds: float
    before: Dict[str, int]
    epochs: List[Dict[str, Any]]
    manifest: Dict[str, str]

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
    progress: _Progress = None,
) -> TrainResult:
    """Trains a game's policy-value network on solver-labelled positions, as
    ``treelab train-net`` does, and writes it to ``out``."""

def exercise(
    algo: str = "alphabeta", difficulty: str = "easy", seed: int = 1, count: int = 1
) -> Union[Exercise, List[Exercise]]:
    """A practice tree (or ``count`` of them) with its question and key."""
