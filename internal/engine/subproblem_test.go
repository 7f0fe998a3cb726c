package engine

import (
	"context"
	"flag"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gonqueens/nqueens/internal/deal"
	"github.com/gonqueens/nqueens/internal/join"
	"github.com/gonqueens/nqueens/internal/poll"
)

// TestRecount wants the recount of whole boards and of shards, of both
// methods of counting and of odd and even boards, by each method of
// recounting, to find the counts the count finds.
func TestRecount(t *testing.T) {
	cases := []struct{ n, shard, shards int }{
		{4, 0, 1}, {8, 0, 1}, {9, 2, 5}, {11, 0, 1}, {13, 1, 3}, {14, 0, 1}, {14, 3, 7}, {15, 0, 2},
	}
	if !testing.Short() {
		cases = append(cases, []struct{ n, shard, shards int }{{16, 3, 50}, {17, 5, 400}, {18, 7, 1000}, {19, 3, 4000}}...)
	}
	for _, c := range cases {
		cfg := Config{Workers: 2, Shard: c.shard, Shards: c.shards, Memory: 1 << 40}
		want, err := Count(context.Background(), c.n, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, how := range []Recount{PlainRecount, JoinRecount} {
			cfg.Recount = how
			got, err := Count(context.Background(), c.n, cfg)
			if err != nil || got != want {
				t.Errorf("n=%d shard %d of %d: %v %+v, %v; the count %+v", c.n, c.shard, c.shards, how, got, err, want)
			}
		}
	}
}

// recountCost names the board whose recount TestRecountCost times.
var recountCost = flag.Int("nqueens.recountcost", 0, "time the recount of sample splits of this board (docs/scale.md)")

// TestRecountCost times the recount of sample splits of one board on one
// core, and logs its cost a solution, which docs/scale.md sets against
// the count's: the shards of the largest boards take hours to recount,
// their splits seconds. The splits are drawn from a shard, as many as two
// minutes allow, up to 20; the join's count of each must agree.
//
//	go test -run TestRecountCost -v ./internal/engine -args -nqueens.recountcost 24
func TestRecountCost(t *testing.T) {
	n := *recountCost
	if n == 0 {
		t.Skip("times recounts: -nqueens.recountcost N runs it")
	}
	// Runs of one split each, those of a shard of about a hundred.
	shards := 1 << max(0, min(20, 20-2*(27-n)))
	runs := join.Runs(n, math.MaxInt, deal.Shard{Index: shards / 3, Of: shards})
	r := rand.New(rand.NewPCG(uint64(n), 7))
	var took time.Duration
	var solutions uint64
	samples := 0
	deadline := time.Now().Add(2 * time.Minute)
	for _, i := range r.Perm(len(runs)) {
		run := &runs[i]
		counted := true
		run.Splits(func(_, on, off uint64) bool { counted = on != 0 || off != 0; return false })
		if !counted {
			continue
		}
		var w worker
		start := time.Now()
		got, _ := joinRun{run}.recount(&w, PlainRecount)
		took += time.Since(start)
		run.Board.Hold()
		if want, _ := join.NewJoiner(run.Board).CountRun(run, &poll.Poller{}); got.Total != want {
			t.Fatalf("n=%d: a split counts %d in the join and %d in the recount", n, want, got.Total)
		}
		solutions += got.Total
		samples++
		if samples >= 20 || time.Now().After(deadline) {
			break
		}
	}
	t.Logf("n=%d: %d splits, %d solutions in %v: %.1f ns a solution", n, samples, solutions, took, float64(took.Nanoseconds())/float64(solutions))
}
