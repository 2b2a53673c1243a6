#!/usr/bin/env python3
"""docs/results/scale.md's tables from a sitting of scripts/scale-sitting.sh.

    python3 scripts/scale_model.py OUT [TINY_OUT]

1. Per grid (E1's 540 cells; 20,000 tiny cells) and way (serial, --threads 2, a grid
   folder, a 2-task Slurm array): wall and CPU seconds (median and range over the
   rounds), the speed-up on the serial wall time, and what the way costs per cell: its
   CPU beyond the serial run's, and its wall time beyond a perfect split of the serial
   run's CPU over the way's workers.
2. What E1's grid costs on N machines, from the serial run's cells' times (the model and
   its assumptions are printed with it). The fixed cost of a Slurm run is the tiny
   grid's 2-task array's median wall time, from OUT or, when OUT sat E1's grid alone,
   from TINY_OUT (an earlier sitting of the tiny grid).
"""

import csv
import statistics
import sys
from collections import defaultdict
from pathlib import Path

WORKERS = {"serial": 1, "threads": 2, "folder": 1, "slurm": 2, "dask": 2}
WAYS = ["serial", "threads", "folder", "slurm", "dask"]
LABEL = {
    "serial": "serial (`--threads 1`)",
    "threads": "`--threads 2`",
    "folder": "serial into a grid folder (`--out DIR/`)",
    "slurm": "2-task Slurm array + finishing job",
    "dask": "Dask `LocalCluster`, 2 workers (from Python)",
}
GRIDS = {
    "e1": "E1's rows over FFO #40-#59",
    "tiny": "five rows over Test_L3_R1, depths 1-4",
}


def spread(values):
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def read_runs(out):
    runs = defaultdict(lambda: defaultdict(list))
    for path in sorted(out.glob("times-*.tsv")):
        with open(path, newline="") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                runs[row["grid"]][row["way"]].append(
                    (float(row["wall"]), float(row["cpu"]), float(row["cells"]))
                )
    return runs


def ways_table(grid, runs, n_cells):
    serial_wall = statistics.median(w for w, _, _ in runs["serial"])
    serial_cpu = statistics.median(c for _, c, _ in runs["serial"])
    print(f"\n**{GRIDS.get(grid, grid)}** ({n_cells} cells)\n")
    print("| way | runs | wall s, median (range) | CPU s, median (range) | speed-up | "
          "CPU beyond serial, ms a cell | wall beyond a perfect split, ms a cell |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for way in WAYS:
        if way not in runs:
            continue
        walls = [w for w, _, _ in runs[way]]
        cpus = [c for _, c, _ in runs[way]]
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        ideal = serial_cpu / WORKERS[way]
        print(f"| {LABEL[way]} | {len(walls)} | {spread(walls)} | {spread(cpus)} | "
              f"{serial_wall / wall:.2f} | {(cpu - serial_cpu) / n_cells * 1000:.3f} | "
              f"{(wall - ideal) / n_cells * 1000:.2f} |")


def longest_first(times, n):
    """The slowest of n machines when each next-longest item goes to the least loaded."""
    load = [0.0] * n
    for t in sorted(times, reverse=True):
        load[load.index(min(load))] += t
    return max(load)


def model(out, runs, tiny_runs):
    with open(out / "serial-e1.csv", newline="") as f:
        cells = list(csv.DictReader(f))
    # The cells' times as measured (wall seconds of each search, on a machine others
    # shared), scaled so that they add up to the serial runs' median CPU time: what
    # each search costs on a core of its own.
    measured = sum(float(c["seconds"]) for c in cells)
    cpu = statistics.median(c for _, c, _ in runs["e1"]["serial"])
    scale = cpu / measured
    per_position = defaultdict(float)
    order = []
    for c in cells:
        if c["position"] not in per_position:
            order.append(c["position"])
        per_position[c["position"]] += float(c["seconds"]) * scale
    each = [float(c["seconds"]) * scale for c in cells]

    # --shard k/N runs the positions whose index is k modulo N, each task on a machine
    # of its own, all starting together; the grid ends with its slowest task, then the
    # finishing job.
    def slowest(n):
        return max(sum(per_position[p] for i, p in enumerate(order) if i % n == k)
                   for k in range(n))

    fixed = 0.0
    if "slurm" in tiny_runs:
        fixed = statistics.median(w for w, _, _ in tiny_runs["slurm"])
    total = sum(per_position.values())
    biggest = max(per_position.values())
    print(f"\nThe model: each cell costs its time in the first serial run of E1's grid, "
          f"scaled by {scale:.3f} so that the cells add up to the serial runs' median CPU "
          f"time ({total:.1f} s; the slowest position, all its rows and depths, "
          f"{biggest:.1f} s; the longest cell {max(each):.1f} s). A task of `--shard k/N` "
          f"runs the positions whose index is k modulo N on a machine of its own (one "
          f"core, as fast as this one's), all tasks starting together; the grid ends with "
          f"its slowest task, plus {fixed:.1f} s, the median wall time of the tiny grid's "
          f"2-task array (Slurm scheduling the array and the job after it, starting the "
          f"processes, reading the suite and the folder, merging: what a Slurm run costs "
          f"whatever its cells). The last column is what sharing out single cells, the "
          f"longest first, would give instead (not what `--shard` does).\n")
    print("| machines N | slowest task s | wall s | machine-seconds (N x wall) | "
          "efficiency | by cells, longest first: wall s |")
    print("|---:|---:|---:|---:|---:|---:|")
    for n in [k for k in [1, 2, 4, 5, 10, 20] if k <= len(order)]:
        extra = fixed if n > 1 else 0.0
        wall = slowest(n) + extra
        print(f"| {n} | {slowest(n):.1f} | {wall:.1f} | {n * wall:.1f} | "
              f"{total / (n * wall):.2f} | {longest_first(each, n) + extra:.1f} |")


def main(out, tiny_out=None):
    runs = read_runs(out)
    for grid in ["e1", "tiny"]:
        if grid not in runs:
            continue
        with open(out / f"serial-{grid}.csv", newline="") as f:
            n_cells = sum(1 for _ in csv.DictReader(f))
        ways_table(grid, runs[grid], n_cells)
    if "e1" in runs:
        tiny = runs["tiny"] if "tiny" in runs or tiny_out is None else read_runs(tiny_out)["tiny"]
        model(out, runs, tiny)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: scripts/scale_model.py OUT [TINY_OUT] (folders scripts/scale-sitting.sh wrote)")
    main(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) == 3 else None)
