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

// TestRoughly wants a number of core-years written plainly: a whole
// number to two significant digits below a million, a power of ten
// beyond.
func TestRoughly(t *testing.T) {
	for x, want := range map[float64]string{1: "1", 9.96: "10", 234.5: "230", 45123: "45000", 999999: "1.0·10^6", 2.34e8: "2.3·10^8", 1.05e20: "1.1·10^20"} {
		if got := roughly(x); got != want {
			t.Errorf("roughly(%g) = %q, want %q", x, got, want)
		}
	}
	if note := endless("count", 29, 2, countPerSolution); !strings.Contains(note, "at least 110 core-years") {
		t.Errorf("the note of a shard of 2 of 29: %q, want its core-years written plainly", note)
	}
}
