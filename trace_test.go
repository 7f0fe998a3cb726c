package nqueens

import (
	"errors"
	"math/bits"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTrace follows Bitwise's search of every board it takes and wants
// the walk of Bitwise's Enumerate: the same solutions in the same order,
// a queen placed for each node of the tree, and each step's masks and
// free squares what the queens of its board make them.
func TestTrace(t *testing.T) {
	for n := 0; n <= MaxTrace; n++ {
		var got []Solution
		queens := 0
		err := Trace(n, func(s Step) bool {
			if s.Row == n {
				got = append(got, Solution(s.Board))
				return true
			}
			if why := stepMasks(n, s); why != "" {
				t.Fatalf("n=%d, %v: %s", n, s, why)
			}
			if s.Queen != 0 {
				queens++
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(solutions(t, Bitwise{}, n), got); diff != "" {
			t.Errorf("n=%d: the trace's solutions (-bitwise +trace):\n%s", n, diff)
		}
		if want, ok := treeNodes[n]; ok && float64(queens) != want {
			t.Errorf("n=%d: the trace places %d queens, want the tree's %v nodes", n, queens, want)
		}
	}
	steps := 0
	Trace(8, func(Step) bool { steps++; return steps < 5 })
	if steps != 5 {
		t.Errorf("a trace whose step returns false at the 5th: %d steps", steps)
	}
	for _, n := range []int{-1, MaxTrace + 1} {
		if err := Trace(n, func(Step) bool { return true }); !errors.Is(err, ErrBoardSize) {
			t.Errorf("Trace(%d): %v, want ErrBoardSize", n, err)
		}
	}
	if err := Trace(4, nil); !errors.Is(err, ErrNilVisit) {
		t.Errorf("Trace(4, nil): %v, want ErrNilVisit", err)
	}
}

// stepMasks says what is wrong with the masks of s, a step of the n×n
// board's search, or "": it works them out from the queens of its board
// square by square, as Cached does, knowing nothing of shifts.
func stepMasks(n int, s Step) string {
	var cols, right, left uint64
	for row, col := range s.Board[:s.Row] {
		if col == Free {
			return "a row above without a queen"
		}
		cols |= 1 << col
		if c := col + s.Row - row; c < n { // down and to the right
			right |= 1 << c
		}
		if c := col - (s.Row - row); c >= 0 { // down and to the left
			left |= 1 << c
		}
	}
	all := fullRow(n)
	switch {
	case s.Cols != cols || s.Right != right || s.Left != left:
		return "masks other than its queens' squares of the row"
	case s.Free&^(all&^(cols|right|left)) != 0:
		return "a free square that a queen attacks"
	case s.Queen != s.Free&-s.Free || bits.OnesCount64(s.Queen) > 1:
		return "a queen not on the lowest free square"
	case slices.ContainsFunc(s.Board[s.Row:], func(c int) bool { return c != Free }):
		return "a queen below the row being filled"
	}
	return ""
}
