package engine

import (
	"testing"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/poll"
)

// TestInvariant checks the searches of the solutions that a quarter and a
// half turn leave unchanged against the plain search's.
func TestInvariant(t *testing.T) {
	top := 10
	switch {
	case *long:
		top = 14
	case !testing.Short():
		top = 12
	}
	for n := 0; n <= top; n++ {
		want := plainCounts(n)
		a, b := invariantTotal(n, board.Rotate90), invariantTotal(n, board.Rotate180)
		if a != want.Invariant90 || b != want.Invariant180 {
			t.Errorf("n=%d: %d solutions left unchanged by a quarter turn and %d by a half turn, want %d and %d",
				n, a, b, want.Invariant90, want.Invariant180)
		}
	}
}

// invariantTotal returns the solutions of the n×n board that g leaves
// unchanged, whatever the column of the first row's queen.
func invariantTotal(n int, g board.Symmetry) uint64 {
	if n == 0 {
		return 1
	}
	var sum uint64
	for col := range n {
		c, _ := countInvariant(n, g, col, &poll.Poller{})
		sum += c
	}
	return sum
}
