package engine

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// TestDirect counts every board small enough to count at once, directly
// and through the plan, against the plain search, and wants the direct
// count taken only for a count of the Total alone of a whole board that
// saves, resumes and recounts nothing.
func TestDirect(t *testing.T) {
	for n := 0; n <= directMax; n++ {
		want := plainCounts(n).Total
		if got := directTotal(n); got != want {
			t.Errorf("directTotal(%d) = %d, want %d", n, got, want)
		}
		reports := 0
		c, err := Count(context.Background(), n, Config{Shards: 1, Memory: 1 << 30, TotalOnly: true, Progress: func(p Progress) {
			if p.Done != 1 || p.Subproblems != 1 {
				t.Errorf("n=%d: a direct count reported %+v, want 1 of 1 done", n, p)
			}
			reports++
		}})
		if err != nil || c != (Counts{Total: want}) || reports != 1 {
			t.Errorf("Count(%d) of the Total alone = %+v, %v, %d reports; want Total %d and one report", n, c, err, reports, want)
		}
	}
	for name, cfg := range map[string]Config{
		"a shard":   {Shards: 2, TotalOnly: true},
		"a save":    {Shards: 1, TotalOnly: true, Save: func(State) error { return nil }, SaveEvery: time.Hour},
		"a recount": {Shards: 1, TotalOnly: true, Recount: PlainRecount},
		"a check":   {Shards: 1, TotalOnly: true, Recount: JoinRecount},
		"Unique":    {Shards: 1},
	} {
		if _, direct := methodOf(directMax, &cfg).(directCount); direct {
			t.Errorf("a count with %s is counted directly", name)
		}
	}
	if _, direct := methodOf(directMax+1, &Config{Shards: 1, TotalOnly: true}).(directCount); direct {
		t.Errorf("a count of n = %d is counted directly", directMax+1)
	}
}

// BenchmarkDirect times the direct count against the planned one on two
// workers, around directMax, where the faster changes:
//
//	go test -run '^$' -bench '^BenchmarkDirect$' -count 6 ./internal/engine
//	go tool benchstat -row /count -col /n@num
func BenchmarkDirect(b *testing.B) {
	for n := directMax - 1; n <= directMax+2; n++ {
		b.Run(fmt.Sprintf("count=direct/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				directTotal(n)
			}
		})
		b.Run(fmt.Sprintf("count=planned/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := plannedCount(context.Background(), methodOf(n, nil), n, Config{Workers: 2, Shards: 1, Memory: 1 << 30, TotalOnly: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
