#!/usr/bin/env python3
"""docs/results/scale.md's tables from a sitting of scripts/scale-sitting.sh.

    python3 scripts/scale_model.py OUT

1. Each way (serial, --threads 2, a grid folder, a 2-task Slurm array): wall and CPU
   seconds (median and range over the rounds), the speed-up on the serial wall time,
   and the overhead per cell: the CPU beyond the serial run's, and the wall time beyond
   a perfect split of the serial run's search time over the way's workers.
2. What the grid costs on N machines, from the serial run's cells' times (the model
   and its assumptions are printed with it).
"""

import csv
import statistics
import sys
from collections import defaultdict
from pathlib import Path

WORKERS = {"serial": 1, "threads": 2, "folder": 1, "slurm": 2}
LABEL = {
    "serial": "serial (`--threads 1`)",
    "threads": "`--threads 2`",
    "folder": "serial into a grid folder (`--out DIR/`)",
    "slurm": "2-task Slurm array + finishing job",
}


def spread(values):
    med = statistics.median(values)
    return f"{med:.1f} ({min(values):.1f}-{max(values):.1f})"


def main(out):
    runs = defaultdict(list)
    with open(out / "times.tsv", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            runs[row["way"]].append(
                (float(row["wall"]), float(row["cpu"]), float(row["cells"]))
            )
    with open(out / "serial.csv", newline="") as f:
        cells = list(csv.DictReader(f))
    n_cells = len(cells)
    per_position = defaultdict(float)
    order = []
    for c in cells:
        if c["position"] not in per_position:
            order.append(c["position"])
        per_position[c["position"]] += float(c["seconds"])
    serial_wall = statistics.median(w for w, _, _ in runs["serial"])
    serial_cpu = statistics.median(c for _, c, _ in runs["serial"])
    search = statistics.median(s for _, _, s in runs["serial"])

    print(f"{n_cells} cells; the serial run's searches take {search:.1f} s of its "
          f"{serial_wall:.1f} s (medians)\n")
    print("| way | runs | wall s, median (range) | CPU s, median (range) | speed-up | "
          "CPU beyond serial, ms/cell | wall beyond a perfect split, ms/cell |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for way in ["serial", "threads", "folder", "slurm"]:
        if way not in runs:
            continue
        walls = [w for w, _, _ in runs[way]]
        cpus = [c for _, c, _ in runs[way]]
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        ideal = search / WORKERS[way]
        print(f"| {LABEL[way]} | {len(walls)} | {spread(walls)} | {spread(cpus)} | "
              f"{serial_wall / wall:.2f} | {(cpu - serial_cpu) / n_cells * 1000:.1f} | "
              f"{(wall - ideal) / n_cells * 1000:.1f} |")

    # The model: --shard k/N runs the positions whose index is k modulo N, each task on
    # its own machine, all starting together; the grid ends with its slowest task, then
    # the finishing job.
    fixed = 0.0
    if "slurm" in runs:
        two = max(sum(per_position[p] for i, p in enumerate(order) if i % 2 == k)
                  for k in range(2))
        fixed = statistics.median(w for w, _, _ in runs["slurm"]) - two
    total = sum(per_position.values())
    biggest = max(per_position.values())
    print(f"\nThe model: a task's time is the sum of its positions' cells' times in the "
          f"serial run ({total:.1f} s in all; the slowest position alone "
          f"{biggest:.1f} s); the grid's wall time on N machines is its slowest task's "
          f"plus a fixed {fixed:.1f} s, the 2-task array's measured wall time beyond its "
          f"slower task's (scheduling the array and the job after it, starting "
          f"processes, the merge).\n")
    print("| machines N | slowest task s | wall s | machine-seconds paid (N x wall) | "
          "efficiency | bound: max(total / N, slowest position) s |")
    print("|---:|---:|---:|---:|---:|---:|")
    for n in [k for k in [1, 2, 4, 5, 10, 20] if k <= len(order)]:
        slowest = max(sum(per_position[p] for i, p in enumerate(order) if i % n == k)
                      for k in range(n))
        wall = slowest + (fixed if n > 1 else 0.0)
        print(f"| {n} | {slowest:.1f} | {wall:.1f} | {n * wall:.1f} | "
              f"{total / (n * wall):.2f} | {max(total / n, biggest):.1f} |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/scale_model.py OUT (the folder scripts/scale-sitting.sh wrote)")
    main(Path(sys.argv[1]))
