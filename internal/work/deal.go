package work

// How a count is cut into shards. The engine numbers the subproblems of a
// count in an order fixed by n and the number of shards alone, and deals
// them out to the shards in turn: subproblem i to shard i mod shards.

// A Deal is the subproblems that fall to one shard of Shards.
type Deal struct{ Shard, Shards int }

// First returns the first subproblem from index on that falls to d's
// shard.
func (d Deal) First(index uint64) uint64 {
	k := uint64(d.Shards)
	return index + (uint64(d.Shard)+k-index%k)%k
}

// Owns reports whether subproblem i falls to d's shard.
func (d Deal) Owns(i int) bool { return i%d.Shards == d.Shard }

// subproblemsPerShard is how many subproblems each shard gets at least,
// so that the shards come out about equally long.
const subproblemsPerShard = 64

// minSubproblems is the number of subproblems a count aims for at least:
// many more than workers, so that the cores stay busy to the end. The
// split depends on n alone (and on the number of shards), never on the
// machine.
const minSubproblems = 4096

// Want returns how many subproblems a split into d's shards makes at
// least, if it can.
func (d Deal) Want() int { return max(minSubproblems, subproblemsPerShard*d.Shards) }
