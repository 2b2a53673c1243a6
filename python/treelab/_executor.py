"""Grids and matches shared over an executor: anything with the ``concurrent.futures``
shape (``submit(fn, *args)`` returning futures with ``result()``), such as
``concurrent.futures.ProcessPoolExecutor``, ``dask.distributed.Client`` or Ray's
executor. Each task is a module-level function of plain arguments (it pickles by
name); what it returns is the library's own slice of the result (a grid's cell, some
games of a match), which the library merges as ``treelab merge`` merges shards, so
the result equals a serial run's.
"""

import queue
from typing import Any, Callable, List, Sequence

from . import _treelab

#: At most this many slices of a match (one per opening below that).
MATCH_SLICES = 256


def bench_cell(*task: Any) -> Any:
    """One cell of a grid (a task: see ``Grid.tasks``), run in a worker."""
    return _treelab.bench_cell(*task)


def match_slice(*task: Any) -> Any:
    """One slice of a match's games, played in a worker."""
    return _treelab.match_slice(*task)


def run_tasks(
    executor: Any,
    fn: Callable[..., Any],
    tasks: Sequence[Sequence[Any]],
    progress: Any = None,
) -> List[Any]:
    """Submits ``fn(*task)`` for every task, in the order given (the longest expected
    first), and gives their results in that order. ``progress(done, total)`` is told
    the tasks finished as they finish. The first task that fails raises its error
    here; on it, or on Ctrl+C, the tasks not started are cancelled."""
    if not hasattr(executor, "submit"):
        raise TypeError(
            f"executor={executor!r}: give an executor with submit(fn, *args), such as "
            "concurrent.futures.ProcessPoolExecutor or a dask.distributed.Client"
        )
    futures = [executor.submit(fn, *task) for task in tasks]
    try:
        finished: "queue.SimpleQueue[Any]" = queue.SimpleQueue()
        if all(hasattr(f, "add_done_callback") for f in futures):
            for f in futures:
                f.add_done_callback(finished.put)
            for done in range(1, len(futures) + 1):
                while True:
                    try:
                        # A timeout, so that Ctrl+C is seen while the tasks run.
                        f = finished.get(timeout=0.1)
                        break
                    except queue.Empty:
                        continue
                f.result()
                if progress is not None:
                    progress(done, len(futures))
        else:
            for done, f in enumerate(futures, 1):
                f.result()
                if progress is not None:
                    progress(done, len(futures))
        return [f.result() for f in futures]
    except BaseException:
        for f in futures:
            f.cancel()
        raise
