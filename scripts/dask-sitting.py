#!/usr/bin/env python3
"""What sharing a grid over an executor costs, from Python, in one sitting: E1's grid
(NegaAlpha, Scout and NegaScout over FFO #40-#59 at depths 2 to 10: 540 cells, the
grid of scripts/scale-sitting.sh) run

    serial    treelab.bench(..., threads=1) in this process
    pool      treelab.bench(..., executor=ProcessPoolExecutor(2, spawn))
    dask      treelab.bench(..., executor=Client(LocalCluster(n_workers=2,
              threads_per_worker=1, processes=True)))

ROUNDS times each, the ways alternating. A way's wall time runs from before its
executor or cluster starts to after it is shut down; its CPU time is this process's
and its finished children's (the workers), from getrusage. Each way's cells are checked
equal to the first serial run's, `seconds` aside. Prints lscpu's model, a line per
run, and the table: wall and CPU seconds (median and range), the speed-up on the
serial wall time, the CPU beyond the serial run's per cell, and the wall time beyond a
perfect split of the serial run's search time over the way's workers, per cell.

    python scripts/dask-sitting.py [ROUNDS]      (ROUNDS default 3; needs treelab,
                                                  dask and distributed installed)
"""

import multiprocessing
import resource
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import treelab

GRID = dict(
    suite_or_positions="fforum-40-59.obf",
    algos=["negaalpha", "scout", "negascout+skip-shallow-research"],
    depths="2..10",
    progress=False,
)
WORKERS = {"serial": 1, "pool": 2, "dask": 2}


def cpu_seconds():
    """This process's CPU seconds and its waited-for children's."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run(way):
    """The grid run `way`: its rows, wall and CPU seconds."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    if way == "serial":
        frame = treelab.bench(**GRID, threads=1)
    elif way == "pool":
        with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
            frame = treelab.bench(**GRID, executor=pool)
    else:
        from dask.distributed import Client, LocalCluster

        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            frame = treelab.bench(**GRID, executor=client)
    return frame, time.perf_counter() - wall, cpu_seconds() - cpu


def spread(values):
    return f"{statistics.median(values):.1f} ({min(values):.1f}-{max(values):.1f})"


def main(rounds):
    model = [l for l in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines()
             if l.startswith(("Model name", "CPU(s)"))]
    print("; ".join(" ".join(l.split()) for l in model))
    runs = {way: [] for way in WORKERS}
    reference = None
    for k in range(rounds):
        for way in WORKERS:
            frame, wall, cpu = run(way)
            cells = frame.drop(columns="seconds")
            if reference is None:
                reference = cells
            assert cells.equals(reference), f"{way} round {k + 1} differs from the serial run"
            runs[way].append((wall, cpu, float(frame["seconds"].sum())))
            print(f"{way} round {k + 1}: {wall:.1f} s wall, {cpu:.1f} s CPU, "
                  f"{len(frame)} cells equal to the serial run's", flush=True)
    n = len(reference)
    serial_wall = statistics.median(w for w, _, _ in runs["serial"])
    serial_cpu = statistics.median(c for _, c, _ in runs["serial"])
    search = statistics.median(s for _, _, s in runs["serial"])
    print(f"\n{n} cells; the serial run's searches take {search:.1f} s of its {serial_wall:.1f} s")
    print("| way | runs | wall s, median (range) | CPU s, median (range) | speed-up | "
          "CPU beyond serial, ms/cell | wall beyond a perfect split, ms/cell |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for way, label in [("serial", "`treelab.bench(threads=1)`"),
                       ("pool", "`executor=` a ProcessPoolExecutor of 2"),
                       ("dask", "`executor=` a Dask LocalCluster of 2 worker processes")]:
        walls = [w for w, _, _ in runs[way]]
        cpus = [c for _, c, _ in runs[way]]
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        print(f"| {label} | {len(walls)} | {spread(walls)} | {spread(cpus)} | "
              f"{serial_wall / wall:.2f} | {(cpu - serial_cpu) / n * 1000:.1f} | "
              f"{(wall - search / WORKERS[way]) / n * 1000:.1f} |")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
