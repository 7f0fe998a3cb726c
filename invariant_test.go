package nqueens

import (
	"slices"
	"testing"
)

func TestBurnside(t *testing.T) {
	maxN := 17
	if *long {
		maxN = 20
	}
	for n := 0; n <= maxN; n++ {
		a, b := invariantTotal(n, Rotate90), invariantTotal(n, Rotate180)
		if n <= 10 {
			// By hand: the solutions that the rotations leave unchanged.
			var wantA, wantB uint64
			for s := range all(t, n) {
				if r, _ := s.Transform(Rotate90); slices.Equal(r, s) {
					wantA++
				}
				if r, _ := s.Transform(Rotate180); slices.Equal(r, s) {
					wantB++
				}
			}
			if a != wantA || b != wantB {
				t.Errorf("n=%d: %d solutions left unchanged by a quarter turn and %d by a half turn, want %d and %d", n, a, b, wantA, wantB)
			}
		}
		if a != invariant90[n] {
			t.Errorf("n=%d: %d solutions left unchanged by a quarter turn, want A033148's %d", n, a, invariant90[n])
		}
		unique, ok := uniqueOf(n, golden[n].total, a, b)
		if !ok || unique != golden[n].unique {
			t.Errorf("n=%d: (Total + B + 2A) / 8 = (%d + %d + 2×%d) / 8 = %d (whole: %v), want A002562's %d",
				n, golden[n].total, b, a, unique, ok, golden[n].unique)
		}
	}
	if _, ok := uniqueOf(8, 91, 0, 4); ok {
		t.Error("uniqueOf(8, 91, 0, 4): ok, want a sum that is not a multiple of 8 refused")
	}
}

// invariantTotal returns the solutions of the n×n board that g leaves
// unchanged, whatever the column of the first row's queen.
func invariantTotal(n int, g Symmetry) uint64 {
	if n == 0 {
		return 1
	}
	var sum uint64
	for col := range n {
		c, _ := countInvariant(n, g, col, &poller{})
		sum += c
	}
	return sum
}
