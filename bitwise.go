package nqueens

import "math/bits"

// Bitwise is Martin Richards' method, the articles' third step. The
// squares of the row being filled that the queens above attack are held
// in three masks of bits, bit c for column c, the c-th square from the
// left as Draw draws a row:
//
//   - cols: the columns of the queens placed;
//   - right: the squares attacked along the diagonals that run down and
//     to the right from the queens above; such a diagonal moves one
//     column to the right with each row, so from a row to the next the
//     mask shifts one bit higher, right<<1;
//   - left: the squares attacked along the diagonals that run down and to
//     the left, which shift one bit lower, left>>1.
//
// On the 6×6 board with a queen in each of the first three rows, the
// masks of the fourth row, 'x' for a bit set, leave two squares free:
//
//	.Q....
//	...Q..
//	.....Q
//	.x.x.x  cols
//	....xx  right: the queens of rows 0 and 1, moved on 3 and 2 columns
//	.x..x.  left: those of rows 1 and 2, moved back 2 and 1
//	o.o...  free: the squares none of them holds
//
// The free squares of a row are all &^ (cols | right | left), where all
// holds the row's n low bits: the mask keeps the bits beyond the board
// clear, which a NOT alone would set. The search takes them lowest bit
// first, and for each ORs its bit into the row's three masks, shifts the
// diagonals for the row below, and goes on there:
//
//	free := all &^ (cols | right | left)
//	for free != 0 {
//		bit := free & -free // x & -x keeps only the lowest set bit of x
//		free ^= bit
//		place(row+1, cols|bit, (right|bit)<<1, (left|bit)>>1)
//	}
//
// No square is tried and refused, and a node costs the same handful of
// word operations whatever n is, O(1), on the tree that [Naive] walks.
// Richards writes his masks as binary numbers, the highest column first,
// so that his ld (left diagonal) is right here. [Trace] shows the masks
// and choices of each step on a board of up to 8 squares a side.
//
// Enumerate is the plain recursion of the articles: one call a row, its
// masks as arguments. Count walks the same tree with the recursion's
// stack made explicit, as C programs run the method at full speed.
//
// Source: Martin Richards, [Backtracking Algorithms in MCPL using Bit
// Patterns and Recursion] (University of Cambridge Computer Laboratory,
// 1997); explained by Greg Trowbridge in [A bitwise solution to the
// N-Queens problem in JavaScript], and in "Bitwise Optimization of
// N-Queens" (2024, JavaScript; a blog post that names no author and
// gives no address of its own).
//
// Next: [Flipped], or [Trace] to watch it work.
//
// [Backtracking Algorithms in MCPL using Bit Patterns and Recursion]: https://citeseerx.ist.psu.edu/viewdoc/download?doi=10.1.1.51.7113&rep=rep1&type=pdf
// [A bitwise solution to the N-Queens problem in JavaScript]: http://gregtrowbridge.com/a-bitwise-solution-to-the-n-queens-problem-in-javascript/
type Bitwise struct{}

// String returns "bitwise".
func (Bitwise) String() string { return "bitwise" }

// Count returns the number of solutions of the n×n board, as [Strategy]
// says.
func (Bitwise) Count(n int) (uint64, error) {
	if err := checkSize(n); err != nil {
		return 0, err
	}
	return bitwiseCount(n), nil
}

// Enumerate visits the solutions of the n×n board, as [Strategy] says.
func (Bitwise) Enumerate(n int, visit func(Solution) bool) error {
	if err := checkEnumerate(n, visit); err != nil {
		return err
	}
	e := bitwiseEnumeration{all: fullRow(n), sol: make(Solution, n), visit: visit}
	e.place(0, 0, 0, 0)
	return nil
}

// bitwiseEnumeration is the state of one bitwise enumeration.
type bitwiseEnumeration struct {
	all   uint64
	sol   Solution
	visit func(Solution) bool
}

// place fills row and the rows after it in every possible way, given the
// masks of row, writing each queen's column into the solution. It reports
// whether the search should go on.
func (e *bitwiseEnumeration) place(row int, cols, right, left uint64) bool {
	if cols == e.all {
		return e.visit(e.sol) // a queen in every column: a solution
	}
	free := e.all &^ (cols | right | left)
	for free != 0 {
		bit := free & -free // x & -x keeps only the lowest set bit of x
		free ^= bit
		e.sol[row] = bits.TrailingZeros64(bit)
		if !e.place(row+1, cols|bit, (right|bit)<<1, (left|bit)>>1) {
			return false
		}
	}
	return true
}

// bitwiseCount counts the solutions of the n×n board. It is the recursion
// of bitwiseEnumeration.place with its stack made explicit: the masks of
// each row live in small arrays indexed by the depth d, and the loop
// either takes the next free square of row d or goes back to row d-1. The
// last row is never entered: one column is left there, free or not, so
// it holds one solution or none.
func bitwiseCount(n int) uint64 {
	if n <= 1 {
		return 1
	}
	all := fullRow(n)
	var cols, right, left, todo [MaxN]uint64
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
		c, r, l := cols[i]|bit, (right[i]|bit)<<1, (left[i]|bit)>>1
		next := all &^ (c | r | l)
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
		cols[j], right[j], left[j] = c, r, l
		free = next
	}
}

// fullRow returns the mask of an n-square row: its low n bits set.
func fullRow(n int) uint64 {
	return ^uint64(0) >> (64 - n) // a shift by 64 or more gives 0 in Go
}
