package nqueens

import (
	"context"
	"errors"
	"iter"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// all is Solutions(n) for a size the test knows to be good.
func all(t testing.TB, n int) iter.Seq[Solution] {
	t.Helper()
	seq, err := Solutions(n)
	if err != nil {
		t.Fatalf("Solutions(%d): %v", n, err)
	}
	return seq
}

func TestAll(t *testing.T) {
	var got []Solution
	for s := range all(t, 8) {
		got = append(got, slices.Clone(s))
	}
	if len(got) != 92 {
		t.Fatalf("Solutions(8) yields %d solutions, want 92", len(got))
	}
	seen := 0
	for range all(t, 12) {
		if seen++; seen == 5 {
			break
		}
	}
	if seen != 5 {
		t.Errorf("break after 5 solutions of Solutions(12): %d seen", seen)
	}
	for _, n := range []int{2, 3} {
		for s := range all(t, n) {
			t.Errorf("Solutions(%d) yields %v, want nothing", n, s)
		}
	}
}

// TestIteratorErrors: a bad argument is an error, never an empty sequence
// that looks like a board without solutions.
func TestIteratorErrors(t *testing.T) {
	for _, n := range []int{-1, MaxN + 1} {
		seq, err := Solutions(n)
		if !errors.Is(err, ErrBoardSize) || seq != nil {
			t.Errorf("Solutions(%d) = %v, %v; want nil and ErrBoardSize", n, seq, err)
		}
	}
	for _, p := range [][]int{{0, 1}, {5, Free}, make([]int, MaxN+1)} {
		seq, err := Completions(p)
		if !errors.Is(err, ErrPartial) || seq != nil {
			t.Errorf("Completions(%v) = %v, %v; want nil and ErrPartial", p, seq, err)
		}
	}
}

// TestListingOptions: the listings of a whole board give the same
// solutions, in the same order, on any number of workers, one worker with
// no goroutine of its own, and take them as counts do: 0, the default,
// and more than GOMAXPROCS are GOMAXPROCS. They take WithWorkers alone.
// UniqueSolutions is EnumerateUnique as an iterator.
func TestListingOptions(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(3))
	const n = 12
	want := slices.Collect(all(t, n))
	var wantClasses []Solution
	var wantSizes []int
	EnumerateUnique(n, func(s Solution, size int) bool {
		wantClasses, wantSizes = append(wantClasses, slices.Clone(s)), append(wantSizes, size)
		return true
	})
	ctx := context.Background()
	for _, workers := range []int{1, 2, 3, 0, 1000} {
		// A worker of an earlier listing may still be on its way out after
		// telling the listing it is done: let it go before counting.
		for start := time.Now(); listWorkers() > 0; time.Sleep(time.Millisecond) {
			if time.Since(start) > 10*time.Second {
				t.Fatalf("%d goroutines of an earlier listing still run", listWorkers())
			}
		}
		var got []Solution
		most := 0
		err := EnumerateContext(ctx, n, func(s Solution) bool {
			got = append(got, slices.Clone(s))
			if len(got) == 1 {
				most = listWorkers()
			}
			return true
		}, WithWorkers(workers))
		if err != nil || !sameSolutions(got, want) {
			t.Errorf("EnumerateContext(%d, WithWorkers(%d)): %d solutions, %v; want Solutions' %d", n, workers, len(got), err, len(want))
		}
		// One worker searches on the caller's goroutine.
		if want := map[int]int{1: 0, 2: 2, 3: 3, 0: 3, 1000: 3}[workers]; most != want {
			t.Errorf("EnumerateContext(%d, WithWorkers(%d)) with GOMAXPROCS 3 ran %d goroutines beside the caller's, want %d", n, workers, most, want)
		}
		seq, err := SolutionsContext(ctx, n, WithWorkers(workers))
		if got := slices.Collect(seq); err != nil || !sameSolutions(got, want) {
			t.Errorf("SolutionsContext(%d, WithWorkers(%d)): %d solutions, %v; want Solutions' %d", n, workers, len(got), err, len(want))
		}
		var classes []Solution
		var sizes []int
		err = EnumerateUniqueContext(ctx, n, func(s Solution, size int) bool {
			classes, sizes = append(classes, slices.Clone(s)), append(sizes, size)
			return true
		}, WithWorkers(workers))
		if err != nil || !sameSolutions(classes, wantClasses) || !slices.Equal(sizes, wantSizes) {
			t.Errorf("EnumerateUniqueContext(%d, WithWorkers(%d)): %d classes, %v; want Fundamental's %d", n, workers, len(classes), err, len(wantClasses))
		}
		pairs, err := UniqueSolutionsContext(ctx, n, WithWorkers(workers))
		classes, sizes = nil, nil
		for s, size := range pairs {
			classes, sizes = append(classes, s), append(sizes, size)
		}
		if err != nil || !sameSolutions(classes, wantClasses) || !slices.Equal(sizes, wantSizes) {
			t.Errorf("UniqueSolutionsContext(%d, WithWorkers(%d)): %d classes, %v; want Fundamental's %d", n, workers, len(classes), err, len(wantClasses))
		}
	}
	pairs, err := UniqueSolutions(8)
	classes := 0
	for s, size := range pairs {
		if c, csize, _ := s.Canonical(); !slices.Equal(c, s) || csize != size {
			t.Errorf("UniqueSolutions(8) gives %v of a class of %d, not its class's least member", s, size)
		}
		classes++
	}
	if err != nil || classes != 12 {
		t.Errorf("UniqueSolutions(8): %d classes, %v; want 12", classes, err)
	}
	visit := func(Solution) bool { return true }
	for _, opt := range []Option{WithWorkers(-1), nil} {
		if err := EnumerateContext(ctx, 8, visit, opt); !errors.Is(err, ErrOption) {
			t.Errorf("EnumerateContext with a bad option: %v, want ErrOption", err)
		}
		if err := EnumerateUniqueContext(ctx, 8, func(Solution, int) bool { return true }, opt); !errors.Is(err, ErrOption) {
			t.Errorf("EnumerateUniqueContext with a bad option: %v, want ErrOption", err)
		}
		if seq, err := SolutionsContext(ctx, 8, opt); !errors.Is(err, ErrOption) || seq != nil {
			t.Errorf("SolutionsContext with a bad option: %v, want ErrOption", err)
		}
		if seq, err := UniqueSolutionsContext(ctx, 8, opt); !errors.Is(err, ErrOption) || seq != nil {
			t.Errorf("UniqueSolutionsContext with a bad option: %v, want ErrOption", err)
		}
	}
}

// listWorkers returns the number of goroutines that search for a
// listing: those whose stack holds the listing's worker. Goroutines of
// other tests, which may come or go meanwhile, are not counted.
func listWorkers() int {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	workers := 0
	for g := range strings.SplitSeq(string(buf), "\n\n") {
		if strings.Contains(g, "internal/engine.(*listRun).start.func") {
			workers++
		}
	}
	return workers
}

// sameSolutions reports whether a and b hold the same solutions in the
// same order: cmp.Equal's reflection takes seconds on the 14,200 of 12.
func sameSolutions(a, b []Solution) bool { return slices.EqualFunc(a, b, slices.Equal) }

// TestIteratorContext: the Context forms of the iterators end the loop
// when ctx is done, and ctx.Err() tells that end from the last solution.
// A cancel from the loop itself ends it at once.
func TestIteratorContext(t *testing.T) {
	for _, tt := range []struct {
		name string
		make func(context.Context) (iter.Seq[Solution], error)
		all  int
	}{
		{"SolutionsContext(14)", func(ctx context.Context) (iter.Seq[Solution], error) { return SolutionsContext(ctx, 14) }, 365596},
		{"UniqueSolutionsContext(14)", func(ctx context.Context) (iter.Seq[Solution], error) {
			seq, err := UniqueSolutionsContext(ctx, 14)
			return func(yield func(Solution) bool) {
				for s := range seq {
					if !yield(s) {
						return
					}
				}
			}, err
		}, 45752},
		{"CompletionsContext(14 free rows)", func(ctx context.Context) (iter.Seq[Solution], error) {
			return CompletionsContext(ctx, slices.Repeat([]int{Free}, 14))
		}, 365596},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		seq, err := tt.make(ctx)
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for range seq {
			if seen++; seen == 10 {
				cancel()
			}
		}
		stopped := ctx.Err()
		cancel()
		if stopped == nil || seen != 10 {
			t.Errorf("%s cancelled by the loop at the 10th of %d: %d seen, ctx.Err() = %v; want 10", tt.name, tt.all, seen, stopped)
		}
	}
}

// TestCancelInVisit: a visit that cancels the call's context stops the
// call as any cancel does, at once, on every path: a board searched on
// the caller's goroutine, and one listed on several workers.
func TestCancelInVisit(t *testing.T) {
	type call func(ctx context.Context, visit func() bool) error
	listing := func(n int, opts ...Option) call {
		return func(ctx context.Context, visit func() bool) error {
			return EnumerateContext(ctx, n, func(Solution) bool { return visit() }, opts...)
		}
	}
	unique := func(n int) call {
		return func(ctx context.Context, visit func() bool) error {
			return EnumerateUniqueContext(ctx, n, func(Solution, int) bool { return visit() })
		}
	}
	for _, tt := range []struct {
		name string
		call call
	}{
		{"EnumerateContext(8)", listing(8)},
		{"EnumerateContext(14)", listing(14)},
		{"EnumerateContext(14, WithWorkers(1))", listing(14, WithWorkers(1))},
		{"EnumerateContext(14, WithWorkers(2))", listing(14, WithWorkers(2))},
		{"EnumerateUniqueContext(8)", unique(8)},
		{"EnumerateUniqueContext(14)", unique(14)},
		{"EnumerateCompletionsContext(8 free rows)", func(ctx context.Context, visit func() bool) error {
			return EnumerateCompletionsContext(ctx, slices.Repeat([]int{Free}, 8), func(Solution) bool { return visit() })
		}},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		seen := 0
		err := tt.call(ctx, func() bool {
			if seen++; seen == 5 {
				cancel()
			}
			return true
		})
		cancel()
		if !errors.Is(err, context.Canceled) || seen != 5 {
			t.Errorf("%s cancelled by its visit at the 5th: %d visited, %v; want 5 and context.Canceled", tt.name, seen, err)
		}
	}
}

// TestNilContext: every Context form returns ErrNilContext for a nil
// context, before any work, and never panics.
func TestNilContext(t *testing.T) {
	var nilCtx context.Context
	visit := func(Solution) bool { return true }
	free := slices.Repeat([]int{Free}, 8)
	errs := map[string]error{}
	_, errs["CountContext"] = CountContext(nilCtx, 8)
	_, errs["CountUniqueContext"] = CountUniqueContext(nilCtx, 8)
	errs["EnumerateContext"] = EnumerateContext(nilCtx, 8, visit)
	errs["EnumerateUniqueContext"] = EnumerateUniqueContext(nilCtx, 8, func(Solution, int) bool { return true })
	_, errs["SolutionsContext"] = SolutionsContext(nilCtx, 8)
	_, errs["UniqueSolutionsContext"] = UniqueSolutionsContext(nilCtx, 8)
	_, errs["CountCompletionsContext"] = CountCompletionsContext(nilCtx, free)
	errs["EnumerateCompletionsContext"] = EnumerateCompletionsContext(nilCtx, free, visit)
	_, errs["CompletionsContext"] = CompletionsContext(nilCtx, free)
	for name, err := range errs {
		if !errors.Is(err, ErrNilContext) {
			t.Errorf("%s(nil, ...): %v, want ErrNilContext", name, err)
		}
	}
}

// TestEnumerateCrossCheck checks that every strategy visits the same valid
// solutions in the same order as the naive board, as many as it counts.
func TestEnumerateCrossCheck(t *testing.T) {
	top := maxN(t, "naive")
	for n := 0; n <= top; n++ {
		want := solutions(t, Naive{}, n)
		if uint64(len(want)) != golden[n].total {
			t.Fatalf("naive enumerates %d solutions of %d, want %d", len(want), n, golden[n].total)
		}
		for _, s := range Strategies()[1:] {
			if diff := cmp.Diff(want, solutions(t, s, n)); diff != "" {
				t.Errorf("%v.Enumerate(%d) mismatch (-naive +%v):\n%s", s, n, s, diff)
			}
		}
	}
	if diff := cmp.Diff(solutions(t, Naive{}, 8), solutions(t, Engine{}, 8)); diff != "" {
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
				t.Errorf("%v.Enumerate(8) stopping at %d: %d visits, %v", s, stop, visits, err)
			}
		}
	}
	visits := 0
	if err := Enumerate(10, func(Solution) bool { visits++; return false }); err != nil || visits != 1 {
		t.Errorf("Enumerate(10) stopping at once: %d visits, %v", visits, err)
	}
}

func TestEnumerateUnique(t *testing.T) {
	for n := 0; n <= 10; n++ {
		var classes, total uint64
		var listed []Solution
		err := EnumerateUnique(n, func(s Solution, size int) bool {
			classes++
			total += uint64(size)
			c, csize, err := s.Canonical()
			if err != nil || !slices.Equal(c, s) || csize != size {
				t.Errorf("EnumerateUnique(%d) gives %v (class %d), whose canonical form is %v (class %d), %v", n, s, size, c, csize, err)
			}
			listed = append(listed, slices.Clone(s))
			return true
		})
		if err != nil || classes != golden[n].unique || total != golden[n].total {
			t.Errorf("EnumerateUnique(%d): %d classes of %d solutions, %v; want %d of %d", n, classes, total, err, golden[n].unique, golden[n].total)
		}
		if !slices.IsSortedFunc(listed, slices.Compare) {
			t.Errorf("EnumerateUnique(%d) is not in lexicographic order", n)
		}
	}
	// A visit that writes into its Solution, which it should not, changes
	// nothing of the search.
	var classes int
	err := EnumerateUnique(8, func(s Solution, size int) bool {
		classes++
		for i := range s {
			s[i] = -5
		}
		return true
	})
	if err != nil || classes != 12 {
		t.Errorf("EnumerateUnique(8) with a visit that scribbles: %d classes, %v; want 12", classes, err)
	}
	if err := EnumerateUnique(MaxN+1, func(Solution, int) bool { return true }); !errors.Is(err, ErrBoardSize) {
		t.Errorf("EnumerateUnique(65) error = %v, want ErrBoardSize", err)
	}
	if err := EnumerateUnique(8, nil); !errors.Is(err, ErrNilVisit) {
		t.Errorf("EnumerateUnique(8, nil) error = %v, want ErrNilVisit", err)
	}
}

// TestSolutionsKept collects the iterators with slices.Collect, as Go's
// own iterators allow, and wants every solution, each distinct.
func TestSolutionsKept(t *testing.T) {
	var want []Solution
	Enumerate(8, func(s Solution) bool { want = append(want, slices.Clone(s)); return true })
	if got := slices.Collect(all(t, 8)); !cmp.Equal(got, want) {
		t.Errorf("slices.Collect(Solutions(8)): %d solutions, %v...; want the 92 of Enumerate", len(got), got[:min(3, len(got))])
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
