package nqueens

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var long = flag.Bool("nqueens.long", false, "run the long tests: larger boards for every strategy")

// golden holds the known counts of the n×n board, n = 0, 1, ...:
// total is OEIS A000170, unique is OEIS A002562 (with a(0) = 1 for the
// empty board).
var golden = []struct{ total, unique uint64 }{
	{1, 1}, {1, 1}, {0, 0}, {0, 0}, {2, 1}, {10, 2}, {4, 1}, {40, 6},
	{92, 12}, {352, 46}, {724, 92}, {2680, 341}, {14200, 1787},
	{73712, 9233}, {365596, 45752}, {2279184, 285053},
	{14772512, 1846955}, {95815104, 11977939}, {666090624, 83263591},
	{4968057848, 621012754}, {39029188884, 4878666808},
}

// limits says up to which n each strategy runs through the golden table:
// a few seconds in all by default, a few minutes with -nqueens.long.
var limits = map[string]struct{ quick, long int }{
	"naive":   {9, 12},
	"cached":  {10, 13},
	"bitwise": {12, 15},
	"flipped": {12, 15},
	"engine":  {14, 17},
}

func maxN(t testing.TB, name string) int {
	l, ok := limits[name]
	if !ok {
		t.Fatalf("no test limit for strategy %q", name)
	}
	if *long {
		return l.long
	}
	if testing.Short() {
		return l.quick - 2
	}
	return l.quick
}

func TestGolden(t *testing.T) {
	for _, s := range Strategies() {
		t.Run(s.Name(), func(t *testing.T) {
			t.Parallel()
			testGolden(t, s)
		})
	}
}

// testGolden runs strategy s through the golden table.
func testGolden(t *testing.T, s Strategy) {
	for n := 0; n <= maxN(t, s.Name()); n++ {
		got, err := s.Count(n)
		if err != nil {
			t.Fatalf("Count(%d): %v", n, err)
		}
		if want := golden[n].total; got != want {
			t.Errorf("Count(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestCountContextGolden(t *testing.T) {
	for n := 0; n <= maxN(t, "engine"); n++ {
		got, err := CountContext(context.Background(), n)
		if err != nil {
			t.Fatalf("CountContext(%d): %v", n, err)
		}
		want := Counts{Total: golden[n].total, Unique: golden[n].unique}
		if got != want {
			t.Errorf("CountContext(%d) = %+v, want %+v", n, got, want)
		}
	}
}

func TestCountUnique(t *testing.T) {
	for n := range 12 {
		got, err := CountUnique(n)
		if err != nil || got != golden[n].unique {
			t.Errorf("CountUnique(%d) = %d, %v; want %d", n, got, err, golden[n].unique)
		}
		total, err := Count(n)
		if err != nil || total != golden[n].total {
			t.Errorf("Count(%d) = %d, %v; want %d", n, total, err, golden[n].total)
		}
	}
}

// valid reports why s is not a solution of the n×n board, or "" if it is.
// It knows nothing of bits: it compares every pair of queens.
func valid(n int, s Solution) string {
	if len(s) != n {
		return fmt.Sprintf("%d rows, want %d", len(s), n)
	}
	for r1, c1 := range s {
		if c1 < 0 || c1 >= n {
			return fmt.Sprintf("row %d: column %d off the board", r1, c1)
		}
		for r2 := r1 + 1; r2 < n; r2++ {
			c2 := s[r2]
			if c1 == c2 || r2-r1 == c1-c2 || r2-r1 == c2-c1 {
				return fmt.Sprintf("queens (%d, %d) and (%d, %d) attack each other", r1, c1, r2, c2)
			}
		}
	}
	return ""
}

// solutions collects every solution of s.Enumerate(n), each checked by valid.
func solutions(t *testing.T, s Strategy, n int) []Solution {
	t.Helper()
	var all []Solution
	err := s.Enumerate(n, func(sol Solution) bool {
		if why := valid(n, sol); why != "" {
			t.Fatalf("%s.Enumerate(%d) visited %v: %s", s.Name(), n, sol, why)
		}
		all = append(all, slices.Clone(sol))
		return true
	})
	if err != nil {
		t.Fatalf("%s.Enumerate(%d): %v", s.Name(), n, err)
	}
	return all
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

func TestBadInput(t *testing.T) {
	visit := func(Solution) bool { return true }
	for _, s := range Strategies() {
		for _, n := range []int{-1, -100, MaxN + 1, 1 << 40} {
			if _, err := s.Count(n); !errors.Is(err, ErrBoardSize) {
				t.Errorf("%s.Count(%d) error = %v, want ErrBoardSize", s.Name(), n, err)
			}
			if err := s.Enumerate(n, visit); !errors.Is(err, ErrBoardSize) {
				t.Errorf("%s.Enumerate(%d) error = %v, want ErrBoardSize", s.Name(), n, err)
			}
		}
		if err := s.Enumerate(8, nil); !errors.Is(err, ErrNilVisit) {
			t.Errorf("%s.Enumerate(8, nil) error = %v, want ErrNilVisit", s.Name(), err)
		}
	}
	_, err := Count(65)
	if got, want := fmt.Sprint(err), "nqueens: board size 65 out of range [0, 64]"; got != want {
		t.Errorf("Count(65) error = %q, want %q", got, want)
	}
	if _, err := CountUnique(-1); !errors.Is(err, ErrBoardSize) {
		t.Errorf("CountUnique(-1) error = %v, want ErrBoardSize", err)
	}
	if err := Enumerate(4, nil); !errors.Is(err, ErrNilVisit) {
		t.Errorf("Enumerate(4, nil) error = %v, want ErrNilVisit", err)
	}
	for _, opt := range []Option{nil, WithWorkers(-1), WithShard(0, 0), WithShard(-1, 3), WithShard(3, 3), WithShard(0, MaxShards+1)} {
		if _, err := CountContext(context.Background(), 8, opt); !errors.Is(err, ErrOption) {
			t.Errorf("CountContext with a bad option: error = %v, want ErrOption", err)
		}
	}
}

func TestSolutionString(t *testing.T) {
	tests := []struct {
		s    Solution
		want string
	}{
		{Solution{}, ""},
		{Solution{0}, "Q\n"},
		{Solution{1, 3, 0, 2}, ".Q..\n...Q\nQ...\n..Q.\n"},
		{Solution{5, -1}, "..\n..\n"},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.s, got, tt.want)
		}
	}
	// Larger than MaxDrawn: the columns, in a form that reads back.
	for _, n := range []int{MaxDrawn, MaxDrawn + 1, 1_000_000} {
		s, err := Construct(n)
		if err != nil {
			t.Fatal(err)
		}
		str := s.String()
		if n <= MaxDrawn && len(str) != n*(n+1) || n > MaxDrawn && len(str) > 8*n {
			t.Errorf("Construct(%d).String() has %d bytes", n, len(str))
		}
		if n > MaxDrawn {
			if back, err := ParseSolution(str); err != nil || !slices.Equal(back, s) {
				t.Errorf("ParseSolution(Construct(%d).String()): %v", n, err)
			}
		}
	}
}

// TestSymmetryWeights checks the engine's counts against the plain
// enumeration: a solution is counted as unique when it is the least of its
// eight images, and each class has 8 / (images equal to it) members.
func TestSymmetryWeights(t *testing.T) {
	top := 14
	if testing.Short() {
		top = 11
	}
	for n := 1; n <= top; n++ {
		var want Counts
		image := make(Solution, n)
		err := Bitwise.Enumerate(n, func(s Solution) bool {
			want.Total++
			least, same := true, 0
			for _, g := range Symmetries() {
				g.transformInto(image, s)
				switch slices.Compare(image, s) {
				case -1:
					least = false
				case 0:
					same++
				}
			}
			if least {
				want.Unique++
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		got, err := CountContext(context.Background(), n, WithWorkers(1))
		if err != nil || got != want {
			t.Errorf("CountContext(%d) = %+v, %v; plain enumeration gives %+v", n, got, err, want)
		}
	}
}

func TestWorkersAgree(t *testing.T) {
	n := 12
	want := Counts{Total: golden[n].total, Unique: golden[n].unique}
	for _, k := range []int{1, 2, 3, 8, 100} {
		got, err := CountContext(context.Background(), n, WithWorkers(k))
		if err != nil || got != want {
			t.Errorf("CountContext(%d, WithWorkers(%d)) = %+v, %v; want %+v", n, k, got, err, want)
		}
	}
}

func TestShardsAddUp(t *testing.T) {
	for _, tt := range []struct{ n, k int }{
		{0, 1}, {0, 7}, {1, 1}, {1, 3}, {5, 2}, {8, 7}, {8, 1000},
		{11, 1}, {11, 7}, {11, 64}, {13, 3},
	} {
		n, k := tt.n, tt.k
		{
			var sum Counts
			for i := range k {
				c, err := CountContext(context.Background(), n, WithShard(i, k), WithWorkers(2))
				if err != nil {
					t.Fatalf("CountContext(%d, WithShard(%d, %d)): %v", n, i, k, err)
				}
				sum.Total += c.Total
				sum.Unique += c.Unique
			}
			if want := (Counts{golden[n].total, golden[n].unique}); sum != want {
				t.Errorf("n=%d: %d shards add up to %+v, want %+v", n, k, sum, want)
			}
		}
	}
}

// settle waits for the goroutines of finished counts to exit and reports
// how many are left.
func settle(want int) int {
	for range 100 {
		if runtime.NumGoroutine() <= want {
			break
		}
		time.Sleep(time.Millisecond)
	}
	return runtime.NumGoroutine()
}

func TestCancel(t *testing.T) {
	for _, workers := range []int{0, 1, 10_000} {
		before := runtime.NumGoroutine()
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(50*time.Millisecond, cancel)
		start := time.Now()
		_, err := CountContext(ctx, 20, WithWorkers(workers))
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("CountContext(20) with %d workers cancelled: error = %v, want context.Canceled", workers, err)
		}
		if late := time.Since(start) - 50*time.Millisecond; late > slowdown*20*time.Millisecond {
			t.Errorf("CountContext(20) with %d workers returned %v after cancel", workers, late)
		}
		if left := settle(before); left > before {
			t.Errorf("%d goroutines left running after a cancelled count, want %d", left, before)
		}
		if _, err := CountContext(ctx, 8); !errors.Is(err, context.Canceled) {
			t.Errorf("CountContext on a done context: error = %v, want context.Canceled", err)
		}
	}
}

// TestCancelPlanning cancels a count while it is still listing the
// subproblems of a large split.
func TestCancelPlanning(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	start := time.Now()
	_, err := CountContext(ctx, 27, WithShard(5, MaxShards))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("CountContext(27) cancelled while planning: error = %v, want context.Canceled", err)
	}
	if late := time.Since(start) - 20*time.Millisecond; late > slowdown*20*time.Millisecond {
		t.Errorf("CountContext(27) returned %v after cancel", late)
	}
}

func TestProgress(t *testing.T) {
	var reports []Progress
	got, err := CountContext(context.Background(), 14, WithProgress(func(p Progress) {
		reports = append(reports, p)
	}))
	if err != nil || got.Total != golden[14].total {
		t.Fatalf("CountContext(14) with progress = %+v, %v", got, err)
	}
	if len(reports) == 0 {
		t.Fatal("no progress reported")
	}
	last := reports[len(reports)-1]
	if last.Done != last.Total || last.Total == 0 || last.Remaining != 0 {
		t.Errorf("last report %+v, want all done", last)
	}
	for i := 1; i < len(reports); i++ {
		if reports[i].Done < reports[i-1].Done {
			t.Errorf("progress went back: %+v after %+v", reports[i], reports[i-1])
		}
	}
}

func TestProgressPanic(t *testing.T) {
	before := runtime.NumGoroutine()
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Errorf("recovered %v, want the callback's panic", r)
			}
		}()
		CountContext(context.Background(), 20, WithProgress(func(Progress) { panic("boom") }))
	}()
	if left := settle(before); left > before {
		t.Errorf("%d goroutines left running after a panicking callback, want %d", left, before)
	}
}
