package join

import (
	"math"

	"github.com/gonqueens/nqueens/internal/poll"
)

// The joiner: what it keeps from one split to the next, the quarters of
// both sides in the order of the split's keys, and how it is made.
// sample.go chooses the order of a sieved split with it, list.go lists
// its half-boards, survey.go surveys them and join.go counts with it.

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
	// sampler chooses the bits a sieved split is sieved on (sample.go),
	// of a split of sampleFrom pairs of east quarters or more:
	// sampleFrom but in tests.
	sampler    sampler
	sampleFrom int
	// reported is what the tables had counted at the last report.
	reported tableStats
	// order is the order of the keys of the split being counted, and
	// remap a scratch order that moves the keys of south quarters to it
	// (order.go); ordered is whether order is not the board's.
	order, remap keyOrder
	ordered      bool
	// k is the kernels that match, whose layout the tables take.
	k *kernelSet
	// block is the most east half-boards laid out at once, block but in
	// tests; part the most half-boards of a side held at once,
	// partFor(n).
	block, part int
	sieve       sieve
	// northFrom is where the splits too small to sieve are sieved on
	// diagonals of the west north quarters, as northPays measures them:
	// northFrom(k.layout), but in tests; plan is the plan of such a split
	// being matched (northsieve.go).
	northFrom uint64
	plan      northPlan
	// subBits is the bits below the sieve's on which a sieved split's
	// west side alone is sieved (matchSieved), subSieve(n, k.layout) but
	// in tests.
	subBits int
	// pairs is the kernel that lists half-boards, an index of
	// archPairs, -1 for pairsGo; checks is whether the joiner checks
	// another's count (NewCheckJoiner): its keys' low bits in the reverse
	// order.
	pairs  int
	checks bool
}

// east and west index the sides of a board's layout and of a joiner's
// quarters and keys.
const (
	east = 0
	west = 1
)

// NewJoiner returns a joiner of b, with the kernels the processor runs.
func NewJoiner(b *Board) *Joiner {
	k := kernels()
	return newJoiner(b, k, chosen.pairs, chosen.transpose)
}

// NewCheckJoiner returns a joiner of b that counts its splits as a
// NewJoiner does, but another way, to check a count made by one: with
// the kernels that names names (CheckKernels chooses them), at their
// layout; with the low bits of its keys, below every bit that a sieve
// takes, in the reverse order, so that every table holds other
// diagonals; and with a sieve a bit shallower, whose large buckets are
// halved less. A fault of a kernel, of the tables' layout, or of the
// memory or the processor during either count, shows as two counts that
// differ.
func NewCheckJoiner(b *Board, names KernelNames) *Joiner {
	k, pairs, transpose := checkSet(names)
	j := newJoiner(b, k, pairs, transpose)
	j.checks = true
	j.sieve = j.sieve.shallower()
	return j
}

// newJoiner returns a joiner of b with the matching kernels k, at their
// layout, the kernel pairs of archPairs that lists half-boards and
// transpose of archTransposes (-1: the Go ones).
func newJoiner(b *Board, k *kernelSet, pairs, transpose int) *Joiner {
	m := b.n / 2
	north, south := b.halves()
	j := &Joiner{board: b, north: north, south: south,
		lister: quarterLister{m: m, maxQuarters: min(b.maxQuarters, maxList)},
		tables: newEastTables(k, b.keys.keyBits, block), k: k, block: block, part: partFor(b.n),
		sieve: sieveFor(b.n, k.layout), northFrom: northFrom(k.layout), subBits: subSieve(b.n, k.layout), pairs: pairs,
		sampleFrom: sampleFrom}
	j.tables.transpose = transpose
	for s := range j.quarters {
		c := &j.quarters[s]
		c.byRows = b.northQuarters[s]
		if c.byRows == nil {
			c.north = make([]quarter, 0, b.lists[0][s])
		}
		c.south, c.southCols = make([]uint64, 0, b.lists[1][s]), make([]uint16, 0, b.lists[1][s])
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

// northKey returns the key of the north quarter nq in the order of the
// split being counted: the south keys that it meets are in it.
func (j *Joiner) northKey(nq quarter) uint64 {
	if j.ordered {
		return j.order.apply(nq.key)
	}
	return nq.key
}

// checkOrder returns to with the low bits of keys of keyBits diagonals,
// below the top maxDeep, which the sieves take, in the reverse order: the
// order of a joiner that checks.
func checkOrder(to [64]uint8, keyBits int) [64]uint8 {
	low := uint8(max(0, keyBits-maxDeep))
	for i, at := range to[:keyBits] {
		if at < low {
			to[i] = low - 1 - at
		}
	}
	return to
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
	to := c.mapTo(&j.order.to)
	j.remap.set(&to, j.board.keys.keyBits)
	// apply takes keys of no bit beyond the diagonals: a key's tag is
	// kept aside.
	for i, k := range c.south {
		c.south[i] = j.remap.apply(k<<tagBits>>tagBits) | k>>tagShift<<tagShift
	}
	c.order = j.order.to
}

// bound returns the number of half-boards of side that the north
// quarters of a split can make, at most, or a number of at least most
// once it reaches most: their pairs with the south quarters on the other
// columns, whether their diagonals meet or not, those with no queen on a
// longest diagonal, and with spans 2 those with one too. It sums over
// the tally of their columns, as the north quarters on the same columns
// meet the same south quarters.
func (j *Joiner) bound(side int, spans, most int) int {
	bound := 0
	for _, c := range j.quarters[side].northCols {
		if bound += int(c.n) * j.spanQuarters(side, c.cols, spans); bound >= most {
			break
		}
	}
	return bound
}

// spanQuarters returns the south quarters of side on the other columns
// than cols, a north quarter's, whether their diagonals meet or not: of
// its first span (no queen on a longest diagonal), or of both if spans
// is 2.
func (j *Joiner) spanQuarters(side int, cols uint32, spans int) int {
	i := 2 * int(j.board.keys.sides[side].cols&^uint64(cols))
	return j.quarters[side].start[i+spans] - j.quarters[side].start[i]
}
