package main

import (
	"strings"
	"testing"
)

// TestEndless wants a note for a count that no machine ends in a
// lifetime, and none for one that ends.
func TestEndless(t *testing.T) {
	for _, c := range []struct {
		n, shards int
		endless   bool
	}{
		{20, 1, false}, {27, 1, false}, {28, 1, false}, {29, 1000, false}, {29, 1, true}, {33, 1, true}, {64, 1 << 20, true},
	} {
		if note := endless("count", c.n, c.shards, countPerSolution); (note != "") != c.endless {
			t.Errorf("endless(%d, %d) = %q, want a note: %v", c.n, c.shards, note, c.endless)
		}
	}
}

// TestSlowList wants a note for a listing that takes minutes or more, and
// none for one that does not.
func TestSlowList(t *testing.T) {
	for _, c := range []struct {
		n, limit int
		slow     bool
	}{
		{8, 0, false}, {20, 1, false}, {33, 10, false}, {34, 1, true}, {36, 1, true}, {28, 0, false}, {29, 0, true}, {64, 1, true},
	} {
		if note := slowList(c.n, c.limit); (note != "") != c.slow || c.slow && !strings.HasPrefix(note, "nqueens: list: ") {
			t.Errorf("slowList(%d, %d) = %q, want a note of list: %v", c.n, c.limit, note, c.slow)
		}
	}
}
