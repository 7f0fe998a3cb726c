package nqueens_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/gonqueens/nqueens"
)

// TestConsumer uses the package as a program written from its docs alone
// would, carelessly: it collects iterators, scribbles on the solutions it
// is handed, parses an empty file and misspells a strategy, and wants
// right answers or errors it can act on.
func TestConsumer(t *testing.T) {
	seq, err := nqueens.Solutions(8)
	if err != nil {
		t.Fatal(err)
	}
	all := slices.Collect(seq)
	slices.SortFunc(all, slices.Compare)
	if len(slices.CompactFunc(all, slices.Equal)) != 92 {
		t.Errorf("slices.Collect(Solutions(8)) holds %d distinct solutions, want 92", len(slices.CompactFunc(all, slices.Equal)))
	}

	valid := 0
	err = nqueens.Enumerate(8, func(s nqueens.Solution) bool {
		if s.Valid() {
			valid++
		}
		s[0] = 7 // a careless caller
		return true
	})
	if err != nil || valid != 92 {
		t.Errorf("Enumerate(8) with a visit that writes: %d valid of 92, %v", valid, err)
	}

	if total, err := nqueens.CountContext(context.Background(), 13); err != nil || total != 73712 {
		t.Errorf("CountContext(13): %d, %v", total, err)
	}

	if _, err := nqueens.ParsePartial(""); !errors.Is(err, nqueens.ErrParse) {
		t.Errorf("ParsePartial of an empty file: %v, want ErrParse", err)
	}
	if _, err := nqueens.StrategyNamed("bitwize"); !errors.Is(err, nqueens.ErrStrategy) {
		t.Errorf("StrategyNamed of a typo: %v, want ErrStrategy", err)
	}
}
