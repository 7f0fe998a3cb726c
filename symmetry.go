package nqueens

import "fmt"

// A Symmetry is one of the eight symmetries of the square board: the
// rotations by quarter turns and the reflections in its four axes. A
// symmetry maps every solution to a solution.
type Symmetry int

// The eight symmetries of the board. Rotations turn it clockwise.
const (
	Identity      Symmetry = iota
	Rotate90               // (row, col) -> (col, n-1-row)
	Rotate180              // (row, col) -> (n-1-row, n-1-col)
	Rotate270              // (row, col) -> (n-1-col, row)
	MirrorColumns          // left-right: (row, col) -> (row, n-1-col)
	MirrorRows             // top-bottom: (row, col) -> (n-1-row, col)
	Transpose              // main diagonal: (row, col) -> (col, row)
	AntiTranspose          // other diagonal: (row, col) -> (n-1-col, n-1-row)
)

// Symmetries returns the eight symmetries, Identity first.
func Symmetries() []Symmetry {
	return []Symmetry{Identity, Rotate90, Rotate180, Rotate270, MirrorColumns, MirrorRows, Transpose, AntiTranspose}
}

var symmetryNames = [...]string{"identity", "rotate90", "rotate180", "rotate270", "mirror-columns", "mirror-rows", "transpose", "anti-transpose"}

func (g Symmetry) String() string {
	if g < 0 || int(g) >= len(symmetryNames) {
		return fmt.Sprintf("Symmetry(%d)", int(g))
	}
	return symmetryNames[g]
}

// point maps square (row, col) of an n×n board.
func (g Symmetry) point(n, row, col int) (int, int) {
	last := n - 1
	switch g {
	case Rotate90:
		return col, last - row
	case Rotate180:
		return last - row, last - col
	case Rotate270:
		return last - col, row
	case MirrorColumns:
		return row, last - col
	case MirrorRows:
		return last - row, col
	case Transpose:
		return col, row
	case AntiTranspose:
		return last - col, last - row
	}
	return row, col
}

// transformInto writes g applied to the solution s into dst, which has the
// length of s. s must be a permutation of 0..len(s)-1.
func (g Symmetry) transformInto(dst, s Solution) {
	n := len(s)
	for row, col := range s {
		r, c := g.point(n, row, col)
		dst[r] = c
	}
}

// compareSolutions compares a and b, of equal length, row by row.
func compareSolutions(a, b Solution) int {
	for i := range a {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}
