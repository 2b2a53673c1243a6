#!/usr/bin/env python3
"""One grid through the Python package on a Dask LocalCluster of two worker processes
(one thread each), as scripts/scale-sitting.sh's `dask` way:

    python scripts/dask_way.py SERIAL_CSV SUITE ALGOS DEPTHS

ALGOS comma-separated, DEPTHS as `treelab bench --depths` takes them. Checks every cell
against SERIAL_CSV (a `treelab bench --format csv` run of the same grid), `seconds`
aside, and prints "wall<TAB>cpu<TAB>cells' seconds": the wall time from before the
cluster starts to after it is shut down, and the CPU seconds of this process and its
finished children (the workers and their nannies), from getrusage.
"""

import csv
import resource
import sys
import time


def cpu_seconds():
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def text(value):
    """A frame's value as the CLI's CSV writes it (whole numbers without a point)."""
    if value is None or value != value:  # None or NaN: an empty field
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def main(serial_csv, suite, algos, depths):
    wall, cpu = time.perf_counter(), cpu_seconds()
    import treelab
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        frame = treelab.bench(suite, algos.split(","), depths, executor=client, progress=False)
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    rows = list(csv.DictReader(open(serial_csv, newline="")))
    got = frame.to_dict("records") if hasattr(frame, "to_dict") else frame
    if len(got) != len(rows):
        sys.exit(f"dask: {len(got)} cells, the serial run {len(rows)}")
    missing = [c for c in rows[0] if c not in got[0]] if rows and got else []
    if missing:
        sys.exit(f"dask: the frame has no column {', '.join(missing)}: "
                 "is the Python package older than the treelab binary?")
    key = lambda r: (str(r["position"]), str(r["algorithm"]), int(r["depth"]))
    for want, cell in zip(sorted(rows, key=key), sorted(got, key=key)):
        for column, value in want.items():
            if column != "seconds" and text(cell[column]) != value:
                sys.exit(f"dask: {key(want)} {column} is {cell[column]!r}, the serial run {value!r}")
    seconds = sum(float(c["seconds"]) for c in got)
    print(f"{wall:.2f}\t{cpu:.2f}\t{seconds:.3f}")


if __name__ == "__main__":
    main(*sys.argv[1:5])
