package nqueens

import (
	"fmt"
	"slices"
	"testing"
)

func TestSolutionDraw(t *testing.T) {
	tests := []struct {
		s    Solution
		want string
	}{
		{Solution{}, ""},
		{Solution{0}, "Q\n"},
		{Solution{1, 3, 0, 2}, ".Q..\n...Q\nQ...\n..Q.\n"},
		{Solution{5, -1}, "..\n..\n"},
	}
	for _, tt := range tests {
		if got := tt.s.Draw(); got != tt.want {
			t.Errorf("%#v.Draw() = %q, want %q", tt.s, got, tt.want)
		}
	}
	// Larger than MaxDrawn: the columns, in a form that reads back.
	for _, n := range []int{MaxDrawn, MaxDrawn + 1, 1_000_000} {
		s, err := Construct(n)
		if err != nil {
			t.Fatal(err)
		}
		str := s.Draw()
		if n <= MaxDrawn && len(str) != n*(n+1) || n > MaxDrawn && len(str) > 8*n {
			t.Errorf("Construct(%d).Draw() has %d bytes", n, len(str))
		}
		if n > MaxDrawn {
			if back, err := ParseSolution(str); err != nil || !slices.Equal(back, s) {
				t.Errorf("ParseSolution(Construct(%d).Draw()): %v", n, err)
			}
		}
	}
}

// TestSolutionString wants what fmt prints of solutions on one line each.
func TestSolutionString(t *testing.T) {
	got := fmt.Sprintf("%v %v", Solution{1, 3, 0, 2}, []Solution{{0}, {}})
	if want := "[1 3 0 2] [[0] []]"; got != want {
		t.Errorf("fmt of solutions: %q, want %q", got, want)
	}
}
