"""Type stubs of the treelab package (see ``treelab/__init__.py``)."""

from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

__version__: str

class SearchResult:
    """The result of one search, as ``treelab search`` prints it."""

    score: Optional[int]
    best: Optional[str]
    pv: List[str]
    depth: int
    complete: bool
    stopped: Optional[str]
    seconds: float
    estimate: Optional[float]
    proven: Optional[bool]
    @property
    def counters(self) -> Dict[str, int]: ...

def games() -> List[str]:
    """The games' names, as ``search`` takes them."""

def row_spec(algo: str, **options: Any) -> str:
    """The command line's row spec of ``algo`` with ``options``."""

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
    """Searches ``position`` of ``game`` with ``algo`` and its options."""

def bench(
    suite_or_positions: Union[str, Sequence[str]],
    algos: Union[str, Sequence[str]],
    depths: Union[int, str, Iterable[int]],
    game: Optional[str] = None,
    threads: int = 1,
    evaluator: str = "",
) -> Any:
    """A grid as ``treelab bench`` runs it: a pandas DataFrame with its CSV's columns
    (a list of dicts without pandas)."""
