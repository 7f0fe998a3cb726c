package nqueens

import (
	"context"
	"iter"
	"runtime"
	"slices"
)

// Listing: every solution of a board, or one of each class under the
// symmetries of the square, as a callback that reuses its Solution for
// speed and as an iterator whose Solutions the caller may keep.

// Enumerate calls visit once for each solution of the n×n board, in
// lexicographic order, and stops as soon as visit returns false. The
// [Solution] passed to visit is reused between calls: copy it (slices.Clone)
// to keep it, or use All. What visit writes into it does not reach the
// search. Bad arguments return an error wrapping [ErrBoardSize] or
// [ErrNilVisit] before anything is visited. It is [EnumerateContext] with
// context.Background().
func Enumerate(n int, visit func(Solution) bool) error {
	return EnumerateContext(context.Background(), n, visit)
}

// EnumerateContext is [Enumerate] that gives up, returning ctx.Err(), at
// once if ctx is done already and else within milliseconds of ctx being
// done, even while no solution is found: the first solution of n = 32
// takes under a second, of n = 36 over a minute. From n = 12 on it
// searches on every core, ahead of visit, which still runs on the
// caller's goroutine in lexicographic order; the solutions found ahead
// take at most 512 KiB a core.
func EnumerateContext(ctx context.Context, n int, visit func(Solution) bool) error {
	if err := checkEnumerate(n, visit); err != nil {
		return err
	}
	procs := runtime.GOMAXPROCS(0)
	if n < minListN || procs == 1 {
		return enumerate(ctx, n, visit)
	}
	l := listing{n: n}
	return l.list(ctx, procs, func(s Solution, _ int) bool { return visit(s) })
}

// minListN is the least board EnumerateContext lists on several cores:
// on smaller ones, handing solutions over costs more than it saves.
const minListN = 12

// Fundamental calls visit once for each class of solutions of the n×n
// board that rotations and reflections map onto each other, with its
// least member (see [Solution.Canonical]) and the size of the class, in
// lexicographic order, until visit returns false. It visits CountUnique(n)
// classes whose sizes add up to Count(n). It searches only the boards
// whose top queen is at least as near a corner as the queens of the bottom
// row and of the side columns, as every least member's is, on every core,
// ahead of visit, which runs on the caller's goroutine: about twice the
// cost of CountContext on one core. The [Solution] passed to visit is
// reused: copy it to keep it; what visit writes into it does not reach the
// search. Bad arguments return an error wrapping [ErrBoardSize] or
// [ErrNilVisit]. It is [FundamentalContext] with context.Background().
func Fundamental(n int, visit func(s Solution, classSize int) bool) error {
	return FundamentalContext(context.Background(), n, visit)
}

// FundamentalContext is [Fundamental] that gives up, returning ctx.Err(),
// at once if ctx is done already and else within milliseconds of ctx
// being done.
func FundamentalContext(ctx context.Context, n int, visit func(s Solution, classSize int) bool) error {
	if err := checkSize(n); err != nil {
		return err
	}
	if visit == nil {
		return ErrNilVisit
	}
	l := listing{n: n, allowed: cornerNearest(n), classes: true}
	return l.list(ctx, runtime.GOMAXPROCS(0), visit)
}

// All returns the solutions of the n×n board as an iterator, in the order
// of [Enumerate]: for s := range seq visits the 92 solutions of n = 8, and
// break stops the search at once. Each [Solution] is the caller's to keep,
// so slices.Collect(seq) lists them all: a copy of n ints a solution, which
// Enumerate saves. For n outside [0, MaxN] it
// returns a nil iterator and an error wrapping [ErrBoardSize], so that a bad
// size never looks like a board without solutions. The search runs as the
// loop asks for solutions and cannot be stopped while it looks for the
// next one: use [EnumerateContext] for that.
func All(n int) (iter.Seq[Solution], error) {
	if err := checkSize(n); err != nil {
		return nil, err
	}
	return func(yield func(Solution) bool) {
		Enumerate(n, func(s Solution) bool { return yield(slices.Clone(s)) })
	}, nil
}
