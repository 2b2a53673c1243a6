#!/bin/bash
# Submits a treelab grid to Slurm: an array job of N tasks, each running its shard into
# the grid folder DIR, and a job that depends on the array and finishes the grid there
# (see bench.sbatch). Prints the two job ids.
#
#   scripts/slurm/submit.sh [--wait] bench|match|experiment DIR N TREELAB_ARGS...
#
# --wait returns when the finishing job has ended, with its exit status. Extra sbatch
# options (a partition, an account, a time limit) go in $SBATCH_OPTIONS. The jobs run
# from the repository's root (where they find the scripts) and write their output into
# DIR (slurm-JOB_TASK.out).
set -euo pipefail
wait=()
if [ "${1:-}" = --wait ]; then
  wait=(--wait)
  shift
fi
if [ $# -lt 3 ]; then
  echo "usage: scripts/slurm/submit.sh [--wait] bench|match|experiment DIR N TREELAB_ARGS..." >&2
  exit 2
fi
kind="$1" dir="$2" shards="$3"
shift 3
# The folder as an absolute path (the jobs run from the repository's root), made now:
# the jobs' output files go into it.
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
cd "$(dirname "$0")/../.."
script="scripts/slurm/$kind.sbatch"
if [ ! -f "$script" ]; then
  echo "unknown kind '$kind': bench, match or experiment" >&2
  exit 2
fi
# shellcheck disable=SC2086 # the options are words
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --array="0-$((shards - 1))" \
  --output="$dir/slurm-%A_%a.out" "$script" "$dir" "$shards" "$@")
array="${array%%;*}"
echo "array job $array: $shards tasks of treelab $kind into $dir"
# shellcheck disable=SC2086
if ! final=$(sbatch --parsable ${SBATCH_OPTIONS:-} "${wait[@]}" --dependency="afterok:$array" \
  --kill-on-invalid-dep=yes --output="$dir/slurm-%j.out" "$script" "$dir" "$shards" "$@"); then
  echo "the finishing job ${final%%;*} failed, or the array did (see the jobs' output files)" >&2
  exit 1
fi
echo "finishing job ${final%%;*} (after the array) into $dir"
