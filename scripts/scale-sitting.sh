#!/usr/bin/env bash
# docs/results/scale.md's figures in one sitting: E1's grid (NegaAlpha, Scout and
# NegaScout over FFO #40-#59 at depths 2 to 10: 540 cells) run
#   serial     `treelab bench ... --threads 1`
#   threads    `treelab bench ... --threads 2`
#   folder     `treelab bench ... --threads 1 --out DIR/` (the grid folder's cost)
#   slurm      scripts/slurm/submit.sh --wait bench DIR 2 ...: a 2-task array (one CPU
#              a task) and the job after it that finishes and merges, on a single-node
#              Slurm cluster of the script's own (scripts/slurm/local-cluster.sh)
# ROUNDS times each, the ways alternating, with a release build of treelab:
#
#   scripts/scale-sitting.sh OUT [ROUNDS]        (root, for Slurm; ROUNDS default 3)
#
# Each run's wall and CPU seconds go to OUT/times.tsv (way, round, wall, cpu, cells'
# seconds); a run's CPU is /usr/bin/time's user + system of every treelab process it
# started (for Slurm: each task's, the finishing job's and its merges', timed by a
# wrapper the jobs run) plus, for Slurm, what munged, slurmctld and slurmd used meanwhile
# (their /proc counters; the short-lived slurmstepd of each job is not counted). Each
# way's result is checked equal to the first serial run's cell for cell, `seconds`
# aside. The first serial run's CSV is OUT/serial.csv, and `lscpu` is OUT/lscpu.txt;
# scripts/scale_model.py OUT prints the tables.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=${1:?usage: scripts/scale-sitting.sh OUT [ROUNDS]}
rounds=${2:-3}
bin="$root/target/release/treelab"
[ -x "$bin" ] || { echo "no $bin: run cargo build --release first" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
lscpu > "$out/lscpu.txt"
grid=(--suite fforum-40-59.obf --algos negaalpha,scout,negascout+skip-shallow-research --depths 2..10)

# shellcheck source=scripts/slurm/local-cluster.sh
. scripts/slurm/local-cluster.sh
cluster_start

# Every treelab process the Slurm jobs start appends "wall user system" to $TREELAB_TIMES.
cat > "$D/treelab-timed" <<WRAP
#!/bin/bash
exec /usr/bin/time -a -o "\$TREELAB_TIMES" -f "%e %U %S" "$bin" "\$@"
WRAP
chmod +x "$D/treelab-timed"

# CPU seconds the Slurm daemons have used so far.
daemons_cpu() {
  local total=0 f pid ticks
  ticks=$(getconf CLK_TCK)
  for f in "$D/munged.pid" "$D/slurmctld.pid" "$D/slurmd.pid"; do
    pid=$(cat "$f")
    total=$(awk -v t="$total" -v hz="$ticks" '{ print t + ($14 + $15) / hz }' "/proc/$pid/stat")
  done
  echo "$total"
}
# The sum of the `seconds` column of a bench CSV.
cell_seconds() {
  python3 - "$1" <<'PY'
import csv, sys
print(f"{sum(float(x['seconds']) for x in csv.DictReader(open(sys.argv[1]))):.3f}")
PY
}
# Checks a CSV against the first serial run's, `seconds` aside.
check() { python3 - "$out/serial.csv" "$1" <<'PY'
import csv, sys
def rows(p):
    r = list(csv.reader(open(p, newline="")))
    k = r[0].index("seconds")
    return [x[:k] + x[k + 1:] for x in r]
if rows(sys.argv[1]) != rows(sys.argv[2]):
    sys.exit(f"{sys.argv[2]} differs from the serial run")
PY
}
# Runs a command with its standard output into the file $1; prints "wall<TAB>cpu".
timed() {
  local into="$1"
  shift
  /usr/bin/time -o "$D/t" -f "%e %U %S" "$@" > "$into"
  awk '{ printf "%s\t%.2f", $1, $2 + $3 }' "$D/t"
}

printf "way\tround\twall\tcpu\tcells\n" > "$out/times.tsv"
for r in $(seq "$rounds"); do
  echo "== round $r of $rounds"
  csv="$D/serial-$r.csv"
  t=$(timed "$csv" "$bin" bench "${grid[@]}" --threads 1 --format csv)
  [ "$r" != 1 ] || cp "$csv" "$out/serial.csv"
  check "$csv"
  printf "serial\t%s\t%s\t%s\n" "$r" "$t" "$(cell_seconds "$csv")" | tee -a "$out/times.tsv"

  csv="$D/threads-$r.csv"
  t=$(timed "$csv" "$bin" bench "${grid[@]}" --threads 2 --format csv)
  check "$csv"
  printf "threads\t%s\t%s\t%s\n" "$r" "$t" "$(cell_seconds "$csv")" | tee -a "$out/times.tsv"

  dir="$D/folder-$r"
  t=$(timed "$D/folder-$r.csv" "$bin" bench "${grid[@]}" --threads 1 --format csv --out "$dir/")
  check "$D/folder-$r.csv"
  printf "folder\t%s\t%s\t%s\n" "$r" "$t" "$(cell_seconds "$D/folder-$r.csv")" | tee -a "$out/times.tsv"

  dir="$D/work/slurm-$r"
  export TREELAB="$D/treelab-timed" TREELAB_TIMES="$D/slurm-$r.times"
  : > "$TREELAB_TIMES"
  before=$(daemons_cpu)
  start=$(date +%s.%N)
  scripts/slurm/submit.sh --wait bench "$dir" 2 "${grid[@]}" --format csv > /dev/null
  wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
  after=$(daemons_cpu)
  cpu=$(awk -v d="$(awk -v a="$after" -v b="$before" 'BEGIN { print a - b }')" \
    '{ c += $2 + $3 } END { printf "%.2f", c + d }' "$TREELAB_TIMES")
  check "$dir/merged.csv"
  printf "slurm\t%s\t%s\t%s\t%s\n" "$r" "$wall" "$cpu" "$(cell_seconds "$dir/merged.csv")" | tee -a "$out/times.tsv"
  cp "$TREELAB_TIMES" "$out/slurm-$r.processes"
  cp "$dir/merged.csv" "$out/slurm-$r.csv"
  unset TREELAB TREELAB_TIMES
done
echo "wrote $out/times.tsv; scripts/scale_model.py $out prints the tables"
