#!/usr/bin/env bash
# docs/results/scale.md's figures in one sitting. Two grids:
#   e1    E1's rows (NegaAlpha, Scout, NegaScout) over FFO #40-#59 at depths 2 to 10:
#         540 cells, about 40 s of CPU here
#   tiny  NegaAlpha, alpha-beta, NegaScout, PVS and Scout over Connect Four's Test_L3_R1
#         at depths 1 to 4: 20,000 cells of a few microseconds each, so that what a way
#         costs per cell shows
# each run
#   serial     `treelab bench ... --threads 1`
#   threads    `treelab bench ... --threads 2`
#   folder     `treelab bench ... --threads 1 --out DIR/` (the grid folder's cost)
#   slurm      scripts/slurm/submit.sh --wait bench DIR 2 ...: a 2-task array (one CPU
#              a task) and the job after it that finishes and merges, on a single-node
#              Slurm cluster of the script's own (scripts/slurm/local-cluster.sh)
#   dask       treelab.bench(..., executor=Client(LocalCluster(2 worker processes)))
#              from Python (scripts/dask_way.py), when $PYTHON (default python3) has
#              treelab and dask.distributed; left out otherwise, and said so
# ROUNDS times, the ways alternating, with a release build of treelab:
#
#   scripts/scale-sitting.sh OUT [ROUNDS] [GRIDS]   (root, for Slurm)
#
# ROUNDS defaults to 3, GRIDS to "e1 tiny"; E1_DEPTHS (default 2..10) sets e1's depths
# (2..12 for issue 66's larger grid). WAYS (default "serial threads folder slurm dask")
# picks the ways; without serial, a grid's results are checked against OUT/serial-GRID.csv
# of an earlier sitting into the same OUT (same grid, same depths), and its runs are
# added to OUT/times-GRID.tsv: so that a long grid's ways can be sat in parts. Each run's wall and CPU seconds go to
# OUT/times-GRID.tsv (grid, way, round, wall, cpu, the cells' seconds), a grid's file
# made anew by each sitting that runs it. A Slurm run's wall time is from the
# submission to the end of the jobs' last treelab process (sbatch --wait notices the
# end only at its next poll, up to 10 s later). A run's CPU is /usr/bin/time's user +
# system of every treelab process it started (for Slurm: each task's, the finishing
# job's and its merges', timed by a wrapper the jobs run) plus, for Slurm, what munged,
# slurmctld and slurmd used meanwhile (their /proc counters; the short-lived slurmstepd
# of each job is not counted). Each run's result is checked equal to the grid's first
# serial run's cell for cell, `seconds` aside. The first serial runs' CSVs are
# OUT/serial-GRID.csv, `lscpu` is OUT/lscpu.txt, and the load averages before and after
# each sitting are appended to OUT/load.txt; scripts/scale_model.py OUT prints the
# tables.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=${1:?usage: scripts/scale-sitting.sh OUT [ROUNDS] [GRIDS]}
rounds=${2:-3}
grids=${3:-e1 tiny}
bin="$root/target/release/treelab"
[ -x "$bin" ] || { echo "no $bin: run cargo build --release first" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
lscpu > "$out/lscpu.txt"
echo "before the sitting of $grids: $(uptime)" >> "$out/load.txt"
e1_depths=${E1_DEPTHS:-2..10}
grid_e1=(--suite fforum-40-59.obf --algos negaalpha,scout,negascout+skip-shallow-research --depths "$e1_depths")
python=${PYTHON:-python3}
if "$python" -c "import treelab, dask.distributed" 2>/dev/null; then
  dask=1
else
  dask=
  echo "== no dask way: $python lacks treelab or dask.distributed" | tee -a "$out/load.txt"
fi
ways=" ${WAYS:-serial threads folder slurm dask} "
way() { [[ "$ways" == *" $1 "* ]]; }
grid_tiny=(--suite Test_L3_R1 --algos negaalpha,alphabeta,negascout,pvs,scout --depths 1..4)

# shellcheck source=scripts/slurm/local-cluster.sh
. scripts/slurm/local-cluster.sh
cluster_start

# Every treelab process the Slurm jobs start appends "wall user system" to
# $TREELAB_TIMES, and the time it ended (seconds since 1970) to $TREELAB_TIMES.ends.
cat > "$D/treelab-timed" <<WRAP
#!/bin/bash
/usr/bin/time -a -o "\$TREELAB_TIMES" -f "%e %U %S" "$bin" "\$@"
status=\$?
date +%s.%N >> "\$TREELAB_TIMES.ends"
exit \$status
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
check() { python3 - "$out/serial-$g.csv" "$1" <<'PY'
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

for g in $grids; do
  if way serial; then
    printf "grid\tway\tround\twall\tcpu\tcells\n" > "$out/times-$g.tsv"
  else
    [ -s "$out/serial-$g.csv" ] || { echo "no $out/serial-$g.csv: sit the serial way first" >&2; exit 1; }
  fi
done
row() { printf "%s\t%s\t%s\t%s\t%s\n" "$g" "$1" "$r" "$2" "$3" | tee -a "$out/times-$g.tsv"; }
for r in $(seq "$rounds"); do
  for g in $grids; do
    echo "== round $r of $rounds, grid $g"
    declare -n grid="grid_$g"
    if way serial; then
      csv="$D/$g-serial-$r.csv"
      t=$(timed "$csv" "$bin" bench "${grid[@]}" --threads 1 --format csv)
      [ "$r" != 1 ] || cp "$csv" "$out/serial-$g.csv"
      check "$csv"
      row serial "$t" "$(cell_seconds "$csv")"
    fi

    if way threads; then
      csv="$D/$g-threads-$r.csv"
      t=$(timed "$csv" "$bin" bench "${grid[@]}" --threads 2 --format csv)
      check "$csv"
      row threads "$t" "$(cell_seconds "$csv")"
    fi

    if way folder; then
      csv="$D/$g-folder-$r.csv"
      t=$(timed "$csv" "$bin" bench "${grid[@]}" --threads 1 --format csv --out "$D/$g-folder-$r/")
      check "$csv"
      row folder "$t" "$(cell_seconds "$csv")"
    fi

    if way slurm; then
      dir="$D/work/$g-slurm-$r"
      export TREELAB="$D/treelab-timed" TREELAB_TIMES="$D/$g-slurm-$r.times"
      : > "$TREELAB_TIMES"
      : > "$TREELAB_TIMES.ends"
      before=$(daemons_cpu)
      start=$(date +%s.%N)
      scripts/slurm/submit.sh --wait bench "$dir" 2 "${grid[@]}" --format csv > /dev/null
      wall=$(awk -v s="$start" 'BEGIN { e = s } $1 > e { e = $1 } END { printf "%.2f", e - s }' \
        "$TREELAB_TIMES.ends")
      after=$(daemons_cpu)
      cpu=$(awk -v d="$(awk -v a="$after" -v b="$before" 'BEGIN { print a - b }')" \
        '{ c += $2 + $3 } END { printf "%.2f", c + d }' "$TREELAB_TIMES")
      check "$dir/merged.csv"
      row slurm "$(printf '%s\t%s' "$wall" "$cpu")" "$(cell_seconds "$dir/merged.csv")"
      cp "$TREELAB_TIMES" "$out/$g-slurm-$r.processes"
      unset TREELAB TREELAB_TIMES
    fi

    if [ -n "$dask" ] && way dask; then
      args=("${grid[@]}")
      # --suite S --algos A --depths D, as the Python package takes them.
      t=$("$python" scripts/dask_way.py "$out/serial-$g.csv" "${args[1]}" "${args[3]}" "${args[5]}")
      row dask "$(cut -f1,2 <<< "$t")" "$(cut -f3 <<< "$t")"
    fi
    unset -n grid
  done
done
echo "after: $(uptime)" >> "$out/load.txt"
echo "wrote $out/times-*.tsv; scripts/scale_model.py $out prints the tables"
