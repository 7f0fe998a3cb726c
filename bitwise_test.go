package nqueens

import (
	"testing"
)

// plainNodes counts the nodes of the plain search tree below a row with
// the given masks.
func plainNodes(all, cols, left, right uint64) float64 {
	var nodes float64
	for free := all &^ (cols | left | right); free != 0; free &= free - 1 {
		bit := free & -free
		nodes += 1 + plainNodes(all, cols|bit, (left|bit)<<1, (right|bit)>>1)
	}
	return nodes
}

func TestTreeNodes(t *testing.T) {
	for n, want := range treeNodes {
		if n > 12 {
			continue
		}
		if got := plainNodes(fullRow(n), 0, 0, 0); got != want {
			t.Errorf("plain tree of n=%d has %v nodes, want %v", n, got, want)
		}
	}
}
