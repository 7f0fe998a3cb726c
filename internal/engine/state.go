package engine

import (
	"fmt"
	"math/bits"
	"slices"
)

// A Recount is how a count is made again to check one: not at all, by
// the join again another way, or by plain backtracking. A State records
// it, as a number (its kind) that never changes.
type Recount uint8

const (
	// NoRecount is a count.
	NoRecount Recount = iota
	// PlainRecount counts every subproblem again by plain backtracking
	// (package recount), with none of the join's or the frame's code.
	PlainRecount
	// JoinRecount counts every run of the join's splits again by the
	// join, another way (join.NewCheckJoiner): other kernels, other
	// tables, another sieve; every other subproblem by plain
	// backtracking.
	JoinRecount
)

// String names r: "count", "recount by backtracking" or "recount by the
// join".
func (r Recount) String() string {
	switch r {
	case NoRecount:
		return "count"
	case PlainRecount:
		return "recount by backtracking"
	case JoinRecount:
		return "recount by the join"
	}
	return fmt.Sprintf("Recount(%d)", uint8(r))
}

// A State is how far a count of one shard has come: which of its
// subproblems are done, and what they counted. Count hands one out to its
// Save function and takes one back to resume from.
type State struct {
	N, Shard, Shards int
	Subproblems      int     // the subproblems of the shard
	Counts           Counts  // what the subproblems done counted
	Done             Bitset  // a bit for each subproblem, set once it is done
	Recount          Recount // whether the count is a recount, and of which kind (Config.Recount)
}

// newState returns the state of a count of shard of shards of the n×n
// board with sub subproblems, none of them done.
func newState(n, shard, shards, sub int) State {
	return State{N: n, Shard: shard, Shards: shards, Subproblems: sub, Done: NewBitset(sub)}
}

// DoneCount returns the number of subproblems done.
func (t *State) DoneCount() int {
	d := 0
	for _, w := range t.Done {
		d += bits.OnesCount64(w)
	}
	return d
}

// markDone records subproblem i as done, with its counts, or returns an
// error wrapping ErrOverflow, and records nothing, if a count would pass
// 2^64: a shard's never does, but the Total of a whole board from n = 29
// on does.
func (t *State) markDone(i int, c Counts) error {
	if t.Counts.Add(c) {
		return fmt.Errorf("%w: the counts of n=%d, shard %d of %d, pass it: count it in more shards, and add them up with their sums", ErrOverflow, t.N, t.Shard, t.Shards)
	}
	t.Done.Set(i)
	return nil
}

// Clone returns a copy of t that shares nothing with it.
func (t State) Clone() State {
	t.Done = slices.Clone(t.Done)
	return t
}

// CheckResume returns nil if a count of shard of shards of the n×n
// board, or its recount of the kind recount, can resume from t, and else
// a *MismatchError that says how t differs from it.
func (t *State) CheckResume(n, shard, shards int, recount Recount) error {
	switch {
	case t.Recount != recount:
		return mismatch("a state of a %v, but this is a %v", t.Recount, recount)
	case t.N != n:
		return mismatch("a state of n=%d, but this count is of n=%d", t.N, n)
	case t.Shard != shard || t.Shards != shards:
		return mismatch("a state of shard %d of %d, but this count is of shard %d of %d", t.Shard, t.Shards, shard, shards)
	}
	return nil
}

// A Bitset holds a bit for each index from 0: a state's subproblems done,
// the shards seen of a sum of shards.
type Bitset []uint64

// NewBitset returns a bitset of n bits, none set.
func NewBitset(n int) Bitset { return make(Bitset, (n+63)/64) }

// Has reports whether bit i is set.
func (b Bitset) Has(i int) bool { return b[i/64]>>(i%64)&1 != 0 }

// Set sets bit i.
func (b Bitset) Set(i int) { b[i/64] |= 1 << (i % 64) }
