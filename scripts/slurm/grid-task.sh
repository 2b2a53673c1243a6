#!/bin/bash
# One job of scripts/slurm/{bench,match,experiment}.sbatch: KIND DIR N ARGS...
# In an array task, shard $SLURM_ARRAY_TASK_ID of N into the grid folder DIR; outside an
# array, the whole grid into DIR (running only what is missing) and, for bench and
# match, the merged result as DIR/merged.csv and DIR/merged.ron.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: KIND DIR N TREELAB_ARGS... (see scripts/slurm/bench.sbatch)" >&2
  exit 2
fi
kind="$1" dir="$2" shards="$3"
shift 3
treelab="${TREELAB:-treelab}"
case "$kind" in bench | match | experiment) ;; *)
  echo "unknown kind '$kind': bench, match or experiment" >&2
  exit 2
  ;;
esac
if ! [[ "$shards" =~ ^[1-9][0-9]*$ ]]; then
  echo "N must be the number of shards (a whole number from 1), not '$shards'" >&2
  exit 2
fi
# The CPUs Slurm gives the task, unless the arguments say how many threads.
threads=()
if [[ " $* " != *" --threads "* ]]; then
  threads=(--threads "${SLURM_CPUS_PER_TASK:-1}")
fi
# bench and match take the folder as a path ending in '/'; experiment's --out is one.
out="${dir%/}/"
if [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
  if [ "$SLURM_ARRAY_TASK_ID" -ge "$shards" ]; then
    echo "task $SLURM_ARRAY_TASK_ID is beyond the $shards shards (0 to $((shards - 1)))" >&2
    exit 2
  fi
  exec "$treelab" "$kind" "$@" "${threads[@]}" --shard "$SLURM_ARRAY_TASK_ID/$shards" --out "$out"
fi
"$treelab" "$kind" "$@" "${threads[@]}" --out "$out"
if [ "$kind" != experiment ]; then
  "$treelab" merge "$dir" --format csv --out "${dir%/}/merged.csv"
  "$treelab" merge "$dir" --format ron --out "${dir%/}/merged.ron"
fi
