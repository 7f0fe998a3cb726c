// Package frame searches a board whose rows are partly filled, with
// Richards' bitwise method: the engine's subproblems, the completions of
// a partial board, and the listing of a whole one. Generated kernels fill
// the last rows (kernel.go).
package backtrack

import (
	"context"
	"math/bits"
	"sync/atomic"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/poll"
)

// A Frame is a board with some rows already fixed, laid out for the fast
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
type Frame struct {
	free int // number of free rows; the search runs over rows[0:free]
	// rows[i] is the board row of free row i.
	rows [board.MaxN]int
	// allowed[i] holds the squares of free row i that no fixed queen
	// attacks, its column, or its diagonals.
	allowed [board.MaxN]uint64
	// gap[i] is rows[i+1] - rows[i]: how far the diagonal masks shift
	// between free row i and the next.
	gap [board.MaxN]uint
	// sol holds the fixed queens; the enumeration fills in the rest.
	sol []int
	// out is what visit gets, a copy of sol: a visit that writes into it
	// cannot corrupt the search.
	out []int
}

// Setup lays out the frame for b (one column per row, board.Free where
// the row is free) whose fixed queens the caller has checked: columns in
// range, no two attacking each other. n is len(b).
func (f *Frame) Setup(b []int) { f.SetupAllowed(b, nil) }

// SetupAllowed is Setup with the squares of each free row limited further
// to allow[row], for a search that rules out more than the fixed queens'
// attacks. A nil allow limits nothing.
func (f *Frame) SetupAllowed(b []int, allow []uint64) {
	n := len(b)
	f.free = 0
	all := board.FullRow(n)
	if f.sol == nil || cap(f.sol) < n {
		f.sol, f.out = make([]int, n), make([]int, n)
	}
	f.sol, f.out = f.sol[:n], f.out[:n]
	copy(f.sol, b)
	for row, col := range b {
		if col != board.Free {
			continue
		}
		f.rows[f.free] = row
		f.allowed[f.free] = all &^ board.AttackedBy(b, row)
		if allow != nil {
			f.allowed[f.free] &= allow[row]
		}
		f.free++
	}
	for i := 0; i+1 < f.free; i++ {
		f.gap[i] = uint(f.rows[i+1] - f.rows[i])
	}
}

// Enumerate calls visit with each way of filling the free rows, in
// lexicographic order, until visit returns false or, polling every
// poll.Interval dead ends, p says to stop. It reports whether it went to
// the end. The solution passed to visit is f.out, a copy of f.sol.
func (f *Frame) Enumerate(visit func([]int) bool, p *poll.Poller) bool {
	if f.free == 0 {
		return f.visit(visit)
	}
	var cols, left, right, todo [board.MaxN]uint64
	last := f.free - 1
	budget := poll.Interval
	d := 0
	free := f.allowed[0]
	for {
		if free == 0 {
			if d == 0 {
				return true
			}
			if budget--; budget == 0 {
				if p.Stopped() {
					return false
				}
				budget = poll.Interval
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
func (f *Frame) visit(visit func([]int) bool) bool {
	copy(f.out, f.sol)
	return visit(f.out)
}

// EnumerateBoard calls visit with each way of filling the free rows of
// b, whose fixed queens the caller has checked, in lexicographic
// order, until visit returns false. It returns ctx.Err() at once if ctx is
// done already, and within a poll of ctx being done.
func EnumerateBoard(ctx context.Context, b []int, visit func([]int) bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var stop atomic.Bool
	defer poll.StopWhenDone(ctx, &stop)()
	var f Frame
	f.Setup(b)
	if !f.Enumerate(visit, &poll.Poller{Stop: &stop, Yield: true}) && stop.Load() {
		return ctx.Err()
	}
	return nil
}
