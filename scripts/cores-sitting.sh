#!/usr/bin/env bash
# The many-core figures of issues 54 and 64 in one sitting of about 15 minutes on 16
# cores (docs/results/cores.md, e8.md): on the machine to be measured, with a release
# build of treelab (`cargo build --release`):
#
#   scripts/cores-sitting.sh OUT [quick|full]
#
# 1. the FFO depth-9 grid at 1, 8 and 16 workers (those the machine has), its CSVs
#    checked to be the serial one but for `seconds`;
# 2. the Othello solver on FFO #40-#49 at 1, 8 and 16 threads;
# 3. the parallel rows (YBWC, ABDADA, PVS at the root, Lazy SMP) at depth 10 on FFO
#    #40-#59 at 8 and 16 threads, beside PVS on one;
# 4. the solver on FFO #50-#59 at 16 threads, then on one thread position by position
#    while the sitting's budget lasts (ONE_THREAD_BUDGET seconds, 300 by default), to
#    set beside the 16-thread run's same positions (OUT/solve-50-59-16.csv);
# 5. E8's quick version (`treelab experiment e8 --quick`); the whole E8 with `full`.
#
# Every timing is `/usr/bin/time -f "%e,%U,%S,%w"` (wall, user and sys CPU seconds,
# voluntary context switches) into OUT/times.csv, with `lscpu` in OUT/lscpu.txt.
# `quick` runs 1 and 2 on one thread and all the machine's cores, and E8's quick
# version: a check of the script, not figures.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/cores-sitting.sh OUT [quick|full]}
mode=${2:-}
bin=${TREELAB:-target/release/treelab}
budget=${ONE_THREAD_BUDGET:-300}
[ -x "$bin" ] || { echo "no $bin: run cargo build --release first" >&2; exit 1; }
mkdir -p "$out"
lscpu > "$out/lscpu.txt"
cores=$(nproc)
counts=""
for n in 1 8 16; do
  if [ "$n" -le "$cores" ]; then counts="$counts $n"; fi
done
if [ "$mode" = quick ]; then counts=" 1 $cores"; fi
echo "run,threads,wall_s,user_s,sys_s,voluntary_switches" > "$out/times.csv"

# Runs "$@" timed; its output goes to OUT/NAME-THREADS.csv.
timed() {
  local name=$1 threads=$2
  shift 2
  /usr/bin/time -f "%e,%U,%S,%w" -o "$out/time.tmp" "$@" > "$out/$name-$threads.csv"
  echo "$name,$threads,$(cat "$out/time.tmp")" >> "$out/times.csv"
  echo "$name on $threads: $(cat "$out/time.tmp") (wall s, user s, sys s, switches)"
}

grid=(bench --suite fforum-40-59.obf --algos negaalpha,negascout,mtdf+tt=16+id --depths 9
  --format csv)
for n in $counts; do
  timed grid "$n" "$bin" "${grid[@]}" --threads "$n"
done
# Every count is the serial one: the CSVs agree but for the last column (seconds).
read -r first _ <<< "$counts"
for n in $counts; do
  if ! cmp -s <(rev "$out/grid-$first.csv" | cut -d, -f2- | rev) \
    <(rev "$out/grid-$n.csv" | cut -d, -f2- | rev); then
    echo "grid on $n threads: counts differ from the grid on $first" >&2
    exit 1
  fi
done

for n in $counts; do
  timed solve-40-49 "$n" "$bin" solve --suite fforum-40-59.obf --range 40..49 --threads "$n" \
    --format csv --quiet
done

top=${counts##* }
if [ "$mode" != quick ]; then
  rows=(bench --suite fforum-40-59.obf --depths 10 --threads 1 --format csv --algos)
  timed row-pvs 1 "$bin" "${rows[@]}" pvs+tt=16+id
  for row in ybwc abdada pvs-root lazy-smp; do
    for n in $counts; do
      if [ "$n" -gt 1 ]; then
        timed "row-$row" "$n" "$bin" "${rows[@]}" "$row+tt=16+id+threads=$n"
      fi
    done
  done

  timed solve-50-59 "$top" "$bin" solve --suite fforum-40-59.obf --range 50..59 \
    --threads "$top" --format csv --quiet
  # One thread, position by position, while the budget lasts.
  start=$SECONDS
  for p in 50 51 52 53 54 55 56 57 58 59; do
    if [ $((SECONDS - start)) -ge "$budget" ]; then
      echo "one-thread #50-#59: budget spent before #$p"
      break
    fi
    timed "solve-$p" 1 "$bin" solve --suite fforum-40-59.obf --range "$p..$p" --threads 1 \
      --format csv --quiet
  done
fi

e8=(experiment e8 --out "$out/e8")
if [ "$mode" != full ]; then e8+=(--quick); fi
timed e8 "$cores" "$bin" "${e8[@]}"
rm -f "$out/time.tmp"
echo "done: $out/times.csv"
