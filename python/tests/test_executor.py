"""Grids and matches shared over an executor (``executor=``): a ProcessPoolExecutor of
two worker processes and a Dask LocalCluster of two worker processes give the serial
run's cells and games, counter for counter and move for move. The Dask test says it
skipped when ``dask.distributed`` is not installed (``scripts/python-test.sh``
installs it)."""

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

import treelab

ALGOS = ["negaalpha", "negascout+order=static", "mtdf+tt=4+id"]


def untimed(frame):
    rows = frame.to_dict("records") if hasattr(frame, "to_dict") else frame
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def untimed_games(m):
    return [{k: v for k, v in g.items() if k != "seconds"} for g in m["games"]]


MATCH = dict(game="connect4", black="negascout+tt=4@4", white="negaalpha@2", games=10, openings=3, seed=7)


@pytest.fixture(scope="module")
def serial():
    return {
        "bench": untimed(treelab.bench("fforum-40-59.obf", ALGOS, [2, 3, 4], limit=6, threads=1)),
        "match": treelab.match(**MATCH),
    }


def same_match(mine, serial):
    assert untimed_games(mine) == untimed_games(serial)
    for key in ("wins", "draws", "losses", "pentanomial", "elo", "elo_low", "elo_high", "los", "n_elo", "text"):
        assert mine[key] == serial[key], key


def test_a_cell_and_a_slice_pickle():
    task = treelab._treelab.grid("fforum-40-59.obf", None, None, ["negaalpha"], [3], "", 2).tasks()[0]
    cell = treelab._executor.bench_cell(*task)
    assert repr(pickle.loads(pickle.dumps(cell))) == repr(cell) == "BenchSlice(1 cells)"


def test_a_process_pool_gives_the_serial_run(serial):
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=spawn) as pool:
        done = []
        grid = treelab.bench("fforum-40-59.obf", ALGOS, [2, 3, 4], limit=6, executor=pool,
                             progress=lambda d, t: done.append((d, t)))
        assert untimed(grid) == serial["bench"]
        assert len(done) == 6 * 3 * 3 and done[-1] == (54, 54)
        same_match(treelab.match(**MATCH, executor=pool), serial["match"])


def test_a_dask_cluster_of_two_processes_gives_the_serial_run(serial):
    distributed = pytest.importorskip("dask.distributed", reason="dask.distributed is not installed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        grid = treelab.bench("fforum-40-59.obf", ALGOS, [2, 3, 4], limit=6, executor=client)
        assert untimed(grid) == serial["bench"]
        same_match(treelab.match(**MATCH, executor=client), serial["match"])
        # The work was done in the workers' processes.
        assert sum(client.run(lambda: 1).values()) == 2


def test_a_failing_cell_fails_the_grid():
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=spawn) as pool:
        # A refused row fails before anything is submitted, with the engine's message.
        with pytest.raises(ValueError, match="unknown"):
            treelab.bench("fforum-40-59.obf", ["quicksort"], [2], executor=pool)
    with pytest.raises(TypeError, match="executor=42: give an executor with submit"):
        treelab.bench("fforum-40-59.obf", ["negaalpha"], [2], executor=42)
