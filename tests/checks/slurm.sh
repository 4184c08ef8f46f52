# tests/checks/slurm.sh -- awemu sweep --slurm on a real single-node Slurm started here (sourced by
# tests/run.sh).  Debian's slurmctld, slurmd and munge (.ci/run installs them) run as private
# daemons: a munge key, socket, state, spool, logs and slurm.conf all in one mktemp -d directory,
# on two local ports; nothing under /etc or /var is used.  The sweep of 6 runs goes out as an
# array of 3 tasks and a merge job that depends on it; the check waits for the merge's
# results.csv: 6 runs ok, each task's output present.  Where Slurm or munge is not installed, or
# the private cluster does not come up, the check is reported skipped with the reason, never
# passed.  The daemons are stopped at the end whatever happened.
sl_skip() { skip "sweep on Slurm" "$1"; }
if ! command -v slurmctld > /dev/null 2>&1 || ! command -v slurmd > /dev/null 2>&1 || ! command -v sbatch > /dev/null 2>&1 ||
   ! command -v munged > /dev/null 2>&1; then
  sl_skip "Slurm is not installed (Debian's slurmctld, slurmd, slurm-client and munge; .ci/run installs them)"
elif [ "$(id -u)" != 0 ]; then
  sl_skip "a private slurmd runs jobs as root here, and this is not root"
else
  SL=$(mktemp -d)
  SL_AWEMU=$(cd "$BIN" && pwd)/awemu
  chmod 755 "$SL"   # munged wants every directory above its socket searchable by all
  SL_HOST=$(hostname -s 2>/dev/null || echo localhost)
  SL_PORT=$((30000 + $$ % 20000))
  mkdir -p "$SL/state" "$SL/spool"
  dd if=/dev/urandom of="$SL/munge.key" bs=1024 count=1 2> /dev/null && chmod 400 "$SL/munge.key"
  munged --key-file="$SL/munge.key" --socket="$SL/munge.sock" --pid-file="$SL/munged.pid" --log-file="$SL/munged.log" \
         --seed-file="$SL/munged.seed" > "$SL/munged.out" 2>&1
  cat > "$SL/slurm.conf" <<EOF2
ClusterName=awemutest
SlurmctldHost=$SL_HOST(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$SL_PORT
SlurmdPort=$((SL_PORT + 1))
AuthType=auth/munge
AuthInfo=socket=$SL/munge.sock
CredType=cred/munge
StateSaveLocation=$SL/state
SlurmdSpoolDir=$SL/spool
SlurmctldPidFile=$SL/slurmctld.pid
SlurmdPidFile=$SL/slurmd.pid
SlurmctldLogFile=$SL/slurmctld.log
SlurmdLogFile=$SL/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$SL_HOST NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=awemu Nodes=$SL_HOST Default=YES MaxTime=INFINITE State=UP
EOF2
  export SLURM_CONF="$SL/slurm.conf"
  slurmctld -D -f "$SL/slurm.conf" > "$SL/slurmctld.out" 2>&1 &
  SL_CTLD=$!
  slurmd -D -f "$SL/slurm.conf" -N "$SL_HOST" > "$SL/slurmd.out" 2>&1 &
  SL_D=$!
  k=0
  while ! sinfo -h -o %t 2> /dev/null | grep -q idle && [ $k -lt 60 ]; do sleep 0.5; k=$((k + 1)); done
  if ! sinfo -h -o %t 2> /dev/null | grep -q idle; then
    sl_skip "the private Slurm did not come up here: $(tail -n 2 "$SL/slurmctld.log" "$SL/slurmd.log" "$SL/munged.out" 2>/dev/null | tr '\n' ' ' | cut -c1-300)"
  else
    printf 'load %s/tests/bench/alu.ptx\nalloc out u32 16384\nlaunch alu 64 256 out u32:${N}\n' "$PWD" > "$SL/alu.aw"
    printf 'workloads = %s/alu.aw\nvar N = 100 110 120 130 140 150\n' "$SL" > "$SL/s.sweep"
    (cd "$SL" && "$SL_AWEMU" sweep --slurm --tasks 3 s.sweep && sh s.runs/slurm/submit.sh) > "$SL/submit.out" 2>&1
    k=0
    while [ ! -f "$SL/s.runs/results.csv" ] && [ $k -lt 240 ]; do sleep 0.5; k=$((k + 1)); done
    sleep 0.5
    ok=$(grep -c ',ok,' "$SL/s.runs/results.csv" 2>/dev/null)
    if [ "${ok:-0}" -eq 6 ] && [ -s "$SL/s.runs/slurm/task-0.out" ] && [ -s "$SL/s.runs/slurm/task-2.out" ] &&
       grep -q '^\[sweep\] 2 runs in this task' "$SL/s.runs/slurm/task-1.out" && grep -q 'merged 6 runs' "$SL/s.runs/slurm/merge.out"; then
      pass "sweep on a private single-node Slurm: an array of 3 tasks ran the 6 runs, the merge job after them"
    else
      fail "sweep on Slurm (${ok:-0} runs ok)" "$(cat "$SL/submit.out"; squeue 2>&1; tail -n 5 "$SL/slurmctld.log" "$SL"/s.runs/slurm/*.out 2>&1)"
    fi
  fi
  kill "$SL_D" "$SL_CTLD" 2> /dev/null
  [ -f "$SL/munged.pid" ] && kill "$(cat "$SL/munged.pid")" 2> /dev/null
  wait "$SL_D" "$SL_CTLD" 2> /dev/null
  unset SLURM_CONF
  rm -rf "$SL"
fi
