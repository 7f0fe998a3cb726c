package engine

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/google/go-cmp/cmp"
)

// collect returns what the listing l visits on workers goroutines, each
// solution followed by its tag.
func collect(t *testing.T, l listing, workers int) [][]int {
	t.Helper()
	var got [][]int
	err := l.list(context.Background(), workers, func(s []int, tag int) bool {
		got = append(got, append(slices.Clone([]int(s)), tag))
		return true
	})
	if err != nil {
		t.Fatalf("list(n=%d, %d workers): %v", l.n, workers, err)
	}
	return got
}

// TestListingOrder wants the listing on any number of workers to visit
// exactly what one search visits, in the same order: every solution, and
// for Fundamental the least member of each class with its size.
func TestListingOrder(t *testing.T) {
	maxN := 11
	if !testing.Short() {
		maxN = 13
	}
	for n := 0; n <= maxN; n++ {
		var all, least [][]int
		image := make([]int, n)
	solutions:
		for _, s := range plainSolutions(n) {
			all = append(all, append(slices.Clone(s), 0))
			same := 0
			for _, g := range board.Symmetries {
				g.TransformInto(image, s)
				switch slices.Compare(image, s) {
				case -1:
					continue solutions
				case 0:
					same++
				}
			}
			least = append(least, append(slices.Clone(s), 8/same))
		}
		for _, workers := range []int{1, 2, 3} {
			if diff := cmp.Diff(all, collect(t, listing{n: n}, workers)); diff != "" {
				t.Errorf("n=%d, every solution on %d workers (-one search +listing):\n%s", n, workers, diff)
			}
			if diff := cmp.Diff(least, collect(t, listing{n: n, allowed: cornerNearest(n), classes: true}, workers)); diff != "" {
				t.Errorf("n=%d, the least of each class on %d workers (-one search +listing):\n%s", n, workers, diff)
			}
		}
	}
}

// TestListingBounded holds the caller's visit for a while and wants the
// workers, two of them on any number of cores, to wait rather than pile
// up what they find.
func TestListingBounded(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var before, after runtime.MemStats
	first := true
	err := Enumerate(ctx, 17, 2, func([]int) bool {
		if first {
			first = false
			runtime.GC()
			runtime.ReadMemStats(&before)
			time.Sleep(300 * time.Millisecond) // the workers could find a million solutions meanwhile
			runtime.GC()
			runtime.ReadMemStats(&after)
			cancel()
		}
		return true
	})
	if err != context.Canceled {
		t.Fatalf("Enumerate(17) on 2 workers cancelled from its visit: %v", err)
	}
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 4<<20 {
		t.Errorf("the heap grew by %d bytes while visit waited; want the workers to wait", grown)
	}
}
