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

// TestEnumerateCrossCheck checks that every strategy visits the same valid
// solutions in the same order as the naive board, as many as it counts.
func TestEnumerateCrossCheck(t *testing.T) {
	top := maxN(t, "naive")
	for n := 0; n <= top; n++ {
		want := solutions(t, Naive, n)
		if uint64(len(want)) != golden[n].total {
			t.Fatalf("naive enumerates %d solutions of %d, want %d", len(want), n, golden[n].total)
		}
		for _, s := range Strategies()[1:] {
			if diff := cmp.Diff(want, solutions(t, s, n)); diff != "" {
				t.Errorf("%s.Enumerate(%d) mismatch (-naive +%s):\n%s", s.Name(), n, s.Name(), diff)
			}
		}
	}
	if diff := cmp.Diff(solutions(t, Naive, 8), solutions(t, Engine, 8)); diff != "" {
		t.Errorf("Enumerate(8) mismatch (-naive +engine):\n%s", diff)
	}
}

func TestEnumerateStopsEarly(t *testing.T) {
	for _, s := range Strategies() {
		for _, stop := range []int{1, 2, 50, 92} {
			visits := 0
			err := s.Enumerate(8, func(Solution) bool {
				visits++
				return visits < stop
			})
			if err != nil || visits != stop {
				t.Errorf("%s.Enumerate(8) stopping at %d: %d visits, %v", s.Name(), stop, visits, err)
			}
		}
	}
	visits := 0
	if err := Enumerate(10, func(Solution) bool { visits++; return false }); err != nil || visits != 1 {
		t.Errorf("Enumerate(10) stopping at once: %d visits, %v", visits, err)
	}
}

func TestFundamental(t *testing.T) {
	for n := 0; n <= 10; n++ {
		var classes, total uint64
		var listed []Solution
		err := Fundamental(n, func(s Solution, size int) bool {
			classes++
			total += uint64(size)
			c, csize, err := s.Canonical()
			if err != nil || !slices.Equal(c, s) || csize != size {
				t.Errorf("Fundamental(%d) gives %v (class %d), whose canonical form is %v (class %d), %v", n, s, size, c, csize, err)
			}
			listed = append(listed, slices.Clone(s))
			return true
		})
		if err != nil || classes != golden[n].unique || total != golden[n].total {
			t.Errorf("Fundamental(%d): %d classes of %d solutions, %v; want %d of %d", n, classes, total, err, golden[n].unique, golden[n].total)
		}
		if !slices.IsSortedFunc(listed, slices.Compare) {
			t.Errorf("Fundamental(%d) is not in lexicographic order", n)
		}
	}
	// A visit that writes into its Solution, which it should not, changes
	// nothing of the search.
	var classes int
	err := Fundamental(8, func(s Solution, size int) bool {
		classes++
		for i := range s {
			s[i] = -5
		}
		return true
	})
	if err != nil || classes != 12 {
		t.Errorf("Fundamental(8) with a visit that scribbles: %d classes, %v; want 12", classes, err)
	}
	if err := Fundamental(MaxN+1, func(Solution, int) bool { return true }); !errors.Is(err, ErrBoardSize) {
		t.Errorf("Fundamental(65) error = %v, want ErrBoardSize", err)
	}
	if err := Fundamental(8, nil); !errors.Is(err, ErrNilVisit) {
		t.Errorf("Fundamental(8, nil) error = %v, want ErrNilVisit", err)
	}
}

// TestSolutionsKept collects the iterators with slices.Collect, as Go's
// own iterators allow, and wants every solution, each distinct.
func TestSolutionsKept(t *testing.T) {
	var want []Solution
	Enumerate(8, func(s Solution) bool { want = append(want, slices.Clone(s)); return true })
	if got := slices.Collect(all(t, 8)); !cmp.Equal(got, want) {
		t.Errorf("slices.Collect(All(8)): %d solutions, %v...; want the 92 of Enumerate", len(got), got[:min(3, len(got))])
	}
	seq, err := Completions([]int{0, Free, Free, Free, Free, Free, Free, Free})
	if err != nil {
		t.Fatal(err)
	}
	var first []Solution
	for _, s := range want {
		if s[0] == 0 {
			first = append(first, s)
		}
	}
	if got := slices.Collect(seq); !cmp.Equal(got, first) {
		t.Errorf("slices.Collect(Completions(0.......)): %v; want %v", got, first)
	}
}

// TestVisitWrites scribbles on every Solution handed to visit, and wants
// the search unharmed: every solution still valid, in the right number,
// the fixed queens of a partial board kept.
func TestVisitWrites(t *testing.T) {
	scribble := func(s Solution) {
		for i := range s {
			s[i] = 7
		}
	}
	var got []Solution
	Enumerate(8, func(s Solution) bool {
		got = append(got, slices.Clone(s))
		scribble(s)
		return true
	})
	if len(got) != 92 || slices.ContainsFunc(got, func(s Solution) bool { return !s.Valid() }) {
		t.Errorf("Enumerate(8) with a visit that writes: %d solutions, some invalid; want 92 valid", len(got))
	}
	got = nil
	EnumerateCompletions([]int{Free, 2, Free, Free, Free, Free}, func(s Solution) bool {
		got = append(got, slices.Clone(s))
		scribble(s)
		return true
	})
	var want []Solution
	Enumerate(6, func(s Solution) bool {
		if s[1] == 2 {
			want = append(want, slices.Clone(s))
		}
		return true
	})
	if !cmp.Equal(got, want) {
		t.Errorf("EnumerateCompletions(.2....) with a visit that writes: %v, want %v", got, want)
	}
}
