#!/usr/bin/env python3
"""docs/results/scale.md's tables from a sitting of scripts/scale-sitting.sh.

    python3 scripts/scale_model.py OUT

1. Per grid (E1's 540 cells; 2,000 tiny cells) and way (serial, --threads 2, a grid
   folder, a 2-task Slurm array): wall and CPU seconds (median and range over the
   rounds), the speed-up on the serial wall time, and what the way costs per cell: its
   CPU beyond the serial run's, and its wall time beyond a perfect split of the serial
   run's CPU over the way's workers.
2. What E1's grid costs on N machines, from the serial run's cells' times (the model and
   its assumptions are printed with it).
"""

import csv
import statistics
import sys
from collections import defaultdict
from pathlib import Path

WORKERS = {"serial": 1, "threads": 2, "folder": 1, "slurm": 2}
WAYS = ["serial", "threads", "folder", "slurm"]
LABEL = {
    "serial": "serial (`--threads 1`)",
    "threads": "`--threads 2`",
    "folder": "serial into a grid folder (`--out DIR/`)",
    "slurm": "2-task Slurm array + finishing job",
}
GRIDS = {
    "e1": "E1's rows over FFO #40-#59, depths 2-10",
    "tiny": "NegaAlpha over Test_L3_R1, depths 1-2",
}


def spread(values):
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def read_runs(out):
    runs = defaultdict(lambda: defaultdict(list))
    with open(out / "times.tsv", newline="") as f:
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


def model(out, runs):
    with open(out / "serial-e1.csv", newline="") as f:
        cells = list(csv.DictReader(f))
    per_position = defaultdict(float)
    order = []
    for c in cells:
        if c["position"] not in per_position:
            order.append(c["position"])
        per_position[c["position"]] += float(c["seconds"])
    # --shard k/N runs the positions whose index is k modulo N, each task on a machine
    # of its own, all starting together; the grid ends with its slowest task, then the
    # finishing job.
    def slowest(n):
        return max(sum(per_position[p] for i, p in enumerate(order) if i % n == k)
                   for k in range(n))

    fixed = 0.0
    if "slurm" in runs["tiny"]:
        fixed = statistics.median(w for w, _, _ in runs["tiny"]["slurm"])
    total = sum(per_position.values())
    biggest = max(per_position.values())
    print(f"\nThe model: a task's time is the sum of its positions' cells' times in the "
          f"serial run of E1's grid ({total:.1f} s in all, the slowest position alone "
          f"{biggest:.1f} s); on N machines the grid's wall time is its slowest task's "
          f"plus {fixed:.1f} s, the median wall time of the tiny grid's 2-task array "
          f"(scheduling the array and the job after it, starting the processes, reading "
          f"the suite, merging: what a Slurm run costs whatever its cells).\n")
    print("| machines N | slowest task s | wall s | machine-seconds (N x wall) | "
          "efficiency | bound: max(total / N, slowest position) s |")
    print("|---:|---:|---:|---:|---:|---:|")
    for n in [k for k in [1, 2, 4, 5, 10, 20] if k <= len(order)]:
        wall = slowest(n) + (fixed if n > 1 else 0.0)
        print(f"| {n} | {slowest(n):.1f} | {wall:.1f} | {n * wall:.1f} | "
              f"{total / (n * wall):.2f} | {max(total / n, biggest):.1f} |")


def main(out):
    runs = read_runs(out)
    for grid in ["e1", "tiny"]:
        if grid not in runs:
            continue
        with open(out / f"serial-{grid}.csv", newline="") as f:
            n_cells = sum(1 for _ in csv.DictReader(f))
        ways_table(grid, runs[grid], n_cells)
    if "e1" in runs:
        model(out, runs)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/scale_model.py OUT (the folder scripts/scale-sitting.sh wrote)")
    main(Path(sys.argv[1]))
