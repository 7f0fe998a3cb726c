package nqueens

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Watching Bitwise work: its search of a small board step by step, with
// the masks of each row, as the articles draw them by hand. The trace
// walks the tree of Bitwise's Enumerate, in its order, apart from the
// strategies' own loops, which it leaves as fast as they were.

// MaxTrace is the largest board that [Trace] follows: its search places
// 2,056 queens at n = 8, and 4 to 5 times as many with each n beyond.
const MaxTrace = 8

// A Step is one move of [Bitwise]'s search, as [Trace] reports it: at a
// row, the masks of the squares that the queens above attack, the
// squares left to try, and the queen placed on the lowest of them, or,
// with none left, the way back to the row above.
type Step struct {
	// Row is the row being filled, from 0, or n once every row holds a
	// queen: a solution.
	Row int
	// Board holds the column of the queen of each row above Row, and
	// [Free] for Row and the rows below. It is the caller's to keep.
	Board []int
	// Cols, Right and Left are Bitwise's masks of Row, bit c for column c:
	// the columns of the queens above, and the squares of Row that they
	// attack along the diagonals that run down to the right and down to
	// the left.
	Cols, Right, Left uint64
	// Free holds the squares of Row that no queen attacks,
	// all &^ (Cols | Right | Left), but those tried before: the squares
	// left to try.
	Free uint64
	// Queen is the square of Row where this step puts a queen, the lowest
	// of Free, Free & -Free; it is 0 when Free is, and the search goes back
	// to the row above, or ends at row 0.
	Queen uint64
}

// Trace calls step with each step of [Bitwise]'s search of the n×n board,
// in order, until step returns false or the search ends: for each row
// reached, one step for each square the search tries there and one when
// none is left, and a step for each solution. It returns an error
// wrapping [ErrBoardSize] unless 0 <= n <= [MaxTrace], and [ErrNilVisit]
// for a nil step, before any step.
func Trace(n int, step func(Step) bool) error {
	if n < 0 || n > MaxTrace {
		return sizeError(n, MaxTrace)
	}
	if step == nil {
		return ErrNilVisit
	}
	t := tracer{n: n, all: fullRow(n), board: make([]int, n), step: step}
	for i := range t.board {
		t.board[i] = Free
	}
	t.place(0, 0, 0, 0)
	return nil
}

// tracer is the state of one trace.
type tracer struct {
	n     int
	all   uint64
	board []int
	step  func(Step) bool
}

// place is bitwiseEnumeration.place with a step reported at each move. It
// reports whether the trace should go on.
func (t *tracer) place(row int, cols, right, left uint64) bool {
	// right carries the squares its diagonals reach past the board's
	// edge, which no step shows: they are no squares of the row.
	shown := Step{Row: row, Cols: cols, Right: right & t.all, Left: left}
	if row == t.n {
		return t.report(shown)
	}
	free := t.all &^ (cols | right | left)
	for {
		bit := free & -free // x & -x keeps only the lowest set bit of x
		shown.Free, shown.Queen = free, bit
		if !t.report(shown) {
			return false
		}
		if bit == 0 {
			return true // no square left in row: back to the row above
		}
		free ^= bit
		t.board[row] = bits.TrailingZeros64(bit)
		more := t.place(row+1, cols|bit, (right|bit)<<1, (left|bit)>>1)
		t.board[row] = Free
		if !more {
			return false
		}
	}
}

// report hands s, with a copy of the board, to the caller's step.
func (t *tracer) report(s Step) bool {
	s.Board = slices.Clone(t.board)
	return t.step(s)
}

// String returns s on one line, each mask drawn square by square from
// column 0 on the left, as Draw draws a row: 'x' for a square a mask
// holds and '.' for one it does not, 'o' for the squares left to try:
//
//	row 1: cols x... right .x.. left .... free ..oo: queen at column 2
//	row 2: cols x.x. right ..xx left .x.. free ....: back to row 1
//	row 4: a solution, [1 3 0 2]
func (s Step) String() string {
	n := len(s.Board)
	if s.Row == n {
		return fmt.Sprintf("row %d: a solution, %v", s.Row, Solution(s.Board))
	}
	line := fmt.Sprintf("row %d: cols %s right %s left %s free %s: ", s.Row,
		squares(s.Cols, n, 'x'), squares(s.Right, n, 'x'), squares(s.Left, n, 'x'), squares(s.Free, n, 'o'))
	switch {
	case s.Queen != 0:
		return line + fmt.Sprintf("queen at column %d", bits.TrailingZeros64(s.Queen))
	case s.Row == 0:
		return line + "the search is done"
	}
	return line + fmt.Sprintf("back to row %d", s.Row-1)
}

// squares draws the n low bits of mask square by square, column 0 first:
// set for a bit set, '.' for one clear.
func squares(mask uint64, n int, set byte) string {
	b := make([]byte, n)
	for c := range b {
		b[c] = '.'
		if mask>>c&1 != 0 {
			b[c] = set
		}
	}
	return string(b)
}

// Draw draws the board of s, one line per row, as [Solution.Draw] does:
// 'Q' for the queens placed above Row; in Row, 'x' for a square the
// queens above attack, 'o' for one left to try, 'Q' for the queen this
// step places and '-' for a square tried before; '.' elsewhere.
func (s Step) Draw() string {
	n := len(s.Board)
	var b strings.Builder
	for row, col := range s.Board {
		for c := range n {
			bit := uint64(1) << c
			switch {
			case row != s.Row && c == col:
				b.WriteByte('Q')
			case row != s.Row:
				b.WriteByte('.')
			case s.Queen == bit:
				b.WriteByte('Q')
			case s.Free&bit != 0:
				b.WriteByte('o')
			case (s.Cols|s.Right|s.Left)&bit != 0:
				b.WriteByte('x')
			default:
				b.WriteByte('-')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
