package engine

import (
	"context"
	"flag"
	"fmt"
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
	if *joinStats == "" {
		t.Skip("-nqueens.joinstats N or N/I/K runs it")
	}
	var n, i, k int
	if c, _ := fmt.Sscanf(*joinStats, "%d/%d/%d", &n, &i, &k); c != 3 {
		if _, err := fmt.Sscanf(*joinStats, "%d", &n); err != nil {
			t.Fatal(err)
		}
		i, k = 0, 1
	}
	if i < 0 || i >= k || n < 4 || n > 32 {
		t.Fatalf("-nqueens.joinstats %s: want N from 4 to 32, or N/I/K with 0 <= I < K", *joinStats)
	}
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
