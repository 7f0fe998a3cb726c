package nqueens

// How a count is cut into shards. The engine numbers its items of work,
// the subproblems or the runs of splits, in an order fixed by n, the
// number of shards and PlanVersion alone, and deals them out to the shards
// in turn: item i to shard i mod shards.

// A deal is the items of work that fall to one shard of shards.
type deal struct{ shard, shards int }

// first returns the first item from index on that falls to d's shard.
func (d deal) first(index uint64) uint64 {
	k := uint64(d.shards)
	return index + (uint64(d.shard)+k-index%k)%k
}

// owns reports whether item i falls to d's shard.
func (d deal) owns(i int) bool { return i%d.shards == d.shard }

// tasksPerShard is how many subproblems each shard gets at least, so that
// the shards come out about equally long.
const tasksPerShard = 64

// minTasks is the number of subproblems the engine aims for at least: many
// more than workers, so that the cores stay busy to the end. The split
// depends on n alone (and on the number of shards), never on the machine.
const minTasks = 4096

// wantTasks returns how many items of work a split into d's shards makes
// at least, if it can.
func wantTasks(d deal) int { return max(minTasks, tasksPerShard*d.shards) }
