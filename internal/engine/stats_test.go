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

// TestJoinStats counts a board or a shard on one worker and logs its time
// a solution, and, with the join's counters built in (-tags joinstats),
// what it examined a solution: the west half-boards matched (queries),
// the pairs of half-boards examined, the words of table rows read. Its
// CPU profile, without the counters, gives the shares of the time
// (scripts/joinprofile runs both).
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
	start := time.Now()
	c, err := Count(context.Background(), n, Config{Workers: 1, Shard: i, Shards: k, Memory: 1 << 40})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	s := float64(c.Total)
	t.Logf("n=%d shard %d of %d: %d solutions in %v, %.2f ns a solution", n, i, k, c.Total, took, float64(took.Nanoseconds())/s)
	if queries, pairs, words, lays, ok := join.Stats(); ok {
		t.Logf("a solution: %.3f queries, %.0f pairs examined, %.1f words read; %d blocks laid", float64(queries)/s, float64(pairs)/s, float64(words)/s, lays)
	}
}
