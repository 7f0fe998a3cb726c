package join

import (
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// A study of a design the join does not use: pairing the north quarters
// of the two sides before half-boards are formed. A solution of a split
// is four quarters, north-east p, south-east t, north-west q and
// south-west s, none sharing a diagonal with another. If p and q share
// one, no half-board of p meets one of q; if not, the half-boards to
// pair are those of p whose south quarter t shares none with q, and
// those of q whose s shares none with p. TestNorthPairs counts what that
// costs, with a search of its own and none of the join's code, so that
// its figures can be set beside the join's counters.

// northPairsFlag names the board and the splits that TestNorthPairs
// measures.
var northPairsFlag = flag.String("nqueens.northpairs", "", "log what pairing north quarters first would examine a solution on N random splits of the board B, as B/N")

// A studyQuarter is queens on some rows of a quarter, none attacking
// another: the columns they take, and their diagonals of each direction,
// by row+col and by row-col+n-1.
type studyQuarter struct {
	cols       uint32
	sums, difs uint64
}

// clashes reports whether x and y share a diagonal.
func (x studyQuarter) clashes(y studyQuarter) bool {
	return x.sums&y.sums != 0 || x.difs&y.difs != 0
}

// studyQuarters returns the quarters of the n×n board that place a queen
// on each of rows, in the columns of cols.
func studyQuarters(n int, rows []int, cols uint32) []studyQuarter {
	var out []studyQuarter
	var place func(i int, q studyQuarter)
	place = func(i int, q studyQuarter) {
		if i == len(rows) {
			out = append(out, q)
			return
		}
		r := rows[i]
		for free := cols &^ q.cols; free != 0; free &= free - 1 {
			c := bits.TrailingZeros32(free)
			sum, dif := uint64(1)<<(r+c), uint64(1)<<(r-c+n-1)
			if q.sums&sum == 0 && q.difs&dif == 0 {
				place(i+1, studyQuarter{q.cols | 1<<c, q.sums | sum, q.difs | dif})
			}
		}
	}
	place(0, studyQuarter{})
	return out
}

// studySpans returns, for each north quarter, the south quarters that
// make a half-board with it: those on the other columns of the side's,
// sharing no diagonal with it.
func studySpans(north, south []studyQuarter, side uint32) [][]studyQuarter {
	byCols := map[uint32][]studyQuarter{}
	for _, s := range south {
		byCols[s.cols] = append(byCols[s.cols], s)
	}
	spans := make([][]studyQuarter, len(north))
	for i, p := range north {
		for _, s := range byCols[side&^p.cols] {
			if !p.clashes(s) {
				spans[i] = append(spans[i], s)
			}
		}
	}
	return spans
}

// A northPairs is what pairing north quarters first does on a split.
type northPairs struct {
	east, west uint64 // half-boards of each side
	solutions  uint64
	northPairs uint64 // pairs of north quarters with half-boards
	meet       uint64 // of those, the pairs sharing no diagonal
	tests      uint64 // south quarters tested against the other side's north quarter
	examined   uint64 // pairs of half-boards left to examine
}

// studySplit pairs the north quarters of the split of the even n×n
// board whose east half holds the queens of the rows in east.
func studySplit(n int, east uint64) northPairs {
	h := n / 2
	var rows [4][]int // north-east, south-east, north-west, south-west
	for r := range n {
		q := 2*int(^east>>r&1) + r/h // the west quarters come second
		rows[q] = append(rows[q], r)
	}
	eastCols, westCols := uint32(1<<n-1)&^(1<<h-1), uint32(1<<h-1)
	ne, nw := studyQuarters(n, rows[0], eastCols), studyQuarters(n, rows[2], westCols)
	eSpans := studySpans(ne, studyQuarters(n, rows[1], eastCols), eastCols)
	wSpans := studySpans(nw, studyQuarters(n, rows[3], westCols), westCols)
	var np northPairs
	for _, ts := range eSpans {
		np.east += uint64(len(ts))
	}
	for _, ss := range wSpans {
		np.west += uint64(len(ss))
	}
	var ts, ss []studyQuarter
	for i, p := range ne {
		if len(eSpans[i]) == 0 {
			continue
		}
		for j, q := range nw {
			if len(wSpans[j]) == 0 {
				continue
			}
			np.northPairs++
			if p.clashes(q) {
				continue
			}
			np.meet++
			np.tests += uint64(len(eSpans[i]) + len(wSpans[j]))
			ts, ss = ts[:0], ss[:0]
			for _, t := range eSpans[i] {
				if !t.clashes(q) {
					ts = append(ts, t)
				}
			}
			for _, s := range wSpans[j] {
				if !s.clashes(p) {
					ss = append(ss, s)
				}
			}
			np.examined += uint64(len(ts) * len(ss))
			for _, t := range ts {
				for _, s := range ss {
					if !t.clashes(s) {
						np.solutions++
					}
				}
			}
		}
	}
	return np
}

// TestNorthPairs checks the study's count, summed over every split, on
// small boards, and with -nqueens.northpairs B/N logs what it examines
// on N random splits of the board B.
func TestNorthPairs(t *testing.T) {
	for n := 4; n <= 10; n += 2 {
		var sum uint64
		for east := uint64(0); east < 1<<n; east++ {
			if bits.OnesCount64(east) == n/2 {
				sum += studySplit(n, east).solutions
			}
		}
		if sum != total[n] {
			t.Errorf("n=%d: the splits' solutions sum to %d, want %d", n, sum, total[n])
		}
	}
	if *northPairsFlag == "" {
		return
	}
	var n, splits int
	if _, err := fmt.Sscanf(*northPairsFlag, "%d/%d", &n, &splits); err != nil || n%2 != 0 || n < 4 || n > 24 || splits < 1 {
		t.Fatalf("-nqueens.northpairs %q: want B/N, B an even board from 4 to 24 and N splits", *northPairsFlag)
	}
	rng := rand.New(rand.NewPCG(uint64(n), uint64(splits)))
	for range splits {
		var east uint64
		for _, r := range rng.Perm(n)[:n/2] {
			east |= 1 << r
		}
		np := studySplit(n, east)
		if np.solutions == 0 {
			t.Logf("n=%d split %#x: %d east and %d west half-boards, no solution", n, east, np.east, np.west)
			continue
		}
		s := float64(np.solutions)
		t.Logf("n=%d split %#x: %d east and %d west half-boards, %d solutions, 1 in %.0f pairs; north pairs sharing no diagonal %.2f; a solution: %.1f north pairs, %.0f south quarters tested, %.1f pairs examined",
			n, east, np.east, np.west, np.solutions, float64(np.east)*float64(np.west)/s,
			float64(np.meet)/float64(np.northPairs), float64(np.meet)/s, float64(np.tests)/s, float64(np.examined)/s)
	}
}
