package nqueens

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestWorkersAgree counts boards of both methods on 1 to 100 workers,
// with as many Ps, so that each count runs on the workers it asks for
// whatever the machine's cores, and wants the same counts from each.
func TestWorkersAgree(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, n := range []int{12, 14} {
		want := goldenCounts(n)
		for _, k := range []int{1, 2, 3, 8, 100} {
			runtime.GOMAXPROCS(k)
			got, err := CountContext(context.Background(), n, WithWorkers(k))
			if err != nil || got != want {
				t.Errorf("CountContext(%d, WithWorkers(%d)) = %+v, %v; want %+v", n, k, got, err, want)
			}
		}
	}
}

// TestShardsAddUp counts boards in shards, split by both engines, and
// wants the shards' counts to add up to the whole board's through
// SumShards, in any order. A shard of more than one has no unique count.
func TestShardsAddUp(t *testing.T) {
	cases := []struct{ n, k int }{
		{0, 1}, {0, 7}, {1, 1}, {1, 3}, {5, 2}, {8, 7}, {8, 1000},
		{11, 1}, {11, 7}, {11, 64}, {13, 3}, {14, 2}, {14, 5000}, {15, 3},
	}
	if !testing.Short() {
		cases = append(cases, []struct{ n, k int }{{16, 3}, {16, 64}, {17, 7}}...)
	}
	for _, tt := range cases {
		n, k := tt.n, tt.k
		counts := make([]Counts, k)
		for i := range k {
			c, err := CountContext(context.Background(), n, WithShard(i, k), WithWorkers(2))
			if err != nil {
				t.Fatalf("CountContext(%d, WithShard(%d, %d)): %v", n, i, k, err)
			}
			if want := (Shard{N: n, Index: i, Of: k, Plan: PlanVersion}); c.Shard != want {
				t.Errorf("CountContext(%d, WithShard(%d, %d)) counted %v, want %v", n, i, k, c.Shard, want)
			}
			if k > 1 && c.Unique != 0 {
				t.Errorf("CountContext(%d, WithShard(%d, %d)) = %+v: a shard with a unique count", n, i, k, c)
			}
			counts[i] = c
		}
		slices.Reverse(counts)
		if sum, err := SumShards(counts); err != nil || sum != goldenCounts(n) {
			t.Errorf("n=%d: %d shards add up to %+v, %v; want %+v", n, k, sum, err, goldenCounts(n))
		}
	}
}

// TestSumShardsRefuses gives SumShards sets of counts that are not the
// shards of one split once each, or that no split makes, and wants the
// error to say which.
func TestSumShardsRefuses(t *testing.T) {
	count := func(n, i, k int) Counts {
		c, err := CountContext(context.Background(), n, WithShard(i, k))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	var p []Counts // the 4 shards of 14
	for i := range 4 {
		p = append(p, count(14, i, 4))
	}
	forged := slices.Clone(p)
	forged[1].Shard.Index = 4
	otherPlan := slices.Clone(p)
	otherPlan[3].Shard.Plan++
	oneOff := slices.Clone(p)
	oneOff[2].Total++
	wrongUnique := goldenCounts(12)
	wrongUnique.Unique++
	quarter := goldenCounts(12)
	quarter.Invariant90 = quarter.Invariant180 + 1
	overflow := []Counts{count(14, 0, 2), count(14, 1, 2)}
	overflow[0].Total = 1 << 63
	overflow[1].Total = 1 << 63
	byHand := goldenCounts(14)
	byHand.Shard = Shard{}
	lone := count(1, 0, 1) // n = 1, of one solution
	lone.Total, lone.Unique, lone.Invariant90, lone.Invariant180 = 5, 5, 5, 5
	none := count(3, 1, 2) // n = 3, of none
	none.Total, none.Invariant180 = 8, 8
	for _, tt := range []struct {
		name    string
		shards  []Counts
		want    error
		at      []int
		problem string
		missing []int
	}{
		{"no shards", nil, ErrShards, nil, "no shards", nil},
		{"counts made by hand", []Counts{byHand}, ErrShards, []int{0}, "names no shard", nil},
		{"a shard twice", []Counts{p[0], p[1], p[2], p[1]}, ErrShards, []int{1, 3}, "are both n=14 shard 1 of 4", nil},
		{"a shard twice, one missing", []Counts{p[0], p[0], p[2], p[3]}, ErrShards, []int{0, 1}, "are both", nil},
		{"a shard missing", []Counts{p[3], p[0], p[2]}, ErrShards, nil, "1 of 4 shards missing: 1", []int{1}},
		{"shards missing", p[:1], ErrShards, nil, "3 of 4 shards missing: 1-3", []int{1, 2, 3}},
		{"another n", []Counts{p[0], p[1], p[2], count(15, 3, 4)}, ErrShards, []int{0, 3}, "n=15 shard 3 of 4", nil},
		{"another k", []Counts{p[0], p[1], p[2], count(14, 3, 5)}, ErrShards, []int{0, 3}, "n=14 shard 3 of 5", nil},
		{"another plan", otherPlan, ErrShards, []int{0, 3}, "different splits", nil},
		{"a shard out of its split", forged, ErrShards, []int{1}, "names no shard", nil},
		{"a total one off", oneOff, ErrCounts, nil, "", nil},
		{"a unique count that Burnside's lemma refuses", []Counts{wrongUnique}, ErrCounts, nil, "", nil},
		{"more fixed by a quarter turn than by a half turn", []Counts{quarter}, ErrCounts, nil, "", nil},
		{"sums that overflow", overflow, ErrCounts, nil, "", nil},
		{"5 solutions of n=1", []Counts{lone}, ErrCounts, nil, "", nil},
		{"8 solutions of n=3", []Counts{count(3, 0, 2), none}, ErrCounts, nil, "", nil},
	} {
		sum, err := SumShards(tt.shards)
		if !errors.Is(err, tt.want) || sum != (Counts{}) {
			t.Errorf("%s: SumShards = %+v, %v; want %v", tt.name, sum, err, tt.want)
			continue
		}
		if tt.want != ErrShards {
			continue
		}
		var e *ShardsError
		if !errors.As(err, &e) || !slices.Equal(e.At, tt.at) || !strings.Contains(e.Problem, tt.problem) || !slices.Equal(e.Missing, tt.missing) {
			t.Errorf("%s: SumShards: %#v, want At %v, Missing %v and a problem with %q", tt.name, err, tt.at, tt.missing, tt.problem)
		}
	}
	if sum, err := SumShards(p); err != nil || sum != goldenCounts(14) {
		t.Errorf("SumShards of the 4 shards of 14 = %+v, %v; want %+v", sum, err, goldenCounts(14))
	}
	if got := (*ShardsError)(nil).Error(); !strings.HasPrefix(got, "nqueens: ") {
		t.Errorf("the nil *ShardsError says %q, want a message of the package", got)
	}
}

// settle waits for the goroutines of finished counts to exit, for up to
// cancelBound, and reports how many are left.
func settle(want int) int {
	for start := time.Now(); runtime.NumGoroutine() > want && time.Since(start) < cancelBound; {
		time.Sleep(time.Millisecond)
	}
	return runtime.NumGoroutine()
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
				t.Errorf("CountContext(20) with %d workers cancelled after %v returned late in every try: %v", workers, after, lates)
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
	_, err := CountContext(ctx, 20, WithWorkers(workers))
	late := time.Since(start) - after
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("CountContext(20) with %d workers cancelled after %v: error = %v, want context.Canceled", workers, after, err)
	}
	if left := settle(before); left > before {
		t.Errorf("%d goroutines left running after a cancelled count, want %d", left, before)
	}
	if _, err := CountContext(ctx, 8); !errors.Is(err, context.Canceled) {
		t.Errorf("CountContext on a done context: error = %v, want context.Canceled", err)
	}
	return late
}

// TestCancelMemoryLook wants a count whose memory the plan looks at
// closely, counting the quarters of its splits for seconds, to stop
// with the cancel.
func TestCancelMemoryLook(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	start := time.Now()
	// The splits of a shard of 25 in 10,000 have more quarters than the
	// look counts: 2^29 squares tried, seconds, before it gives up.
	_, err := CountContext(ctx, 25, WithShard(0, 10000), WithWorkers(1), WithMemoryLimit(1<<20))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("CountContext(25) cancelled while its plan counts quarters: error = %v, want context.Canceled", err)
	}
	if late := time.Since(start) - 20*time.Millisecond; late > cancelBound {
		t.Errorf("CountContext(25) returned %v after cancel", late)
	}
}

// TestCancelPlanning cancels a count while it is still listing the
// subproblems of a large split of constellations: of n = 34, the least
// board the join does not take.
func TestCancelPlanning(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	start := time.Now()
	_, err := CountContext(ctx, 34, WithShard(5, MaxShards))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("CountContext(34) cancelled while planning: error = %v, want context.Canceled", err)
	}
	if late := time.Since(start) - 20*time.Millisecond; late > cancelBound {
		t.Errorf("CountContext(34) returned %v after cancel", late)
	}
}

// cancelBound is how late a cancelled call may return. A call that
// ignores its context runs for minutes, which a bound of seconds catches
// on any machine, however busy; with -nqueens.long, on a machine that
// runs nothing else, the bound is the few milliseconds the docs promise.
var cancelBound = func() time.Duration {
	if *long {
		return slowdown * 20 * time.Millisecond
	}
	return 2 * time.Second
}()

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
	if last.Done != last.Subproblems || last.Subproblems == 0 || last.Remaining != 0 || last.Fraction() != 1 {
		t.Errorf("last report %+v, want all done", last)
	}
	for i, p := range reports {
		if p.Subproblems == 0 {
			t.Errorf("report %+v of 0 subproblems", p)
		}
		if i > 0 && p.Done < reports[i-1].Done {
			t.Errorf("progress went back: %+v after %+v", p, reports[i-1])
		}
	}
}

// TestTimeLeft counts boards fresh, and resumed from a save of a third of
// the way, and wants every estimate of the time left that a count makes
// while a tenth of its time is still ahead within a factor of 1.5 of the
// time it then took, and an estimate from a fifth of the way on. A count
// of one board is one sample of a machine's load: it fails only if it is
// off in three tries, as an estimate that is wrong is every time.
func TestTimeLeft(t *testing.T) {
	if !*long {
		t.Skip("judges estimates of time, which a busy machine skews: -nqueens.long runs it, on a machine that runs nothing else")
	}
	if slowdown > 1 {
		t.Skip("the race detector slows the searches unevenly")
	}
	sizes := []int{18} // half a minute on two cores
	for _, n := range sizes {
		for _, resume := range []bool{false, true} {
			var errs []error
			for range 3 {
				worst, err := timeLeft(n, resume)
				if err == nil {
					t.Logf("n=%d, resumed %v: estimates from %.2f to %.2f times the truth", n, resume, worst[0], worst[1])
					errs = nil
					break
				}
				errs = append(errs, err)
			}
			if errs != nil {
				t.Errorf("n=%d, resumed %v: %v", n, resume, errors.Join(errs...))
			}
		}
	}
}

// timeLeft counts the n×n board with progress reports, resumed from a
// third of the way if resume is set, and reports the first estimate of
// the time left that is off by more than a factor of 1.5, or none from a
// fifth of the way on; else the least and the greatest ratio of an
// estimate to the truth.
func timeLeft(n int, resume bool) (worst [2]float64, err error) {
	var opts []Option
	if resume {
		var saved State
		ctx, cancel := context.WithCancel(context.Background())
		_, err := CountContext(ctx, n, WithSave(time.Hour, func(s State) error { saved = s; return nil }),
			WithProgress(func(p Progress) {
				if 3*p.Done >= p.Subproblems {
					cancel()
				}
			}))
		cancel()
		if !errors.Is(err, context.Canceled) {
			return worst, fmt.Errorf("a count stopped a third of the way: %v", err)
		}
		opts = append(opts, WithResume(saved))
	}
	var reports []Progress
	start := time.Now()
	c, err := CountContext(context.Background(), n, append(opts, WithProgress(func(p Progress) { reports = append(reports, p) }))...)
	took := time.Since(start)
	if err != nil || c.Total != golden[n].total {
		return worst, fmt.Errorf("CountContext(%d) = %+v, %v", n, c, err)
	}
	worst = [2]float64{1, 1}
	for _, p := range reports {
		left := took - p.Elapsed
		switch {
		case p.Remaining == 0 && p.Elapsed > took/5 && left > took/10:
			return worst, fmt.Errorf("no estimate %v into a count of %v (%d of %d done)", p.Elapsed, took, p.Done, p.Subproblems)
		case p.Remaining != 0 && left > took/10 && (p.Remaining > left*3/2 || p.Remaining < left*2/3):
			return worst, fmt.Errorf("%v into a count of %v (%d of %d done), %v left, estimated %v", p.Elapsed, took, p.Done, p.Subproblems, left, p.Remaining)
		case p.Remaining != 0 && left > took/10:
			r := float64(p.Remaining) / float64(left)
			worst = [2]float64{min(worst[0], r), max(worst[1], r)}
		}
	}
	return worst, nil
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

// TestProgressSmall: a board too small for constellations still gets its
// one report when the count is done.
func TestProgressSmall(t *testing.T) {
	for n := range 4 {
		var reports []Progress
		got, err := CountContext(context.Background(), n, WithProgress(func(p Progress) { reports = append(reports, p) }))
		if err != nil || got.Total != golden[n].total {
			t.Fatalf("CountContext(%d) = %+v, %v", n, got, err)
		}
		if len(reports) != 1 || reports[0].Done != 1 || reports[0].Subproblems != 1 || reports[0].Fraction() != 1 {
			t.Errorf("CountContext(%d) reported %+v, want one report, 1 of 1 done", n, reports)
		}
	}
}

// TestProgressPlanning: a count reports while it lists a large split of
// constellations, before any subproblem exists, and a panic there stops
// the planning.
func TestProgressPlanning(t *testing.T) {
	// The timeout only keeps a regression from counting n = 34.
	ctx, cancel := context.WithTimeout(context.Background(), slowdown*10*time.Second)
	defer cancel()
	var first time.Duration
	start := time.Now()
	_, err := CountContext(ctx, 34, WithShard(1, MaxShards), WithProgress(func(p Progress) {
		if first == 0 {
			first = time.Since(start)
			if p.Subproblems != 1 || p.Done != 0 || p.Fraction() != 0 {
				t.Errorf("report while planning %+v, want 0 of 1 done", p)
			}
			cancel()
		}
	}))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("CountContext(34) cancelled from its first report: error = %v", err)
	}
	if first == 0 || first > reportBound {
		t.Errorf("first report after %v while planning, want one within %v", first, reportBound)
	}

	before := runtime.NumGoroutine()
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Errorf("recovered %v, want the callback's panic", r)
			}
		}()
		CountContext(context.Background(), 34, WithShard(1, MaxShards), WithProgress(func(Progress) { panic("boom") }))
	}()
	if left := settle(before); left > before {
		t.Errorf("%d goroutines left running after a panic while planning, want %d", left, before)
	}
}

// TestMemoryLimit wants a count over its memory limit refused before it
// starts.
func TestMemoryLimit(t *testing.T) {
	start := time.Now()
	_, err := CountContext(context.Background(), 24, WithMemoryLimit(100<<20))
	if !errors.Is(err, ErrMemory) || !strings.Contains(err.Error(), "counting n=24 on") || time.Since(start) > cancelBound {
		t.Errorf("CountContext(24) with 100 MiB: %v after %v, want ErrMemory at once", err, time.Since(start))
	}
	for _, n := range []int{8, 16, 34} {
		estimate, err := EstimateMemory(n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := CountContext(context.Background(), n, WithMemoryLimit(estimate-1)); !errors.Is(err, ErrMemory) {
			t.Errorf("CountContext(%d) with a limit a byte under its estimate: %v, want ErrMemory", n, err)
		}
	}
	// A shard whose lists of quarters are shorter than the model's longest:
	// its estimate counts them, and so does a count over a cheaper bound.
	shard := []Option{WithShard(3, 1000), WithWorkers(1)}
	estimate, err := EstimateMemory(20, shard...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := CountContext(context.Background(), 20, append(shard, WithMemoryLimit(estimate))...); err != nil {
		t.Errorf("CountContext(20), shard 3 of 1000, with a limit of its estimate: %v", err)
	}
	if _, err := CountContext(context.Background(), 20, append(shard, WithMemoryLimit(estimate-1))...); !errors.Is(err, ErrMemory) {
		t.Errorf("CountContext(20), shard 3 of 1000, with a limit a byte under its estimate: %v, want ErrMemory", err)
	}
	_, err = CountContext(context.Background(), 16, WithWorkers(1), WithMemoryLimit(1000))
	if err == nil || !strings.Contains(err.Error(), "counting n=16 on 1 worker takes about ") || !strings.Contains(err.Error(), "over the limit of 1000 B:") {
		t.Errorf("CountContext(16) on 1 worker with 1000 bytes: %v, want the count on 1 worker and the limit in bytes", err)
	}
	if _, err := CountContext(context.Background(), 8, WithMemoryLimit(0)); !errors.Is(err, ErrOption) {
		t.Errorf("WithMemoryLimit(0): %v, want ErrOption", err)
	}
}

// reportEvery is how often WithProgress reports: about ten times a second.
const reportEvery = 100 * time.Millisecond

// reportBound is how late a first report may come. A count that does not
// report while it plans reports only after seconds, which a bound of
// seconds catches on any machine; with -nqueens.long, on a machine that
// runs nothing else, the bound is a few reports' time.
var reportBound = func() time.Duration {
	if *long {
		return slowdown * 5 * reportEvery
	}
	return 5 * time.Second
}()

// TestJoinEngine counts through CountContext the boards that the join
// engine takes, with all their counts: the total from the join, the unique
// count from Burnside's lemma; and a shard of n = 22, whose blocks of east
// half-boards fill the tables. The memory that the runtime holds stays
// under the estimate all along.
func TestJoinEngine(t *testing.T) {
	if !*long {
		t.Skip("counts n = 17 to 20 and a shard of 22: two minutes on two cores; -nqueens.long runs it")
	}
	for _, c := range []struct {
		n    int
		opts []Option
		want Counts
	}{
		{17, nil, goldenCounts(17)},
		{18, nil, goldenCounts(18)},
		{19, nil, goldenCounts(19)},
		{20, nil, goldenCounts(20)},
		// The shard's total as this split (PlanVersion 4) first counted it.
		{22, []Option{WithWorkers(1), WithShard(777, 1000)}, Counts{Total: 2658781456, Shard: Shard{N: 22, Index: 777, Of: 1000, Plan: 4}}},
	} {
		estimate, err := EstimateMemory(c.n, c.opts...)
		if err != nil {
			t.Fatal(err)
		}
		var got Counts
		peak := peakMemory(func() { got, err = CountContext(context.Background(), c.n, c.opts...) })
		if err != nil || got != c.want {
			t.Errorf("CountContext(%d) = %+v, %v; want %+v", c.n, got, err, c.want)
		}
		if peak > uint64(estimate) {
			t.Errorf("CountContext(%d) held %s at its peak, over its estimate of %s", c.n, mib(peak), mib(uint64(estimate)))
		}
		t.Logf("n=%d: peak %s, estimate %s", c.n, mib(peak), mib(uint64(estimate)))
	}
}

// peakMemory returns the most memory that the runtime held from the heap
// while f ran, read every 10 ms.
func peakMemory(f func()) uint64 {
	runtime.GC()
	done := make(chan uint64)
	stop := make(chan struct{})
	go func() {
		samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
		var peak uint64
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(samples)
			peak = max(peak, samples[0].Value.Uint64()-samples[1].Value.Uint64())
			select {
			case <-stop:
				done <- peak
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(stop)
	return <-done
}

// mib writes a number of bytes in MiB.
func mib(b uint64) string { return fmt.Sprintf("%d MiB", b>>20) }
