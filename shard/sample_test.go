package shard

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/gonqueens/nqueens"
	"github.com/gonqueens/nqueens/internal/nqtest"
)

// TestSampleCovers draws samples of a split by 20 seeds and wants the
// 95% interval of the total to hold OEIS's count in at least 17 of them,
// and to be narrow: its high at most 1.3 times its low.
func TestSampleCovers(t *testing.T) {
	for _, tt := range []struct{ n, of, size int }{{16, 32, 6}, {18, 64, 8}} {
		if tt.n > 16 && testing.Short() {
			continue
		}
		covered := 0
		for seed := uint64(1); seed <= 20; seed++ {
			e, err := Sample{N: tt.n, Of: tt.of, Size: tt.size, Seed: seed}.Count(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			want := float64(nqtest.Total[tt.n])
			if e.Total.Low <= want && want <= e.Total.High {
				covered++
			}
			if e.Total.High > 1.3*e.Total.Low || e.Total.Low > e.Total.Estimate || e.Total.Estimate > e.Total.High {
				t.Errorf("n=%d, %d of %d shards, seed %d: total %+v, want an interval whose high is at most 1.3 times its low", tt.n, tt.size, tt.of, seed, e.Total)
			}
			if len(e.Shards) != tt.size || !slices.IsSorted(e.Shards) || len(slices.Compact(slices.Clone(e.Shards))) != tt.size || e.Shards[tt.size-1] >= tt.of {
				t.Errorf("n=%d, %d of %d shards, seed %d: shards %v, want %d distinct ones in order", tt.n, tt.size, tt.of, seed, e.Shards, tt.size)
			}
		}
		if covered < 17 {
			t.Errorf("n=%d, %d of %d shards: the interval holds the total for %d seeds of 20, want 17 or more", tt.n, tt.size, tt.of, covered)
		}
	}
}

// TestSamplesFor wants the samples for a width to grow as its inverse
// square, within the split.
func TestSamplesFor(t *testing.T) {
	e := Estimate{Of: 1000, Shards: make([]int, 8), Total: Interval{100, 96, 104}}
	for _, tt := range []struct {
		width float64
		want  int
	}{{0.04, 8}, {0.02, 32}, {0.01, 128}, {0.001, 1000}, {0.5, 2}, {0, 1000}} {
		if got := e.SamplesFor(tt.width); got != tt.want {
			t.Errorf("SamplesFor(%v) of a sample of 8 whose interval is ±4%%: %d, want %d", tt.width, got, tt.want)
		}
	}
}

// TestSampleExact wants a sample of every shard to be the count itself:
// OEIS's total, an interval of no width, every shard reported once.
func TestSampleExact(t *testing.T) {
	boards := []struct{ n, of int }{{12, 1}, {16, 4}}
	if !testing.Short() {
		boards = append(boards, struct{ n, of int }{18, 8})
	}
	for _, b := range boards {
		var counted []Counts
		var reported []nqueens.Progress
		e, err := Sample{N: b.n, Of: b.of, Size: b.of, Seed: 7, Counted: func(c Counts, took time.Duration) error {
			counted = append(counted, c)
			return nil
		}, Progress: func(p nqueens.Progress) { reported = append(reported, p) }}.Count(context.Background())
		want := float64(nqtest.Total[b.n])
		if err != nil || e.Total != (Interval{want, want, want}) || e.CoreHours.Low != e.CoreHours.High {
			t.Fatalf("a sample of all %d shards of %d: %+v, %v; want the total %v exactly", b.of, b.n, e, err, want)
		}
		if sum, err := Sum(counted); err != nil || !sum.Total.IsUint64() || sum.Total.Uint64() != nqtest.Total[b.n] {
			t.Errorf("the counts that the sample of all %d shards of %d handed out add up to %v, %v", b.of, b.n, sum.Total, err)
		}
		if len(reported) != b.of || reported[b.of-1].Done != b.of || reported[b.of-1].Subproblems != b.of {
			t.Errorf("a sample of %d shards reported %+v; want a report a shard", b.of, reported)
		}
		if e.Memory <= 0 || e.MemoryRequest < e.Memory || e.MemoryRequest%(1<<20) != 0 || e.TimeLimit < 2*e.MaxCPU || e.TimeLimit%time.Minute != 0 || e.MaxCPU < e.MeanCPU {
			t.Errorf("a sample of %d shards of %d: memory %d, request %d, time limit %v, CPU %v and %v: want a request over the estimate in MiB, and twice the longest shard in minutes",
				b.of, b.n, e.Memory, e.MemoryRequest, e.TimeLimit, e.MeanCPU, e.MaxCPU)
		}
	}
}

// TestSampleKnown wants a sample to take the counts that Known gives
// rather than count their shards again, count the others, and refuse
// counts of another shard.
func TestSampleKnown(t *testing.T) {
	const n, of = 16, 4
	first, err := Sample{N: n, Of: of, Size: 2, Seed: 3}.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	known := map[int]Counts{}
	for _, i := range first.Shards {
		if known[i], err = (Job{N: n, Index: i, Of: of}).Count(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	var counted []int
	s := Sample{N: n, Of: of, Size: of, Seed: 3,
		Known: func(index int) (Counts, time.Duration, bool) {
			c, ok := known[index]
			return c, time.Second, ok
		},
		Counted: func(c Counts, took time.Duration) error {
			counted = append(counted, c.Shard.Index)
			return nil
		}}
	e, err := s.Count(context.Background())
	want := float64(nqtest.Total[n])
	if err != nil || e.Total != (Interval{want, want, want}) || e.Known != len(known) || len(counted) != of-len(known) || e.MaxCPU < time.Second {
		t.Fatalf("a sample of all %d shards of %d, %d of them known: %+v, counted %v, %v; want the total %v, and the known shards not counted",
			of, n, len(known), e, counted, err, want)
	}
	for _, i := range counted {
		if _, ok := known[i]; ok {
			t.Errorf("shard %d, known, counted again", i)
		}
	}
	s.Known = func(index int) (Counts, time.Duration, bool) {
		c := known[first.Shards[0]]
		c.Shard.Index = (index + 1) % of
		return c, time.Second, true
	}
	if _, err := s.Count(context.Background()); !errors.Is(err, ErrJob) {
		t.Errorf("a sample given the counts of another shard: %v; want ErrJob", err)
	}
}

// TestSampleSeed wants a seed to draw the same shards every time, and a
// zero seed to draw one at random, which the estimate names.
func TestSampleSeed(t *testing.T) {
	a, err := Sample{N: 12, Of: 100, Size: 3, Seed: 42}.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	b, err := Sample{N: 12, Of: 100, Size: 3, Seed: 42}.Count(context.Background())
	if err != nil || !slices.Equal(a.Shards, b.Shards) || a.Seed != 42 {
		t.Errorf("seed 42 drew %v, then %v (%v); want the same shards", a.Shards, b.Shards, err)
	}
	c, err := Sample{N: 12, Of: 100, Size: 3}.Count(context.Background())
	if err != nil || c.Seed == 0 {
		t.Errorf("a sample of no seed names seed %d, %v; want the seed drawn", c.Seed, err)
	}
	if again, err := (Sample{N: 12, Of: 100, Size: 3, Seed: c.Seed}).Count(context.Background()); err != nil || !slices.Equal(again.Shards, c.Shards) {
		t.Errorf("seed %d drew %v, then %v (%v); want the same shards", c.Seed, c.Shards, again.Shards, err)
	}
}

// TestSampleRefused wants every field out of range refused with the
// package's error, a Counted error returned, and a cancel to stop it.
func TestSampleRefused(t *testing.T) {
	for _, tt := range []struct {
		s    Sample
		want error
	}{
		{Sample{N: 65}, nqueens.ErrBoardSize},
		{Sample{N: 12, Of: MaxShards + 1}, ErrJob},
		{Sample{N: 12, Of: -1}, ErrJob},
		{Sample{N: 12, Of: 8, Size: 9}, ErrJob},
		{Sample{N: 12, Of: 8, Size: 1}, ErrJob},
		{Sample{N: 12, Of: 8, Size: -1}, ErrJob},
		{Sample{N: 12, Of: 8, Workers: -1}, ErrJob},
	} {
		if _, err := tt.s.Count(context.Background()); !errors.Is(err, tt.want) {
			t.Errorf("%+v.Count: %v, want %v", tt.s, err, tt.want)
		}
	}
	//lint:ignore SA1012 a nil context is what is tested
	if _, err := (Sample{N: 12, Of: 8}).Count(nil); !errors.Is(err, nqueens.ErrNilContext) {
		t.Errorf("Count(nil): %v, want ErrNilContext", err)
	}
	boom := errors.New("disk full")
	if _, err := (Sample{N: 12, Of: 8, Counted: func(Counts, time.Duration) error { return boom }}).Count(context.Background()); !errors.Is(err, boom) {
		t.Errorf("a sample whose Counted fails: %v, want its error", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	start := time.Now()
	go cancel()
	// A sample of shards of 24, minutes each: the cancel comes first.
	if _, err := (Sample{N: 24, Of: 64, Size: 2}).Count(ctx); !errors.Is(err, context.Canceled) || time.Since(start) > cancelBound {
		t.Errorf("a sample cancelled: %v after %v, want context.Canceled within %v", err, time.Since(start), cancelBound)
	}
}

// TestPickShards wants a board of seconds counted whole, and one of
// hours split.
func TestPickShards(t *testing.T) {
	if testing.Short() {
		t.Skip("counts two shards of 20")
	}
	if k, err := (Sample{N: 20}).PickShards(context.Background()); err != nil || k != 1 {
		t.Errorf("PickShards of 20 = %d, %v; want 1: its count takes seconds", k, err)
	}
	if k, err := (Sample{N: 12}).PickShards(context.Background()); err != nil || k != 1 {
		t.Errorf("PickShards of 12 = %d, %v; want 1", k, err)
	}
}
