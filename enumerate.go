package nqueens

import (
	"context"
	"iter"
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
// takes about half a second, of n = 36 over a minute.
func EnumerateContext(ctx context.Context, n int, visit func(Solution) bool) error {
	return enumerate(ctx, n, visit)
}

// Fundamental calls visit once for each class of solutions of the n×n
// board that rotations and reflections map onto each other, with its
// least member (see Canonical) and the size of the class, in lexicographic
// order, until visit returns false. It visits CountUnique(n) classes whose
// sizes add up to Count(n), and costs an enumeration of every solution.
// The [Solution] passed to visit is reused: copy it to keep it; what visit
// writes into it does not reach the search. Bad arguments return an error
// wrapping [ErrBoardSize] or [ErrNilVisit]. It is [FundamentalContext] with
// context.Background().
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
	image := make(Solution, n)
	return EnumerateContext(ctx, n, func(s Solution) bool {
		same := 0
		for _, g := range symmetries {
			g.transformInto(image, s)
			switch slices.Compare(image, s) {
			case -1:
				return true // a lesser image stands for the class
			case 0:
				same++
			}
		}
		return visit(s, 8/same)
	})
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
