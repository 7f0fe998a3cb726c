package nqueens

import (
	"context"
	"iter"
	"slices"

	"github.com/gonqueens/nqueens/internal/engine"
)

// Listing: every solution of a board, or one of each class under the
// symmetries of the square, as a callback that reuses its Solution for
// speed and as an iterator whose Solutions the caller may keep.

// Enumerate calls visit once for each solution of the n×n board, in
// lexicographic order, and stops as soon as visit returns false. The
// [Solution] passed to visit is reused between calls: copy it (slices.Clone)
// to keep it, or use [Solutions]. What visit writes into it does not
// reach the search. Bad arguments return an error wrapping [ErrBoardSize]
// or [ErrNilVisit] before anything is visited. It is [EnumerateContext]
// with context.Background().
func Enumerate(n int, visit func(Solution) bool) error {
	return EnumerateContext(context.Background(), n, visit)
}

// EnumerateContext is [Enumerate] that gives up, returning ctx.Err(), at
// once if ctx is done already and else within milliseconds of ctx being
// done, even while no solution is found, which on large boards takes long:
// the search before the first solution grows fast with n. From n = 12 on it
// searches on every core, or on as many as [WithWorkers] says, ahead of
// visit, which still runs on the caller's goroutine in lexicographic
// order, one call at a time and never after EnumerateContext returns; the
// solutions found ahead take at most 512 KiB a worker. A visit that
// cancels ctx stops the listing as it returns, and a panic in visit
// reaches the caller with every worker stopped. It returns an error
// wrapping [ErrNilContext] for a nil ctx, and [ErrOption] for a bad
// option.
func EnumerateContext(ctx context.Context, n int, visit func(Solution) bool, opts ...Option) error {
	cfg, err := newListConfig(ctx, opts)
	if err != nil {
		return err
	}
	if err := checkEnumerate(n, visit); err != nil {
		return err
	}
	return enumerateOn(ctx, n, cfg.workers, visit)
}

// enumerateOn lists the solutions of the n×n board on workers
// goroutines, as EnumerateContext does.
func enumerateOn(ctx context.Context, n, workers int, visit func(Solution) bool) error {
	return engine.Enumerate(ctx, n, workers, func(s []int) bool { return visit(s) })
}

// EnumerateUnique calls visit once for each class of solutions of the n×n
// board that rotations and reflections map onto each other, with its
// least member (see [Solution.Canonical]) and the size of the class, in
// lexicographic order, until visit returns false. It visits
// CountUnique(n) classes whose sizes add up to Count(n). It searches only
// the boards whose top queen is at least as near a corner as the queens
// of the bottom row and of the side columns, as every least member's is,
// on every core, ahead of visit, which runs on the caller's goroutine. It
// costs a search of those boards, a part of the whole tree that shrinks
// toward an eighth as n grows, and a look at the eight images of each
// solution found: more than CountUnique, which searches one member of
// each class (or joins half-boards) and lists none. The [Solution]
// passed to visit is reused: copy it to keep it; what visit writes into
// it does not reach the search. Bad arguments return an error wrapping
// [ErrBoardSize] or [ErrNilVisit]. It is [EnumerateUniqueContext] with
// context.Background().
func EnumerateUnique(n int, visit func(s Solution, classSize int) bool) error {
	return EnumerateUniqueContext(context.Background(), n, visit)
}

// EnumerateUniqueContext is [EnumerateUnique] that gives up, returning
// ctx.Err(), at once if ctx is done already and else within milliseconds
// of ctx being done. It searches on every core, or on as many as
// [WithWorkers] says.
func EnumerateUniqueContext(ctx context.Context, n int, visit func(s Solution, classSize int) bool, opts ...Option) error {
	cfg, err := newListConfig(ctx, opts)
	if err != nil {
		return err
	}
	if err := checkSize(n); err != nil {
		return err
	}
	if visit == nil {
		return ErrNilVisit
	}
	return enumerateUniqueOn(ctx, n, cfg.workers, visit)
}

// enumerateUniqueOn lists the classes of solutions of the n×n board on
// workers goroutines, as EnumerateUniqueContext does.
func enumerateUniqueOn(ctx context.Context, n, workers int, visit func(s Solution, classSize int) bool) error {
	return engine.Fundamental(ctx, n, workers, func(s []int, size int) bool { return visit(s, size) })
}

// Solutions returns the solutions of the n×n board as an iterator, in the
// order of [Enumerate]: for s := range seq visits the 92 solutions of
// n = 8, and break stops the search at once. Each [Solution] is the
// caller's to keep, so slices.Collect(seq) lists them all: a copy of n
// ints a solution, which Enumerate saves. For n outside [0, MaxN] it
// returns a nil iterator and an error wrapping [ErrBoardSize], so that a
// bad size never looks like a board without solutions. It is
// [SolutionsContext] with context.Background(), whose search cannot be
// stopped while it looks for the next solution.
func Solutions(n int) (iter.Seq[Solution], error) {
	return SolutionsContext(context.Background(), n)
}

// SolutionsContext is [Solutions] whose search gives up within
// milliseconds of ctx being done, even while it looks for the next
// solution: the loop then ends, and ctx.Err() tells that end from the last
// solution's. It takes the options of [EnumerateContext], and returns
// their errors before any search.
func SolutionsContext(ctx context.Context, n int, opts ...Option) (iter.Seq[Solution], error) {
	cfg, err := newListConfig(ctx, opts)
	if err != nil {
		return nil, err
	}
	if err := checkSize(n); err != nil {
		return nil, err
	}
	return func(yield func(Solution) bool) {
		enumerateOn(ctx, n, cfg.workers, func(s Solution) bool { return yield(slices.Clone(s)) })
	}, nil
}

// UniqueSolutions returns the classes of solutions of the n×n board as an
// iterator of pairs, in the order of [EnumerateUnique]: for s, size :=
// range seq visits the least member of each class and the size of the
// class, each Solution the caller's to keep. For n outside [0, MaxN] it
// returns a nil iterator and an error wrapping [ErrBoardSize]. It is
// [UniqueSolutionsContext] with context.Background().
func UniqueSolutions(n int) (iter.Seq2[Solution, int], error) {
	return UniqueSolutionsContext(context.Background(), n)
}

// UniqueSolutionsContext is [UniqueSolutions] whose search gives up
// within milliseconds of ctx being done: the loop then ends, and
// ctx.Err() tells that end from the last class's. It takes the options of
// [EnumerateUniqueContext], and returns their errors before any search.
func UniqueSolutionsContext(ctx context.Context, n int, opts ...Option) (iter.Seq2[Solution, int], error) {
	cfg, err := newListConfig(ctx, opts)
	if err != nil {
		return nil, err
	}
	if err := checkSize(n); err != nil {
		return nil, err
	}
	return func(yield func(Solution, int) bool) {
		enumerateUniqueOn(ctx, n, cfg.workers, func(s Solution, size int) bool { return yield(slices.Clone(s), size) })
	}, nil
}
