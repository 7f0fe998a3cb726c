package nqueens

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// MaxN is the largest board size the package accepts: boards are searched
// with 64-bit masks, one bit per column.
const MaxN = 64

// Errors returned for a bad board size or callback. Every error the
// package returns for bad input wraps one of its Err values, so callers
// can test for them with errors.Is: these two, ErrOption (CountContext's
// options), ErrPartial (a partial board), ErrNotSolution, ErrNoSolution
// (Construct), ErrParse, ErrState (a saved State) and ErrSymmetry. A
// cancelled count returns its context's error.
var (
	// ErrBoardSize reports a board size outside [0, MaxN].
	ErrBoardSize = errors.New("nqueens: board size out of range")
	// ErrNilVisit reports a nil callback passed to an Enumerate function.
	ErrNilVisit = errors.New("nqueens: nil visit function")
)

// sizeError is the error for a board size outside [0, max]; it names the
// size and the allowed range and matches ErrBoardSize.
type sizeError struct{ n, max int }

func (e sizeError) Error() string {
	return fmt.Sprintf("nqueens: board size %d out of range [0, %d]", e.n, e.max)
}

func (e sizeError) Is(target error) bool { return target == ErrBoardSize }

// checkSize returns an error wrapping ErrBoardSize unless 0 <= n <= MaxN.
func checkSize(n int) error {
	if n < 0 || n > MaxN {
		return sizeError{n, MaxN}
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

// MaxDrawn is the largest board that Solution.String draws square by
// square: a million bytes.
const MaxDrawn = 1000

// A Solution places one queen in each row of an n×n board:
// Solution[row] is the column of the queen in that row, from 0 to n-1.
type Solution []int

// String draws the board, one line per row, each ending in a newline:
// 'Q' for a queen and '.' for an empty square. A row whose column is
// outside [0, len(s)) is drawn without a queen. A drawing takes n² bytes,
// so a board of more than MaxDrawn squares a side is written as its
// columns instead, as fmt writes a []int: "[1 3 0 2]". ParsePartial and
// ParseSolution read both forms.
func (s Solution) String() string {
	if len(s) > MaxDrawn {
		return fmt.Sprint([]int(s))
	}
	var b strings.Builder
	b.Grow(len(s) * (len(s) + 1))
	for _, col := range s {
		for c := range len(s) {
			if c == col {
				b.WriteByte('Q')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// A Strategy is one way of searching the board. All strategies count the
// same numbers and enumerate the same solutions in the same order; they
// differ only in speed, and in what they teach.
type Strategy interface {
	// Name is the strategy's short name: "naive", "cached", "bitwise", ...
	Name() string
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
	// method. It is the fastest from about n = 12 on; on smaller boards
	// its planning costs more than the search. Its Enumerate walks the
	// whole board, without symmetry.
	Engine Strategy = engine{}
)

// Strategies returns every strategy of the package: Naive, Cached,
// Bitwise and Flipped, from the slowest to the fastest, then Engine,
// the fastest of all from about n = 12 on.
func Strategies() []Strategy {
	return []Strategy{Naive, Cached, Bitwise, Flipped, Engine}
}

// Enumerate calls visit once for each solution of the n×n board, in
// lexicographic order, and stops as soon as visit returns false. The
// Solution passed to visit is reused between calls: copy it (slices.Clone)
// to keep it. Bad arguments return an error wrapping ErrBoardSize or
// ErrNilVisit before anything is visited.
func Enumerate(n int, visit func(Solution) bool) error {
	return Engine.Enumerate(n, visit)
}

// Count returns the number of ways to place n non-attacking queens on an
// n×n board (OEIS A000170), with the engine on every core. Count(0) is 1,
// the empty board; Count(2) and Count(3) are 0. It returns an error
// wrapping ErrBoardSize unless 0 <= n <= MaxN. It cannot be stopped: use
// CountContext for large n.
func Count(n int) (uint64, error) {
	c, err := CountContext(context.Background(), n)
	return c.Total, err
}

// CountUnique returns the number of fundamental solutions of the n×n board,
// those that no rotation or reflection maps onto each other (OEIS A002562).
// CountUnique(0) and CountUnique(1) are 1. It costs what Count costs and
// returns the same errors.
func CountUnique(n int) (uint64, error) {
	c, err := CountContext(context.Background(), n)
	return c.Unique, err
}
