#!/usr/bin/env bash
# The shipped Slurm job scripts (scripts/slurm/) on a real single-node Slurm cluster on
# 127.0.0.1: Debian's slurm-wlm and munge (installed here if missing; needs root), a
# munged, slurmctld and slurmd of this script's own (their own socket, ports, key and
# state in a temporary folder, so nothing else on the machine is touched), then a bench
# grid, a match and an experiment each submitted as a 2-task array job and a job that
# depends on it (scripts/slurm/submit.sh --wait), and each merged result compared with
# the serial run's, cell for cell, times aside. The daemons are stopped at the end,
# whatever happens. Run by .ci/run; about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# shellcheck source=scripts/slurm/local-cluster.sh
. scripts/slurm/local-cluster.sh
cargo build --locked --release --bin treelab 2>&1 | tail -1
export TREELAB="$root/target/release/treelab"
cluster_start

# Compares two CSV files with the columns named after them left out (times).
same_csv() {
  python3 - "$@" <<'PY'
import csv, sys
a, b, drop = sys.argv[1], sys.argv[2], set(sys.argv[3:])
def rows(path):
    with open(path, newline="") as f:
        r = list(csv.reader(f))
    keep = [i for i, h in enumerate(r[0]) if h not in drop]
    return [[row[i] for i in keep] for row in r]
ra, rb = rows(a), rows(b)
if ra != rb:
    for x, y in zip(ra, rb):
        if x != y:
            print(f"differ:\n  {x}\n  {y}", file=sys.stderr)
            break
    print(f"{a} and {b} differ ({len(ra)} and {len(rb)} lines)", file=sys.stderr)
    sys.exit(1)
aside = f", {', '.join(sorted(drop))} aside" if drop else ""
print(f"  {len(ra) - 1} lines equal{aside}")
PY
}

cd "$D/work"
submit() { (cd "$root" && scripts/slurm/submit.sh --wait "$@"); }

echo "== bench: a 2-task array, then the merge"
bench=(--suite fforum-40-59.obf --algos negaalpha,scout,negascout+skip-shallow-research --depths 2..6)
"$TREELAB" bench "${bench[@]}" --threads 1 --format csv > serial-bench.csv
submit bench "$D/work/bench" 2 "${bench[@]}" --format csv
ls "$D/work/bench"
same_csv serial-bench.csv bench/merged.csv seconds

echo "== bench: a lost task found by merge --missing and run again alone"
rm bench/shard-1-of-2.* bench/whole.* bench/merged.*
left=$("$TREELAB" merge --missing --shards 2 bench)
[ "$left" = 1 ] || { echo "merge --missing says '$left', not 1" >&2; exit 1; }
(cd "$root" && sbatch --wait --quiet --array="$left" --output="$D/work/bench/slurm-%A_%a.out" \
  scripts/slurm/bench.sbatch "$D/work/bench" 2 "${bench[@]}")
left=$("$TREELAB" merge --missing --shards 2 bench)
[ -z "$left" ] || { echo "still missing after the rerun: $left" >&2; exit 1; }
"$TREELAB" merge bench --format csv > bench-again.csv
same_csv serial-bench.csv bench-again.csv seconds

echo "== match: a 2-task array, then the merge"
game=(--game connect4 --black pvs+order=static+tt=16@8 --white negaalpha+order=static@7
  --games 16 --openings 4 --alternate --seed 1)
"$TREELAB" match "${game[@]}" --threads 1 --format csv > serial-match.csv
submit match "$D/work/match" 2 "${game[@]}" --format csv
same_csv serial-match.csv match/merged.csv seconds_a seconds_b

echo "== experiment: a 2-task array, then the finishing run"
"$TREELAB" experiment e1 --quick --threads 1 --out serial-e1 > /dev/null
submit experiment "$D/work/e1" 2 e1 --quick
same_csv serial-e1/e1.csv e1/e1.csv seconds
same_csv serial-e1/e1-summary.csv e1/e1-summary.csv

# Each array task wrote its own shard's cells, and the finishing job found them all
# (it ran nothing itself) but for the experiment's parts after its first.
for kind in bench match e1; do
  for k in 0 1; do
    test -s "$kind/shard-$k-of-2.cells" || { echo "no cells from task $k of $kind" >&2; exit 1; }
  done
done
for kind in bench match; do
  if [ -s "$kind/whole.cells" ]; then
    echo "the finishing job of $kind ran cells the array should have" >&2
    exit 1
  fi
done
echo "slurm-test: the shipped job scripts' merged results equal the serial runs"
