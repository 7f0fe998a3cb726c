package join

import (
	"math/rand/v2"
	"testing"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/work"
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
		if !Joins(n) {
			continue
		}
		// A count under its estimate's limit lets each list hold the
		// longest that the model assumes.
		maxQuarters := int(LongestList(n))
		// Every set of rows of each half of every board, sampled beyond 8
		// rows a half and 4 boards.
		boards := boards(n)
		if len(boards) > 4 && n > 17 {
			boards = []*Board{boards[0], boards[1], boards[len(boards)/2], boards[len(boards)-1]}
		}
		m := n / 2
		for _, b := range boards {
			l := quarterLister{m: m, maxQuarters: maxQuarters}
			for _, half := range [2]uint64{board.FullRow(m) & b.rows(), board.FullRow(n) &^ board.FullRow(n-m) & b.rows()} {
				for i := range min(1<<m, 256) {
					rows := spread(uint64(i), half)
					if m > 8 {
						rows = spread(r.Uint64(), half)
					}
					for side := range b.keys.sides {
						if _, ok := l.on(&b.keys.sides[side], rows, nil, &work.Poller{}); !ok {
							t.Errorf("n=%d: the quarters on rows %#x hold more than %d, which the estimate has room for",
								n, rows, maxQuarters)
						}
					}
				}
			}
		}
	}
}
