// Package backtrack searches a board whose rows are partly filled, with
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
	// asm is whether the assembly kernel fills the tails (fillTail),
	// which Count asks once a count.
	asm bool
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
// the end. The solution passed to visit is f.out, a copy of f.sol with
// the free rows filled.
func (f *Frame) Enumerate(visit func([]int) bool, p *poll.Poller) bool {
	if f.free == 0 {
		copy(f.out, f.sol)
		return visit(f.out)
	}
	w := walk{free: f.allowed[0], budget: poll.Interval}
	for {
		switch f.walkOn(&w) {
		case walkedToEnd:
			return true
		case walkedToSolution:
			copy(f.out, f.sol)
			for i, row := range f.rows[:f.free] {
				f.out[row] = bits.TrailingZeros64(w.queen[i])
			}
			if !visit(f.out) {
				return false
			}
		case walkedToPoll:
			if p.Stopped() {
				return false
			}
			w.budget = poll.Interval
		}
	}
}

// A walk is where Enumerate's search of a frame stands: the free row d
// it fills, the squares of it still to try, the dead ends left before
// the next poll, and for each free row above the masks of its queens, the
// squares left to try, and its queen's bit.
type walk struct {
	d                              uint
	free                           uint64
	budget                         int
	cols, left, right, todo, queen [board.MaxN]uint64
}

// How a stretch of a walk ended.
const (
	walkedToEnd = iota
	walkedToSolution
	walkedToPoll
)

// walkOn goes on with the search of w until it places the queen of the
// last free row, a solution, or it has run into w.budget dead ends, or it
// has tried every square. It calls nothing: Go keeps the walk's counters
// in registers only in a loop without calls.
func (f *Frame) walkOn(w *walk) int {
	last := uint(f.free - 1)
	d, free, budget := w.d, w.free, w.budget
	for {
		if free == 0 {
			if d == 0 {
				return walkedToEnd
			}
			d--
			free = w.todo[d%board.MaxN]
			if budget--; budget == 0 {
				w.d, w.free, w.budget = d, free, budget
				return walkedToPoll
			}
			continue
		}
		bit := free & -free // x & -x keeps only the lowest set bit of x
		free ^= bit
		i := d % board.MaxN // d < board.MaxN: the modulus drops the bounds checks
		w.queen[i] = bit
		if d == last {
			w.d, w.free, w.budget = d, free, budget
			return walkedToSolution
		}
		g := f.gap[i] & 63 // a gap is under 64: the mask spares the shifts a test for 64 and more
		nc := w.cols[i] | bit
		nl := (w.left[i] | bit) << g
		nr := (w.right[i] | bit) >> g
		np := f.allowed[(i+1)%board.MaxN] &^ (nc | nl | nr)
		if np == 0 {
			continue
		}
		w.todo[i] = free
		d++
		j := d % board.MaxN
		w.cols[j], w.left[j], w.right[j] = nc, nl, nr
		free = np
	}
}

// EnumerateBoard calls visit with each way of filling the free rows of
// b, whose fixed queens the caller has checked, in lexicographic
// order, until visit returns false. It returns ctx.Err() at once if ctx is
// done already, within a poll of ctx being done, and as soon as visit
// returns if visit cancels ctx itself.
func EnumerateBoard(ctx context.Context, b []int, visit func([]int) bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var stop atomic.Bool
	defer poll.StopWhenDone(ctx, &stop)()
	var f Frame
	f.Setup(b)
	// A cancel by visit is seen as visit returns, not at the next poll,
	// which a small board never reaches.
	found := func(s []int) bool { return visit(s) && ctx.Err() == nil }
	if !f.Enumerate(found, &poll.Poller{Stop: &stop, Yield: true}) {
		return ctx.Err() // nil if visit stopped the search
	}
	return nil
}
