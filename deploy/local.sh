#!/usr/bin/env bash
# Counts the solutions of the N×N board in K shards as K local processes,
# run the way a batch system runs them (GNU parallel or xargs here), then
# merges their records.
#
#   deploy/local.sh N K [JOBS]
set -euo pipefail
n=${1:?board size N}
k=${2:?number of shards K}
jobs=${3:-$(nproc)}
case $k in
'' | *[!0-9]* | 0) echo "local.sh: K is the number of shards, a whole number from 1 up, not '$k'" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/nqueens" ./cmd/nqueens
seq 0 $((k - 1)) | xargs -P "$jobs" -I{} env JOB_COMPLETION_INDEX={} \
	sh -c "'$dir/nqueens' count -json -workers 1 -shards $k $n > '$dir/{}.json'"
"$dir/nqueens" merge "$dir"/*.json
