package join

import (
	"math/bits"
	"slices"

	"github.com/gonqueens/nqueens/internal/poll"
)

// count returns the solutions of the split of rows r, times its weights.
// Its east and west half-boards are sieved (sieve.go), and listed in
// parts of at most j.part, so that its memory is bounded whatever the
// board. It polls p between queries, and reports false if p said to
// stop.
func (j *Joiner) count(r uint64, p *poll.Poller) (uint64, bool) {
	onLongest, offLongest := j.board.splitWeights(r)
	if onLongest == 0 && offLongest == 0 {
		return 0, true
	}
	keyBits := j.board.keys.keyBits
	e := halfListing{side: east, weights: [3]uint64{1, 0, 0}}
	// A west half-board with k queens on a longest diagonal stands for 2^k.
	w := halfListing{side: west, weights: [3]uint64{offLongest, 2 * onLongest, 4 * onLongest}}
	var ok bool
	if e.north, e.south, ok = j.quarterLists(east, r, p); !ok {
		return 0, false
	}
	// A split that may be sieved is listed in its own order; the others,
	// in the board's, which costs no mapping of the quarters kept.
	to := identity
	if j.bound(east, 1, j.sieve.from) >= j.sieve.from {
		if w.north, w.south, ok = j.quarterLists(west, j.board.rows()&^r, p); !ok {
			return 0, false
		}
		to = j.sieveOrder(&e, &w, j.board.keys.splitOrder(r, j.board.rows()))
	}
	if j.checks {
		to = checkOrder(to, keyBits)
	}
	if to != j.order.to {
		j.order.set(&to, keyBits)
		j.ordered = to != identity
	}
	j.reorder(&j.quarters[east])
	// All of the east half-boards, if they fit in a part.
	eastMore, ok := j.list(&e, keyBits, valueRange{0, 1}, j.part, &j.keys[east], false, p)
	if !ok || !eastMore && len(j.keys[east][0]) == 0 {
		return 0, ok
	}
	if w.north, w.south, ok = j.lists(west, j.board.rows()&^r, p); !ok {
		return 0, false
	}
	if !eastMore && len(j.keys[east][0]) <= min(j.block, j.sieve.from-1) {
		return j.matchStreamed(r, &w, p)
	}
	return j.countSieved(&e, &w, eastMore, p)
}

// countSieved returns the pairs of the east half-boards of e, listed
// whole unless eastMore, and the west ones of w with no diagonal in
// common, weighed as w says, sieved on the top bits of their keys: the
// east side is listed and matched in parts of at most j.part, by ranges
// of the sieve's values that a survey cuts it into, and the west side
// whole, or in parts of its own. It polls p between queries, and reports
// false if p said to stop.
func (j *Joiner) countSieved(e, w *halfListing, eastMore bool, p *poll.Poller) (uint64, bool) {
	keyBits := j.board.keys.keyBits
	cut := sieveCut{block: j.block, weights: w.weights}
	var eastRanges []valueRange
	if !eastMore {
		cut.s = j.sieve.bits(len(j.keys[east][0]), keyBits)
		eastRanges = []valueRange{{0, 1 << cut.s}}
	} else {
		survey, n, ok := j.surveySide(e, p)
		if !ok {
			return 0, false
		}
		cut.s = j.sieve.bits(n, keyBits)
		eastRanges = cutRanges(topCounts(survey, cut.s), j.part)
	}
	cut.low = keyBits - cut.s
	// The bits below the sieve's that sieve the west side, or large buckets.
	cut.x, cut.deep = j.sieve.below(cut.s, keyBits, j.subBits)
	if cut.x > 0 {
		j.tables.reserve()
	}
	var westRanges []valueRange // nil until the west side is listed
	var total uint64
	for i, er := range eastRanges {
		e.at = cursor{}
		for more := true; more; {
			var ok bool
			if eastMore || i > 0 {
				if more, ok = j.list(e, cut.low, er, j.part, &j.keys[east], false, p); !ok {
					return 0, false
				}
			} else {
				more = false // listed whole above
			}
			j.sorted[east].sort(j.keys[east][0], cut.low-cut.x-cut.deep, cut.s+cut.x+cut.deep)
			if westRanges == nil {
				if westRanges, ok = j.listWest(w, &cut, p); !ok {
					return 0, false
				}
			}
			count, ok := j.matchWest(w, westRanges, cut, p)
			if !ok {
				return 0, false
			}
			total += count
		}
	}
	return total, true
}

// listWest lists the west half-boards of w on the sieve's bits, as cut
// says, and returns the ranges of their values that it matches in parts
// of at most j.part, none if they fit in one part, listed and sorted
// whole; it sets cut's width of the tables, for the west side's size. It
// reports false if p said to stop.
func (j *Joiner) listWest(w *halfListing, cut *sieveCut, p *poll.Poller) ([]valueRange, bool) {
	keyBits := j.board.keys.keyBits
	w.at = cursor{}
	westMore, ok := j.list(w, cut.low, valueRange{0, 1 << cut.s}, j.part, &j.keys[west], false, p)
	if !ok {
		return nil, false
	}
	if !westMore {
		j.sorted[west].sort(j.keys[west][0], cut.low-cut.x-cut.deep, cut.s+cut.x+cut.deep)
		cut.width = tableWidth(keyBits, len(j.keys[west][0]))
		return []valueRange{}, true
	}
	survey, n, ok := j.surveySide(w, p)
	if !ok {
		return nil, false
	}
	cut.width = tableWidth(keyBits, n)
	return cutRanges(topCounts(survey, cut.s), j.part), true
}

// matchWest returns the pairs of the east half-boards sorted and the
// west ones of w with no diagonal in common, as matchSieved counts them:
// of the west side sorted whole if westRanges is empty, and else of each
// part of it, listed range by range. It reports false if p said to stop.
func (j *Joiner) matchWest(w *halfListing, westRanges []valueRange, cut sieveCut, p *poll.Poller) (uint64, bool) {
	if len(westRanges) == 0 {
		return matchSieved(&j.sorted[east], &j.sorted[west], &j.tables, j.sieve, cut, &j.plan.padded, p)
	}
	var total uint64
	for _, wr := range westRanges {
		w.at = cursor{}
		for westMore := true; westMore; {
			var ok bool
			if westMore, ok = j.list(w, cut.low, wr, j.part, &j.keys[west], false, p); !ok {
				return 0, false
			}
			j.sorted[west].sort(j.keys[west][0], cut.low-cut.x-cut.deep, cut.s+cut.x+cut.deep)
			count, ok := matchSieved(&j.sorted[east], &j.sorted[west], &j.tables, j.sieve, cut, &j.plan.padded, p)
			if !ok {
				return 0, false
			}
			total += count
		}
	}
	return total, true
}

// matchStreamed returns the pairs of the east half-boards listed, too few
// to sieve, and the west ones of w with no diagonal in common, weighed as
// w says: the east ones are laid out in one block of tables, and the west
// ones listed batchKeys at a time and matched against it, in the core's
// cache. Where that pays (northPays), they are sieved on diagonals of the
// west north quarters of the split of rows r (northsieve.go). It reports
// false if p said to stop.
func (j *Joiner) matchStreamed(r uint64, w *halfListing, p *poll.Poller) (uint64, bool) {
	keyBits := j.board.keys.keyBits
	plan := &j.plan
	if j.northPays(r, len(j.keys[east][0]), len(w.south)) {
		j.tables.reserve()
		j.planNorth(r, w, j.keys[east][0], plan)
	} else {
		plan.whole(j.k.layout, j.keys[east][0], w.north)
	}
	// The groups of west north quarters that meet east half-boards.
	var groups [4]int
	n := 0
	for g, north := range plan.north {
		if len(north) > 0 && plan.ranges[g].keys > 0 {
			groups[n] = g
			n++
		}
	}
	var total uint64
	laid := false
	for i, g := range groups[:n] {
		l := halfListing{side: west, north: plan.north[g], south: w.south, weights: w.weights}
		for more := true; more; {
			var ok bool
			if more, ok = j.list(&l, keyBits, valueRange{0, 1}, batchKeys, &j.keys[west], true, p); !ok {
				return 0, false
			}
			if !laid {
				// The tables' width is that for the west half-boards of
				// the first batch, or for more than a batch, the same for
				// any number beyond it (TestTableWidth).
				queries := batchKeys + 1
				if !more && i == n-1 {
					queries = len(j.keys[west][0]) + len(j.keys[west][1]) + len(j.keys[west][2])
				}
				j.tables.lay(plan.keys, tableWidth(keyBits, queries), keyBits)
				laid = true
			}
			for k, weight := range w.weights {
				if weight == 0 {
					continue
				}
				count, ok := j.tables.match(j.keys[west][k], plan.ranges[g], p)
				if !ok {
					return 0, false
				}
				total += count * weight
			}
		}
	}
	return total, true
}

// northPays reports whether the north sieve of the split of rows r, of
// east half-boards east and south quarters south on the west side, is to
// be made: whether the east side's words times the south quarters of a
// span, the west side's south quarters over the sets of columns they
// fill, reach j.northFrom (never, at math.MaxUint64).
func (j *Joiner) northPays(r uint64, east, south int) bool {
	k := bits.OnesCount64(j.board.rows() &^ r & j.south)
	sets := binomial(bits.OnesCount64(j.board.keys.sides[west].cols), k)
	return uint64(j.k.layout.wordsFor(east))*uint64(south)/sets >= j.northFrom
}

// planNorth plans the matching of the east keys of the split of rows r,
// too few to sieve, with the west half-boards of w: on the diagonals of
// its north quarters alone that save the most words read, if any do,
// with its scratch space in plan.
func (j *Joiner) planNorth(r uint64, w *halfListing, eastKeys []uint64, plan *northPlan) {
	d, n := j.northDiagonals(r)
	if n == 0 {
		plan.whole(j.k.layout, eastKeys, w.north)
		return
	}
	// The values of the north quarters and of the east keys on both
	// diagonals, how many take each, and the weight of each value: the
	// south quarters its north quarters meet, whether their diagonals do
	// or not, as bound counts them.
	values := slices.Grow(plan.values[:0], len(w.north))[:len(w.north)]
	var quarters, weight [4]int
	for q, nq := range w.north {
		v := value(j.northKey(nq), d)
		values[q] = uint8(v)
		quarters[v]++
		weight[v] += j.spanQuarters(west, nq.cols, 2)
	}
	plan.values = values
	sizes := bucketSizes(eastKeys, d, 3)
	// The words read for no sieve, d[0] alone, or both.
	best, bestCost := 0, 0
	for s := 0; s <= n; s++ {
		if _, words := northLayout(merge(sizes, s)); words > maxRowWords {
			break
		}
		ranges := northRanges(merge(sizes, s))
		cost := 0
		for v, wv := range merge(weight, s) {
			rg, c := ranges[v], 16
			if rg.hi-rg.lo < ranges[0].hi {
				c = stridedCost
			}
			cost += wv * (rg.hi - rg.lo) * c
		}
		if s == 0 || cost < bestCost {
			best, bestCost = s, cost
		}
	}
	if best == 0 {
		plan.whole(j.k.layout, eastKeys, w.north)
		return
	}
	// The north quarters sorted by their values on the first best
	// diagonals.
	mask := 1<<best - 1
	quarters = merge(quarters, best)
	sorted := slices.Grow(plan.sorted[:0], len(w.north))[:len(w.north)]
	var at [4]int
	for v := 1; v < 4; v++ {
		at[v] = at[v-1] + quarters[v-1]
	}
	for v := range plan.north {
		plan.north[v] = sorted[at[v] : at[v]+quarters[v]]
	}
	for q, nq := range w.north {
		v := int(values[q]) & mask
		sorted[at[v]] = nq
		at[v]++
	}
	plan.sorted = sorted
	sizes = merge(sizes, best)
	plan.ranges = northRanges(sizes)
	plan.padded = padBuckets(plan.padded, eastKeys, d, mask, sizes)
	plan.keys = plan.padded
}

// northDiagonals returns the diagonals of the order of the split of rows
// r that its north sieve is best made on, d[0] and d[1], and how many
// there are, 0 to 2 (63 for none): of those that squares of the west
// side's north rows and of the east side take, and none of the west
// side's south rows, the two of which they take the most, multiplied, as
// splitOrder orders the diagonals.
func (j *Joiner) northDiagonals(r uint64) (d [2]int, n int) {
	l := &j.board.keys
	var squares [3][64]int // east, west north, west south
	westRows := j.board.rows() &^ r
	for i, rows := range [3]uint64{r, westRows & j.north, westRows & j.south} {
		side := min(i, 1)
		for ; rows != 0; rows &= rows - 1 {
			on := &l.rowSquares[side][bits.TrailingZeros64(rows)]
			for b := range l.keyBits {
				squares[i][b] += int(on[b])
			}
		}
	}
	d = [2]int{63, 63}
	score := func(b int) int { return squares[0][b] * squares[1][b] }
	for b := range l.keyBits {
		switch s := score(b); {
		case s == 0 || squares[2][b] > 0:
		case n == 0 || s > score(d[0]):
			d[0], d[1], n = b, d[0], min(n+1, 2)
		case n == 1 || s > score(d[1]):
			d[1], n = b, 2
		}
	}
	for i := range n {
		if j.ordered {
			d[i] = int(j.order.to[d[i]])
		}
	}
	return d, n
}

// CountRun returns the solutions of the run of splits t of j's board,
// times their weights; it reports false if p said to stop. The board's
// last run to be counted lets go of the quarters its joiners kept.
func (j *Joiner) CountRun(t *Run, p *poll.Poller) (uint64, bool) {
	defer j.report()
	var total uint64
	s := t.first
	for range t.count {
		c, ok := j.count(spread(s, j.board.rows()), p)
		if !ok {
			return 0, false
		}
		total += c
		s = nextSubset(s)
	}
	j.board.release()
	return total * j.board.placements, true
}
