package nqueens

import (
	"context"
	"math/bits"
	"sync/atomic"
)

// A frame is a board with some rows already fixed, laid out for the fast
// iterative search of the rest. The queens of the fixed rows never move, so
// the squares they attack in every other row are known before the search
// starts: they are folded into one static mask per free row. The search then
// walks only the free rows, top to bottom, carrying Richards' three masks
// for the queens it places itself; between two free rows with fixed rows in
// between, the diagonal masks shift by the distance between them.
//
// The engine searches each of its subproblems in a frame, the completion
// functions a caller's partial board, and Enumerate the empty board. The
// kernel of kernel.go counts the ways to fill a frame.
type frame struct {
	free int // number of free rows; the search runs over rows[0:free]
	// rows[i] is the board row of free row i.
	rows [MaxN]int
	// allowed[i] holds the squares of free row i that no fixed queen
	// attacks, its column, or its diagonals.
	allowed [MaxN]uint64
	// gap[i] is rows[i+1] - rows[i]: how far the diagonal masks shift
	// between free row i and the next.
	gap [MaxN]uint
	// sol holds the fixed queens; the enumeration fills in the rest.
	sol Solution
	// out is what visit gets, a copy of sol: a visit that writes into it
	// cannot corrupt the search.
	out Solution
}

// setup lays out the frame for board (one column per row, Free where the
// row is free) whose fixed queens the caller has checked: columns in range,
// no two attacking each other. n is len(board).
func (f *frame) setup(board []int) { f.setupAllowed(board, nil) }

// setupAllowed is setup with the squares of each free row limited further
// to allow[row], for a search that rules out more than the fixed queens'
// attacks. A nil allow limits nothing.
func (f *frame) setupAllowed(board []int, allow []uint64) {
	n := len(board)
	f.free = 0
	all := fullRow(n)
	if f.sol == nil || cap(f.sol) < n {
		f.sol, f.out = make(Solution, n), make(Solution, n)
	}
	f.sol, f.out = f.sol[:n], f.out[:n]
	copy(f.sol, board)
	for row, col := range board {
		if col != Free {
			continue
		}
		f.rows[f.free] = row
		f.allowed[f.free] = all &^ attackedBy(board, row)
		if allow != nil {
			f.allowed[f.free] &= allow[row]
		}
		f.free++
	}
	for i := 0; i+1 < f.free; i++ {
		f.gap[i] = uint(f.rows[i+1] - f.rows[i])
	}
}

// attackedBy returns the squares of row that the fixed queens of board
// attack: their columns, and the columns their diagonals cross row at.
func attackedBy(board []int, row int) uint64 {
	var attacked uint64
	for r, c := range board {
		if c == Free {
			continue
		}
		dist := row - r
		if dist < 0 {
			dist = -dist
		}
		attacked |= 1 << c
		if c+dist < len(board) {
			attacked |= 1 << (c + dist)
		}
		if c-dist >= 0 {
			attacked |= 1 << (c - dist)
		}
	}
	return attacked
}

// enumerate calls visit with each way of filling the free rows, in
// lexicographic order, until visit returns false or, polling every
// pollInterval dead ends, p says to stop. It reports whether it went to
// the end. The solution passed to visit is f.out, a copy of f.sol.
func (f *frame) enumerate(visit func(Solution) bool, p *poller) bool {
	if f.free == 0 {
		return f.visit(visit)
	}
	var cols, left, right, todo [MaxN]uint64
	last := f.free - 1
	budget := pollInterval
	d := 0
	free := f.allowed[0]
	for {
		if free == 0 {
			if d == 0 {
				return true
			}
			if budget--; budget == 0 {
				if p.stopped() {
					return false
				}
				budget = pollInterval
			}
			d--
			free = todo[d]
			continue
		}
		bit := free & -free // x & -x keeps only the lowest set bit of x
		free ^= bit
		f.sol[f.rows[d]] = bits.TrailingZeros64(bit)
		if d == last {
			if !f.visit(visit) {
				return false
			}
			continue
		}
		g := f.gap[d]
		nc := cols[d] | bit
		nl := (left[d] | bit) << g
		nr := (right[d] | bit) >> g
		np := f.allowed[d+1] &^ (nc | nl | nr)
		if np == 0 {
			continue
		}
		todo[d] = free
		d++
		cols[d], left[d], right[d] = nc, nl, nr
		free = np
	}
}

// visit hands visit a copy of the solution found.
func (f *frame) visit(visit func(Solution) bool) bool {
	copy(f.out, f.sol)
	return visit(f.out)
}

// enumerateBoard calls visit with each way of filling the free rows of
// board, whose fixed queens the caller has checked, in lexicographic
// order, until visit returns false. It returns ctx.Err() at once if ctx is
// done already, and within a poll of ctx being done.
func enumerateBoard(ctx context.Context, board []int, visit func(Solution) bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var stop atomic.Bool
	defer stopWhenDone(ctx, &stop)()
	var f frame
	f.setup(board)
	if !f.enumerate(visit, &poller{stop: &stop, yield: true}) && stop.Load() {
		return ctx.Err()
	}
	return nil
}
