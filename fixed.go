package nqueens

import "math/bits"

// Solutions that a symmetry leaves unchanged, and the fundamental count
// they give: how the join engine, which yields totals alone, gets its
// unique counts. By Burnside's lemma the classes of solutions under the
// eight symmetries of the square number the mean, over the eight, of the
// solutions each leaves unchanged. For n >= 2 no reflection leaves a
// solution unchanged: a queen and its image off the mirror line share a
// row, a column or a diagonal, and two queens on the line share the line.
// So with A the solutions a quarter turn leaves unchanged and B those a
// half turn does:
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
