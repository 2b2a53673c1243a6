#!/usr/bin/env bash
# A single-node Slurm cluster of its own on 127.0.0.1, for scripts/slurm-test.sh and
# scripts/scale-sitting.sh (source it, then call cluster_start): Debian's slurm-wlm and
# munge (installed if missing; needs root), a munged with its own key and socket, and a
# slurmctld and slurmd on free ports, their state, spool and logs in a temporary folder
# ($D), so that nothing else on the machine is touched. cluster_start exports
# SLURM_CONF for sbatch and the other clients, and sets a trap that stops the daemons
# (each by its pid file, waiting for it to end) and removes $D on any exit, showing the
# logs when the script failed.

cluster_start() {
  if [ "$(id -u)" != 0 ]; then
    echo "a Slurm cluster of our own: run it as root (it starts Slurm's daemons, as CI does)" >&2
    exit 1
  fi
  if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    echo "installing slurm-wlm and munge"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y --no-install-recommends slurm-wlm munge >/dev/null 2>&1 ||
      { apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends slurm-wlm munge >/dev/null; }
  fi
  D=$(mktemp -d "${TMPDIR:-/tmp}/treelab-slurm.XXXXXX")
  chmod 700 "$D"
  # A signal ends the script with its own status (130, 143), never as a success.
  trap cluster_stop EXIT
  trap 'cluster_stop 130' INT
  trap 'cluster_stop 143' TERM
  mkdir -p "$D/state" "$D/spool" "$D/log" "$D/work"

  # munge: a key and a socket of our own.
  dd if=/dev/urandom of="$D/munge.key" bs=1024 count=1 status=none
  chmod 400 "$D/munge.key"
  munged --force --socket="$D/munge.socket" --key-file="$D/munge.key" \
    --pid-file="$D/munged.pid" --log-file="$D/log/munged.log" --seed-file="$D/munge.seed"
  for _ in $(seq 50); do [ -S "$D/munge.socket" ] && break; sleep 0.1; done
  munge --socket="$D/munge.socket" -n | unmunge --socket="$D/munge.socket" | head -1

  local ctld_port slurmd_port host
  ctld_port=$(free_port)
  slurmd_port=$(free_port)
  while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done
  host=$(hostname -s)
  cat > "$D/slurm.conf" <<CONF
ClusterName=treelab
SlurmctldHost=$host(127.0.0.1)
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
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
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
}

# A TCP port nothing listens on, from 20000 to 39999.
free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 20000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo $p
      return
    fi
  done
}

cluster_stop() {
  local status=${1:-$?}
  trap - EXIT INT TERM
  # Each daemon by its own id, newest first, and wait for it to end; then the folder.
  local pid f
  for f in "$D/slurmd.pid" "$D/slurmctld.pid" "$D/munged.pid"; do
    [ -s "$f" ] || continue
    pid=$(cat "$f")
    kill "$pid" 2>/dev/null || continue
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
  if [ $status != 0 ]; then
    echo "failed; the daemons' logs and the jobs' output:" >&2
    tail -n 20 "$D"/log/*.log >&2 2>/dev/null || true
    tail -n 20 "$D"/work/*/slurm-*.out >&2 2>/dev/null || true
  fi
  rm -rf "$D"
  exit $status
}
