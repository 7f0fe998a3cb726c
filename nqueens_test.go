package nqueens

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"iter"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
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
	{314666222712, 39333324973},
}

// invariant90 holds the solutions of the n×n board that a quarter turn
// leaves unchanged, n = 0, 1, ...: OEIS A033148 (with a(0) = 1 for the
// empty board).
var invariant90 = []uint64{1, 1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0, 64, 128, 0, 0, 480}

// goldenCounts returns the counts of the n×n board that CountContext
// returns. Those a half turn leaves unchanged follow from the others by
// Burnside's lemma, 8·Unique = Total + Invariant180 + 2·Invariant90, for
// n >= 2; the empty board and the lone queen are left unchanged by every
// turn. They are shard 0 of 1.
func goldenCounts(n int) Counts {
	c := Counts{Total: golden[n].total, Unique: golden[n].unique, Invariant90: invariant90[n], Invariant180: golden[n].total,
		Shard: Shard{N: n, Index: 0, Of: 1, Plan: PlanVersion}}
	if n >= 2 {
		c.Invariant180 = 8*c.Unique - c.Total - 2*c.Invariant90
	}
	return c
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

// maxN returns the largest board the tests run strategy name on. A
// strategy without limits of its own gets the naive board's, which any
// search handles in time.
func maxN(t testing.TB, name string) int {
	l, ok := limits[name]
	if !ok {
		l = limits["naive"]
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
		if want := goldenCounts(n); got != want {
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

// contextForms are the package's calls that take a context, each on a
// search that runs for minutes: EnumerateContext and FundamentalContext
// on boards whose first solution alone takes over a minute.
var contextForms = map[string]func(ctx context.Context) error{
	"CountContext": func(ctx context.Context) error {
		_, err := CountContext(ctx, 23, WithShard(0, 2)) // in shards: constellations
		return err
	},
	"CountContext, join": func(ctx context.Context) error {
		_, err := CountContext(ctx, 26) // whole: half-boards joined
		return err
	},
	"CountContext, odd join": func(ctx context.Context) error {
		_, err := CountContext(ctx, 27) // the middle row and column first
		return err
	},
	"EnumerateContext": func(ctx context.Context) error {
		return EnumerateContext(ctx, 40, func(Solution) bool { return true })
	},
	"FundamentalContext": func(ctx context.Context) error {
		return FundamentalContext(ctx, 40, func(Solution, int) bool { return true })
	},
	"AllContext": func(ctx context.Context) error {
		seq, err := AllContext(ctx, 40)
		return iterate(ctx, seq, err)
	},
	"FundamentalSeqContext": func(ctx context.Context) error {
		seq, err := FundamentalSeqContext(ctx, 40)
		if err != nil {
			return err
		}
		for range seq {
		}
		return ctx.Err()
	},
	"CompletionsContext": func(ctx context.Context) error {
		seq, err := CompletionsContext(ctx, slices.Repeat([]int{Free}, 40))
		return iterate(ctx, seq, err)
	},
	"CountCompletionsContext": func(ctx context.Context) error {
		_, err := CountCompletionsContext(ctx, slices.Repeat([]int{Free}, 22))
		return err
	},
	"EnumerateCompletionsContext": func(ctx context.Context) error {
		return EnumerateCompletionsContext(ctx, slices.Repeat([]int{Free}, 40), func(Solution) bool { return true })
	},
}

// iterate runs the loop over seq, as a caller of a Context form of an
// iterator does, and returns the error of the call that made seq, or else
// what ctx says of the loop's end. TestContextRule times the loop: an
// iterator that ignores ctx runs on for minutes.
func iterate(ctx context.Context, seq iter.Seq[Solution], err error) error {
	if err != nil {
		return err
	}
	for range seq {
	}
	return ctx.Err()
}

// TestContextRule holds every context form to the package's rule: a
// context done already returns its error at once, and one done during the
// search within cancelBound, with nothing left running. A loaded machine
// can hold any call back: a call fails only if it is late in three tries
// a second apart, which a call that ignores its context, searching on for
// hours, is every time.
func TestContextRule(t *testing.T) {
	for name, call := range contextForms {
		t.Run(name, func(t *testing.T) {
			var errs []error
			for try := range 3 {
				if try > 0 {
					time.Sleep(time.Second)
				}
				err := contextRule(call)
				if err == nil {
					errs = nil
					break
				}
				errs = append(errs, err)
			}
			if errs != nil {
				t.Error(errors.Join(errs...))
			}
		})
	}
}

// contextRule calls call with a context done already and with one done
// 30 ms into its search, and reports how it broke the rule, if it did.
func contextRule(call func(context.Context) error) error {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	if err := call(done); !errors.Is(err, context.Canceled) {
		return fmt.Errorf("with a done context: error = %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > cancelBound {
		return fmt.Errorf("with a done context: returned after %v, want at once", d)
	}
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start = time.Now()
	if err := call(ctx); !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("with a deadline: error = %v, want context.DeadlineExceeded", err)
	}
	if late := time.Since(start) - 30*time.Millisecond; late > cancelBound {
		return fmt.Errorf("returned %v after the deadline", late)
	}
	if left := settle(before); left > before {
		return fmt.Errorf("%d goroutines left running, want %d", left, before)
	}
	return nil
}

// TestLimitsDefault: a new strategy runs through the tests and benchmarks
// on the naive board's limits until it is given its own.
func TestLimitsDefault(t *testing.T) {
	if got, want := maxN(t, "a new strategy"), maxN(t, "naive"); got != want {
		t.Errorf("test limit of an unknown strategy = %d, want the naive board's %d", got, want)
	}
	if got, want := benchLimit("a new strategy"), benchLimit("naive"); got != want {
		t.Errorf("benchmark limit of an unknown strategy = %d, want the naive board's %d", got, want)
	}
	// -nqueens.upto lifts the limits, -nqueens.maxn caps them.
	defer func(upto, maxn int) { *benchUpTo, *benchMaxN = upto, maxn }(*benchUpTo, *benchMaxN)
	*benchUpTo, *benchMaxN = 12, 0
	if naive, engine := benchLimit("naive"), benchLimit("engine"); naive != 12 || engine != benchLimits["engine"] {
		t.Errorf("-nqueens.upto 12: limits %d (naive) and %d (engine), want 12 and %d", naive, engine, benchLimits["engine"])
	}
	*benchUpTo, *benchMaxN = 0, 12
	if naive, engine, listing := benchLimit("naive"), benchLimit("engine"), benchLimit("listing"); naive != benchLimits["naive"] || engine != 12 || listing != 12 {
		t.Errorf("-nqueens.maxn 12: limits %d (naive), %d (engine) and %d (listing), want %d, 12 and 12", naive, engine, listing, benchLimits["naive"])
	}
}

func TestStrategyNamed(t *testing.T) {
	for _, s := range Strategies() {
		for _, name := range []string{s.Name(), strings.ToUpper(s.Name()), strings.ToUpper(s.Name()[:1]) + s.Name()[1:]} {
			if got, err := StrategyNamed(name); err != nil || got != s {
				t.Errorf("StrategyNamed(%q) = %v, %v; want %v", name, got, err, s)
			}
		}
		if got := fmt.Sprint(s); got != s.Name() {
			t.Errorf("fmt.Sprint of the strategy %s prints %q, want its name", s.Name(), got)
		}
	}
	_, err := StrategyNamed("magic")
	if !errors.Is(err, ErrStrategy) || !strings.Contains(err.Error(), `"magic", want one of naive, cached, bitwise, flipped, engine`) {
		t.Errorf("StrategyNamed(\"magic\"): error = %v, want ErrStrategy naming every strategy", err)
	}
}
