package engine

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gonqueens/nqueens/internal/join"
)

// joinStats names the count TestJoinStats makes: "N" for a whole board,
// "N/I/K" for shard I of K.
var joinStats = flag.String("nqueens.joinstats", "", "count N, or shard I of K of N (N/I/K), on one worker and log what the join examined")

// joinLayout names the instruction set at whose layout TestJoinStats
// counts, with the Go kernels: how a processor without that set counts
// what the join examines with it.
var joinLayout = flag.String("nqueens.layout", "", "count with the Go kernels at the layout of this instruction set (avx512, avx2, neon, go)")

// TestJoinStats counts a board or a shard on one worker and logs its time
// a solution, and what the join examined a solution: the west
// half-boards matched (queries), the pairs of half-boards examined, the
// words of table rows read. Its CPU profile gives the shares of the time
// (scripts/joinprofile).
func TestJoinStats(t *testing.T) {
	n, i, k := countFlag(t, "nqueens.joinstats", *joinStats)
	if *joinLayout != "" {
		if err := join.UseGoKernelsAt(*joinLayout); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	c, err := Count(context.Background(), n, Config{Workers: 1, Shard: i, Shards: k, Memory: 1 << 40})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	s := float64(c.Total)
	t.Logf("n=%d shard %d of %d, kernels %s: %d solutions in %v, %.2f ns a solution", n, i, k, CountKernels(), c.Total, took, float64(took.Nanoseconds())/s)
	queries, pairs, words, lays := join.Stats()
	t.Logf("a solution: %.3f queries, %.0f pairs examined, %.1f words read; %d blocks laid", float64(queries)/s, float64(pairs)/s, float64(words)/s, lays)
}

// countFlag returns the count that the flag name, set to value, names:
// "N" for the whole board N, "N/I/K" for shard I of K of it. It skips t if
// the flag is not set, and fails it if value names no count.
func countFlag(t *testing.T, name, value string) (n, i, k int) {
	t.Helper()
	if value == "" {
		t.Skipf("-%s N or N/I/K runs it", name)
	}
	if c, _ := fmt.Sscanf(value, "%d/%d/%d", &n, &i, &k); c != 3 {
		if _, err := fmt.Sscanf(value, "%d", &n); err != nil {
			t.Fatalf("-%s %s: %v", name, value, err)
		}
		i, k = 0, 1
	}
	if i < 0 || i >= k || n < 4 || n > 32 {
		t.Fatalf("-%s %s: want N from 4 to 32, or N/I/K with 0 <= I < K", name, value)
	}
	return n, i, k
}

// runCosts names the count whose subproblems TestRunCosts times.
var runCosts = flag.String("nqueens.runcosts", "", "time each run of splits of the join's count N, or shard I of K of N (N/I/K), on one worker, and log how evenly workers taking them in order would share them")

// TestRunCosts solves the subproblems of a count that the join makes on
// one worker, in the order a count takes them (workOrder), and logs the
// time of each, then the speed-up of 2 to 32 workers on cores of one
// speed taking them in that order, each the next one when it is free, as
// the scheduler hands them out; and taking the dearest first. So it
// tells what the order costs a count on several workers, apart from what
// the machine costs it (cores shared or of unequal speed, a cache shared).
func TestRunCosts(t *testing.T) {
	n, i, k := countFlag(t, "nqueens.runcosts", *runCosts)
	if !JoinsBoard(n) {
		t.Fatalf("-nqueens.runcosts %s: the join does not count %d", *runCosts, n)
	}
	p, err := newPlan(context.Background(), joinRuns{}, n, i, k, 1, NoRecount, 1<<40)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range p.sub {
		s.begin(NoRecount)
	}
	w := &worker{scratch: joinRuns{}.scratch()}
	order := workOrder(p.sub)
	cost := make([]time.Duration, len(p.sub))
	for _, s := range order {
		start := time.Now()
		c, ok := p.sub[s].solve(w)
		if !ok {
			t.Fatal(w.err())
		}
		cost[s] = time.Since(start)
		t.Logf("subproblem %d: %d solutions in %v", s, c.Total, cost[s])
	}
	dearest := slices.Clone(order)
	slices.SortStableFunc(dearest, func(a, b int) int { return cmp.Compare(cost[b], cost[a]) })
	for _, workers := range []int{2, 4, 8, 16, 32} {
		t.Logf("%d workers: %.3fx one in the count's order, %.3fx dearest first", workers, speedUp(cost, order, workers), speedUp(cost, dearest, workers))
	}
}

// speedUp returns the time of the subproblems of cost one after another
// over that of workers workers taking them in order, each the next one
// when it is free.
func speedUp(cost []time.Duration, order []int, workers int) float64 {
	free := make([]time.Duration, workers) // when each worker is free
	var total time.Duration
	for _, i := range order {
		k := slices.Index(free, slices.Min(free))
		free[k] += cost[i]
		total += cost[i]
	}
	return float64(total) / float64(slices.Max(free))
}

// TestSpeedUp checks speedUp on three subproblems, one dearer than the
// other two together, taken in two orders.
func TestSpeedUp(t *testing.T) {
	cost := []time.Duration{1, 1, 4}
	for _, c := range []struct {
		order   []int
		workers int
		want    float64
	}{
		{[]int{0, 1, 2}, 1, 1},
		{[]int{0, 1, 2}, 2, 6.0 / 5}, // the dearest last: one worker takes 1, then 4
		{[]int{2, 0, 1}, 2, 6.0 / 4}, // the dearest first: the other takes both of 1
		{[]int{2, 0, 1}, 3, 6.0 / 4},
	} {
		if got := speedUp(cost, c.order, c.workers); got != c.want {
			t.Errorf("speedUp(%v, %v, %d) = %v, want %v", cost, c.order, c.workers, got, c.want)
		}
	}
}
