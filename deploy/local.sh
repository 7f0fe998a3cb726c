#!/usr/bin/env bash
# Counts the solutions of the N×N board in K shards as K local processes,
# run the way a batch system runs them (xargs here, at most JOBS at once,
# one a core by default, each on one worker), keeps their records in
# nqueens-N-K/ in the current directory, merges them, and recounts a
# sample of them with verify: at least 10 records, or all of fewer, or a
# twentieth of many.
#
#   deploy/local.sh N K [JOBS]
set -euo pipefail
usage="usage: deploy/local.sh N K [JOBS]: count the N×N board (0 to 64) in K shards (1 to 1048576), JOBS at once"
fail() {
	echo "local.sh: $*" >&2
	echo "$usage" >&2
	exit 2
}
# number NAME VALUE MIN MAX prints VALUE as a decimal number, or fails
# unless it is one from MIN to MAX.
number() {
	[[ $2 =~ ^[0-9]{1,9}$ ]] || fail "$1 is a whole number, not '$2'"
	local v=$((10#$2))
	((v >= $3 && v <= $4)) || fail "$1 = $v is out of range [$3, $4]"
	echo "$v"
}
[ $# -ge 2 ] && [ $# -le 3 ] || fail "want 2 or 3 arguments, got $#"
n=$(number "N (the board size)" "$1" 0 64)
k=$(number "K (the number of shards)" "$2" 1 1048576)
jobs=$(number "JOBS (the processes at once)" "${3:-$(nproc)}" 1 1024)
records=$PWD/nqueens-$n-$k
[ ! -e "$records" ] || fail "$records is there already, with the records of an earlier run: move it or remove it to count again"
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/nqueens" ./cmd/nqueens
mkdir "$records"
# The shell code is fixed: the numbers reach it as arguments, never as code.
# A shard that fails exits 255, which stops xargs from starting any more.
seq 0 $((k - 1)) | xargs -P "$jobs" -I{} \
	sh -c 'JOB_COMPLETION_INDEX=$1 "$0" count -json -workers 1 -shards "$2" "$3" > "$4/$1.json" || exit 255' \
	"$dir/nqueens" {} "$k" "$n" "$records"
"$dir/nqueens" merge "$records"/*.json
# A sample of 10 records on average, or a twentieth of many: a node's
# fault that spoils many shards shows in it, at a twentieth of the cost.
share=$(awk -v k="$k" 'BEGIN { f = 10 / k; if (f < 0.05) f = 0.05; if (f > 1) f = 1; print f }')
"$dir/nqueens" verify -sample "$share" "$records"/*.json
