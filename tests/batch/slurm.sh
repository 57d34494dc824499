#!/usr/bin/env bash
# Runs contrib/shards/slurm.sbatch on a real Slurm, as README's "Matches on
# many machines" says, and checks that the merged shards equal the match
# played whole. Why: a batch recipe is only known to work once a real
# scheduler has run it (Slurm opens the log before the script runs, sizes
# arrays its own way, kills and requeues tasks).
#
# It installs Debian's slurmctld, slurmd and munge when missing, starts a
# private single-node cluster on loopback (its own munge key, slurm.conf,
# spool and state in a temporary directory, found by SLURM_CONF; no system
# file changed), submits the match in 3 shards, requeues task 1 while it
# plays (scontrol requeue), cancels task 2 while it plays and submits it
# again alone (sbatch --array=2), waits for every task, then merges. Then
# it tunes by SPSA with contrib/shards/spsa.sbatch (two rounds, each a job
# array of 2 shards and a merge job that submits the next round) and
# checks that θ, iteration by iteration, is the θ of the same run played in
# one go. It stops the daemons it started on exit. Run as root:
# bash tests/batch/slurm.sh
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "$0")/common.sh"

need_packages "slurmctld slurmd munged sbatch" slurmctld slurmd munge
prepare
cluster=$work/slurm
mkdir -m 700 "$cluster" "$cluster/state" "$cluster/spool"
node=$(hostname -s)
ctld_port=16817
slurmd_port=16818
for port in $ctld_port $slurmd_port; do
    ! ss -Hltn "sport = :$port" | grep -q . || die "port $port is in use"
done

# Starts a daemon in the foreground of a background job and stops it (by
# its pid) on exit: daemon NAME COMMAND...
daemon() {
    local name=$1
    shift
    "$@" >"$cluster/$name.out" 2>&1 &
    on_exit "stop_daemon $name $!"
}

# Stops a daemon started by `daemon`, and shows its log if the test failed.
stop_daemon() {
    kill "$2" 2>/dev/null && wait "$2" 2>/dev/null
    if [ "${status:-0}" -ne 0 ] && [ -e "$cluster/$1.log" ]; then
        echo "--- last lines of $1.log" >&2
        tail -n 15 "$cluster/$1.log" >&2
    fi
}

step "munged with a key of its own"
mungekey --create --keyfile="$cluster/munge.key"
daemon munged munged --foreground --force --key-file="$cluster/munge.key" \
    --socket="$cluster/munge.socket" --pid-file="$cluster/munged.pid" \
    --log-file="$cluster/munged.log" --seed-file="$cluster/munged.seed"
wait_for 20 "munged's socket" test -S "$cluster/munge.socket"

# The node as slurmd sees it (CPUs, sockets, cores, memory), on loopback.
hardware=$(slurmd -C | head -n 1 | sed 's/^NodeName=[^ ]* //')
export SLURM_CONF=$cluster/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=ludus-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire: a requeued task waits this long (default 120 s) to restart.
AuthInfo=socket=$cluster/munge.socket,cred_expire=10
StateSaveLocation=$cluster/state
SlurmdSpoolDir=$cluster/spool
SlurmctldPidFile=$cluster/slurmctld.pid
SlurmdPidFile=$cluster/slurmd.pid
SlurmctldLogFile=$cluster/slurmctld.log
SlurmdLogFile=$cluster/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
# A requeued task becomes eligible while no event wakes the scheduler: it
# would wait for the periodic pass (default every 60 s).
SchedulerParameters=sched_interval=1
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
KillWait=5
MailProg=/bin/true
NodeName=$node NodeAddr=127.0.0.1 $hardware State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF

step "slurmctld and slurmd"
daemon slurmctld slurmctld -D -c
daemon slurmd slurmd -D
node_idle() {
    [ "$(sinfo -h -n "$node" -o %t 2>/dev/null)" = idle ]
}
wait_for 60 "node $node to be idle (sinfo)" node_idle
sinfo

play_whole

# Every job still queued is cancelled before the daemons stop, so that no
# slurmstepd outlives them.
cancel_all() {
    local jobs
    jobs=$(squeue -h -o %F 2>/dev/null | sort -u)
    [ -z "$jobs" ] && return 0
    # shellcheck disable=SC2086 # one job id a word
    scancel --quiet $jobs
    poll 30 queue_empty || echo "jobs still queued after scancel: $jobs" >&2
}
queue_empty() {
    [ -z "$(squeue -h 2>/dev/null)" ]
}

# The state of array task JOB_K (RUNNING, PENDING, COMPLETED, ...).
state_of() {
    scontrol -o show job "$1" | grep -o 'JobState=[A-Z_]*' | head -n 1 | cut -d= -f2
}

# True once shard K has recorded a game while its task still plays; fails
# the test if the task ended first: playing JOB_K K
playing() {
    local state
    state=$(state_of "$1")
    case $state in
        PENDING | CONFIGURING | RUNNING) ;;
        *)
            cat "shard-$2.log" 2>/dev/null
            scontrol show job "$1"
            die "task $1 ended ($state) before it could be stopped mid-shard"
            ;;
    esac
    [ "$state" = RUNNING ] && [ "$(games_in "shard-$2.json")" -ge 1 ] &&
        ! grep -q '^{"record":"end"' "shard-$2.json"
}

cd "$work/run" || die "no $work/run"
on_exit cancel_all
step "sbatch --array=1-$shards contrib/shards/slurm.sbatch $shards ${match[*]}"
job=$(sbatch --parsable --array="1-$shards" "$repo/contrib/shards/slurm.sbatch" "$shards" "${match[@]}")
echo "job $job"

wait_for 120 "task 1 to play a game" playing "${job}_1" 1
step "scontrol requeue ${job}_1 (after $(games_in shard-1.json) games)"
scontrol requeue "${job}_1"

wait_for 120 "task 2 to play a game" playing "${job}_2" 2
step "scancel ${job}_2 (after $(games_in shard-2.json) games)"
scancel "${job}_2"
task2_gone() {
    [ "$(state_of "${job}_2")" = CANCELLED ]
}
wait_for 60 "task 2 to be cancelled" task2_gone
step "sbatch --array=2 contrib/shards/slurm.sbatch $shards ..."
again=$(sbatch --parsable --array=2 "$repo/contrib/shards/slurm.sbatch" "$shards" "${match[@]}")
echo "job $again"

wait_for 300 "every task to end" queue_empty
for task in "${job}_1" "${job}_3" "${again}_2"; do
    [ "$(state_of "$task")" = COMPLETED ] || {
        scontrol show job "$task"
        die "task $task ended $(state_of "$task")"
    }
done
grep -h -e '^Resuming' -e 'DUE TO JOB REQUEUE' shard-*.log
for k in 1 2; do
    grep -Eq "Resuming shard $k/$shards from .*: [1-9][0-9]* games played, [1-9][0-9]* to go" "shard-$k.log" ||
        { cat "shard-$k.log"; die "shard $k did not resume a match it had begun"; }
done
for ((k = 1; k <= shards; k++)); do
    grep -q "Finished shard $k/$shards" "shard-$k.log" || { cat "shard-$k.log"; die "shard $k did not finish"; }
done
check_merge

# SPSA: the run in rounds of 2 shards (common.sh).
prepare_spsa
cd "$spsa_dir" || die "no $spsa_dir"

# Shard 1 of round 1 played beforehand: the first merge job finds round 1
# short of shard 2's pairs, and submits its array (where shard 1 ends at
# once) again.
step "ludus spsa ... --shard 1/2 --results spsa-shard-1.json, outside Slurm"
./ludus spsa "${spsa[@]}" --state spsa.jsonl --shard 1/2 --results spsa-shard-1.json \
    >first-shard.log 2>&1 || { cat first-shard.log; die "shard 1 failed"; }
step "sbatch contrib/shards/spsa.sbatch 2 ${spsa[*]}"
sbatch --parsable "$repo/contrib/shards/spsa.sbatch" 2 "${spsa[@]}"
wait_for 300 "the SPSA jobs to end" queue_empty
cat spsa-merge.log
step "ludus spsa-merge: the run is complete"
status=0
./ludus spsa-merge --state spsa.jsonl spsa-shard-*.json >merge.log || status=$?
[ "$status" -eq 3 ] || { cat merge.log spsa-shard-*.log; die "spsa-merge exited $status, not 3"; }
grep -q "^Round 1/2 is not complete: 2 of 4 pairs missing (iterations 2, 4)" spsa-merge.log ||
    die "the first merge job did not find round 1 short"
grep -q "^Resuming shard 1/2 of round 1 from spsa-shard-1.json: 2 pairs played, 0 to go" \
    spsa-shard-1.log || { cat spsa-shard-1.log; die "shard 1 played again"; }
for round in 1 2; do
    grep -q "^Round $round/2 (iterations" spsa-merge.log || die "no round $round in spsa-merge.log"
done
check_spsa
