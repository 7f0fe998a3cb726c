package nqueens

import (
	"slices"
	"testing"
)

func TestSolutionString(t *testing.T) {
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
		if got := tt.s.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.s, got, tt.want)
		}
	}
	// Larger than MaxDrawn: the columns, in a form that reads back.
	for _, n := range []int{MaxDrawn, MaxDrawn + 1, 1_000_000} {
		s, err := Construct(n)
		if err != nil {
			t.Fatal(err)
		}
		str := s.String()
		if n <= MaxDrawn && len(str) != n*(n+1) || n > MaxDrawn && len(str) > 8*n {
			t.Errorf("Construct(%d).String() has %d bytes", n, len(str))
		}
		if n > MaxDrawn {
			if back, err := ParseSolution(str); err != nil || !slices.Equal(back, s) {
				t.Errorf("ParseSolution(Construct(%d).String()): %v", n, err)
			}
		}
	}
}
