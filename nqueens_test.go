package nqueens

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gonqueens/nqueens/internal/nqtest"
)

// golden holds the known counts of the n×n board: total is OEIS A000170,
// unique OEIS A002562 (nqtest has them).
var golden = func() []struct{ total, unique uint64 } {
	g := make([]struct{ total, unique uint64 }, len(nqtest.Total))
	for n := range g {
		g[n].total, g[n].unique = nqtest.Total[n], nqtest.Unique[n]
	}
	return g
}()

// A Strategy prints as its name: fmt takes it for a Stringer.
var _ fmt.Stringer = Strategy(nil)

// long runs the long tests: larger boards for every strategy.
var long = nqtest.Long

// cancelBound is how late a cancelled call may return: seconds by
// default, the milliseconds the docs promise with -nqueens.long.
var cancelBound = nqtest.CancelBound()

// settle waits for the goroutines of finished calls to exit.
var settle = nqtest.Settle

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
		t.Run(s.String(), func(t *testing.T) {
			t.Parallel()
			testGolden(t, s)
		})
	}
}

// testGolden runs strategy s through the golden table.
func testGolden(t *testing.T, s Strategy) {
	for n := 0; n <= maxN(t, s.String()); n++ {
		got, err := s.Count(n)
		if err != nil {
			t.Fatalf("Count(%d): %v", n, err)
		}
		if want := golden[n].total; got != want {
			t.Errorf("Count(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestCountGolden runs the calls that count through the golden table:
// Count and CountUnique, and their Context forms on one worker and on
// two.
func TestCountGolden(t *testing.T) {
	for n := 0; n <= maxN(t, "engine"); n++ {
		total, err := Count(n)
		if err != nil || total != golden[n].total {
			t.Errorf("Count(%d) = %d, %v; want %d", n, total, err, golden[n].total)
		}
		unique, err := CountUnique(n)
		if err != nil || unique != golden[n].unique {
			t.Errorf("CountUnique(%d) = %d, %v; want %d", n, unique, err, golden[n].unique)
		}
		for _, k := range []int{1, 2} {
			checkCounts(t, n, k)
		}
	}
}

// checkCounts counts the n×n board on k workers with CountContext and
// CountUniqueContext, and wants the golden table's counts.
func checkCounts(t *testing.T, n, k int) {
	t.Helper()
	total, err := CountContext(context.Background(), n, WithWorkers(k))
	if err != nil || total != golden[n].total {
		t.Errorf("CountContext(%d, WithWorkers(%d)) = %d, %v; want %d", n, k, total, err, golden[n].total)
	}
	unique, err := CountUniqueContext(context.Background(), n, WithWorkers(k))
	if err != nil || unique != golden[n].unique {
		t.Errorf("CountUniqueContext(%d, WithWorkers(%d)) = %d, %v; want %d", n, k, unique, err, golden[n].unique)
	}
}

// TestWorkersAgree counts boards of both methods, and one small enough to
// count at once, on 1 to 100 workers, with as many Ps, so that each count
// runs on the workers it asks for whatever the machine's cores, and wants
// the same counts from each.
func TestWorkersAgree(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, n := range []int{11, 12, 14} {
		for _, k := range []int{1, 2, 3, 8, 100} {
			runtime.GOMAXPROCS(k)
			checkCounts(t, n, k)
		}
	}
}

// TestCancel cancels counts of n = 20 in their searches of the solutions
// the turns leave unchanged, which come first, and in the join, and wants
// each back within cancelBound. A loaded machine (go test builds one
// package while it tests another) can hold any process back: a count
// fails only if it is late in three tries a second apart, which a search
// that ignores its context is every time.
func TestCancel(t *testing.T) {
	for _, after := range []time.Duration{50 * time.Millisecond, 500 * time.Millisecond} {
		for _, workers := range []int{0, 1, 10_000} {
			var lates []time.Duration
			for try := range 3 {
				if try > 0 {
					time.Sleep(time.Second)
				}
				late := cancelCount(t, after, workers)
				if late <= cancelBound {
					lates = nil
					break
				}
				lates = append(lates, late)
			}
			if lates != nil {
				t.Errorf("CountUniqueContext(20) with %d workers cancelled after %v returned late in every try: %v", workers, after, lates)
			}
		}
	}
}

// cancelCount counts n = 20 on workers workers, cancels the count after
// the given time, and returns how long the count took to return after
// that; the count must return context.Canceled and leave no goroutine
// running.
func cancelCount(t *testing.T, after time.Duration, workers int) time.Duration {
	t.Helper()
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(after, cancel)
	start := time.Now()
	_, err := CountUniqueContext(ctx, 20, WithWorkers(workers))
	late := time.Since(start) - after
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("CountUniqueContext(20) with %d workers cancelled after %v: error = %v, want context.Canceled", workers, after, err)
	}
	if left := settle(before); left > before {
		t.Errorf("%d goroutines left running after a cancelled count, want %d", left, before)
	}
	for _, n := range []int{8, 12} {
		if _, err := CountContext(ctx, n); !errors.Is(err, context.Canceled) {
			t.Errorf("CountContext(%d) on a done context: error = %v, want context.Canceled", n, err)
		}
	}
	return late
}

// TestMemoryLimit wants a count over its memory limit refused before it
// starts, with an error that matches ErrMemory and says how much it
// would take, the counts of a small board alike: Count, which counts it
// at once, and CountUnique, which plans it, take the runtime's memory.
func TestMemoryLimit(t *testing.T) {
	start := time.Now()
	_, err := CountContext(context.Background(), 24, WithMemoryLimit(100<<20))
	if !errors.Is(err, ErrMemory) || !strings.Contains(err.Error(), "counting n=24 on") || time.Since(start) > cancelBound {
		t.Errorf("CountContext(24) with 100 MiB: %v after %v, want ErrMemory at once", err, time.Since(start))
	}
	_, err = CountUniqueContext(context.Background(), 16, WithWorkers(1), WithMemoryLimit(1000))
	if !errors.Is(err, ErrMemory) || !strings.Contains(err.Error(), "counting n=16 on 1 worker takes about ") || !strings.Contains(err.Error(), "over the limit of 1000 B:") {
		t.Errorf("CountUniqueContext(16) on 1 worker with 1000 bytes: %v, want ErrMemory naming the count on 1 worker and the limit in bytes", err)
	}
	for _, count := range []func(context.Context, int, ...CountOption) (uint64, error){CountContext, CountUniqueContext} {
		if c, err := count(context.Background(), 8, WithMemoryLimit(1)); !errors.Is(err, ErrMemory) || !strings.Contains(err.Error(), "counting n=8 on") {
			t.Errorf("a count of 8 with a limit of 1 byte: %d, %v; want ErrMemory", c, err)
		}
		if c, err := count(context.Background(), 8, WithMemoryLimit(64<<20)); err != nil || c != 92 && c != 12 {
			t.Errorf("a count of 8 with a limit of 64 MiB: %d, %v; want 92 or 12", c, err)
		}
	}
}

// TestOverflowAtOnce wants every count of a whole board from n = 29 on,
// whose count passes 2^64, refused at once with ErrOverflow, on any
// workers and on the engine strategy's one, rather than started for
// millennia; and a count over its memory limit from n = 28 on not sent
// to fewer workers, which would take decades and more.
func TestOverflowAtOnce(t *testing.T) {
	for _, n := range []int{29, 32, 40, MaxN} {
		start := time.Now()
		_, err1 := Engine{}.Count(n)
		_, err2 := CountContext(context.Background(), n, WithWorkers(1))
		_, err3 := CountUniqueContext(context.Background(), n)
		for _, err := range []error{err1, err2, err3} {
			if !errors.Is(err, ErrOverflow) || !strings.HasPrefix(err.Error(), "nqueens: ") || time.Since(start) > cancelBound {
				t.Errorf("a count of n=%d: %v after %v; want ErrOverflow at once", n, err, time.Since(start))
			}
		}
	}
	_, err := CountContext(context.Background(), 28, WithMemoryLimit(1<<20))
	if !errors.Is(err, ErrMemory) || strings.Contains(err.Error(), "or count with fewer workers") {
		t.Errorf("a count of 28 in 1 MiB: %v; want ErrMemory, without the hint of fewer workers", err)
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
			t.Fatalf("%v.Enumerate(%d) visited %v: %s", s, n, sol, why)
		}
		all = append(all, slices.Clone(sol))
		return true
	})
	if err != nil {
		t.Fatalf("%v.Enumerate(%d): %v", s, n, err)
	}
	return all
}

func TestBadInput(t *testing.T) {
	visit := func(Solution) bool { return true }
	for _, s := range Strategies() {
		for _, n := range []int{-1, -100, MaxN + 1, 1 << 40} {
			if _, err := s.Count(n); !errors.Is(err, ErrBoardSize) {
				t.Errorf("%v.Count(%d) error = %v, want ErrBoardSize", s, n, err)
			}
			if err := s.Enumerate(n, visit); !errors.Is(err, ErrBoardSize) {
				t.Errorf("%v.Enumerate(%d) error = %v, want ErrBoardSize", s, n, err)
			}
		}
		if err := s.Enumerate(8, nil); !errors.Is(err, ErrNilVisit) {
			t.Errorf("%v.Enumerate(8, nil) error = %v, want ErrNilVisit", s, err)
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
	// A zero limit is the default, as a zero shard.Job.MemoryLimit is.
	if c, err := CountContext(context.Background(), 8, WithMemoryLimit(0)); err != nil || c != 92 {
		t.Errorf("CountContext(8) with a memory limit of 0, the default: %d, %v; want 92", c, err)
	}
	for _, opt := range []CountOption{nil, WithWorkers(-1), WithMemoryLimit(-1)} {
		if _, err := CountContext(context.Background(), 8, opt); !errors.Is(err, ErrOption) {
			t.Errorf("CountContext with a bad option: error = %v, want ErrOption", err)
		}
		if _, err := CountUniqueContext(context.Background(), 8, opt); !errors.Is(err, ErrOption) {
			t.Errorf("CountUniqueContext with a bad option: error = %v, want ErrOption", err)
		}
	}
	for _, opt := range []Option{nil, WithWorkers(-1)} {
		if err := EnumerateContext(context.Background(), 8, func(Solution) bool { return true }, opt); !errors.Is(err, ErrOption) {
			t.Errorf("EnumerateContext with a bad option: error = %v, want ErrOption", err)
		}
		if _, err := SolutionsContext(context.Background(), 8, opt); !errors.Is(err, ErrOption) {
			t.Errorf("SolutionsContext with a bad option: error = %v, want ErrOption", err)
		}
	}
}

// contextForms are the package's calls that take a context, each on a
// search that runs for minutes: EnumerateContext and EnumerateUniqueContext
// on boards whose first solution alone takes over a minute.
var contextForms = map[string]func(ctx context.Context) error{
	"CountContext": func(ctx context.Context) error {
		_, err := CountContext(ctx, 24) // half-boards joined (a long plan of constellations, from n = 33 on, is package shard's)
		return err
	},
	"CountUniqueContext, join": func(ctx context.Context) error {
		_, err := CountUniqueContext(ctx, 26) // half-boards joined
		return err
	},
	"CountContext, odd join": func(ctx context.Context) error {
		_, err := CountContext(ctx, 27) // the middle row and column first
		return err
	},
	"EnumerateContext": func(ctx context.Context) error {
		return EnumerateContext(ctx, 40, func(Solution) bool { return true })
	},
	"EnumerateUniqueContext": func(ctx context.Context) error {
		return EnumerateUniqueContext(ctx, 40, func(Solution, int) bool { return true })
	},
	"SolutionsContext": func(ctx context.Context) error {
		seq, err := SolutionsContext(ctx, 40)
		return iterate(ctx, seq, err)
	},
	"UniqueSolutionsContext": func(ctx context.Context) error {
		seq, err := UniqueSolutionsContext(ctx, 40)
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
		name := s.String()
		for _, name := range []string{name, strings.ToUpper(name), strings.ToUpper(name[:1]) + name[1:]} {
			if got, err := StrategyNamed(name); err != nil || got != s {
				t.Errorf("StrategyNamed(%q) = %v, %v; want %v", name, got, err, s)
			}
		}
		if got := fmt.Sprint(s); got != name {
			t.Errorf("fmt.Sprint of the strategy %s prints %q, want its name", name, got)
		}
	}
	_, err := StrategyNamed("magic")
	if !errors.Is(err, ErrStrategy) || !strings.Contains(err.Error(), `"magic", want one of naive, cached, bitwise, flipped, engine`) {
		t.Errorf("StrategyNamed(\"magic\"): error = %v, want ErrStrategy naming every strategy", err)
	}
}
