package nqueens

import (
	"fmt"
	"slices"

	"github.com/gonqueens/nqueens/internal/board"
)

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
	all := make([]Symmetry, len(board.Symmetries))
	for i, g := range board.Symmetries {
		all[i] = Symmetry(g)
	}
	return all
}

var symmetryNames = [...]string{"identity", "rotate90", "rotate180", "rotate270", "mirror-columns", "mirror-rows", "transpose", "anti-transpose"}

// String returns the name of g, such as "rotate90" or "transpose", or
// "Symmetry(k)" for a g that is none of the eight.
func (g Symmetry) String() string {
	if g < 0 || int(g) >= len(symmetryNames) {
		return fmt.Sprintf("Symmetry(%d)", int(g))
	}
	return symmetryNames[g]
}

// transformInto writes g applied to the solution s into dst, which has the
// length of s. s must be a permutation of 0..len(s)-1.
func (g Symmetry) transformInto(dst, s Solution) { board.Symmetry(g).TransformInto(dst, s) }

// Transform returns the image of s under g: the board turned or reflected.
// The image of a solution is a solution. It returns an error wrapping
// [ErrNotSolution] unless s holds each column once, and one wrapping
// [ErrSymmetry] for a g that is none of the eight.
func (s Solution) Transform(g Symmetry) (Solution, error) {
	if g < 0 || int(g) >= len(board.Symmetries) {
		return nil, fmt.Errorf("%w %d, want %d (Identity) to %d (AntiTranspose)", ErrSymmetry, int(g), Identity, AntiTranspose)
	}
	if !s.permutation() {
		return nil, fmt.Errorf("%w: a transform needs each column once", ErrNotSolution)
	}
	t := make(Solution, len(s))
	g.transformInto(t, s)
	return t, nil
}

// Canonical returns the least of the eight images of the solution s, row
// by row, which all the solutions of its class share, and the size of the
// class: 8, 4 or 2 (1 for the boards of 0 and 1 squares). It returns an
// error wrapping [ErrNotSolution] if s is not a solution.
func (s Solution) Canonical() (Solution, int, error) {
	if err := s.Check(); err != nil {
		return nil, 0, err
	}
	least := slices.Clone(s)
	image := make(Solution, len(s))
	same := 0
	for _, g := range board.Symmetries {
		g.TransformInto(image, s)
		if slices.Compare(image, s) == 0 {
			same++
		}
		if slices.Compare(image, least) < 0 {
			copy(least, image)
		}
	}
	return least, board.ClassSize(same), nil
}
