package nqueens

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gonqueens/nqueens/internal/engine"
)

// Long and sharded counts: a count split into shards that different
// machines count, each able to save its state and resume, and the sum of
// their counts.

// PlanVersion names the way [CountContext] splits a board into shards. It
// changes whenever the split does, so the counts of shards add up only if
// they were counted with the same PlanVersion: a program that keeps shard
// counts should keep it with them. Version 4 joins half-boards from n = 14
// on (17 if odd) to 32, whole or in shards, in runs of splits of the rows,
// and splits the constellations of the board for the others; every count
// also searches the solutions that a quarter and a half turn leave
// unchanged, 2n subproblems dealt out to the shards with the rest. Version
// 3 joined whole counts alone, version 2 split the constellations for
// every count, version 1 the corner and side trees.
const PlanVersion = engine.PlanVersion

// MaxShards is the largest number of shards [WithShard] accepts.
const MaxShards = 1 << 20

// A Shard names what a [Counts] counted: shard Index of Of of the N×N
// board, split by plan Plan (the [PlanVersion] of the code that counted
// it). A whole count is shard 0 of 1.
type Shard struct {
	N     int // the board size
	Index int // the shard counted, i of [WithShard](i, k)
	Of    int // the number of shards of the split, k
	Plan  int // the PlanVersion of the split
}

// String returns s as "n=16 shard 2 of 5 (plan 4)".
func (s Shard) String() string {
	return fmt.Sprintf("n=%d shard %d of %d (plan %d)", s.N, s.Index, s.Of, s.Plan)
}

// check returns why no count can have made s, or nil.
func (s Shard) check() error {
	switch {
	case s.N < 0 || s.N > MaxN:
		return fmt.Errorf("board size %d out of range [0, %d]", s.N, MaxN)
	case s.Plan < 1:
		return fmt.Errorf("plan %d, want 1 or more", s.Plan)
	}
	return checkShard(s.Index, s.Of)
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

// A ShardsError is the error of [SumShards] for a set of counts that are
// not every shard of one split once each. It matches [ErrShards].
type ShardsError struct {
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

func (e *ShardsError) Error() string {
	if e == nil {
		return "nqueens: <nil ShardsError>"
	}
	var at []string
	for _, i := range e.At {
		at = append(at, fmt.Sprintf("shards[%d]", i))
	}
	if len(at) == 0 {
		return "nqueens: " + e.Problem
	}
	return "nqueens: " + strings.Join(at, " and ") + " " + e.Problem
}

func (e *ShardsError) Is(target error) bool { return target == ErrShards }

// maxRanges is the most ranges of missing shards that a ShardsError names.
const maxRanges = 20

// SumShards returns the counts of a whole board from those of every shard
// of one split, as [CountContext] returned them with [WithShard], in any
// order: the sums of Total, Invariant90 and Invariant180, and Unique from
// them by Burnside's lemma, (Total + Invariant180 + 2·Invariant90) / 8 for
// n >= 2. The result is shard 0 of 1 of the board.
//
// Each Counts names its shard, and SumShards refuses a set that is not
// every shard of one split once each with a [*ShardsError], which matches
// [ErrShards]: an empty set, counts that name no shard (made by hand), a
// shard of another board, number of shards or plan than the first one's,
// a shard given twice, shards missing (the error lists them). It returns
// an error wrapping [ErrCounts] if a sum overflows or Burnside's lemma
// refuses the sums, as a damaged count makes them: a wrong Total makes a
// sum that 8 does not divide 7 times in 8. It costs a pass over the set
// and a bit per shard of the split.
func SumShards(shards []Counts) (Counts, error) {
	if len(shards) == 0 {
		return Counts{}, &ShardsError{Problem: "no shards: nothing to add up"}
	}
	id := shards[0].Shard
	// seen has a bit per shard of the split, made once the first shard
	// is known to be valid: a forged one may claim any number of shards.
	var seen engine.Bitset
	var sum engine.Counts
	overflow := false
	for i, c := range shards {
		s := c.Shard
		if err := s.check(); err != nil {
			return Counts{}, &ShardsError{At: []int{i}, Problem: fmt.Sprintf("names no shard a count makes (%v): %v", s, err)}
		}
		if s.N != id.N || s.Of != id.Of || s.Plan != id.Plan {
			return Counts{}, &ShardsError{At: []int{0, i}, Problem: fmt.Sprintf("are shards of different splits: %v and %v", id, s)}
		}
		if seen == nil {
			seen = engine.NewBitset(id.Of)
		}
		if seen.Has(s.Index) {
			first := slices.IndexFunc(shards, func(c Counts) bool { return c.Shard == s })
			return Counts{}, &ShardsError{At: []int{first, i}, Problem: fmt.Sprintf("are both %v", s)}
		}
		seen.Set(s.Index)
		if sum.Add(c.engine()) {
			overflow = true
		}
	}
	if len(shards) < id.Of {
		return Counts{}, missingShards(id, seen)
	}
	if overflow {
		return Counts{}, fmt.Errorf("%w: the sums of %d shards' counts overflow 64 bits", ErrCounts, len(shards))
	}
	whole, err := sum.Complete(id.N)
	if err != nil {
		return Counts{}, fmt.Errorf("%w: %v: a count is damaged", ErrCounts, err)
	}
	return countsOf(whole, Shard{N: id.N, Index: 0, Of: 1, Plan: id.Plan}), nil
}

// missingShards returns the error for the shards of id's split that seen
// does not hold, which names them as ranges, the first maxRanges of them:
// "3 of 16 shards missing: 4, 9-10".
func missingShards(id Shard, seen engine.Bitset) *ShardsError {
	e := &ShardsError{}
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
