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
// node costs a handful of instructions. Enumerate keeps the recursion of
// the articles; Count runs the same walk with an explicit stack.

type bitwise struct{}

func (bitwise) Name() string { return "bitwise" }

// String returns the name, so that fmt prints the strategy by it.
func (s bitwise) String() string { return s.Name() }

func (bitwise) Count(n int) (uint64, error) {
	if err := checkSize(n); err != nil {
		return 0, err
	}
	return bitwiseCount(n), nil
}

func (bitwise) Enumerate(n int, visit func(Solution) bool) error {
	if err := checkEnumerate(n, visit); err != nil {
		return err
	}
	e := bitwiseEnumeration{all: fullRow(n), sol: make(Solution, n), visit: visit}
	e.place(0, 0, 0, 0)
	return nil
}

// bitwiseCount counts the solutions of the n×n board. It is the recursion
// of bitwiseEnumeration.place with its stack made explicit, which is how
// C programs run Richards' method at full speed: the masks of each row
// live in small arrays indexed by the depth d, and the loop either takes
// the next free square of row d or goes back to row d-1. The last row is
// never entered: one column is left there, free or not, so it holds one
// solution or none.
func bitwiseCount(n int) uint64 {
	if n <= 1 {
		return 1
	}
	all := fullRow(n)
	var cols, left, right, todo [MaxN]uint64
	var count uint64
	last := uint(n - 1)
	d := uint(0)
	free := all
	for {
		if free == 0 {
			if d == 0 {
				return count
			}
			d--
			free = todo[d%MaxN]
			continue
		}
		bit := free & -free // x & -x keeps only the lowest set bit of x
		free ^= bit
		i := d % MaxN // d < MaxN; the modulus lets the compiler drop the bounds checks
		c, l, r := cols[i]|bit, (left[i]|bit)<<1, (right[i]|bit)>>1
		next := all &^ (c | l | r)
		if next == 0 {
			continue
		}
		if d+1 == last {
			count++ // one free square in the last row: a solution
			continue
		}
		todo[i] = free
		d++
		j := d % MaxN
		cols[j], left[j], right[j] = c, l, r
		free = next
	}
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

// fullRow returns the mask of an n-square row: its low n bits set.
func fullRow(n int) uint64 {
	return ^uint64(0) >> (64 - n) // a shift by 64 or more gives 0 in Go
}
