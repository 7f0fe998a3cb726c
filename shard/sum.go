package shard

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/gonqueens/nqueens"
	"github.com/gonqueens/nqueens/internal/engine"
)

// Counts holds the counts of one shard of a board, or of the whole board,
// and names which: all solutions ([OEIS A000170]), those up to rotation
// and reflection ([OEIS A002562]), and those a quarter turn and a half
// turn leave unchanged ([OEIS A033148] and [OEIS A032522]).
//
// [OEIS A000170]: https://oeis.org/A000170
// [OEIS A002562]: https://oeis.org/A002562
// [OEIS A033148]: https://oeis.org/A033148
// [OEIS A032522]: https://oeis.org/A032522
type Counts struct {
	Total uint64 // all solutions
	// Unique is the solutions up to rotation and reflection of a whole
	// board, once its count is done. A shard of more
	// than one holds no whole classes of solutions in general, and a
	// count not done (a State's) not all of them: their Unique is 0, and
	// Sum gets the whole board's from the other counts.
	Unique uint64
	// Invariant90 and Invariant180 are the solutions that a quarter turn,
	// and a half turn, of the board leave unchanged. By Burnside's lemma they give Unique from Total, for
	// n >= 2: Unique = (Total + Invariant180 + 2·Invariant90) / 8.
	Invariant90, Invariant180 uint64
	// Shard names what was counted: the board, and which shard of which
	// split, shard 0 of 1 for a whole count. It is the zero ID in counts
	// made by hand, which Sum refuses.
	Shard ID
}

// An ID names what a [Counts] counted: shard Index of Of of the N×N
// board, split by plan Plan (the [PlanVersion] of the code that counted
// it). A whole count is shard 0 of 1.
type ID struct {
	N     int // the board size
	Index int // the shard counted, from 0
	Of    int // the number of shards of the split
	Plan  int // the PlanVersion of the split
}

// String returns id as "n=16 shard 2 of 5 (plan 4)".
func (id ID) String() string {
	return fmt.Sprintf("n=%d shard %d of %d (plan %d)", id.N, id.Index, id.Of, id.Plan)
}

// Check returns nil if a count can have made id, and else an error that
// says why not: a board size out of range, a plan before the first, or
// a shard outside its split.
func (id ID) Check() error {
	switch {
	case id.N < 0 || id.N > nqueens.MaxN:
		return engine.SizeError{N: id.N, Max: nqueens.MaxN}
	case id.Plan < 1:
		return fmt.Errorf("plan %d, want 1 or more", id.Plan)
	}
	return checkShard(id.Index, id.Of)
}

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

// engine returns c as the engine's counts.
func (c Counts) engine() engine.Counts {
	return engine.Counts{Total: c.Total, Unique: c.Unique, Invariant90: c.Invariant90, Invariant180: c.Invariant180}
}

// countsOf returns the engine's counts c as the package's, of shard id.
// A shard of more than one holds no whole classes: its Unique is 0.
func countsOf(c engine.Counts, id ID) Counts {
	if id.Of > 1 {
		c.Unique = 0
	}
	return Counts{Total: c.Total, Unique: c.Unique, Invariant90: c.Invariant90, Invariant180: c.Invariant180, Shard: id}
}

// A SetError is the error of [Sum] for a set of counts that are not every
// shard of one split once each. It matches [ErrSet].
type SetError struct {
	// At holds the positions in the set of the counts at fault: one that
	// names no shard, or two that cannot go together, the same shard
	// twice or shards of different splits.
	At []int
	// Missing lists the shards of the split that the set lacks, in order,
	// when that is its fault: those to count again.
	Missing []int
	// Problem says what is wrong, after the counts of At if there are any:
	// "are both n=16 shard 2 of 5 (plan 4)", "3 of 16 shards missing: 4, 9-10".
	Problem string
}

func (e *SetError) Error() string {
	if e == nil {
		return "shard: <nil SetError>"
	}
	var at []string
	for _, i := range e.At {
		at = append(at, fmt.Sprintf("shards[%d]", i))
	}
	if len(at) == 0 {
		return "shard: " + e.Problem
	}
	return "shard: " + strings.Join(at, " and ") + " " + e.Problem
}

func (e *SetError) Is(target error) bool { return target == ErrSet }

// maxRanges is the most ranges of missing shards that a SetError names.
const maxRanges = 20

// A Whole holds the counts of a whole board, as [Sum] adds them up from
// the counts of its shards. They are exact at every size, as math/big
// integers: a shard's counts fit in 64 bits, and the Total of a whole
// board from n = 29 on does not.
type Whole struct {
	Total, Unique             *big.Int // all solutions, and those up to rotation and reflection
	Invariant90, Invariant180 *big.Int // those a quarter turn, and a half turn, leave unchanged
	// Shard names the board and the plan of the split added up: shard 0
	// of 1 of it.
	Shard ID
}

// Sum returns the counts of a whole board from those of every shard of
// one split, as [Job.Count] returned them, in any order: the sums of
// Total, Invariant90 and Invariant180, and Unique from them by Burnside's
// lemma, (Total + Invariant180 + 2·Invariant90) / 8 for n >= 2. The sums
// are exact, past 2^64 too ([Whole]).
//
// Each Counts names its shard, and Sum refuses a set that is not every
// shard of one split once each with a [*SetError], which matches
// [ErrSet]: an empty set, counts that name no shard (made by hand), a
// shard of another board, number of shards or plan than the first one's,
// a shard given twice, shards missing (the error lists them). It returns
// an error wrapping [ErrCounts] if the sums are not those of any board:
// Burnside's lemma refuses them, as a damaged count makes them (a wrong
// Total makes a sum that 8 does not divide 7 times in 8), or, for a
// board of fewer than 4 squares a side, they are not its counts. It costs
// a pass over the set and a bit per shard of the split.
func Sum(shards []Counts) (Whole, error) {
	if len(shards) == 0 {
		return Whole{}, &SetError{Problem: "no shards: nothing to add up"}
	}
	id := shards[0].Shard
	// seen has a bit per shard of the split, made once the first shard
	// is known to be valid: a forged one may claim any number of shards.
	var seen engine.Bitset
	var sums engine.Sums
	for i, c := range shards {
		s := c.Shard
		if err := s.Check(); err != nil {
			return Whole{}, &SetError{At: []int{i}, Problem: fmt.Sprintf("names no shard a count makes (%v): %v", s, err)}
		}
		if s.N != id.N || s.Of != id.Of || s.Plan != id.Plan {
			return Whole{}, &SetError{At: []int{0, i}, Problem: fmt.Sprintf("are shards of different splits: %v and %v", id, s)}
		}
		if seen == nil {
			seen = engine.NewBitset(id.Of)
		}
		if seen.Has(s.Index) {
			first := slices.IndexFunc(shards, func(c Counts) bool { return c.Shard == s })
			return Whole{}, &SetError{At: []int{first, i}, Problem: fmt.Sprintf("are both %v", s)}
		}
		seen.Set(s.Index)
		sums.Add(c.engine())
	}
	if len(shards) < id.Of {
		return Whole{}, missingShards(id, seen)
	}
	whole, err := sums.Complete(id.N)
	if err != nil {
		return Whole{}, fmt.Errorf("%w: %v: a count is damaged", ErrCounts, err)
	}
	w := Whole{Shard: ID{N: id.N, Index: 0, Of: 1, Plan: id.Plan}}
	w.Total, w.Unique, w.Invariant90, w.Invariant180 = whole.Big()
	return w, nil
}

// missingShards returns the error for the shards of id's split that seen
// does not hold, which names them as ranges, the first maxRanges of them:
// "3 of 16 shards missing: 4, 9-10".
func missingShards(id ID, seen engine.Bitset) *SetError {
	e := &SetError{}
	var ranges []string
	more := 0
	for i := 0; i < id.Of; i++ {
		if seen.Has(i) {
			continue
		}
		j := i
		for j+1 < id.Of && !seen.Has(j+1) {
			j++
		}
		for k := i; k <= j; k++ {
			e.Missing = append(e.Missing, k)
		}
		switch {
		case len(ranges) == maxRanges:
			more++
		case j == i:
			ranges = append(ranges, strconv.Itoa(i))
		default:
			ranges = append(ranges, fmt.Sprintf("%d-%d", i, j))
		}
		i = j
	}
	if more > 0 {
		ranges = append(ranges, fmt.Sprintf("and %d more ranges", more))
	}
	e.Problem = fmt.Sprintf("%d of %d shards missing: %s", len(e.Missing), id.Of, strings.Join(ranges, ", "))
	return e
}
