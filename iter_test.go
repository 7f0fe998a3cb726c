package nqueens

import (
	"errors"
	"iter"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// all is All(n) for a size the test knows to be good.
func all(t testing.TB, n int) iter.Seq[Solution] {
	t.Helper()
	seq, err := All(n)
	if err != nil {
		t.Fatalf("All(%d): %v", n, err)
	}
	return seq
}

func TestAll(t *testing.T) {
	var got []Solution
	for s := range all(t, 8) {
		got = append(got, slices.Clone(s))
	}
	if len(got) != 92 {
		t.Fatalf("All(8) yields %d solutions, want 92", len(got))
	}
	seen := 0
	for range all(t, 12) {
		if seen++; seen == 5 {
			break
		}
	}
	if seen != 5 {
		t.Errorf("break after 5 solutions of All(12): %d seen", seen)
	}
	for _, n := range []int{2, 3} {
		for s := range all(t, n) {
			t.Errorf("All(%d) yields %v, want nothing", n, s)
		}
	}
}

// TestIteratorErrors: a bad argument is an error, never an empty sequence
// that looks like a board without solutions.
func TestIteratorErrors(t *testing.T) {
	for _, n := range []int{-1, MaxN + 1} {
		seq, err := All(n)
		if !errors.Is(err, ErrBoardSize) || seq != nil {
			t.Errorf("All(%d) = %v, %v; want nil and ErrBoardSize", n, seq, err)
		}
	}
	for _, p := range [][]int{{0, 1}, {5, Free}, make([]int, MaxN+1)} {
		seq, err := Completions(p)
		if !errors.Is(err, ErrPartial) || seq != nil {
			t.Errorf("Completions(%v) = %v, %v; want nil and ErrPartial", p, seq, err)
		}
	}
}

func TestCompletionsIterator(t *testing.T) {
	p := []int{1, Free, Free, Free, Free, Free}
	seq, err := Completions(p)
	if err != nil {
		t.Fatal(err)
	}
	var want, got []Solution
	EnumerateCompletions(p, func(s Solution) bool { want = append(want, slices.Clone(s)); return true })
	for s := range seq {
		got = append(got, slices.Clone(s))
	}
	if diff := cmp.Diff(want, got); diff != "" || len(got) == 0 {
		t.Errorf("Completions(%v) (-EnumerateCompletions +Completions):\n%s", p, diff)
	}
}

// TestCompletionsCopies wants the iterator of Completions to keep the board
// it was given, whatever the caller does with its slice afterwards.
func TestCompletionsCopies(t *testing.T) {
	partial := []int{1, Free, Free, Free}
	seq, err := Completions(partial)
	if err != nil {
		t.Fatal(err)
	}
	partial[0], partial[1] = 0, 1 // attacking queens: no completion
	var got []Solution
	for s := range seq {
		got = append(got, slices.Clone(s))
	}
	if want := []Solution{{1, 3, 0, 2}}; !cmp.Equal(got, want) {
		t.Errorf("Completions(.1...) after the caller changed its slice: %v, want %v", got, want)
	}
}
