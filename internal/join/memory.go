package join

import (
	"math"

	"github.com/gonqueens/nqueens/internal/deal"
	"github.com/gonqueens/nqueens/internal/poll"
)

// The memory of the join, as a model of its peak, which the engine's
// model of a count adds up.
//
// A joiner keeps, at most: the tables of a block of east half-boards,
// 256 rows for each 8 diagonals of the keys, or 512 for each 9; the keys
// of each side of a split, as listed and sorted, up to a part (partFor)
// a side; the starts of the sieve's values; and four lists of quarters,
// north and south on each side. The keys and the lists grow with n
// beyond a bound of the join's making.
//
// The sides: the most half-boards a side of a split has (mostSide) is
// about 114,142 on the west side of n = 20, 8 times more with each two
// sizes from there and 5.5 times fewer below; an odd board's half of the
// even one's below it at n = 21, 0.75 times less for each two sizes
// more; an east side a third of its west one. Sampled splits of n = 20
// to 25 come to 0.5 to 0.8 of that, their east sides 0.15 to 0.3 of
// their west ones.
//
// The lists: the model puts the longest at 9·m!/2^m quarters for n = 2m
// and 2m+1, 0.92 times less for each m beyond 10. The longest lists of all
// the sets of rows hold 92, 296, 1,174, 5,366, 26,548 and 143,140 quarters
// for n = 12 to 22, and 1,046, 4,856 and 24,382 for n = 17 to 21; the
// longest found for n = 23 to 26, 96,154 (on a quarter of its boards),
// 788,698, 282,838 and 4,684,690: the model is 1.1 to 1.8 times more. A
// split's east quarters on some rows of a half and its west ones on the
// others are never both long: the two lists hold at most 1.03 times the
// longest of either for n = 18 to 22, so the four lists hold about two
// longest lists, one north and one south. A count whose splits have few
// quarters, a search of two seconds or less, counts them instead to
// learn the lengths of its lists (exactLists): those of a shard of 27 in
// 2^20 take a quarter of the model's memory.
//
// A board of halves of at most cachedHalf rows also keeps the north
// quarters of every set of rows, for each board that the workers have
// runs of at once: the 2^m lists of a side hold 0.31, 0.28, 0.24 and 0.21
// times 2^m of the longest for n = 12 to 18 (0.21 to 0.16 if odd), and
// the model takes 0.35. Each list keeps the tally of its columns too:
// 0.07 entries a quarter at n = 18, and 0.11 at 19.

const (
	quarterBytes = 16   // a quarter in a north list
	southBytes   = 10   // a quarter in a south list: its key, and its columns while sorted
	listGrowth   = 1.25 // the capacity of a list, grown by append, over its length
	keptShare    = 0.35 // the quarters a board keeps on a side, over 2^m longest lists
	tallyBytes   = 8    // an entry of a kept list's tally of columns
	tallyShare   = 0.11 // the entries of a tally, over its list's quarters, at most
)

// mostBucket is the most east half-boards of a bucket of the sieve, as the
// model puts it: the largest bucket of sampled shards of n = 22 to 26
// holds 10,700 to 27,000, the tables of a block of 2^17 are laid out for
// none.
const mostBucket = 1 << 15

// exactTries is the most squares that the model tries in a search that
// counts the quarters of a count's splits, to learn the lengths of their
// lists: two seconds or so. The splits of a shard of n = 23 in 1,000 take
// about 2^28.5, of 27 in 2^20 2^27, of 25 in 100,000 2^26.
const exactTries = 1 << 29

// sparseLists is how many times fewer squares, on average, the model
// expects the search to try for a split than the longest list of the
// model holds (longestList): the splits of sampled shards of n = 22 to 27
// took 0.05 to 0.2 times that. Where the splits of a count would take
// more than exactTries squares so reckoned, the search does not start.
const sparseLists = 16

// longestList returns the most quarters that a list of a joiner of the
// n×n board holds, as the model puts it.
func longestList(n int) float64 {
	m := n / 2
	q := 9.0
	for i := 1; i <= m; i++ {
		q *= float64(i) / 2
	}
	for range m - 10 {
		q *= 0.92
	}
	return q
}

// mostSide returns the most half-boards that the west and the east side
// of a split of the n×n board have, as the model puts it.
func mostSide(n int) (west, east float64) {
	m := n / 2
	west = 114142
	for range m - 10 {
		west *= 8
	}
	for range 10 - m {
		west /= 5.5
	}
	if n%2 == 1 {
		west /= 2
		for range m - 10 {
			west *= 0.75
		}
	}
	return west, west / 3
}

// liveMemory returns the live memory, in bytes, of workers joiners counting
// runs, the subproblems of one count of the n×n board, as the model puts
// it: with lists of quarters of up to longestList(n), or, if look is not
// nil and a search of at most exactTries squares counts the quarters of
// the runs' splits, as long as their lists, whose room the runs' boards
// then reserve for their joiners (exactLists). A count's lists outgrow the model only a little, if at all (those of the
// whole boards of 14 to 18 by a fifth, 1% of their memory), and what they
// take beyond is checked as they grow. The search polls look every
// listPoll squares tried; liveMemory reports false if look said to stop.
func liveMemory(n int, runs []Run, workers int, look *poll.Poller) (float64, bool) {
	if len(runs) == 0 {
		return 0, true
	}
	b := runs[0].Board
	part := float64(partFor(n))
	west, east := mostSide(n)
	l := kernels().layout
	tables := 8 * (tablesWords(l, b.keys.keyBits, min(block, mostBucket)) + maxRowWords)
	// The sorts' starts, for the most bits the largest east side is
	// sorted on: its sieve's, and those below them.
	sv := sieveFor(n, l)
	sorted := min(maxDeep, sv.bits(int(min(part, east)), b.keys.keyBits)+max(sv.deep, subSieve(n, l)))
	starts := 3<<sorted + 1
	keys := 2*8*(min(part, west)+min(part, east)) + float64(3*8*batchKeys+3*8*starts+8<<maxSieve+samplerBytes)
	// Where the north sieve runs, its plan sorts a north list in a copy.
	northBytes := float64(quarterBytes)
	if l.northSieve {
		northBytes += quarterBytes + 1
	}
	lists := (northBytes + southBytes) * listGrowth * longestList(n)
	if look != nil {
		north, south, ok, stopped := exactLists(runs, look)
		if stopped {
			return 0, false
		}
		if ok {
			// The joiners' lists take this room at once, and never grow:
			// the model counts what they reserve, even where the longest
			// list of the board's model is shorter.
			lists = northBytes*float64(north) + southBytes*float64(south)
		}
	}
	live := float64(min(workers, len(runs))) * (float64(tables) + keys + lists)
	if b.northQuarters[0] != nil {
		kept := float64(keptBoards(runs, workers)) * 2 * keptShare * float64(int(1)<<(n/2)) * longestList(n)
		live += kept * (quarterBytes + tallyShare*tallyBytes)
	}
	return live, true
}

// exactLists returns the most quarters that the north lists of a joiner
// of runs hold, east and west together, and the south lists, by counting
// the quarters of their splits, each set of rows of a side once; and
// sets each board's lists to its own, the room that its joiners' lists
// take at once. ok is
// false if that takes more than exactTries squares tried, which it finds
// out by trying up to that many, or before it starts if the model says
// that it would: if a split's four longest lists, or the runs' splits
// sparseLists times fewer, hold more than exactTries quarters. It polls p
// every listPoll squares tried, and reports stopped if p said to stop.
func exactLists(runs []Run, p *poll.Poller) (north, south int, ok, stopped bool) {
	n, splits := runs[0].Board.n, 0
	for _, r := range runs {
		splits += r.count
	}
	if longest := longestList(n); 4*longest > exactTries || float64(splits)*longest > sparseLists*exactTries {
		return 0, 0, false, false
	}
	type list struct {
		board *Board
		side  int
		rows  uint64
	}
	counted := make(map[list]int)
	total := 0                      // squares tried
	most := map[*Board]*[2][2]int{} // by board, half, north and south, and side
	for _, t := range runs {
		b := t.Board
		if most[b] == nil {
			most[b] = new([2][2]int)
		}
		// A lister of the board's quarters, to count them: a joiner would
		// take the room of the lists.
		lister := quarterLister{m: b.n / 2, maxQuarters: maxList}
		north, south := b.halves()
		s := t.first
		for range t.count {
			r := spread(s, b.rows())
			s = nextSubset(s)
			if on, off := b.splitWeights(r); on == 0 && off == 0 {
				continue
			}
			for side, rows := range [2]uint64{r, b.rows() &^ r} {
				for half, hr := range [2]uint64{north, south} {
					l := list{b, side, rows & hr}
					c, ok := counted[l]
					if !ok {
						tries := lister.tries
						if c, ok = lister.count(&b.keys.sides[side], l.rows, p); !ok {
							return 0, 0, false, true
						}
						counted[l] = c
						if total += lister.tries - tries; total > exactTries {
							return 0, 0, false, false
						}
					}
					most[b][half][side] = max(most[b][half][side], c)
				}
			}
		}
	}
	for b, m := range most {
		b.lists = *m
		north = max(north, m[0][0]+m[0][1])
		south = max(south, m[1][0]+m[1][1])
	}
	return north, south, true, false
}

// keptBoards returns the most boards that keep their quarters at once
// while workers count runs, handed out in order: the boards of any
// workers runs in a row. A board's runs come one after another.
func keptBoards(runs []Run, workers int) int {
	most := 0
	for i := range runs {
		boards := 1
		for k := i + 1; k < min(i+workers, len(runs)); k++ {
			if runs[k].Board != runs[k-1].Board {
				boards++
			}
		}
		most = max(most, boards)
	}
	return most
}

// A Plan is the join's part of a count's plan, made at once: the runs of
// a shard's splits, and the live memory of the joiners that count them.
type Plan struct {
	Runs []Run
	// Live is the live memory, in bytes, of the joiners that count Runs,
	// as the model puts it: 0 where they keep none of the join's lists.
	Live float64
}

// NewPlan returns the join's plan of shard d of the n×n board,
// minN <= n <= maxN, cut into at least many runs, counted by workers
// joiners within limit bytes, a process that keeps live bytes live
// taking peak(live) at its peak; or, if keep is false, by a recount that
// keeps none of the join's lists. Where the model's first bound on the
// joiners' memory is over the limit, it counts the quarters of the runs'
// splits to learn their lists' lengths (liveMemory), polling look, and
// reports false if look said to stop. It lets the joiners' lists of
// quarters grow as far as the limit has room for: the longest that the
// model assumes, and more if the limit has room for all of them to grow
// alike.
func NewPlan(n, many int, d deal.Shard, workers int, keep bool, peak func(live float64) float64, limit int64, look *poll.Poller) (Plan, bool) {
	p := Plan{Runs: Runs(n, many, d)}
	if keep {
		p.Live, _ = liveMemory(n, p.Runs, workers, nil)
		if peak(p.Live) > float64(limit) {
			closer, ok := liveMemory(n, p.Runs, workers, look)
			if !ok {
				return p, false
			}
			p.Live = closer
		}
	}
	most := int(min(longestList(n)*float64(limit)/peak(p.Live), math.MaxInt32))
	for _, r := range p.Runs {
		r.Board.Limit(most)
	}
	return p, true
}
