#!/usr/bin/env bash
# Issue 54's many-core figures in one sitting (docs/results/cores.md, e8.md): on the
# machine to be measured, with a release build of treelab (`cargo build --release`):
#
#   scripts/cores-sitting.sh OUT [quick]
#
# 1. the FFO depth-9 grid at 1, 2, 4, 8, 16 workers (as many as the machine has), its
#    CSVs checked to be the serial one but for `seconds`;
# 2. the Othello solver on FFO #40-#49 at each thread count;
# 3. the solver on FFO #50-#59 at 16 threads (or the machine's cores) and on one
#    (the issue's 10x target; the one-thread run alone is about 12 minutes on a
#    2020s Xeon core);
# 4. E8 (`treelab experiment e8`): the parallel rows and both solvers against threads.
#
# Every timing is `/usr/bin/time -f "%e %U"` (wall, user CPU seconds) into OUT/times.csv,
# with `lscpu` in OUT/lscpu.txt. `quick` leaves out 3 and runs E8's quick version: a
# check of the script, not figures.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/cores-sitting.sh OUT [quick]}
quick=${2:-}
bin=${TREELAB:-target/release/treelab}
[ -x "$bin" ] || { echo "no $bin: run cargo build --release first" >&2; exit 1; }
mkdir -p "$out"
lscpu > "$out/lscpu.txt"
cores=$(nproc)
counts=""
for n in 1 2 4 8 16; do
  if [ "$n" -le "$cores" ]; then counts="$counts $n"; fi
done
echo "run,threads,wall_s,user_s" > "$out/times.csv"

# Runs "$@" timed; its output goes to OUT/NAME-THREADS.csv.
timed() {
  local name=$1 threads=$2
  shift 2
  /usr/bin/time -f "%e,%U" -o "$out/time.tmp" "$@" > "$out/$name-$threads.csv"
  echo "$name,$threads,$(cat "$out/time.tmp")" >> "$out/times.csv"
  echo "$name on $threads: $(cat "$out/time.tmp") (wall s, user s)"
}

grid=(bench --suite fforum-40-59.obf --algos negaalpha,negascout,mtdf+tt=16+id --depths 9
  --format csv)
for n in $counts; do
  timed grid "$n" "$bin" "${grid[@]}" --threads "$n"
done
# Every count is the serial one: the CSVs agree but for the last column (seconds).
for n in $counts; do
  if ! cmp -s <(rev "$out/grid-1.csv" | cut -d, -f2- | rev) \
    <(rev "$out/grid-$n.csv" | cut -d, -f2- | rev); then
    echo "grid on $n threads: counts differ from the serial grid" >&2
    exit 1
  fi
done

for n in $counts; do
  timed solve-40-49 "$n" "$bin" solve --suite fforum-40-59.obf --range 40..49 --threads "$n" \
    --format csv --quiet
done

if [ "$quick" != quick ]; then
  top=${counts##* }
  timed solve-50-59 "$top" "$bin" solve --suite fforum-40-59.obf --range 50..59 \
    --threads "$top" --format csv --quiet
  timed solve-50-59 1 "$bin" solve --suite fforum-40-59.obf --range 50..59 --threads 1 \
    --format csv --quiet
fi

e8=(experiment e8 --out "$out/e8")
if [ "$quick" = quick ]; then e8+=(--quick); fi
timed e8 "$cores" "$bin" "${e8[@]}"
rm -f "$out/time.tmp"
echo "done: $out/times.csv"
