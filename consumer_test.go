package nqueens_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/gonqueens/nqueens"
)

// TestConsumer uses the package as a program written from its docs alone
// would, carelessly: it collects iterators, scribbles on the solutions it
// is handed, resumes a checkpoint of another count and parses an empty
// file, and wants right answers or errors it can act on.
func TestConsumer(t *testing.T) {
	seq, err := nqueens.All(8)
	if err != nil {
		t.Fatal(err)
	}
	all := slices.Collect(seq)
	slices.SortFunc(all, slices.Compare)
	if len(slices.CompactFunc(all, slices.Equal)) != 92 {
		t.Errorf("slices.Collect(All(8)) holds %d distinct solutions, want 92", len(slices.CompactFunc(all, slices.Equal)))
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

	// A checkpoint of n = 16 offered to a count of n = 13: a program tells
	// a stale checkpoint from a bad option, and starts afresh. The count
	// of 16 takes tens of milliseconds, time for a save every millisecond
	// to cancel it on a busy machine.
	ctx, cancel := context.WithCancel(context.Background())
	var saved nqueens.State
	_, err = nqueens.CountContext(ctx, 16, nqueens.WithWorkers(1), nqueens.WithSave(time.Millisecond, func(s nqueens.State) error {
		saved = s
		cancel()
		return nil
	}))
	cancel()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("CountContext(16) cancelled from its save: %v", err)
	}
	_, err = nqueens.CountContext(context.Background(), 13, nqueens.WithResume(saved))
	if !errors.Is(err, nqueens.ErrStateMismatch) || errors.Is(err, nqueens.ErrOption) {
		t.Errorf("resuming n=13 from a state of n=16: %v, want ErrStateMismatch", err)
	}
	if c, err := nqueens.CountContext(context.Background(), 13); err != nil || c.Total != 73712 {
		t.Errorf("CountContext(13) afresh: %+v, %v", c, err)
	}

	if _, err := nqueens.ParsePartial(""); !errors.Is(err, nqueens.ErrParse) {
		t.Errorf("ParsePartial of an empty file: %v, want ErrParse", err)
	}
	if _, err := nqueens.StrategyNamed("bitwize"); !errors.Is(err, nqueens.ErrStrategy) {
		t.Errorf("StrategyNamed of a typo: %v, want ErrStrategy", err)
	}
}
