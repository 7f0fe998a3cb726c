package nqueens

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// The package's front door: the strategies, and the calls that count and
// list with the engine, and add up the counts of shards. Every call that searches has a form that takes a
// context (see the package comment for the rule).

// The strategies of the articles, from the slowest to the fastest, and the
// package's engine.
var (
	// Naive places queens on an n×n board matrix and checks each placement
	// by scanning the column and both diagonals above it: O(n) per check.
	Naive Strategy = naive{}
	// Cached remembers which columns and diagonals are taken in three
	// boolean arrays: O(1) per check, still n checks per node.
	Cached Strategy = cached{}
	// Bitwise is Martin Richards' method: the attacked columns and
	// diagonals of the next row are three bit masks, and the free squares
	// are visited one bit at a time with no failed checks at all.
	Bitwise Strategy = bitwise{}
	// Flipped is Bitwise with the meaning of a bit inverted: a set bit
	// marks a free square, which saves the NOT of every node.
	Flipped Strategy = flipped{}
	// Engine is the package's own method on one core: of each class of
	// solutions that rotations and reflections map onto each other it
	// searches about one member, with generated kernels of Richards'
	// method, and joins half-boards for a whole board from n = 14 on (17
	// if odd). It is the fastest from about n = 12 on; on smaller boards its
	// planning costs more than the search. Its [Enumerate] walks the
	// whole board, without symmetry.
	Engine Strategy = engine{}
)

// Strategies returns every strategy of the package: Naive, Cached,
// Bitwise and Flipped, from the slowest to the fastest, then Engine,
// the fastest of all from about n = 12 on.
func Strategies() []Strategy {
	return []Strategy{Naive, Cached, Bitwise, Flipped, Engine}
}

// StrategyNamed returns the strategy of [Strategies] whose Name is name,
// in any case: "Bitwise" is bitwise, as no two names differ in case
// alone. For any other name it returns an error wrapping [ErrStrategy]
// that lists the names there are.
func StrategyNamed(name string) (Strategy, error) {
	var names []string
	for _, s := range Strategies() {
		if strings.EqualFold(s.Name(), name) {
			return s, nil
		}
		names = append(names, s.Name())
	}
	return nil, fmt.Errorf("%w %q, want one of %s", ErrStrategy, name, strings.Join(names, ", "))
}

// Count returns the number of ways to place n non-attacking queens on an
// n×n board (OEIS A000170), with the engine on every core. Count(0) is 1,
// the empty board; Count(2) and Count(3) are 0. It returns an error
// wrapping [ErrBoardSize] unless 0 <= n <= [MaxN]. It is [CountContext] with
// context.Background(), and cannot be stopped.
func Count(n int) (uint64, error) {
	c, err := CountContext(context.Background(), n)
	return c.Total, err
}

// CountUnique returns the number of fundamental solutions of the n×n board,
// those that no rotation or reflection maps onto each other (OEIS A002562).
// CountUnique(0) and CountUnique(1) are 1. It costs what [Count] costs and
// returns the same errors.
func CountUnique(n int) (uint64, error) {
	c, err := CountContext(context.Background(), n)
	return c.Unique, err
}

// CountContext counts the solutions of the n×n board, all of them and the
// fundamental ones (up to rotation and reflection), in one search using
// every core unless [WithWorkers] says otherwise: it is the context form of
// both [Count] and [CountUnique], and the one call that takes options.
// CountContext(ctx, 0) is {1, 1, 1, 1}, the empty board.
//
// It returns an error wrapping [ErrBoardSize] unless 0 <= n <= [MaxN], or
// [ErrOption] for a bad option, or [ErrStateMismatch] for a [State] of another
// count passed to [WithResume], or [ErrMemory] for a count that would take
// more memory than its limit. When ctx is done first it returns ctx.Err(),
// at once if ctx is done already and else within a few milliseconds, with
// every worker stopped. The counts are zero whenever the error is not nil,
// but for a finished count whose last save failed (see [WithSave]).
//
// The cost grows about sixfold with each n, and from n = 20 on the memory
// about sixfold with every second n (see [EstimateMemory]); docs/scale.md
// in the repository has measured times. A uint64 holds the counts up to at least n = 27, the
// largest board ever counted.
func CountContext(ctx context.Context, n int, opts ...Option) (Counts, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return Counts{}, err
	}
	return countBoard(ctx, n, &cfg)
}

// EstimateMemory returns the peak memory, in bytes, that
// CountContext(ctx, n, opts...) takes, as the package's model puts it:
// what [WithMemoryLimit] compares with its limit. The model errs high: it
// takes the longest lists of quarters of the join to be longer than any
// measured, every worker to hold them at once, and Go's heap to grow to
// twice what is live. It returns the errors of CountContext for a bad n or
// option, and costs what listing the join's subproblems costs, a few
// milliseconds.
func EstimateMemory(n int, opts ...Option) (int64, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return 0, err
	}
	if err := checkSize(n); err != nil {
		return 0, err
	}
	return newCountPlan(n, cfg.shard, cfg.shards, cfg.workers).estimate(), nil
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
	var seen bitset
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
			seen = newBitset(id.Of)
		}
		if seen.has(s.Index) {
			first := slices.IndexFunc(shards, func(c Counts) bool { return c.Shard == s })
			return Counts{}, &ShardsError{At: []int{first, i}, Problem: fmt.Sprintf("are both %v", s)}
		}
		seen.set(s.Index)
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
func missingShards(id Shard, seen bitset) *ShardsError {
	e := &ShardsError{}
	var ranges []string
	more := 0
	for i := 0; i < id.Of; i++ {
		if seen.has(i) {
			continue
		}
		j := i
		for j+1 < id.Of && !seen.has(j+1) {
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
