package shard

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/gonqueens/nqueens/internal/engine"
)

// Sum: the counts of a whole board from those of every shard of a split,
// exact at any size.

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
// a shard given twice, shards missing (the error lists them), and
// shards of another [PlanVersion] than this package's. It returns an
// error wrapping [ErrCounts] if the sums are not those of any board:
// Burnside's lemma refuses them, as a damaged count makes them (a wrong
// Total makes a sum that 8 does not divide 7 times in 8), or, for a
// board of fewer than 4 squares a side, they are not its counts; and
// for a board whose counts are known, n <= 27 (OEIS A000170 and
// A002562), if they are not those. It costs a pass over the set and a
// bit per shard of the split.
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
		if err := s.fault(); err != nil {
			return Whole{}, &SetError{At: []int{i}, Problem: fmt.Sprintf("names no shard a count makes (%v): %v", s, err)}
		}
		if s.N != id.N || s.Of != id.Of || s.Plan != id.Plan {
			return Whole{}, &SetError{At: []int{0, i}, Problem: fmt.Sprintf("are shards of different splits: %v and %v", id, s)}
		}
		if s.Plan != PlanVersion {
			return Whole{}, &SetError{At: []int{i}, Problem: fmt.Sprintf("is of split plan %d, but this package splits with plan %d, whose shards are others: count it again with this version", s.Plan, PlanVersion)}
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
	if total, unique, ok := knownCounts(id.N); ok && (w.Total.Cmp(total) != 0 || w.Unique.Cmp(unique) != 0) {
		return Whole{}, fmt.Errorf("%w: the shards of n=%d add up to a total of %v and %v unique, but the board has %v and %v (OEIS A000170 and A002562): "+
			"a shard's counts are wrong, which a recount of each finds (Job.Recount)", ErrCounts, id.N, w.Total, w.Unique, total, unique)
	}
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
