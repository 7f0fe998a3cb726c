package nqueens

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// joinCount counts the n×n board, even, with the join on one goroutine.
func joinCount(n int) uint64 {
	j := newJoiner(n)
	var total uint64
	splits, _ := joinSplits(context.Background(), n)
	for _, s := range splits {
		c, _ := j.count(s, &poller{})
		total += c
	}
	return total
}

func TestJoin(t *testing.T) {
	maxN := 14
	if !testing.Short() {
		maxN = 16
	}
	for n := 2; n <= maxN; n += 2 {
		if got := joinCount(n); got != golden[n].total {
			t.Errorf("the join of n=%d counts %d, want %d", n, got, golden[n].total)
		}
		var weights, plains uint64
		splits, _ := joinSplits(context.Background(), n)
		for _, s := range splits {
			weights += s.weight
			plains += s.plain
		}
		if want := binomial(n, n/2); weights != want || plains != want {
			t.Errorf("the splits of n=%d stand for %d splits, and for %d in solutions off the longest diagonals; want C(%d, %d) = %d",
				n, weights, plains, n, n/2, want)
		}
	}
}

// binomial returns n choose k.
func binomial(n, k int) uint64 {
	b := uint64(1)
	for i := 1; i <= k; i++ {
		b = b * uint64(n-k+i) / uint64(i)
	}
	return b
}

// TestJoinMatch checks the tables of the join against a plain loop over
// the pairs, on random keys of every density and width: with the assembly
// kernel, and with the Go one under -tags purego.
func TestJoinMatch(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		m := 1 + r.IntN(16)
		j := &joiner{n: 2 * m, m: m, keyBits: max(1, 4*m-4) + r.IntN(3)} // the matching alone: no quarters
		keyMask := fullRow(j.keyBits)
		random := func() uint64 {
			k := r.Uint64() & keyMask
			for range r.IntN(3) {
				k &= r.Uint64() // sparser keys, as half-boards' are
			}
			return k
		}
		var west []uint64
		j.east = j.east[:0]
		for range r.IntN(1200) { // up to 19 words: blocks of four and a tail
			j.east = append(j.east, random())
		}
		for range r.IntN(2500) { // few queries and narrow tables, many and wide ones
			west = append(west, random())
		}
		var want uint64
		for _, e := range j.east {
			for _, w := range west {
				if e&w == 0 {
					want++
				}
			}
		}
		j.lay()
		if got, ok := j.match(west, &poller{}); !ok || got != want {
			t.Fatalf("trial %d: %d east and %d west keys of %d bits: the tables count %d pairs, the loop %d",
				trial, len(j.east), len(west), bits.Len64(keyMask), got, want)
		}
	}
}

// TestJoinEngine counts through CountContext the boards that the join
// engine takes, with both counts: the total from the join, the unique
// count from Burnside's lemma.
func TestJoinEngine(t *testing.T) {
	if !*long {
		t.Skip("counts n = 18 and 20: a minute; -nqueens.long runs it")
	}
	for _, n := range []int{18, 20} {
		c, err := CountContext(context.Background(), n)
		if err != nil || c.Total != golden[n].total || c.Unique != golden[n].unique {
			t.Errorf("CountContext(%d) = %+v, %v; want {%d %d}", n, c, err, golden[n].total, golden[n].unique)
		}
	}
}
