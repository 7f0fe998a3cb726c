package nqueens

import (
	"errors"
	"fmt"
	"testing"
)

// validLarge is valid for boards of any size: O(n) with arrays of the
// columns and diagonals taken.
func validLarge(s Solution) error {
	n := len(s)
	col := make([]bool, n)
	diag := make([]bool, 2*n)
	anti := make([]bool, 2*n)
	for r, c := range s {
		if c < 0 || c >= n || col[c] || diag[r+c] || anti[r-c+n] {
			return fmt.Errorf("row %d, column %d: off the board or attacked", r, c)
		}
		col[c], diag[r+c], anti[r-c+n] = true, true, true
	}
	return nil
}

func TestConstruct(t *testing.T) {
	for n := 0; n <= 1000; n++ {
		s, err := Construct(n)
		if n == 2 || n == 3 {
			if !errors.Is(err, ErrNoSolution) {
				t.Errorf("Construct(%d) error = %v, want ErrNoSolution", n, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Construct(%d): %v", n, err)
		}
		if why := valid(n, s); n <= 64 && why != "" {
			t.Errorf("Construct(%d) = %v: %s", n, s, why)
		}
		if err := validLarge(s); err != nil || len(s) != n {
			t.Errorf("Construct(%d): %d rows, %v", n, len(s), err)
		}
	}
	large := []int{1_000_000, 1_000_001, 1_000_002, 1_000_003, 1_000_004, 1_000_005}
	if !testing.Short() {
		large = append(large, 10_000_000)
	}
	for _, n := range large {
		s, err := Construct(n)
		if err != nil || len(s) != n {
			t.Fatalf("Construct(%d): %d rows, %v", n, len(s), err)
		}
		if err := validLarge(s); err != nil {
			t.Errorf("Construct(%d): %v", n, err)
		}
	}
	for _, n := range []int{-1, MaxConstruct + 1} {
		if _, err := Construct(n); !errors.Is(err, ErrBoardSize) {
			t.Errorf("Construct(%d) error = %v, want ErrBoardSize", n, err)
		}
	}
}

func BenchmarkConstruct(b *testing.B) {
	for _, n := range []int{1000, 1_000_000, 10_000_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Construct(n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
