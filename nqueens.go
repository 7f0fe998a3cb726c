package nqueens

import (
	"context"
	"fmt"
	"strings"

	"github.com/gonqueens/nqueens/internal/engine"
)

// The package's front door: the strategies, and the calls that count
// with the engine. Every call that searches has a form that takes a
// context (see the package comment for the rule).

// The strategies of the articles, from the slowest to the fastest, and the
// package's engine. On a modern CPU Bitwise spends a few nanoseconds per
// node of the search tree, Cached about n times more, Naive about n² times
// more; the tree itself grows about sixfold with each n.
var (
	// Naive keeps the board as an n×n matrix of squares and places queens
	// row by row; for every square tried it scans the column above it and
	// both diagonals for a queen: O(n) a square, n squares a row. It is the
	// articles' starting point, and the yardstick every other strategy is
	// checked against.
	Naive Strategy = naive{}
	// Cached remembers which columns and diagonals hold a queen in three
	// boolean arrays, so a square costs O(1): square (row, col) lies on
	// diagonal row+col and anti-diagonal row-col+n-1. It still tries every
	// square of a row.
	Cached Strategy = cached{}
	// Bitwise is Martin Richards' method ("Backtracking Algorithms in MCPL
	// using Bit Patterns and Recursion", 1997). Bit c of a mask stands for
	// column c of the row being filled; three masks hold the squares
	// attacked from above along a column, a left diagonal and a right
	// diagonal. The free squares are ^(cols|left|right), taken lowest bit
	// first with x & -x, so a square that is attacked is never even tried.
	// Moving to the next row, the diagonal masks shift one bit left and
	// right, as the diagonals themselves move one square along.
	Bitwise Strategy = bitwise{}
	// Flipped is Bitwise with every bit inverted, from the article
	// "Bitwise Optimization of N-Queens" (2024): a set bit marks a free
	// square, so the free squares are cols & left & right with no NOT,
	// queens are removed with XOR, and the squares that enter the diagonal
	// masks at the board's edge are set by hand.
	Flipped Strategy = flipped{}
	// Engine is the package's own method, here on one core, so that it
	// compares with the others core for core; Count and CountContext run
	// it on every core. Of each class of solutions that the rotations and
	// reflections of the square map onto each other, it searches about one
	// member: it sorts solutions by their border (the queens of the top and
	// bottom rows and of the left and right columns), searches one border
	// of each class of borders (the constellations of the NQueensFAF
	// solver), and fills the rows between with Richards' method, the border
	// queens' attacks folded into a mask per row, generated kernels filling
	// the last rows. From n = 14 on (17 if odd) to 32 it joins half-boards
	// instead: for each way to choose the rows whose queen stands in the
	// east half, it lists the east and the west half-boards and counts the
	// pairs whose diagonals are disjoint, 64 to 512 at a time with tables of
	// bit sets. Burnside's lemma gives the fundamental count from the
	// solutions a quarter and a half turn leave unchanged. It is the fastest
	// from about n = 12 on; on smaller boards its planning costs more than
	// the search. Its Enumerate walks the whole board, without symmetry.
	Engine Strategy = engineStrategy{}
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

// Counts holds the counts of a board from one search, or of one shard of
// it (see [WithShard]), and names which.
type Counts struct {
	Total uint64 // all solutions (OEIS A000170)
	// Unique is the solutions up to rotation and reflection (OEIS A002562)
	// of a whole board, once its count is done. A shard of more than one
	// holds no whole classes of solutions in general, and a count not done
	// (a [State]'s) not all of them: their Unique is 0, and [SumShards]
	// gets the whole board's from the other counts.
	Unique uint64
	// Invariant90 and Invariant180 are the solutions that a quarter turn,
	// and a half turn, of the board leave unchanged (OEIS A033148 and
	// A032522). By Burnside's lemma they give Unique from Total, for
	// n >= 2: Unique = (Total + Invariant180 + 2·Invariant90) / 8.
	Invariant90, Invariant180 uint64
	// Shard names what was counted: the board, and which shard of which
	// split, shard 0 of 1 for a whole count. It is the zero Shard in
	// counts made by hand, which SumShards refuses.
	Shard Shard
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
// The cost grows about sixfold with each n. The memory of a count that
// joins grows, past n = 20, with the longest list of quarters it keeps, of
// about m!/2^m quarters for m = n/2, the same for n and n+1: as
// [EstimateMemory] puts it, 2 to 6 times more with every second n from
// 20 to 28. docs/scale.md in the repository has measured times and
// memory, with the machine named. A uint64 holds the counts up to at
// least n = 27, the largest board ever counted.
func CountContext(ctx context.Context, n int, opts ...Option) (Counts, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return Counts{}, err
	}
	return countBoard(ctx, n, &cfg)
}

// countBoard counts the n×n board as cfg says: it is CountContext once the
// options are read.
func countBoard(ctx context.Context, n int, cfg *config) (Counts, error) {
	if err := checkSize(n); err != nil {
		return Counts{}, err
	}
	ec, err := cfg.engine()
	if err != nil {
		return Counts{}, err
	}
	c, err := engine.Count(ctx, n, ec)
	if err != nil && c == (engine.Counts{}) {
		return Counts{}, err
	}
	// A count done whose last save failed keeps its counts.
	return countsOf(c, Shard{N: n, Index: cfg.shard, Of: cfg.shards, Plan: PlanVersion}), err
}

// engine returns c as the engine's counts.
func (c Counts) engine() engine.Counts {
	return engine.Counts{Total: c.Total, Unique: c.Unique, Invariant90: c.Invariant90, Invariant180: c.Invariant180}
}

// countsOf returns the engine's counts c as the package's, of shard s. A
// shard of more than one holds no whole classes: its Unique is 0.
func countsOf(c engine.Counts, s Shard) Counts {
	if s.Of > 1 {
		c.Unique = 0
	}
	return Counts{Total: c.Total, Unique: c.Unique, Invariant90: c.Invariant90, Invariant180: c.Invariant180, Shard: s}
}

// engineStrategy is the engine as a Strategy: Count on one worker, so
// that it compares with the other strategies core for core, and Enumerate
// with the iterative walk of the whole board on the caller's goroutine.
type engineStrategy struct{}

func (engineStrategy) Name() string { return "engine" }

// String returns the name, so that fmt prints the strategy by it.
func (s engineStrategy) String() string { return s.Name() }

func (engineStrategy) Count(n int) (uint64, error) {
	cfg, err := newConfig([]Option{WithWorkers(1)})
	if err != nil {
		return 0, err
	}
	c, err := countBoard(context.Background(), n, &cfg)
	return c.Total, err
}

func (engineStrategy) Enumerate(n int, visit func(Solution) bool) error {
	if err := checkEnumerate(n, visit); err != nil {
		return err
	}
	return engine.Enumerate(context.Background(), n, 1, func(s []int) bool { return visit(s) })
}

// EstimateMemory returns the peak memory, in bytes, that
// CountContext(ctx, n, opts...) takes, as the package's model puts it:
// what [WithMemoryLimit] compares with its limit. The model bounds what a
// count of the join keeps by the most that any split of the board holds
// (its keys, and its lists of quarters a little longer than any
// measured), or, where the count's splits have few enough quarters to
// count, by the lists that counting them finds, and takes every worker
// to hold that at once and Go's heap to grow to twice what is live. It
// returns the errors of CountContext for a bad n or option. It costs a
// plan of the count, a list of the join's subproblems, O(1) in n for a
// whole board and O(k) for a shard of k, and a search of up to 2^29
// squares that counts the quarters of their splits (two seconds or so; a
// shard of n = 27 in 2^20 takes a quarter of that), which a count makes
// only if a cheaper bound is over its limit.
func EstimateMemory(n int, opts ...Option) (int64, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return 0, err
	}
	if err := checkSize(n); err != nil {
		return 0, err
	}
	return engine.Estimate(n, cfg.shard, cfg.shards, cfg.workers), nil
}
