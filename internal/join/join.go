package join

import (
	"math"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/poll"
)

// minN and minOddN are the least even and odd boards the join counts,
// and maxN the largest, whose keys hold at most 2(n-2) diagonals, in 64
// bits: from minN on the join is faster than the constellations'
// backtracking, on one worker as on every core (at n = 15 the two tie).
const (
	minN    = 14
	minOddN = 17
	maxN    = 32
)

// Joins reports whether the join counts the n×n board.
func Joins(n int) bool {
	least := minN
	if n%2 == 1 {
		least = minOddN
	}
	return n >= least && n <= maxN
}

// blockFor returns the most east half-boards a joiner lays out in tables
// at once: as many as the rows of the kernels take, 2,048 (320 KiB for the
// 5 tables of the keys that most splits of n = 20 to 27 match, which stay
// in the core's L2 cache while every group of west half-boards that a
// bucket meets is matched against them).
func blockFor() int { return 64 * rowWords }

// maxList is the most quarters a list of a joiner holds, whatever the
// memory limit: a span of south quarters is indexed in 32 bits (spanList).
const maxList = math.MaxUint32

// batchKeys is how many west half-boards a split too small to sieve lists
// before it matches them.
const batchKeys = 1 << 12

// A Joiner counts the splits of one board with scratch space it keeps.
type Joiner struct {
	board        *Board
	north, south uint64 // the rows of each half, but the middle one and the middle column queen's
	// The quarters of the east and the west side, and who lists them.
	quarters [2]quarterCache
	lister   quarterLister
	// The keys of the half-boards of a part of each side, tagged (see
	// tagShift), as listed and sorted by their tags and top bits; the
	// count of each value of the top bits of a side, when it does not fit
	// in a part. A split too small to sieve lists its west keys by tag,
	// in keys[west][k], the others in keys[side][0].
	keys   [2][3][]uint64
	sorted [2]sortedKeys
	survey []int
	// spans holds the spans of south quarters that list gathers.
	spans  spanList
	tables eastTables
	// order is the order of the keys of the split being counted, and
	// remap a scratch order that moves the keys of south quarters to it
	// (order.go); ordered is whether order is not the board's.
	order, remap keyOrder
	ordered      bool
	// block is the most east half-boards laid out at once, blockFor();
	// part the most half-boards of a side held at once, partFor(n).
	block, part int
	sieve       sieve
}

// east and west index the sides of a board's layout and of a joiner's
// quarters and keys.
const (
	east = 0
	west = 1
)

// NewJoiner returns a joiner of b.
func NewJoiner(b *Board) *Joiner {
	n, m := b.n, b.n/2
	j := &Joiner{board: b, north: board.FullRow(m) & b.rows(), south: board.FullRow(n) &^ board.FullRow(n-m) & b.rows(),
		lister: quarterLister{m: m, maxQuarters: min(b.maxQuarters, maxList)},
		tables: newEastTables(b.keys.keyBits, blockFor()), block: blockFor(), part: partFor(n),
		sieve: sieveFor(n)}
	for s := range j.quarters {
		j.quarters[s].byRows = b.northQuarters[s]
	}
	j.order.set(&identity, b.keys.keyBits)
	return j
}

// Err returns why the joiner's last count gave up, if not because its
// poller said to stop: a list of quarters beyond the memory limit, an
// error wrapping ErrMemory.
func (j *Joiner) Err() error { return j.lister.err }

// Board returns the board whose runs j counts.
func (j *Joiner) Board() *Board { return j.board }

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
	var ok bool
	if e.north, e.south, ok = j.quarterLists(east, r, p); !ok {
		return 0, false
	}
	// A split that may be sieved is listed in its own order; the others,
	// in the board's, which costs no mapping of the quarters kept.
	to := identity
	if j.bound(east, e.north, 1, j.sieve.from) >= j.sieve.from {
		to = j.board.keys.splitOrder(r, j.board.rows())
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
	// A west half-board with k queens on a longest diagonal stands for 2^k.
	w := halfListing{side: west, weights: [3]uint64{offLongest, 2 * onLongest, 4 * onLongest}}
	if w.north, w.south, ok = j.lists(west, j.board.rows()&^r, p); !ok {
		return 0, false
	}
	if !eastMore && len(j.keys[east][0]) <= min(j.block, j.sieve.from-1) {
		return j.matchStreamed(&w, p)
	}
	var s int
	var eastRanges []valueRange
	if !eastMore {
		s = j.sieve.bits(len(j.keys[east][0]), keyBits)
		eastRanges = []valueRange{{0, 1 << s}}
	} else {
		survey, n, ok := j.surveySide(&e, p)
		if !ok {
			return 0, false
		}
		s = j.sieve.bits(n, keyBits)
		eastRanges = cutRanges(topCounts(survey, s), j.part)
	}
	shift := keyBits - s
	var westRanges []valueRange // nil until the west side is listed
	westWhole := false          // whether it is listed and sorted whole, for every east part
	width := 0                  // of the tables, once the west side is listed
	var total uint64
	for i, er := range eastRanges {
		e.at = cursor{}
		for more := true; more; {
			if eastMore || i > 0 {
				if more, ok = j.list(&e, shift, er, j.part, &j.keys[east], false, p); !ok {
					return 0, false
				}
			} else {
				more = false // listed whole above
			}
			j.sorted[east].sort(j.keys[east][0], shift, s)
			if westRanges == nil {
				w.at = cursor{}
				westMore, ok := j.list(&w, shift, valueRange{0, 1 << s}, j.part, &j.keys[west], false, p)
				if !ok {
					return 0, false
				}
				if westMore {
					survey, n, ok := j.surveySide(&w, p)
					if !ok {
						return 0, false
					}
					westRanges = cutRanges(topCounts(survey, s), j.part)
					width = tableWidth(keyBits, n)
				} else {
					westRanges, westWhole = []valueRange{{0, 1 << s}}, true
					j.sorted[west].sort(j.keys[west][0], shift, s)
					width = tableWidth(keyBits, len(j.keys[west][0]))
				}
			}
			if westWhole {
				count, ok := matchSieved(&j.sorted[east], &j.sorted[west], &j.tables, s, keyBits-s, j.block, width, w.weights, p)
				if !ok {
					return 0, false
				}
				total += count
				continue
			}
			for _, wr := range westRanges {
				w.at = cursor{}
				for westMore := true; westMore; {
					if westMore, ok = j.list(&w, shift, wr, j.part, &j.keys[west], false, p); !ok {
						return 0, false
					}
					j.sorted[west].sort(j.keys[west][0], shift, s)
					count, ok := matchSieved(&j.sorted[east], &j.sorted[west], &j.tables, s, keyBits-s, j.block, width, w.weights, p)
					if !ok {
						return 0, false
					}
					total += count
				}
			}
		}
	}
	return total, true
}

// matchStreamed returns the pairs of the east half-boards listed, too few
// to sieve, and the west ones of w with no diagonal in common, weighed as
// w says: the east ones are laid out in one block of tables, and the west
// ones listed batchKeys at a time and matched against it, in the core's
// cache. It reports false if p said to stop.
func (j *Joiner) matchStreamed(w *halfListing, p *poll.Poller) (uint64, bool) {
	keyBits := j.board.keys.keyBits
	var total uint64
	for more, laid := true, false; more; {
		var ok bool
		if more, ok = j.list(w, keyBits, valueRange{0, 1}, batchKeys, &j.keys[west], true, p); !ok {
			return 0, false
		}
		if !laid {
			// The tables' width is that for the west half-boards of the
			// first batch, or for more than a batch, the same for any
			// number beyond it (TestTableWidth).
			queries := batchKeys + 1
			if !more {
				queries = len(j.keys[west][0]) + len(j.keys[west][1]) + len(j.keys[west][2])
			}
			j.tables.lay(j.keys[east][0], tableWidth(keyBits, queries), keyBits)
			laid = true
		}
		for k, weight := range w.weights {
			if weight == 0 {
				continue
			}
			count, ok := j.tables.match(j.keys[west][k], p)
			if !ok {
				return 0, false
			}
			total += count * weight
		}
	}
	return total, true
}

// lists returns the quarters of side s on the north rows of r, and the
// keys of those on its south rows in the order of j.order.
func (j *Joiner) lists(s int, r uint64, p *poll.Poller) ([]quarter, []uint64, bool) {
	north, south, ok := j.quarterLists(s, r, p)
	if ok {
		j.reorder(&j.quarters[s])
	}
	return north, south, ok
}

// quarterLists is lists with the keys of the south quarters in the order
// they are kept in.
func (j *Joiner) quarterLists(s int, r uint64, p *poll.Poller) ([]quarter, []uint64, bool) {
	return j.quarters[s].lists(&j.lister, &j.board.keys.sides[s], r&j.north, r&j.south, p)
}

// reorder maps the keys of the south quarters that c keeps to the order
// of j.order, in place, unless they are in it.
func (j *Joiner) reorder(c *quarterCache) {
	if c.order == j.order.to {
		return
	}
	// Bit c.order[i] of a key in c's order is bit i in the board's.
	var to [64]uint8
	for i, at := range c.order {
		to[at] = j.order.to[i]
	}
	j.remap.set(&to, j.board.keys.keyBits)
	for i, k := range c.south {
		c.south[i] = j.remap.apply(k)
	}
	c.order = j.order.to
}

// CountRun returns the solutions of the run of splits t of j's board,
// times their weights; it reports false if p said to stop. The board's
// last run to be counted lets go of the quarters its joiners kept.
func (j *Joiner) CountRun(t *Run, p *poll.Poller) (uint64, bool) {
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

// northKey returns the key of the north quarter nq in the order of the
// split being counted: the south keys that it meets are in it.
func (j *Joiner) northKey(nq quarter) uint64 {
	if j.ordered {
		return j.order.apply(nq.key)
	}
	return nq.key
}

// bound returns the number of half-boards of side that the north
// quarters of a split can make, at most, or a number of at least most
// once it reaches most: their pairs with the south quarters on the other
// columns, whether their diagonals meet or not, those with no queen on a
// longest diagonal, and with spans 2 those with one too.
func (j *Joiner) bound(side int, north []quarter, spans, most int) int {
	s, c := &j.board.keys.sides[side], &j.quarters[side]
	bound := 0
	for _, nq := range north {
		i := 2 * int(s.cols&^uint64(nq.cols))
		if bound += c.start[i+spans] - c.start[i]; bound >= most {
			break
		}
	}
	return bound
}
