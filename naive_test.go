package nqueens

import "testing"

// TestTreeNodes checks the sizes of the plain search tree, by which
// BenchmarkCount gives the article strategies' time per node, against the
// nodes the naive board's search visits: every strategy of the articles
// walks that tree, in the same order (TestGolden cross-checks them).
func TestTreeNodes(t *testing.T) {
	for n, want := range treeNodes {
		if n > 12 {
			continue
		}
		b := newNaiveBoard(n, nil)
		b.place(0)
		if got := float64(b.nodes); got != want {
			t.Errorf("the naive search of n=%d visits %v nodes, want %v", n, got, want)
		}
	}
}
