package nqueens

import "math/bits"

// The "flipped" bitwise method of seed 002 (findNQueensSolutionsFlipped):
// Richards' method with the meaning of every bit inverted. A set bit now
// marks a square that is still free, so an empty board starts with every
// bit set and the free squares of a row are simply cols & left & right,
// with no NOT. Placing a queen clears its bit with XOR. When a diagonal
// mask shifts to the next row, the square that enters at the edge is free:
// shifting left brings in a 0 at bit 0 and shifting right a 0 at bit n-1,
// so the shifts are followed by |1 and |top to mark them free again.
// Same tree as Bitwise, with a NOT fewer per node and an OR more.

type flipped struct{}

func (flipped) Name() string { return "flipped" }

// String returns the name, so that fmt prints the strategy by it.
func (s flipped) String() string { return s.Name() }

func (flipped) Count(n int) (uint64, error) {
	if err := checkSize(n); err != nil {
		return 0, err
	}
	return flippedCount(n), nil
}

func (flipped) Enumerate(n int, visit func(Solution) bool) error {
	if err := checkEnumerate(n, visit); err != nil {
		return err
	}
	if n == 0 {
		visit(Solution{})
		return nil
	}
	all := fullRow(n)
	e := flippedEnumeration{top: topBit(n), sol: make(Solution, n), visit: visit}
	e.place(0, all, all, all)
	return nil
}

// topBit returns the mask of column n-1, the highest column of the board.
func topBit(n int) uint64 {
	return 1 << (n - 1)
}

// flippedCount counts the solutions of the n×n board with the explicit
// stack of bitwiseCount: the same loop, every mask inverted.
func flippedCount(n int) uint64 {
	if n <= 1 {
		return 1
	}
	all, top := fullRow(n), topBit(n)
	var cols, left, right, todo [MaxN]uint64
	var count uint64
	cols[0], left[0], right[0] = all, all, all
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
		c, l, r := cols[i]^bit, (left[i]^bit)<<1|1, (right[i]^bit)>>1|top
		next := c & l & r
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

// flippedEnumeration is the state of one flipped enumeration.
type flippedEnumeration struct {
	top   uint64
	sol   Solution
	visit func(Solution) bool
}

// place fills row and the rows after it in every possible way, as
// flippedCount does, writing each queen's column into the solution. It
// reports whether the search should go on.
func (e *flippedEnumeration) place(row int, cols, left, right uint64) bool {
	if cols == 0 {
		return e.visit(e.sol)
	}
	free := cols & left & right
	for free != 0 {
		bit := free & -free
		free ^= bit
		e.sol[row] = bits.TrailingZeros64(bit)
		if !e.place(row+1, cols^bit, (left^bit)<<1|1, (right^bit)>>1|e.top) {
			return false
		}
	}
	return true
}
