#!/usr/bin/env bash
# Counts the solutions of the N×N board in K shards as K local processes,
# run the way a batch system runs them (xargs here, at most JOBS at once,
# one a core by default), then merges their records.
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
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/nqueens" ./cmd/nqueens
# The shell code is fixed: the numbers reach it as arguments, never as code.
# A shard that fails exits 255, which stops xargs from starting any more.
seq 0 $((k - 1)) | xargs -P "$jobs" -I{} \
	sh -c 'JOB_COMPLETION_INDEX=$1 "$0" count -json -workers 1 -shards "$2" "$3" > "$4/$1.json" || exit 255' \
	"$dir/nqueens" {} "$k" "$n" "$dir"
"$dir/nqueens" merge "$dir"/*.json
