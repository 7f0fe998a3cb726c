package nqueens

import "fmt"

// The contract every strategy keeps. Each strategy is a type of its own
// in a file of its own, whose doc is its lesson: Naive (naive.go), Cached
// (cached.go), Bitwise (bitwise.go), Flipped (flipped.go) and Engine
// (engine.go, over the packages of internal/); strategies.go lists them.
//
// Adding a strategy: write a type in a file of its own whose Count and
// Enumerate keep the contract below, using checkSize and checkEnumerate
// for their arguments, and add a value of it to Strategies
// (strategies.go); the tests run it through the golden table, cross-check
// its solutions with every other strategy's and time it in
// BenchmarkCount. A new name gets the test and benchmark limits of the
// slowest strategy until limits and benchLimits say otherwise.

// MaxN is the largest board size the package searches: boards are
// searched with 64-bit masks, one bit per column.
const MaxN = 64

// A Strategy is one way of searching the board: [Naive], [Cached],
// [Bitwise], [Flipped] or [Engine]. All strategies count the same numbers
// and enumerate the same solutions in the same order; they differ only
// in speed, and in what they teach. A Strategy runs on the caller's
// goroutine and cannot be stopped: [CountContext] and [EnumerateContext]
// can.
type Strategy interface {
	// String returns the strategy's short name: "naive", "cached",
	// "bitwise", "flipped" or "engine".
	fmt.Stringer
	// Count returns the number of ways to place n non-attacking queens on
	// an n×n board. Count(0) is 1, the empty board; Count(2) and Count(3)
	// are 0. It returns an error wrapping ErrBoardSize unless 0 <= n <= MaxN.
	Count(n int) (uint64, error)
	// Enumerate calls visit once for each solution of the n×n board, in
	// lexicographic order of the columns row by row, and stops as soon as
	// visit returns false. The Solution passed to visit is reused between
	// calls: copy it (slices.Clone) to keep it. Enumerate(0, visit) visits
	// the empty board once. It returns an error wrapping ErrBoardSize or
	// ErrNilVisit for bad arguments, before visiting anything.
	Enumerate(n int, visit func(Solution) bool) error
}

// checkSize returns an error wrapping ErrBoardSize unless 0 <= n <= MaxN.
func checkSize(n int) error {
	if n < 0 || n > MaxN {
		return sizeError(n, MaxN)
	}
	return nil
}

// checkEnumerate validates the arguments every Enumerate function takes.
func checkEnumerate(n int, visit func(Solution) bool) error {
	if err := checkSize(n); err != nil {
		return err
	}
	if visit == nil {
		return ErrNilVisit
	}
	return nil
}
