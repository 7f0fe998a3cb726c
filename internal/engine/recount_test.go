package engine

import (
	"context"
	"testing"
)

// TestRecount wants the recount of whole boards and of shards, of both
// methods and of odd and even boards, to find the counts the count finds.
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
		cfg.Recount = true
		got, err := Count(context.Background(), c.n, cfg)
		if err != nil || got != want {
			t.Errorf("n=%d shard %d of %d: recount %+v, %v; the count %+v", c.n, c.shard, c.shards, got, err, want)
		}
	}
}
