package nqueens

import (
	"math/bits"
	"slices"
	"testing"
)

// Solutions that a symmetry leaves unchanged, and the fundamental count
// they give: an independent check of the engine's unique counts, and the
// way a count that yields totals alone (a join of half-boards) will get
// its unique count. By Burnside's lemma the classes of solutions under the eight
// symmetries of the square number the mean, over the eight, of the
// solutions each leaves unchanged. For n >= 2 no reflection leaves a
// solution unchanged (a reflection fixes a whole row, column or diagonal
// line of squares, and a solution would need two queens on it or none
// where it needs one), so with A the solutions a quarter turn leaves
// unchanged and B those a half turn does:
//
//	Unique = (Total + B + 2A) / 8
//
// A count that yields Total alone gets Unique from two searches over a
// quarter and a half of the board, tiny beside the count itself.

// uniqueOf returns the fundamental solutions of the n×n board, given the
// total and the solutions that a quarter turn (a) and a half turn (b)
// leave unchanged; ok is false if those cannot go together, which only a
// wrong count can make.
func uniqueOf(n int, total, a, b uint64) (unique uint64, ok bool) {
	if n < 2 {
		return total, true // the empty board and the lone queen: every symmetry fixes them
	}
	sum := total + b + 2*a
	return sum / 8, sum%8 == 0 && sum >= total
}

// countFixed returns the number of solutions of the n×n board that g, a
// rotation, maps onto itself. It places queens an orbit at a time: a queen
// and its images under g, g², ..., which such a solution holds together.
// The search visits about the square root of the board's tree for a half
// turn and its fourth root for a quarter turn.
func countFixed(n int, g Symmetry) uint64 {
	if n == 0 {
		return 1
	}
	f := fixedSearch{n: n, g: g, board: make([]int, n)}
	for i := range f.board {
		f.board[i] = Free
	}
	return f.place(0)
}

// A fixedSearch fills a board orbit by orbit.
type fixedSearch struct {
	n     int
	g     Symmetry
	board []int
	cols  uint64
	diag  [2]uint64 // bit row+col: the diagonals taken, up to 2n-1 of them
	anti  [2]uint64 // bit row-col+n-1
}

// place returns the number of ways to fill the rows from row down, given
// the orbits placed.
func (f *fixedSearch) place(row int) uint64 {
	for row < f.n && f.board[row] != Free {
		row++
	}
	if row == f.n {
		return 1
	}
	var count uint64
	for free := fullRow(f.n) &^ f.cols; free != 0; free &= free - 1 {
		col := bits.TrailingZeros64(free)
		var orbit [4][2]int
		k := f.orbit(row, col, &orbit)
		if k == 0 {
			continue
		}
		for _, p := range orbit[:k] {
			f.set(p[0], p[1])
		}
		count += f.place(row + 1)
		for _, p := range orbit[:k] {
			f.clear(p[0], p[1])
		}
	}
	return count
}

// orbit fills orbit with the distinct images of (row, col) under the
// powers of g and returns how many there are, or 0 if they cannot all
// stand on the board together with the queens placed.
func (f *fixedSearch) orbit(row, col int, orbit *[4][2]int) int {
	k := 0
	r, c := row, col
	for {
		for _, p := range orbit[:k] {
			if p[0] == r || p[1] == c || p[0]+p[1] == r+c || p[0]-p[1] == r-c {
				return 0 // two queens of the orbit attack each other
			}
		}
		if f.board[r] != Free || f.cols>>c&1 != 0 || bit(f.diag, r+c) || bit(f.anti, r-c+f.n-1) {
			return 0
		}
		orbit[k] = [2]int{r, c}
		k++
		if r, c = f.g.point(f.n, r, c); r == row && c == col {
			return k
		}
	}
}

// bit reports whether bit i of the 128-bit set s is set.
func bit(s [2]uint64, i int) bool { return s[i/64]>>(i%64)&1 != 0 }

func (f *fixedSearch) set(r, c int) {
	f.board[r] = c
	f.cols |= 1 << c
	f.diag[(r+c)/64] |= 1 << ((r + c) % 64)
	a := r - c + f.n - 1
	f.anti[a/64] |= 1 << (a % 64)
}

func (f *fixedSearch) clear(r, c int) {
	f.board[r] = Free
	f.cols &^= 1 << c
	f.diag[(r+c)/64] &^= 1 << ((r + c) % 64)
	a := r - c + f.n - 1
	f.anti[a/64] &^= 1 << (a % 64)
}

func TestBurnside(t *testing.T) {
	maxN := 14
	if *long {
		maxN = 17
	}
	for n := 0; n <= maxN; n++ {
		a, b := countFixed(n, Rotate90), countFixed(n, Rotate180)
		if n <= 10 {
			// By hand: the solutions that the rotations leave unchanged.
			var wantA, wantB uint64
			for s := range all(t, n) {
				if r, _ := s.Transform(Rotate90); slices.Equal(r, s) {
					wantA++
				}
				if r, _ := s.Transform(Rotate180); slices.Equal(r, s) {
					wantB++
				}
			}
			if a != wantA || b != wantB {
				t.Errorf("n=%d: %d solutions fixed by a quarter turn and %d by a half turn, want %d and %d", n, a, b, wantA, wantB)
			}
		}
		unique, ok := uniqueOf(n, golden[n].total, a, b)
		if !ok || unique != golden[n].unique {
			t.Errorf("n=%d: (Total + B + 2A) / 8 = (%d + %d + 2×%d) / 8 = %d (whole: %v), want A002562's %d",
				n, golden[n].total, b, a, unique, ok, golden[n].unique)
		}
	}
	if _, ok := uniqueOf(8, 91, 0, 4); ok {
		t.Error("uniqueOf(8, 91, 0, 4): ok, want a sum that is not a multiple of 8 refused")
	}
}
