#!/usr/bin/env bash
# Runs count.sbatch on a real one-node Slurm cluster started here, as a
# user would: an array counted and merged, then the failure path, a task
# cancelled, merge naming its shard, the shard resubmitted alone and the
# merge exact. CI runs it; it needs root, for the packages and the daemons.
#
#   deploy/slurm/cluster-test.sh [N [K]]     # N = 13, K = 8 by default
#
# It installs slurm-wlm and munge with apt-get when they are missing,
# starts munged, slurmctld and slurmd by hand (no systemd), with every
# file in a temporary directory, and stops each daemon it started, by PID,
# however it ends.
set -euo pipefail
n=${1:-13}
k=${2:-8}
repo=$(cd "$(dirname "$0")/../.." && pwd)
export PATH="$PATH:/usr/local/go/bin:/usr/sbin"

say() { echo "cluster-test: [${SECONDS}s] $*"; }
fail() {
	echo "cluster-test: FAIL: $*" >&2
	exit 1
}

[[ $n =~ ^[0-9]+$ ]] || fail "N is a board size, not '$n'"
[[ $k =~ ^[1-9][0-9]*$ ]] && [ "$k" -ge 2 ] || fail "K is a number of shards from 2 up (one is cancelled), not '$k'"

if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
	say "installing slurm-wlm and munge"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge > /dev/null
fi

tmp=$(mktemp -d)
pids=()
cleanup() {
	local status=$?
	# A job still running (after a failure) is cancelled before its daemons go.
	if [ -n "${SLURM_CONF:-}" ] && [ -n "$(squeue -h 2> /dev/null)" ]; then
		scancel -u "$(id -un)" 2> /dev/null || true
		for _ in $(seq 20); do
			[ -z "$(squeue -h 2> /dev/null)" ] && break
			sleep 0.5
		done
	fi
	for pid in "${pids[@]}"; do
		kill "$pid" 2> /dev/null || true
	done
	for pid in "${pids[@]}"; do
		wait "$pid" 2> /dev/null || true
	done
	if [ "$status" -ne 0 ]; then
		for log in "$tmp"/*.log; do
			[ -f "$log" ] && { echo "--- $log"; tail -n 20 "$log"; } >&2
		done
	fi
	rm -rf "$tmp"
	exit "$status"
}
trap cleanup EXIT

# wait_for DESCRIPTION SECONDS COMMAND...: polls COMMAND every half second
# until it succeeds, and fails after SECONDS.
wait_for() {
	local what=$1 limit=$2
	shift 2
	local deadline=$((SECONDS + limit))
	until "$@" > /dev/null 2>&1; do
		[ "$SECONDS" -lt "$deadline" ] || fail "$what: not within $limit s"
		sleep 0.5
	done
}

say "building nqueens"
go build -C "$repo" -o "$tmp/bin/nqueens" ./cmd/nqueens
nq=$tmp/bin/nqueens

# munge authenticates every message between Slurm's commands and daemons.
mkdir -p "$tmp/munge"
chmod 700 "$tmp/munge"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
munged --foreground --force --key-file="$tmp/munge/munge.key" \
	--socket="$tmp/munge/munge.socket" --pid-file="$tmp/munge/munged.pid" \
	--seed-file="$tmp/munge/munged.seed" --log-file="$tmp/munged.log" 2> /dev/null &
pids+=($!)
wait_for "munged to answer" 20 test -S "$tmp/munge/munge.socket"

# One node, this machine, as slurmd -C describes it.
host=$(hostname -s)
node=$(slurmd -C | head -n 1 | sed "s/^NodeName=[^ ]*/NodeName=$host NodeAddr=127.0.0.1/")
mkdir -p "$tmp/state" "$tmp/spool"
export SLURM_CONF=$tmp/slurm.conf
cat > "$SLURM_CONF" << EOF
ClusterName=nqueens-ci
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
$node
PartitionName=ci Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

# In the foreground the daemons log to stderr as well as to their files.
slurmctld -D -i 2> /dev/null &
pids+=($!)
slurmd -D 2> /dev/null &
pids+=($!)
idle() { sinfo -h -N -o %t | grep -qx idle; }
wait_for "the node to be idle" 60 idle
say "cluster up: $(sinfo -h -N -o '%N %c cpus %t')"

# job_done JOB: no task of JOB is pending or running any more.
job_done() { [ -z "$(squeue -h -j "$1" 2> /dev/null)" ]; }

read -r total unique < <("$nq" count -unique "$n")
want="n=$n shards=$k total=$total unique=$unique"

# The run a user makes: a plan, whose time limit and memory the array
# asks for, as count.sbatch's header says; every shard as one array; then
# merge.
mkdir "$tmp/run1"
cd "$tmp/run1"
"$nq" plan -json -shards "$k" -samples 2 "$n" > plan.json
field() { sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p" plan.json; }
minutes=$(($(field time_limit_seconds) / 60)) mib=$(($(field memory_bytes) >> 20))
[ "$minutes" -ge 1 ] && [ "$mib" -ge 1 ] || fail "plan -json gives a time limit of $minutes min and $mib MiB: $(cat plan.json)"
say "sbatch --wait --array=0-$((k - 1)) --time=$minutes --mem=${mib}M count.sbatch $n $k"
NQUEENS=$nq timeout 150 sbatch --wait --quiet --array=0-$((k - 1)) --time="$minutes" --mem="${mib}M" "$repo/deploy/slurm/count.sbatch" "$n" "$k" ||
	fail "the array failed or did not end within 150 s"
got=$("$nq" merge results/*.json)
say "merge: $got"
[ "$got" = "$want" ] || fail "merged '$got', want '$want'"

# The failure path: one task cancelled before it runs, a merge that names
# its shard, and the shard resubmitted alone.
mkdir "$tmp/run2"
cd "$tmp/run2"
lost=$((k / 2))
job=$(NQUEENS=$nq sbatch --parsable --hold --array=0-$((k - 1)) "$repo/deploy/slurm/count.sbatch" "$n" "$k")
job=${job%%;*}
scancel "${job}_$lost"
scontrol release "$job"
wait_for "job $job to end" 120 job_done "$job"
if out=$("$nq" merge results/*.json 2>&1); then
	fail "merge of a run without shard $lost succeeded: $out"
fi
say "merge without shard $lost: $out"
grep -qF "missing: $lost (" <<< "$out" || fail "merge does not name shard $lost: $out"
say "sbatch --wait --array=$lost count.sbatch $n $k"
NQUEENS=$nq timeout 150 sbatch --wait --quiet --array="$lost" "$repo/deploy/slurm/count.sbatch" "$n" "$k" ||
	fail "the resubmitted task failed or did not end within 150 s"
got=$("$nq" merge results/*.json)
say "merge after resubmitting: $got"
[ "$got" = "$want" ] || fail "merged '$got', want '$want'"
say "ok"
