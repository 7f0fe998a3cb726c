// Package join counts a board by joining half-boards, without
// backtracking the whole of it: the engine's method from n = 14 on (17 if
// odd) to 32. It speaks in plain values: a count is a uint64, a board its
// size and the middle queens of an odd one.
package join

import (
	"math"
	"slices"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/poll"
)

// The join counts a board without backtracking the whole of it.
// Each row's queen stands in the east or the west half of the board: a
// split is the set R of rows whose queen is in the east. An east
// half-board places queens on the rows of R and the east columns, one on
// each, none attacking another; a west half-board does the same on the
// other rows and the west columns. An east and a west half-board make a
// solution exactly when no diagonal holds a queen of each, so the count of
// a split is the number of such pairs, and the count of the board the sum
// over splits.
//
// An odd board has a middle row and a middle column, in neither half:
// their queens are placed first, and the rest of the board is joined
// around them. The eight symmetries of the square map the two queens' cells
// onto eight others unless they are one queen in the center, so one
// placement of each eight is counted, eight times.
//
// An east half-board is in turn a north quarter (its queens on the north
// half's rows) and a south quarter on the complementary east columns,
// whose diagonals do not meet: the quarters of a split's rows are listed
// once, and kept for the next splits, which share their south rows
// (joinquarter.go). A pair is counted without a loop over pairs: the east
// half-boards of a split are laid out by diagonal in tables
// (jointable.go), and a west half-board finds the east ones it clashes
// with by one OR of a table row per table, and the rest by a popcount
// (match.go); a large split is first sieved on the diagonals the two
// sides hold together most often (joinsieve.go).
//
// The files of the join, from the bottom up: match.go and its kernels;
// joinkey.go, the squares of each side and the bits of the keys;
// joinquarter.go; joinboard.go, the boards, the weights of their splits
// and the runs dealt to shards; jointable.go; joinsieve.go; and this
// file, which lists the half-boards of a split and counts it, and a run
// of splits.
//
// Symmetry cuts the work of an even board by about 8. The two longest
// diagonals, row = col and row+col = n-1, cross the board through
// opposite quarters, and each holds at most one queen. The transpose, row
// and column swapped, keeps the first pointwise and moves the second's
// queen between the north-east and the south-west quarter; the other
// diagonal reflection does the same with the roles swapped. So every
// solution with no queen of the east half on a longest diagonal stands for
// 2^k solutions, k the queens of its west half on one, and those are all:
// the join lists only east half-boards off both diagonals, and weighs a
// west one by 2^k. The reflection top to bottom maps such a pair onto
// another, on the rows R turned upside down, so one of R and its
// reflection is counted, twice. The reflection left to right keeps neither
// longest diagonal's queen in the west but keeps a solution with none on
// either: those, k = 0, are counted on one split of each set that
// reflections and complements make of R, times its size. The queen in the
// center of an odd board holds both longest diagonals, and its splits are
// counted that way too.

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

// blockKeys is the most east half-boards a joiner lays out in tables at
// once where its kernels take rows of any length: 2,048 words a row,
// 4 MiB a table of 8 diagonals, and at most 32 MiB for the 8 tables of
// the longest keys. A bucket of the sieve with more is laid out a block
// at a time.
const blockKeys = 1 << 17

// blockFor returns the most east half-boards a joiner lays out in tables
// at once: blockKeys, or as many as the rows of the AVX-512 kernels take,
// 2,048 (320 KiB for the 5 tables of the keys that most splits of n = 20
// to 27 match, which stay in the core's L2 cache while every group of
// west half-boards that a bucket meets is matched against them).
func blockFor() int {
	if rowWords > 0 {
		return 64 * rowWords
	}
	return blockKeys
}

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
	// spans holds the spans of south quarters that list gathers, by
	// the buffer their half-boards go to.
	spans  [3]spanList
	tables eastTables
	// order is the order of the keys of the split being counted, and
	// remap a scratch order that moves the keys of south quarters to it
	// (joinorder.go); ordered is whether order is not the board's.
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

// A halfListing lists the half-boards of a side of a split: its quarters,
// which half-boards of it to list, and where the listing stands.
type halfListing struct {
	side  int
	north []quarter
	south []uint64
	// weights[k] is not 0 for the half-boards to list, with k queens on
	// a longest diagonal.
	weights [3]uint64
	at      cursor
}

// A cursor is where a halfListing stands: at the north quarter north, its
// span of south quarters span (0 for those of no queen on a longest
// diagonal, 1 for those of one), and the start'th of them.
type cursor struct{ north, span, start int }

// count returns the solutions of the split of rows r, times its weights.
// Its east and west half-boards are sieved (joinsieve.go), and listed in
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
	if j.eastBound(e.north) >= j.sieve.from {
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
	width := tableWidth(keyBits, j.queryBound(w.north, offLongest != 0))
	if !eastMore && len(j.keys[east][0]) <= min(j.block, j.sieve.from-1) {
		return j.matchStreamed(&w, width, p)
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
					survey, _, ok := j.surveySide(&w, p)
					if !ok {
						return 0, false
					}
					westRanges = cutRanges(topCounts(survey, s), j.part)
				} else {
					westRanges, westWhole = []valueRange{{0, 1 << s}}, true
					j.sorted[west].sort(j.keys[west][0], shift, s)
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
func (j *Joiner) matchStreamed(w *halfListing, width int, p *poll.Poller) (uint64, bool) {
	keyBits := j.board.keys.keyBits
	j.tables.lay(j.keys[east][0], width, keyBits)
	var total uint64
	for more := true; more; {
		var ok bool
		if more, ok = j.list(w, keyBits, valueRange{0, 1}, batchKeys, &j.keys[west], true, p); !ok {
			return 0, false
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

// list lists in out the tagged keys of the half-boards of l from l.at
// on whose bits from shift up are in rg, up to most of them in each of
// out, and moves l.at to where it stopped; more reports whether
// half-boards may be left. A half-board is a north quarter and a south
// quarter on complementary columns, whose diagonals do not meet: l.south
// holds the keys of the south quarters by their columns and onLongest.
// The spans of south quarters that the north quarters meet are gathered
// spanChunk at a time, and their half-boards listed at once (pairs). Those
// with k queens on a longest diagonal go to out[k] if byTag, else all to
// out[0]. It polls p after each chunk, and reports false if p said to
// stop.
func (j *Joiner) list(l *halfListing, shift int, rg valueRange, most int, out *[3][]uint64, byTag bool, p *poll.Poller) (more, ok bool) {
	s, start := &j.board.keys.sides[l.side], j.quarters[l.side].start
	every := rg.lo == 0 && rg.hi<<shift >= 1<<j.board.keys.keyBits // no key is left out
	north, south, weights := l.north, l.south, l.weights
	// The buffers, held here and not in the joiner while they grow, and
	// handed back on every return.
	bufs := [3][]uint64{out[0][:0], out[1][:0], out[2][:0]}
	last := 2 // the most queens on a longest diagonal listed
	for last > 0 && weights[last] == 0 {
		last--
	}
	spans := &j.spans
	at := l.at
	for at.north < len(north) {
		// Gather spans while each buffer has room for all of their pairs,
		// and cut the span that would overflow one.
		var room [3]int
		for o := range room {
			room[o] = most - len(bufs[o])
		}
		gathered, full := 0, false
		for ; at.north < len(north) && gathered < spanChunk; at.north++ {
			nq := north[at.north]
			first := 2 * int(s.cols&^uint64(nq.cols))
			key := j.northKey(nq)
			for span := at.span; span < 2 && int(nq.onLongest)+span <= last; span++ {
				k := int(nq.onLongest) + span
				if weights[k] == 0 {
					continue
				}
				o := 0
				if byTag {
					o = k
				}
				lo, hi := start[first+span]+at.start, start[first+span+1]
				at.start = 0
				if lo >= hi {
					continue
				}
				if hi-lo >= room[o] {
					hi, full = lo+room[o], true
					at.span, at.start = span, hi-start[first+span]
				}
				room[o] -= hi - lo
				spans[o].add(key|uint64(k)<<tagShift, lo, hi)
				gathered++
				if full {
					break
				}
			}
			if full {
				break // at.north stays on the quarter cut
			}
			at.span = 0
		}
		filled := false
		for o := range spans {
			sp := &spans[o]
			if len(sp.keys) == 0 {
				continue
			}
			before := len(bufs[o])
			bufs[o] = pairs(bufs[o], sp, south)
			if !every {
				bufs[o] = keepIn(bufs[o], before, shift, rg)
			}
			sp.keys, sp.bounds = sp.keys[:0], sp.bounds[:0]
			filled = filled || len(bufs[o]) == most
		}
		if filled {
			l.at = at
			*out = bufs
			return true, true
		}
		if p.Stopped() {
			*out = bufs
			return false, false
		}
	}
	l.at = cursor{north: len(north)}
	*out = bufs
	return false, true
}

// spanChunk is the most spans of south quarters that list gathers before
// it lists their half-boards.
const spanChunk = 1 << 10

// A spanList is spans of south quarters that north quarters meet: span
// i is the north quarter's key keys[i], tagged, and the south quarters
// south[bounds[2i]:bounds[2i+1]]; the half-boards it makes are the
// north key ORed with each of theirs that shares no bit with it.
type spanList struct {
	keys   []uint64
	bounds []uint32
}

// add adds the span of key and the south quarters from lo up to hi, not
// hi, lo < hi.
func (l *spanList) add(key uint64, lo, hi int) {
	l.keys = append(l.keys, key)
	l.bounds = append(l.bounds, uint32(lo), uint32(hi))
}

// surveySide returns how many of the half-boards of l have each value of
// their top maxSieve bits (all of shorter keys), and how many there are:
// it lists them surveyBatch at a time in j.keys[l.side], which a side
// too large for a part lists again, range by range, after it. It
// reports false if p said to stop.
func (j *Joiner) surveySide(l *halfListing, p *poll.Poller) (survey []int, n int, ok bool) {
	keyBits := j.board.keys.keyBits
	bits := min(maxSieve, keyBits)
	survey = slices.Grow(j.survey[:0], 1<<bits)[:1<<bits]
	clear(survey)
	j.survey = survey
	shift := keyBits - bits
	all := *l
	all.at = cursor{}
	for more := true; more; {
		if more, ok = j.list(&all, keyBits, valueRange{0, 1}, surveyBatch, &j.keys[l.side], false, p); !ok {
			return nil, 0, false
		}
		keys := j.keys[l.side][0]
		for _, k := range keys {
			survey[k<<tagBits>>(shift+tagBits)]++ // the top bits, but the tag
		}
		n += len(keys)
	}
	return survey, n, true
}

// surveyBatch is how many half-boards surveySide lists at a time.
const surveyBatch = 1 << 16

// northKey returns the key of the north quarter nq in the order of the
// split being counted: the south keys that it meets are in it.
func (j *Joiner) northKey(nq quarter) uint64 {
	if j.ordered {
		return j.order.apply(nq.key)
	}
	return nq.key
}

// eastBound returns the number of east half-boards that the north
// quarters of a split can make, at most: their pairs with the south
// quarters on the other columns, whether their diagonals meet or not.
func (j *Joiner) eastBound(north []quarter) int {
	s, c := &j.board.keys.sides[east], &j.quarters[east]
	bound := 0
	for _, nq := range north {
		i := 2 * int(s.cols&^uint64(nq.cols))
		bound += c.start[i+1] - c.start[i]
	}
	return bound
}

// queryBound returns the number of west half-boards that the north
// quarters of a split can make, at most: those with a queen on a longest
// diagonal, and those without if offLongest is set.
func (j *Joiner) queryBound(north []quarter, offLongest bool) int {
	s, c := &j.board.keys.sides[west], &j.quarters[west]
	bound := 0
	for _, nq := range north {
		i := 2 * int(s.cols&^uint64(nq.cols))
		first := i
		if nq.onLongest == 0 && !offLongest {
			first++ // no queen on a longest diagonal
		}
		bound += c.start[i+2] - c.start[first]
	}
	return bound
}

// pairs appends to keys the keys of the half-boards of the spans of sp
// over south: each north quarter's key ORed with each key of its span
// with no bit in common, as their diagonals do not meet; with an
// assembly kernel where the processor runs one, else with pairsGo.
func pairs(keys []uint64, sp *spanList, south []uint64) []uint64 {
	most := 0
	for i := 0; i < len(sp.bounds); i += 2 {
		most += int(sp.bounds[i+1] - sp.bounds[i])
	}
	n := len(keys)
	// The kernels write whole vectors: room for 8 keys more.
	keys = slices.Grow(keys, most+8)
	out := keys[n : n+most+8]
	listed, ok := archPairs(out, sp, south)
	if !ok {
		listed = pairsGo(out, sp, south)
	}
	return keys[:n+listed]
}

// pairsGo is pairs in Go: it writes the keys in out, room for all of the
// spans' keys, and returns how many.
func pairsGo(out []uint64, sp *spanList, south []uint64) int {
	i := 0
	for s, key := range sp.keys {
		for _, k := range south[sp.bounds[2*s]:sp.bounds[2*s+1]] {
			// Written always, kept if it fits: no branch to mispredict.
			out[i] = key | k
			if key&k == 0 {
				i++
			}
		}
	}
	return i
}

// keepIn keeps of keys, from keys[from] on, those whose bits from shift
// up, but the tag, are in rg, in their order.
func keepIn(keys []uint64, from, shift int, rg valueRange) []uint64 {
	i := from
	for _, k := range keys[from:] {
		// Written always, kept if in rg: no branch to mispredict.
		keys[i] = k
		if rg.holds(k << tagBits >> (shift + tagBits)) {
			i++
		}
	}
	return keys[:i]
}
