package board

import "slices"

// A Symmetry is one of the eight symmetries of the square board.
type Symmetry int

// The eight symmetries, in the order and with the names of the package
// nqueens's, whose doc says how each moves a square (Point does it).
const (
	Identity Symmetry = iota
	Rotate90
	Rotate180
	Rotate270
	MirrorColumns
	MirrorRows
	Transpose
	AntiTranspose
)

// Symmetries lists the eight, Identity first.
var Symmetries = [...]Symmetry{Identity, Rotate90, Rotate180, Rotate270, MirrorColumns, MirrorRows, Transpose, AntiTranspose}

// Point maps square (row, col) of an n×n board.
func (g Symmetry) Point(n, row, col int) (int, int) {
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

// TransformInto writes g applied to the solution s into dst, which has
// the length of s. s must be a permutation of 0..len(s)-1.
func (g Symmetry) TransformInto(dst, s []int) {
	n := len(s)
	for row, col := range s {
		r, c := g.Point(n, row, col)
		dst[r] = c
	}
}

// LeastAmong reports whether s is the least of its images under gs, in
// lexicographic order, and how many of them are s itself; image is
// scratch of len(s). It stops at the first lesser image.
func LeastAmong(s, image []int, gs []Symmetry) (least bool, same int) {
	for _, g := range gs {
		g.TransformInto(image, s)
		switch slices.Compare(image, s) {
		case -1:
			return false, same
		case 0:
			same++
		}
	}
	return true, same
}

// ClassSize returns the number of solutions in the class of a solution
// that same of the eight symmetries, the identity among them, leave
// unchanged: the eight images of a solution come in 8/same distinct ones,
// each same times.
func ClassSize(same int) int { return 8 / same }
