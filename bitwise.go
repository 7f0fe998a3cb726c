package nqueens

import "math/bits"

// Martin Richards' bitwise method ("Backtracking Algorithms in MCPL using
// Bit Patterns and Recursion", 1997; seeds 002, 003 and 004). Bit c of a
// mask stands for column c of the row being filled. Three masks say which
// squares of that row are attacked: cols by a queen above in the same
// column, left and right by a queen above on a diagonal. A queen on a
// diagonal attacks the next row one column further along, so the diagonal
// masks shift by one bit per row. The free squares are ^(cols|left|right),
// visited lowest bit first: no square is ever tried and rejected, and each
// node costs a handful of instructions.

type bitwise struct{}

func (bitwise) Name() string { return "bitwise" }

func (bitwise) Count(n int) (uint64, error) {
	if err := checkSize(n); err != nil {
		return 0, err
	}
	return bitwiseCount(fullRow(n), 0, 0, 0), nil
}

func (bitwise) Enumerate(n int, visit func(Solution) bool) error {
	if err := checkEnumerate(n, visit); err != nil {
		return err
	}
	e := bitwiseEnumeration{all: fullRow(n), sol: make(Solution, n), visit: visit}
	e.place(0, 0, 0, 0)
	return nil
}

// fullRow returns the mask of an n-square row: its low n bits set.
func fullRow(n int) uint64 {
	return ^uint64(0) >> (64 - n) // a shift by 64 or more gives 0 in Go
}

// bitwiseCount counts the ways to fill the rest of the board, given the
// columns taken and the squares of the current row attacked along each
// diagonal. all is the mask of a full row; the board is full when every
// column is taken.
func bitwiseCount(all, cols, left, right uint64) uint64 {
	if cols == all {
		return 1
	}
	var count uint64
	free := all &^ (cols | left | right)
	for free != 0 {
		bit := free & -free // x & -x keeps only the lowest set bit of x
		free ^= bit
		count += bitwiseCount(all, cols|bit, (left|bit)<<1, (right|bit)>>1)
	}
	return count
}

// bitwiseEnumeration is the state of one bitwise enumeration.
type bitwiseEnumeration struct {
	all   uint64
	sol   Solution
	visit func(Solution) bool
}

// place fills row and the rows after it in every possible way, as
// bitwiseCount does, writing each queen's column into the solution. It
// reports whether the search should go on.
func (e *bitwiseEnumeration) place(row int, cols, left, right uint64) bool {
	if cols == e.all {
		return e.visit(e.sol)
	}
	free := e.all &^ (cols | left | right)
	for free != 0 {
		bit := free & -free
		free ^= bit
		e.sol[row] = bits.TrailingZeros64(bit)
		if !e.place(row+1, cols|bit, (left|bit)<<1, (right|bit)>>1) {
			return false
		}
	}
	return true
}
