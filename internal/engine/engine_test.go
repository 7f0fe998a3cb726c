package engine

import (
	"context"
	"errors"
	"flag"
	"math"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/deal"
	"github.com/gonqueens/nqueens/internal/join"
	"github.com/gonqueens/nqueens/internal/poll"
)

// long runs the long tests, as in every package of the module.
var long = flag.Bool("nqueens.long", false, "run the long tests: larger boards")

// plainSolutions returns the solutions of the n×n board in lexicographic
// order, found by a search that knows nothing of masks: each square is
// checked against every queen above it.
func plainSolutions(n int) [][]int {
	var out [][]int
	s := make([]int, 0, n)
	var place func()
	place = func() {
		if len(s) == n {
			out = append(out, slices.Clone(s))
			return
		}
		row := len(s)
	next:
		for col := range n {
			for r, c := range s {
				if board.Attacks(r, c, row, col) {
					continue next
				}
			}
			s = append(s, col)
			place()
			s = s[:len(s)-1]
		}
	}
	place()
	return out
}

// plainCounts returns the counts of the n×n board from its plain
// solutions: a solution is unique when it is the least of its eight
// images, and invariant under a turn when that turn leaves it unchanged.
func plainCounts(n int) Counts {
	var c Counts
	image := make([]int, n)
	for _, s := range plainSolutions(n) {
		c.Total++
		least := true
		for _, g := range board.Symmetries {
			g.TransformInto(image, s)
			switch slices.Compare(image, s) {
			case -1:
				least = false
			case 0:
				switch g {
				case board.Rotate90:
					c.Invariant90++
				case board.Rotate180:
					c.Invariant180++
				}
			}
		}
		if least {
			c.Unique++
		}
	}
	return c
}

// whole counts the n×n board on workers workers, as a count of one shard.
func whole(n, workers int) (Counts, error) {
	return Count(context.Background(), n, Config{Workers: workers, Shards: 1, Memory: 1 << 40})
}

// TestCountPlain checks every method's counts against the plain search:
// the small boards, the constellations, and (beyond the short run) the
// join from its least board, on one worker and on three.
func TestCountPlain(t *testing.T) {
	top := 11
	if !testing.Short() {
		top = 14
	}
	for n := 0; n <= top; n++ {
		want := plainCounts(n)
		for _, workers := range []int{1, 3} {
			if got, err := whole(n, workers); err != nil || got != want {
				t.Errorf("Count(%d) on %d workers = %+v, %v; the plain search gives %+v", n, workers, got, err, want)
			}
		}
	}
}

// TestShardsPlain wants the shards of every split of small boards to add
// up to the plain search's counts.
func TestShardsPlain(t *testing.T) {
	for n := 0; n <= 10; n++ {
		want := plainCounts(n)
		for _, k := range []int{2, 3, 64} {
			var sum Counts
			for i := range k {
				c, err := Count(context.Background(), n, Config{Workers: 2, Shard: i, Shards: k, Memory: 1 << 40})
				if err != nil {
					t.Fatal(err)
				}
				sum.Add(c)
			}
			sum.Unique = 0
			got, err := sum.Complete(n)
			if err != nil || got != want {
				t.Errorf("n=%d in %d shards: %+v, %v; want %+v", n, k, got, err, want)
			}
		}
	}
}

// TestComplete checks the one check of a whole board's counts.
func TestComplete(t *testing.T) {
	good := Counts{Total: 92, Invariant180: 4} // n = 8: 12 classes
	if c, err := good.Complete(8); err != nil || c.Unique != 12 {
		t.Errorf("Complete(8) of %+v = %+v, %v; want Unique 12", good, c, err)
	}
	// Total + Invariant180 + 2·Invariant90 passes 2^64, which Counts
	// cannot hold; the lemma's quotient is under half of Total.
	big := Counts{Total: 1 << 63, Invariant90: 1 << 62, Invariant180: 1 << 63}
	if c, err := big.Complete(30); err != nil || c.Unique != 3<<60 {
		t.Errorf("Complete(30) of %+v = %+v, %v; want Unique 3·2^60", big, c, err)
	}
	for _, c := range []Counts{
		{Total: 91, Invariant180: 4},             // 8 does not divide the sum
		{Total: 100, Invariant180: 4},            // +8 passes the lemma, but not Unique
		{Total: 92, Unique: 13, Invariant180: 4}, // a Unique the lemma refuses
		{Total: 92, Invariant90: 8, Invariant180: 4},
		{Total: 2, Invariant180: 6},
	} {
		if c.Total == 100 {
			c.Unique = 12
		}
		if got, err := c.Complete(8); err == nil {
			t.Errorf("Complete(8) of %+v = %+v, want an error", c, got)
		}
	}
}

// TestEstimateCloser wants the estimate of a shard whose lists of
// quarters are shorter than the model's longest to count them, and a
// count under a limit by the model's first bound not to.
func TestEstimateCloser(t *testing.T) {
	d := deal.Shard{Index: 3, Of: 1000}
	firstPlan, _ := join.NewPlan(20, d.Want(), d, 1, true, peak, math.MaxInt64, &poll.Poller{})
	closerPlan, _ := join.NewPlan(20, d.Want(), d, 1, true, peak, 0, &poll.Poller{})
	first, closer := firstPlan.Live, closerPlan.Live
	live := closer
	first, closer = peak(first), peak(closer)
	if closer >= first {
		t.Fatalf("n=20, shard 3 of 1000: the closer look at its memory, %.0f bytes, is not under the first, %.0f", closer, first)
	}
	got, least := Estimate(20, 3, 1000, 1, NoRecount)
	if float64(got) < closer || float64(got) > closer+1 {
		t.Errorf("Estimate(20, shard 3 of 1000) = %d, want %.0f", got, closer)
	}
	if want := LeastLimit(int64(live)); least < want-1 || least > want+1 {
		t.Errorf("Estimate(20, shard 3 of 1000) least = %d, want %d", least, want)
	}
	p, err := newPlan(context.Background(), methodOf(20, nil), 20, 3, 1000, 1, NoRecount, int64(math.Ceil(first)))
	if err != nil || p.memory != first {
		t.Errorf("the plan of shard 3 of 1000 of n=20 within %.0f bytes: %.0f bytes, %v; want the first bound", first, p.memory, err)
	}
}

// TestPeakUnderRuntimeLimit wants the peak of a count to be the runtime's
// memory limit where that is under twice what is live and leaves the
// collector an eighth of it, and twice what is live otherwise.
func TestPeakUnderRuntimeLimit(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	const live = 800 << 20
	twice := baseBytes + 2*float64(live)
	for _, c := range []struct {
		limit int64
		want  float64
	}{
		{math.MaxInt64, twice},
		{1 << 30, 1 << 30},
		{LeastLimit(live), float64(LeastLimit(live))},
		{LeastLimit(live) - 1, twice}, // the collector would run without end
		{4 << 30, twice},
	} {
		debug.SetMemoryLimit(RuntimeLimit(c.limit))
		if got := peak(live); got != c.want {
			t.Errorf("the peak of %d bytes live under a runtime limit of %d: %.0f, want %.0f", live, c.limit, got, c.want)
		}
	}
	// A count fits a limit at its least under a runtime limit as low, and
	// not without one.
	_, least := Estimate(20, 3, 1000, 1, NoRecount)
	for _, runtimeLimit := range []int64{RuntimeLimit(least), math.MaxInt64} {
		debug.SetMemoryLimit(runtimeLimit)
		_, err := newPlan(context.Background(), methodOf(20, nil), 20, 3, 1000, 1, NoRecount, least)
		if fits := err == nil; fits != (runtimeLimit == RuntimeLimit(least)) {
			t.Errorf("shard 3 of 1000 of n=20 within %d bytes, the runtime's limit %d: %v", least, runtimeLimit, err)
		}
	}
}

func TestFormatBytes(t *testing.T) {
	for _, c := range []struct {
		b    float64
		want string
	}{
		{0, "0 B"}, {1023, "1023 B"}, {1 << 10, "1 KiB"}, {100 << 10, "100 KiB"},
		{1 << 20, "1 MiB"}, {137 << 20, "137 MiB"}, {1 << 30, "1.0 GiB"}, {2.2 * (1 << 30), "2.2 GiB"},
	} {
		if got := formatBytes(c.b); got != c.want {
			t.Errorf("formatBytes(%v) = %q, want %q", c.b, got, c.want)
		}
	}
}

// TestMemoryOutgrown wants a count whose lists of quarters outgrow what
// its memory limit has room for stopped, after one save, with no worker
// left.
func TestMemoryOutgrown(t *testing.T) {
	// Lists of quarters longer than 1,000 on n = 18, whose longest hold 5,366.
	before := runtime.NumGoroutine()
	var saves []State
	cfg := Config{Workers: 2, Shards: 1, Memory: 1 << 40, SaveEvery: time.Hour,
		Save: func(t State) error { saves = append(saves, t); return nil }}
	runs := join.Runs(18, deal.Shard{Of: 1}.Want(), deal.Shard{Of: 1})
	var sub []subproblem
	for i := range runs {
		runs[i].Board.Limit(1000)
		runs[i].Board.Hold()
		sub = append(sub, joinRun{&runs[i]})
	}
	state := newState(18, 0, 1, len(sub))
	_, err := schedule(context.Background(), time.Now(), methodOf(18, nil), sub, &cfg, &state, nil)
	if !errors.Is(err, join.ErrMemory) || len(saves) != 1 || saves[0].DoneCount() == saves[0].Subproblems {
		t.Errorf("a count whose lists outgrow the limit: %v, %d saves; want ErrMemory after one save of a count midway", err, len(saves))
	}
	for start := time.Now(); time.Since(start) < 5*time.Second; time.Sleep(10 * time.Millisecond) {
		if runtime.NumGoroutine() <= before {
			return
		}
	}
	t.Errorf("%d goroutines left running after a count stopped for memory, want %d", runtime.NumGoroutine(), before)
}
