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

if [ "$(id -u)" != 0 ]; then
  echo "slurm-test: run it as root (it starts Slurm's daemons, as CI does)" >&2
  exit 1
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  echo "installing slurm-wlm and munge"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends slurm-wlm munge >/dev/null 2>&1 ||
    { apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends slurm-wlm munge >/dev/null; }
fi
cargo build --locked --release --bin treelab 2>&1 | tail -1
export TREELAB="$root/target/release/treelab"

D=$(mktemp -d "${TMPDIR:-/tmp}/treelab-slurm.XXXXXX")
chmod 700 "$D"
stop_all() {
  local status=$?
  trap - EXIT INT TERM
  # Each daemon by its own id, newest first, and wait for it to end; then the folder.
  local pid
  for f in "$D/slurmd.pid" "$D/slurmctld.pid" "$D/munged.pid"; do
    [ -s "$f" ] || continue
    pid=$(cat "$f")
    kill "$pid" 2>/dev/null || continue
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
  if [ $status != 0 ]; then
    echo "slurm-test failed; the daemons' logs:" >&2
    tail -n 20 "$D"/log/*.log >&2 2>/dev/null || true
    tail -n 20 "$D"/work/*/slurm-*.out >&2 2>/dev/null || true
  fi
  rm -rf "$D"
  exit $status
}
trap stop_all EXIT INT TERM
mkdir -p "$D/state" "$D/spool" "$D/log" "$D/work"

# munge: a key and a socket of our own.
dd if=/dev/urandom of="$D/munge.key" bs=1024 count=1 status=none
chmod 400 "$D/munge.key"
munged --force --socket="$D/munge.socket" --key-file="$D/munge.key" \
  --pid-file="$D/munged.pid" --log-file="$D/log/munged.log" --seed-file="$D/munge.seed"
for _ in $(seq 50); do [ -S "$D/munge.socket" ] && break; sleep 0.1; done
munge --socket="$D/munge.socket" -n | unmunge --socket="$D/munge.socket" | head -1

# Two free ports for slurmctld and slurmd.
free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 20000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo $p; return; fi
  done
}
ctld_port=$(free_port)
slurmd_port=$(free_port)
while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done
H=$(hostname -s)
cat > "$D/slurm.conf" <<CONF
ClusterName=treelab
SlurmctldHost=$H(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$D/munge.socket
CredType=cred/munge
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/log/slurmctld.log
SlurmdLogFile=$D/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
MinJobAge=600
NodeName=$H NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$D/slurm.conf"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 60); do
  sinfo -h -o %t 2>/dev/null | grep -q idle && break
  sleep 0.5
done
sinfo

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
