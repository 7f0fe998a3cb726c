package join

import (
	"math/bits"
	"slices"

	"github.com/gonqueens/nqueens/internal/board"
)

// The keys of the join: the squares of a board's east and west sides, and
// in which bit of a key each diagonal is held. A key holds the diagonals
// that queens of two quarters can take, the sums row+col first and the
// differences row-col+n-1 after; one that only one quarter can take never
// clashes, and takes no bit.

// A keyLayout is the squares of a join board's two sides, east and west,
// and the width of their keys.
type keyLayout struct {
	// keyBits is how many diagonals the keys hold.
	keyBits int
	sides   [2]sideLayout
	// rowSquares[s][r][bit] is how many squares of side s on row r a
	// queen may take on the diagonal of key bit bit (splitOrder).
	rowSquares [2][][64]uint8
}

// A sideLayout is the east or the west half of a board, as its quarters
// see it.
type sideLayout struct {
	base int    // its first column: bit i of a set of its columns is column base+i
	cols uint64 // the columns its queens fill
	// cells holds its squares, row r and column base+i at r·m+i, m the
	// columns of a half; forbid, the columns of each row that a queen of
	// it may not take: those on a diagonal of the middle queens, or for
	// the east of an even board on a longest diagonal.
	cells  []cell
	forbid []uint64
}

// A cell is a square of the board: the key bits of a queen there, and
// whether it stands on a longest diagonal, as a west half-board of an
// even board counts them.
type cell struct {
	key       uint64
	onLongest int
}

// newKeyLayout returns the layout of the n×n board whose splits share out
// the rows of rows. On an odd board the middle row's queen is in column
// rowQueen and the middle column's in row colQueen; on an even board both
// are -1.
func newKeyLayout(n int, rows uint64, rowQueen, colQueen int) keyLayout {
	m := n / 2
	var l keyLayout
	east, west := &l.sides[0], &l.sides[1]
	east.base, west.base = n-m, 0
	east.cols, west.cols = board.FullRow(m), board.FullRow(m)
	// The middle queens' diagonals, bits row+col and row-col+n-1.
	var blockD, blockA uint64
	if rowQueen >= 0 {
		for _, q := range [2][2]int{{m, rowQueen}, {colQueen, m}} {
			blockD |= 1 << (q[0] + q[1])
			blockA |= 1 << (q[0] - q[1] + n - 1)
		}
		if rowQueen > m {
			east.cols &^= 1 << (rowQueen - east.base)
		}
	}
	onD, onA, cells := l.forbidSquares(n, rows, rowQueen, blockD, blockA)
	keyD, keyA := l.keyDiagonals(onD, onA, cells)
	l.fillCells(n, rows, rowQueen, keyD, keyA)
	return l
}

// squaresOn holds what forbidSquares finds of each diagonal, the sums first and
// the differences after.
type squaresOn [2 * (2*board.MaxN - 1)]int

// forbidSquares sets the squares of the sides of l that no queen of theirs may
// take on the rows of rows of the n×n board: those of a column the
// middle queens take, of their diagonals blockD and blockA, and, on an
// even board (rowQueen < 0), the east side's on a longest diagonal. It
// returns the quarters that can take each diagonal, bit 2·side+half, and
// the squares of each side on each diagonal.
func (l *keyLayout) forbidSquares(n int, rows uint64, rowQueen int, blockD, blockA uint64) (onD, onA [2*board.MaxN - 1]uint, cells [2]squaresOn) {
	m := n / 2
	south := board.FullRow(n) &^ board.FullRow(n-m)
	for i := range l.sides {
		s := &l.sides[i]
		s.forbid = make([]uint64, n)
		for r := range n {
			if rows&(1<<r) == 0 {
				continue
			}
			half := 0
			if south&(1<<r) != 0 {
				half = 1
			}
			for c := range m {
				col := s.base + c
				d, a := r+col, r-col+n-1
				longest := r == col || r+col == n-1
				if s.cols&(1<<c) == 0 || blockD&(1<<d) != 0 || blockA&(1<<a) != 0 || (rowQueen < 0 && i == 0 && longest) {
					s.forbid[r] |= 1 << c
					continue
				}
				onD[d] |= 1 << (2*i + half)
				onA[a] |= 1 << (2*i + half)
				cells[i][d]++
				cells[i][2*board.MaxN-1+a]++
			}
		}
	}
	return onD, onA, cells
}

// keyDiagonals returns the key bit of each diagonal, sum and difference,
// 0 for none, and sets l.keyBits: the diagonals that two quarters can
// take (onD, onA) are in the keys, and take their bits in increasing
// order of the squares that each side has on them (cells), multiplied:
// the top bits, those that an east and a west half-board hold together
// the most often, are the ones to sieve on.
func (l *keyLayout) keyDiagonals(onD, onA [2*board.MaxN - 1]uint, cells [2]squaresOn) (keyD, keyA [2*board.MaxN - 1]uint64) {
	var keyed []int
	for d, on := range append(onD[:], onA[:]...) {
		if bits.OnesCount(on) >= 2 {
			keyed = append(keyed, d)
		}
	}
	slices.SortStableFunc(keyed, func(x, y int) int {
		return cells[0][x]*cells[1][x] - cells[0][y]*cells[1][y]
	})
	for bit, d := range keyed {
		if d < 2*board.MaxN-1 {
			keyD[d] = 1 << bit
		} else {
			keyA[d-(2*board.MaxN-1)] = 1 << bit
		}
	}
	l.keyBits = len(keyed)
	return keyD, keyA
}

// fillCells sets the cells of each side of l, of the n×n board, from the
// key bits of the diagonals keyD and keyA, the west side's on a longest
// diagonal of an even board (rowQueen < 0) counted; and how many squares
// of each row of rows that a queen of the side may take are on each bit.
func (l *keyLayout) fillCells(n int, rows uint64, rowQueen int, keyD, keyA [2*board.MaxN - 1]uint64) {
	m := n / 2
	for i := range l.sides {
		s := &l.sides[i]
		s.cells = make([]cell, n*m)
		for r := range n {
			for c := range m {
				col := s.base + c
				cl := &s.cells[r*m+c]
				cl.key = keyD[r+col] | keyA[r-col+n-1]
				if rowQueen < 0 && i == 1 && (r == col || r+col == n-1) {
					cl.onLongest = 1
				}
			}
		}
		l.rowSquares[i] = make([][64]uint8, n)
		for r := range n {
			if rows&(1<<r) == 0 {
				continue
			}
			for c := range m {
				if s.forbid[r]&(1<<c) != 0 {
					continue
				}
				for k := s.cells[r*m+c].key; k != 0; k &= k - 1 {
					l.rowSquares[i][r][bits.TrailingZeros64(k)]++
				}
			}
		}
	}
}

// The top tagBits bits of a key listed, from tagShift up, above every
// diagonal (a key holds at most 60), tag it with the number of queens of
// its half-board on a longest diagonal, k, which weighs it: 0 for every
// east half-board. The tables never clash on them, as no east key holds
// them. A north quarter's queens there, 0, 1 or 2, are the tags 00, 10
// and 11 in binary (northTags), and a south quarter's, 0 or 1, the tags
// 00 and 01, so that a half-board's key, their keys ORed, holds k as the
// number of its tag's bits (tagOf): a north quarter's half-boards with
// the south quarters of either kind are listed as one span. A north
// quarter with 2 is listed only with those of 0: the tags 11 and 01
// would meet, as diagonals do.
const (
	tagShift = 62
	tagBits  = 2
)

// northTags holds the tag of a north quarter's key by its queens on a
// longest diagonal.
var northTags = [3]uint64{0, 2 << tagShift, 3 << tagShift}

// tagOf returns the tag of key k, the number of its tag's bits: 00 is
// 0, 01 and 10 are 1, 11 is 2, which is half of each plus 1.
func tagOf(k uint64) int { return int(k>>tagShift+1) >> 1 }
