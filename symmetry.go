package nqueens

import (
	"errors"
	"fmt"
	"slices"
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
	return slices.Clone(symmetries[:])
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

// symmetries lists the eight symmetries without allocating.
var symmetries = [...]Symmetry{Identity, Rotate90, Rotate180, Rotate270, MirrorColumns, MirrorRows, Transpose, AntiTranspose}

// border is where the border queens of a solution stand: the engine
// searches the solutions of one border of each class (see constellation).
type border struct {
	top    int // column of the queen in row 0
	bottom int // column of the queen in row n-1
	left   int // row of the queen in column 0
	right  int // row of the queen in column n-1
}

// transform returns the border of the image under g of a solution with
// border k.
func (k border) transform(n int, g Symmetry) border {
	var t border
	for _, sq := range [4][2]int{{0, k.top}, {n - 1, k.bottom}, {k.left, 0}, {k.right, n - 1}} {
		r, c := g.point(n, sq[0], sq[1])
		if r == 0 {
			t.top = c
		}
		if r == n-1 {
			t.bottom = c
		}
		if c == 0 {
			t.left = r
		}
		if c == n-1 {
			t.right = r
		}
	}
	return t
}

func (k border) less(o border) bool {
	switch {
	case k.top != o.top:
		return k.top < o.top
	case k.bottom != o.bottom:
		return k.bottom < o.bottom
	case k.left != o.left:
		return k.left < o.left
	}
	return k.right < o.right
}

// ErrNotSolution reports a Solution that is not a solution of its board:
// a column off the board, or two queens that attack each other.
var ErrNotSolution = errors.New("nqueens: not a solution")

// Valid reports what keeps s from being a solution of the len(s)×len(s)
// board, as an error wrapping ErrNotSolution, or nil if it is one. It
// costs O(n).
func (s Solution) Valid() error {
	n := len(s)
	col := make([]bool, n)
	diag := make([]bool, max(2*n-1, 0)) // row+col
	anti := make([]bool, max(2*n-1, 0)) // row-col+n-1
	for row, c := range s {
		switch {
		case c < 0 || c >= n:
			return fmt.Errorf("%w: row %d: column %d is off the board", ErrNotSolution, row, c)
		case col[c]:
			return fmt.Errorf("%w: row %d: column %d holds two queens", ErrNotSolution, row, c)
		case diag[row+c] || anti[row-c+n-1]:
			return fmt.Errorf("%w: row %d: the queen in column %d is attacked along a diagonal", ErrNotSolution, row, c)
		}
		col[c], diag[row+c], anti[row-c+n-1] = true, true, true
	}
	return nil
}

// permutation reports whether s holds each column 0..len(s)-1 once.
func (s Solution) permutation() bool {
	seen := make([]bool, len(s))
	for _, c := range s {
		if c < 0 || c >= len(s) || seen[c] {
			return false
		}
		seen[c] = true
	}
	return true
}

// ErrSymmetry reports a Symmetry that is none of the eight.
var ErrSymmetry = errors.New("nqueens: unknown symmetry")

// Transform returns the image of s under g: the board turned or reflected.
// The image of a solution is a solution. It returns an error wrapping
// ErrNotSolution unless s holds each column once, and one wrapping
// ErrSymmetry for a g that is none of the eight.
func (s Solution) Transform(g Symmetry) (Solution, error) {
	if g < 0 || int(g) >= len(symmetries) {
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
// error wrapping ErrNotSolution if s is not a solution.
func (s Solution) Canonical() (Solution, int, error) {
	if err := s.Valid(); err != nil {
		return nil, 0, err
	}
	least := slices.Clone(s)
	image := make(Solution, len(s))
	same := 0
	for _, g := range symmetries {
		g.transformInto(image, s)
		if slices.Compare(image, s) == 0 {
			same++
		}
		if slices.Compare(image, least) < 0 {
			copy(least, image)
		}
	}
	return least, 8 / same, nil
}

// Fundamental calls visit once for each class of solutions of the n×n
// board that rotations and reflections map onto each other, with its
// least member (see Canonical) and the size of the class, in lexicographic
// order, until visit returns false. It visits CountUnique(n) classes whose
// sizes add up to Count(n), and costs an enumeration of every solution.
// The Solution passed to visit is reused: copy it to keep it; what visit
// writes into it does not reach the search. Bad arguments return an error
// wrapping ErrBoardSize or ErrNilVisit.
func Fundamental(n int, visit func(s Solution, classSize int) bool) error {
	if err := checkSize(n); err != nil {
		return err
	}
	if visit == nil {
		return ErrNilVisit
	}
	image, least := make(Solution, n), make(Solution, n)
	return Enumerate(n, func(s Solution) bool {
		same := 0
		for _, g := range symmetries {
			g.transformInto(image, s)
			switch slices.Compare(image, s) {
			case -1:
				return true // a lesser image stands for the class
			case 0:
				same++
			}
		}
		copy(least, s)
		return visit(least, 8/same)
	})
}
