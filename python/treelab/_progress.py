"""How long calls tell their progress: a ``progress(done, total)`` callable the caller
gives, or a tqdm bar (``tqdm.auto``: a widget in a notebook, text in a terminal) when
tqdm is installed.

``progress=None`` (the default) draws a bar only for a call still running after a
second, so quick calls print nothing; ``True`` draws one at once (tqdm needed);
``False`` draws nothing; a callable is called with ``(done, total)``: cells of a grid,
games of a match, nodes of a search (``total`` None unless a node limit is set).
"""

from typing import Any, Callable, Optional

#: Seconds a call runs before the default bar appears.
BAR_DELAY = 1.0


class Progress:
    """The progress of one call: hands ``(done, total)`` to the caller's callable or a
    tqdm bar (made on the first report, closed at the end of the ``with`` block)."""

    def __init__(self, progress: Any, unit: str, desc: str):
        self._callback: Optional[Callable[[int, Optional[int]], Any]] = None
        self._tqdm: Any = None
        self._bar: Any = None
        self._unit = unit
        self._desc = desc
        self._delay = BAR_DELAY
        if progress is False:
            return
        if callable(progress):
            self._callback = progress
            return
        if progress is not None and progress is not True:
            raise TypeError(
                f"progress={progress!r}: give a callable progress(done, total), True (a "
                "tqdm bar at once), False (nothing) or None (a tqdm bar for calls longer "
                "than a second, when tqdm is installed)"
            )
        try:
            from tqdm.auto import tqdm
        except ImportError:
            if progress is True:
                raise ImportError("progress=True draws a tqdm bar: pip install tqdm") from None
            return
        self._tqdm = tqdm
        self._delay = 0.0 if progress is True else BAR_DELAY

    def hook(self) -> Optional[Callable[[int, Optional[int]], None]]:
        """What the extension calls with ``(done, total)``; None when nothing listens."""
        return self if (self._callback is not None or self._tqdm is not None) else None

    def __call__(self, done: int, total: Optional[int]) -> None:
        if self._callback is not None:
            self._callback(done, total)
            return
        if self._tqdm is None:
            return
        if self._bar is None:
            self._bar = self._tqdm(
                total=total,
                unit=self._unit,
                desc=self._desc,
                delay=self._delay,
                unit_scale=self._unit == "nodes",
            )
        if total is not None and self._bar.total != total:
            self._bar.total = total
        if done > self._bar.n:
            self._bar.update(done - self._bar.n)

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._bar is not None:
            self._bar.close()
