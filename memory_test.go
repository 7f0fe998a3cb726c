package nqueens

import (
	"math/rand/v2"
	"testing"
)

// TestLongestList holds the lists of quarters of sampled splits of every
// board the join counts from 14 to 23 (27 with -nqueens.long) to what a count under its
// own estimate lets them hold: a count allowed to start finishes under
// its limit.
func TestLongestList(t *testing.T) {
	if testing.Short() {
		t.Skip("lists the quarters of boards up to 23")
	}
	maxN := 23
	if *long {
		maxN = 27
	}
	r := rand.New(rand.NewPCG(9, 10))
	for n := 14; n <= maxN; n++ {
		if engineFor(n) != joinEngine {
			continue
		}
		p := newCountPlan(n, r.IntN(64), 64, 1)
		maxQuarters, err := checkMemory(n, p.memory, p.quarters, 1, p.estimate())
		if err != nil {
			t.Fatal(err)
		}
		// Every set of rows of each half of every board, sampled beyond 8
		// rows a half and 4 boards.
		boards := joinBoards(n)
		if len(boards) > 4 && n > 17 {
			boards = []*joinBoard{boards[0], boards[1], boards[len(boards)/2], boards[len(boards)-1]}
		}
		m := n / 2
		for _, b := range boards {
			l := quarterLister{m: m, maxQuarters: maxQuarters}
			for _, half := range [2]uint64{fullRow(m) & b.rows(), fullRow(n) &^ fullRow(n-m) & b.rows()} {
				for i := range min(1<<m, 256) {
					rows := spread(uint64(i), half)
					if m > 8 {
						rows = spread(r.Uint64(), half)
					}
					for side := range b.keys.sides {
						if _, ok := l.on(&b.keys.sides[side], rows, nil, &poller{}); !ok {
							t.Errorf("n=%d: the quarters on rows %#x hold more than %d, which the estimate of %s has room for",
								n, rows, maxQuarters, formatBytes(p.memory))
						}
					}
				}
			}
		}
	}
}
