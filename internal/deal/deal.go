// Package deal cuts a count into shards. The engine numbers the
// subproblems of a count in an order fixed by n and the number of shards
// alone, and deals them out to the shards in turn: subproblem i to shard
// i mod Of.
package deal

// A Shard is the subproblems that fall to shard Index of Of.
type Shard struct{ Index, Of int }

// First returns the first subproblem from index on that falls to s.
func (s Shard) First(index uint64) uint64 {
	k := uint64(s.Of)
	return index + (uint64(s.Index)+k-index%k)%k
}

// Owns reports whether subproblem i falls to s.
func (s Shard) Owns(i int) bool { return i%s.Of == s.Index }

// subproblemsPerShard is how many subproblems each shard gets at least,
// so that the shards come out about equally long.
const subproblemsPerShard = 64

// minSubproblems is the number of subproblems a count aims for at least:
// many more than workers, so that the cores stay busy to the end. The
// split depends on n alone (and on the number of shards), never on the
// machine.
const minSubproblems = 4096

// Want returns how many subproblems a split into s's shards makes at
// least, if it can.
func (s Shard) Want() int { return max(minSubproblems, subproblemsPerShard*s.Of) }
