package shard

import "fmt"

// The split of a board into shards: its version, and how many shards it
// may have.

// PlanVersion names the way a count splits a board into shards. It
// changes whenever the split does (the subproblems, their order, or
// their deal to shards), so that the counts of shards of different
// versions are never added up: a program that keeps shard counts keeps
// it with them, as Counts and State do. Version 4 joins half-boards where
// the engine does ([nqueens.Engine] says which boards), whole or in
// shards, in runs of splits of the rows, and splits the constellations of
// the board for the others;
// every count also searches the solutions that a quarter and a half turn
// leave unchanged, 2n subproblems dealt out to the shards with the rest.
// Version 3 joined whole counts alone, version 2 split the
// constellations for every count, version 1 the corner and side trees.
const PlanVersion = 4

// MaxShards is the most shards a board is split into.
const MaxShards = 1 << 20

// checkShard returns an error unless 0 <= i < k <= MaxShards: the one
// check of a shard's range, which every caller wraps in its own error.
func checkShard(i, k int) error {
	switch {
	case k < 1 || k > MaxShards:
		return fmt.Errorf("%d shards, want 1 to %d", k, MaxShards)
	case i < 0 || i >= k:
		return fmt.Errorf("shard %d of %d, want 0 to %d", i, k, k-1)
	}
	return nil
}
