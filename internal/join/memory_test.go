package join

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/deal"
	"github.com/gonqueens/nqueens/internal/poll"
)

// TestLongestList holds the lists of quarters of sampled splits of every
// board the join counts from 14 to 23 (27 with -nqueens.long), the east
// and the west one of a half together, to what a count under its own
// estimate lets a list hold: a count allowed to start finishes under its
// limit.
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
		maxQuarters := int(longestList(n))
		// Every set of rows of each half of every board, sampled beyond 8
		// rows a half and 4 boards.
		boards := boards(n)
		if len(boards) > 4 && n > 17 {
			boards = []*Board{boards[0], boards[1], boards[len(boards)/2], boards[len(boards)-1]}
		}
		m := n / 2
		for _, b := range boards {
			l := quarterLister{m: m}
			for _, half := range [2]uint64{board.FullRow(m) & b.rows(), board.FullRow(n) &^ board.FullRow(n-m) & b.rows()} {
				for i := range min(1<<m, 256) {
					rows := spread(uint64(i), half)
					if m > 8 {
						rows = spread(r.Uint64(), half)
					}
					// A split's east quarters on rows and its west ones on
					// the rest of the half, together: the model's lists
					// hold one longest list a half.
					east, _ := l.count(&b.keys.sides[0], rows, &poll.Poller{})
					west, _ := l.count(&b.keys.sides[1], half&^rows, &poll.Poller{})
					if east+west > maxQuarters {
						t.Errorf("n=%d: the quarters of a split on rows %#x of the half %#x hold %d and %d, more than the %d the estimate has room for",
							n, rows, half, east, west, maxQuarters)
					}
				}
			}
		}
	}
}

// TestLongestSide holds the sides of sampled splits of every board the
// join counts from 14 to 21 (23 with -nqueens.long) to the half-boards
// that the model puts a side at most.
func TestLongestSide(t *testing.T) {
	if testing.Short() {
		t.Skip("lists the half-boards of splits of boards up to 21")
	}
	maxN := 21
	if *long {
		maxN = 23
	}
	r := rand.New(rand.NewPCG(11, 12))
	for n := 14; n <= maxN; n++ {
		if !Joins(n) {
			continue
		}
		mostWest, mostEast := mostSide(n)
		bs := boards(n)
		for range 40 {
			b := bs[r.IntN(len(bs))]
			j := NewJoiner(b)
			rows := spread(unrankSubset(r.Uint64N(binomial(bits.OnesCount64(b.rows()), b.eastCols())), b.eastCols()), b.rows())
			on, off := b.splitWeights(rows)
			if on == 0 && off == 0 {
				continue
			}
			p := &poll.Poller{}
			e := halfListing{side: east, weights: [3]uint64{1, 0, 0}}
			e.north, e.south, _ = j.lists(east, rows, p)
			_, eastSide, _ := j.surveySide(&e, p)
			w := halfListing{side: west, weights: [3]uint64{1, 1, 1}}
			w.north, w.south, _ = j.lists(west, b.rows()&^rows, p)
			_, westSide, _ := j.surveySide(&w, p)
			if float64(eastSide) > mostEast || float64(westSide) > mostWest {
				t.Errorf("n=%d: the split %#x has %d east and %d west half-boards, more than the model's %.0f and %.0f",
					n, rows, eastSide, westSide, mostEast, mostWest)
			}
		}
	}
}

// TestExactLists checks that the lists the model counts for a few splits
// are as long as a joiner's lists of them, the most of a joiner of any
// board, and that a board's joiners take that room at once.
func TestExactLists(t *testing.T) {
	for _, n := range []int{14, 17} {
		runs := Runs(n, 1000, deal.Shard{Index: 3, Of: 200})
		north, south, ok, _ := exactLists(runs, &poll.Poller{})
		if !ok {
			t.Fatalf("n=%d: %d runs, too many to count their lists", n, len(runs))
		}
		byBoard := map[*Board]*[2][2]int{}
		for _, run := range runs {
			if byBoard[run.Board] == nil {
				byBoard[run.Board] = new([2][2]int)
			}
			most := byBoard[run.Board]
			j := NewJoiner(run.Board)
			s := run.first
			for range run.count {
				r := spread(s, run.Board.rows())
				s = nextSubset(s)
				if on, off := run.Board.splitWeights(r); on == 0 && off == 0 {
					continue
				}
				for side, rows := range [2]uint64{r, run.Board.rows() &^ r} {
					nq, sq, _ := j.lists(side, rows, &poll.Poller{})
					most[0][side] = max(most[0][side], len(nq))
					most[1][side] = max(most[1][side], len(sq))
					if cap(j.quarters[side].south) != run.Board.lists[1][side] {
						t.Errorf("n=%d: a joiner's south list of side %d grew to %d, past the room of %d taken at once", n, side, cap(j.quarters[side].south), run.Board.lists[1][side])
					}
				}
			}
		}
		var wantNorth, wantSouth int
		for b, most := range byBoard {
			wantNorth, wantSouth = max(wantNorth, most[0][0]+most[0][1]), max(wantSouth, most[1][0]+most[1][1])
			if b.lists != *most {
				t.Errorf("n=%d: a board's room for its lists is %v, its lists hold %v", n, b.lists, *most)
			}
		}
		if north != wantNorth {
			t.Errorf("n=%d: the north lists hold %d quarters, the model counts %d", n, wantNorth, north)
		}
		if south != wantSouth || south == 0 {
			t.Errorf("n=%d: the south lists hold %d quarters, the model counts %d", n, wantSouth, south)
		}
	}
}
