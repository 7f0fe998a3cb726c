package nqueens

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

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

// valid reports whether a count can have made s.
func (s Shard) valid() bool {
	return s.N >= 0 && s.N <= MaxN && s.Of >= 1 && s.Of <= MaxShards && s.Index >= 0 && s.Index < s.Of && s.Plan >= 1
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
	var seen []uint64
	var sum Counts
	var carry uint64
	for i, c := range shards {
		s := c.Shard
		switch {
		case !s.valid():
			return Counts{}, &ShardsError{At: []int{i}, Problem: fmt.Sprintf("names no shard a count makes (%v): counts made by hand?", s)}
		case s.N != id.N || s.Of != id.Of || s.Plan != id.Plan:
			return Counts{}, &ShardsError{At: []int{0, i}, Problem: fmt.Sprintf("are shards of different splits: %v and %v", id, s)}
		}
		if seen == nil {
			seen = make([]uint64, (id.Of+63)/64)
		}
		if seen[s.Index/64]>>(s.Index%64)&1 != 0 {
			first := slices.IndexFunc(shards, func(c Counts) bool { return c.Shard == s })
			return Counts{}, &ShardsError{At: []int{first, i}, Problem: fmt.Sprintf("are both %v", s)}
		}
		seen[s.Index/64] |= 1 << (s.Index % 64)
		var c1, c2, c3, c4 uint64
		sum.Total, c1 = bits.Add64(sum.Total, c.Total, 0)
		sum.Unique, c2 = bits.Add64(sum.Unique, c.Unique, 0)
		sum.Invariant90, c3 = bits.Add64(sum.Invariant90, c.Invariant90, 0)
		sum.Invariant180, c4 = bits.Add64(sum.Invariant180, c.Invariant180, 0)
		carry |= c1 | c2 | c3 | c4
	}
	if len(shards) < id.Of {
		return Counts{}, missingShards(id, seen)
	}
	if carry != 0 {
		return Counts{}, fmt.Errorf("%w: the sums of %d shards' counts overflow 64 bits", ErrCounts, len(shards))
	}
	unique, ok := uniqueOf(id.N, sum.Total, sum.Invariant90, sum.Invariant180)
	// A solution that a quarter turn leaves unchanged, a half turn does too.
	if !ok || sum.Unique != 0 && sum.Unique != unique || sum.Invariant90 > sum.Invariant180 || sum.Invariant180 > sum.Total {
		return Counts{}, fmt.Errorf("%w: total %d, unique %d, %d solutions a quarter turn leaves unchanged and %d a half turn does, which Burnside's lemma refuses: a count is damaged",
			ErrCounts, sum.Total, sum.Unique, sum.Invariant90, sum.Invariant180)
	}
	sum.Unique = unique
	sum.Shard = Shard{N: id.N, Index: 0, Of: 1, Plan: id.Plan}
	return sum, nil
}

// missingShards returns the error for the shards of id's split that seen
// does not hold, which names them as ranges, the first maxRanges of them:
// "3 of 16 shards missing: 4, 9-10".
func missingShards(id Shard, seen []uint64) *ShardsError {
	has := func(i int) bool { return seen[i/64]>>(i%64)&1 != 0 }
	e := &ShardsError{}
	var ranges []string
	more := 0
	for i := 0; i < id.Of; i++ {
		if has(i) {
			continue
		}
		j := i
		for j+1 < id.Of && !has(j+1) {
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
