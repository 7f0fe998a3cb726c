package nqueens

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

// joinCount counts the n×n board with the join on one goroutine, with
// its joiners as set changes them.
func joinCount(n int, set func(*joiner)) uint64 {
	var total uint64
	tasks := joinTasks(n, minTasks, whole)
	var j *joiner
	for i := range tasks {
		if j == nil || j.board != tasks[i].board {
			j = newJoiner(tasks[i].board)
			set(j)
		}
		c, _ := j.countRun(&tasks[i], &poller{})
		total += c
	}
	return total
}

func TestJoin(t *testing.T) {
	maxN := 14
	if !testing.Short() {
		maxN = 16
	}
	for n := 4; n <= maxN; n++ {
		if got := joinCount(n, func(*joiner) {}); got != golden[n].total {
			t.Errorf("the join of n=%d counts %d, want %d", n, got, golden[n].total)
		}
	}
	// Blocks and batches of a few half-boards, cut at any point of a
	// north quarter's pairs, the last ones not full, sieved or not.
	for _, size := range [][4]int{{1, 1, 1, 1}, {7, 3, 1 << 30, 1}, {100, 64, 1, 8}, {300, 64, 20, 1}} {
		for n := 4; n <= 12; n++ {
			got := joinCount(n, func(j *joiner) {
				j.block, j.batch, j.tables.sieveFrom, j.tables.sieveKeys = size[0], size[1], size[2], size[3]
			})
			if got != golden[n].total {
				t.Errorf("the join of n=%d in blocks of %d, batches of %d, sieved from %d keys into buckets of %d, counts %d, want %d",
					n, size[0], size[1], size[2], size[3], got, golden[n].total)
			}
		}
	}
}

// TestJoinWeights checks that the splits of each symmetric board stand
// for every split once: those of the solutions off the longest diagonals,
// and on an even board those of the others.
func TestJoinWeights(t *testing.T) {
	for n := 4; n <= 16; n++ {
		b := joinBoards(n)[0]
		rows := b.rows()
		k, free := b.eastCols(), bits.OnesCount64(rows)
		var weights, plains, splits uint64
		for s := uint64(1)<<k - 1; s <= fullRow(free); s = nextSubset(s) {
			on, off := b.splitWeights(spread(s, rows))
			weights += on
			plains += off
			splits++
		}
		want := binomial(free, k)
		if splits != want || plains != want || (n%2 == 0 && weights != want) {
			t.Errorf("n=%d: %d splits stand for %d, and %d of the solutions on a longest diagonal; want C(%d, %d) = %d",
				n, splits, plains, weights, free, k, want)
		}
	}
}

// TestUnrankSubset checks that the subsets of k bits of 12, as joinTasks
// starts its runs, come in nextSubset's order.
func TestUnrankSubset(t *testing.T) {
	for k := 1; k <= 12; k++ {
		rank := uint64(0)
		for s := uint64(1)<<k - 1; s <= fullRow(12); s = nextSubset(s) {
			if got := unrankSubset(rank, k); got != s {
				t.Fatalf("unrankSubset(%d, %d) = %#b, want %#b", rank, k, got, s)
			}
			rank++
		}
	}
}

// TestJoinMatch checks the tables of the join against a plain loop over
// the pairs, on random keys of every density and width: with the assembly
// kernel, and with the Go one under -tags purego.
func TestJoinMatch(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		m := 1 + r.IntN(16)
		tb := newEastTables(max(1, 4*m-4)+r.IntN(3), blockKeys) // the matching alone: no quarters
		keyMask := fullRow(tb.keyBits)
		random := func() uint64 {
			k := r.Uint64() & keyMask
			for range r.IntN(3) {
				k &= r.Uint64() // sparser keys, as half-boards' are
			}
			return k
		}
		var east, west []uint64
		for range r.IntN(1200) { // up to 19 words: blocks of four and a tail
			east = append(east, random())
		}
		for range r.IntN(2500) { // few queries and narrow tables, many and wide ones
			west = append(west, random())
		}
		var want uint64
		for _, e := range east {
			for _, w := range west {
				if e&w == 0 {
					want++
				}
			}
		}
		// Without a sieve, and with buckets of 16 and of 1 east keys on
		// average, as many of them as the top bits make.
		for _, sieveKeys := range []int{len(east) + 1, 16, 1} {
			for _, width := range []int{8, 4} {
				if (tb.keyBits+width-1)/width > maxJoinChunks {
					continue
				}
				tb.sieveFrom, tb.sieveKeys = 1, sieveKeys
				tb.lay(east, width)
				if got, ok := tb.match(west, &poller{}); !ok || got != want {
					t.Fatalf("trial %d: %d east and %d west keys of %d bits: the tables of %d, sieved on %d bits, count %d pairs, the loop %d",
						trial, len(east), len(west), bits.Len64(keyMask), width, tb.sieve, got, want)
				}
			}
		}
	}
}

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
		{22, []Option{WithWorkers(1), WithShard(777, 1000)}, Counts{Total: 2658781456}},
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
			t.Errorf("CountContext(%d) held %s at its peak, over its estimate of %s", c.n, formatBytes(float64(peak)), formatBytes(float64(estimate)))
		}
		t.Logf("n=%d: peak %s, estimate %s", c.n, formatBytes(float64(peak)), formatBytes(float64(estimate)))
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
