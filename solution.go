package nqueens

import (
	"fmt"
	"strings"
)

// A Solution places one queen in each row of an n×n board:
// Solution[row] is the column of the queen in that row, from 0 to n-1.
type Solution []int

// Free marks a row without a queen in a partial board.
const Free = -1

// MaxDrawn is the largest board that [Solution.Draw] draws square by square:
// a million bytes.
const MaxDrawn = 1000

// String returns the columns of s as fmt writes a []int, "[1 3 0 2]": one
// line, so that %v in a log line or on a []Solution stays readable. Draw
// draws the board. [ParsePartial] and [ParseSolution] read both forms.
func (s Solution) String() string {
	return fmt.Sprint([]int(s))
}

// Draw draws the board, one line per row, each ending in a newline: 'Q'
// for a queen and '.' for an empty square. A row whose column is outside
// [0, len(s)) is drawn without a queen. A drawing takes n² bytes, so a
// board of more than [MaxDrawn] squares a side is written as String writes
// it instead, with a newline.
func (s Solution) Draw() string {
	if len(s) > MaxDrawn {
		return s.String() + "\n"
	}
	var b strings.Builder
	b.Grow(len(s) * (len(s) + 1))
	for _, col := range s {
		for c := range len(s) {
			if c == col {
				b.WriteByte('Q')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Valid reports whether s is a solution of the len(s)×len(s) board: every
// column on the board and no two queens attacking each other. Check says
// what is wrong. It costs O(n).
func (s Solution) Valid() bool {
	return s.Check() == nil
}

// Check returns nil if s is a solution of the len(s)×len(s) board, and
// otherwise an error wrapping [ErrNotSolution] that names the first row
// whose queen is off the board or attacked. It costs O(n).
func (s Solution) Check() error {
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
