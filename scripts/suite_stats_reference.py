#!/usr/bin/env python3
"""Reference values for treelab's statistics across positions (src/vocab/stats/across.rs).

For recorded data (E1's leaf counts, docs/results/e1.csv: Scout and NegaScout against
NegaAlpha at every depth over FFO #40-#59) and for made-up counts that reach every
branch of the test (ties, zero differences, few and many positions), it computes with
SciPy and numpy, independently of treelab:

- the geometric mean of the per-position ratios;
- the 95% bootstrap percentile interval of that mean over the same resamples treelab
  draws (its seeded generator, splitmix64 over a counter, is re-implemented below; the
  quantiles are numpy.percentile's);
- scipy.stats.wilcoxon of the log ratios with its defaults (statistic and p-value).

It writes tests/fixtures/suite_stats.txt, which tests/stats_across.rs reads, so the tests
need no Python. Run it from the repository with numpy and scipy installed, e.g. in a
virtual environment outside the repository:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install numpy scipy
    /tmp/venv/bin/python scripts/suite_stats_reference.py
"""

import csv
import math
import os
import sys

import numpy as np
import scipy
from scipy import stats

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
RESAMPLES = 10_000
SEED = 1


def splitmix64(x):
    x = (x + GOLDEN) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


class SeededRng:
    """treelab's SeededRng: the state advances by the golden ratio, each output is
    splitmix64 of the state; below(n) is a multiply-shift."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next_u64(self):
        self.state = (self.state + GOLDEN) & MASK
        return splitmix64(self.state)

    def below(self, n):
        return (self.next_u64() * n) >> 64


def bootstrap(logs):
    rng = SeededRng(SEED)
    n = len(logs)
    means = []
    for _ in range(RESAMPLES):
        s = 0.0
        for _ in range(n):
            s += logs[rng.below(n)]
        means.append(s / n)
    lo, hi = np.percentile(np.array(means), [2.5, 97.5])
    return math.exp(lo), math.exp(hi)


def case(name, pairs):
    kept = [(a, b) for a, b in pairs if a > 0 and b > 0]
    logs = [math.log(a) - math.log(b) for a, b in kept]
    geomean = math.exp(sum(logs) / len(logs))
    lines = [f"case {name}", "pairs " + " ".join(f"{a}:{b}" for a, b in pairs)]
    lines.append(f"geomean {geomean!r}")
    if len(logs) >= 2:
        lo, hi = bootstrap(logs)
        lines.append(f"interval {lo!r} {hi!r}")
    if any(x != 0.0 for x in logs):
        res = stats.wilcoxon(logs)
        lines.append(f"wilcoxon {float(res.statistic)!r} {float(res.pvalue)!r}")
    return lines


def e1_cases(path):
    counts = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            counts[(row["algorithm"], int(row["depth"]), row["position"])] = int(row["leaves"])
    positions = sorted({p for (_, _, p) in counts})
    depths = sorted({d for (_, d, _) in counts})
    out = []
    for algo in ["scout", "negascout+skip-shallow-research"]:
        for d in depths:
            pairs = [(counts[(algo, d, p)], counts[("negaalpha", d, p)]) for p in positions]
            out.append(case(f"e1-{algo}-depth-{d}", pairs))
    return out


def made_up_cases():
    out = []
    # Few positions with a tie and a zero difference: every sign assignment.
    out.append(case("ties-and-zero-10", [(2, 1), (4, 2), (1, 3), (5, 5), (7, 3), (3, 9),
                                          (10, 4), (6, 7), (8, 2), (1, 2)]))
    # No ties, few positions: the exact distribution.
    out.append(case("exact-7", [(3, 5), (11, 7), (2, 9), (13, 17), (19, 23), (29, 31), (5, 37)]))
    # Every ratio below 1: the smallest p of its size.
    out.append(case("all-fewer-12", [(k, k + 1) for k in range(1, 13)]))
    # Ties among more than 13 positions: the normal approximation with the tie correction.
    out.append(case("ties-normal-20", [(2 + (k % 4), 3) for k in range(20)]))
    # Zero differences among more than 13: dropped, then the normal approximation.
    out.append(case("zeros-normal-18", [(k + 2, k + 2) if k % 3 == 0 else (k + 3, 2 * k + 1)
                                       for k in range(18)]))
    # More than 50 positions without ties: the normal approximation.
    out.append(case("normal-60", [(1000 + 37 * k, 1000 + 41 * ((k * 7) % 60) + 3)
                                 for k in range(60)]))
    # A pair with a zero count is left out.
    out.append(case("zero-count-6", [(0, 5), (3, 4), (9, 2), (7, 0), (6, 5), (2, 11)]))
    # Two positions.
    out.append(case("two", [(3, 4), (5, 2)]))
    # One position: no interval.
    out.append(case("one", [(3, 4)]))
    return out


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    cases = e1_cases(os.path.join(root, "docs", "results", "e1.csv")) + made_up_cases()
    out_path = os.path.join(root, "tests", "fixtures", "suite_stats.txt")
    with open(out_path, "w") as f:
        f.write("# Written by scripts/suite_stats_reference.py: reference values of the\n")
        f.write(f"# statistics across positions (numpy {np.__version__}, scipy {scipy.__version__},\n")
        f.write(f"# {RESAMPLES} bootstrap resamples from seed {SEED}). Do not edit by hand.\n")
        for lines in cases:
            f.write("\n".join(lines) + "\n")
    print(f"wrote {len(cases)} cases to {out_path}", file=sys.stderr)


if __name__ == "__main__":
    main()
