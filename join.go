package nqueens

import "slices"

// The join engine counts a board without backtracking the whole of it.
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
// (match.go).
//
// The files of the join, from the bottom up: match.go and its kernels;
// joinkey.go, the squares of each side and the bits of the keys;
// joinquarter.go; joinboard.go, the boards, the weights of their splits
// and the runs dealt to shards; jointable.go; and this file, which counts
// a split and a run of them.
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

// minJoinN and minOddJoinN are the least even and odd boards the join
// engine counts, and maxJoinN the largest, whose keys hold at most 2(n-2)
// diagonals, in 64 bits: from minJoinN on the join is the faster, on one
// worker as on every core (at n = 15 the two engines tie).
const (
	minJoinN    = 14
	minOddJoinN = 17
	maxJoinN    = 32
)

// blockKeys is the most east half-boards a joiner lays out in tables at
// once, in buckets of a few thousand (see sieveBlock): 2,048 words a row
// and a few more for the buckets, 4.3 MiB a table of 8 diagonals, and at
// most 35 MiB for the 8 tables of the longest keys. A split with more is
// counted a block at a time, each block against every west half-board,
// listed again for each: the largest splits of n = 20 have 32,870 east
// half-boards, of n = 22 about 200,000.
const blockKeys = 1 << 17

// batchKeys is how many west half-boards a joiner lists before it matches
// them against the tables.
const batchKeys = 1 << 12

// A joiner counts the splits of one board with scratch space it keeps.
type joiner struct {
	board        *joinBoard
	north, south uint64 // the rows of each half, but the middle one and the middle column queen's
	// The quarters of the east and the west side, and who lists them.
	quarters [2]quarterCache
	lister   quarterLister
	// The keys of the east half-boards of a block; of the west ones, as
	// queries, by how many of their queens stand on a longest diagonal.
	eastKeys []uint64
	westKeys [3][]uint64
	tables   eastTables
	// block is the most east half-boards laid out at once, blockKeys, and
	// batch the most west ones listed before they are matched, batchKeys.
	block, batch int
}

// east and west index the sides of a board's layout and a joiner's
// quarters.
const (
	east = 0
	west = 1
)

// newJoiner returns a joiner of b.
func newJoiner(b *joinBoard) *joiner {
	n, m := b.n, b.n/2
	j := &joiner{board: b, north: fullRow(m) & b.rows(), south: fullRow(n) &^ fullRow(n-m) & b.rows(),
		lister: quarterLister{m: m, maxQuarters: b.maxQuarters},
		tables: newEastTables(b.keys.keyBits, blockKeys), block: blockKeys, batch: batchKeys}
	for s := range j.quarters {
		j.quarters[s].byRows = b.northQuarters[s]
	}
	return j
}

// err returns why the joiner's last count gave up, if not because its
// poller said to stop.
func (j *joiner) err() error { return j.lister.err }

// count returns the solutions of the split of rows r, times its weights.
// Its east half-boards are laid out in tables j.block at a time, and its
// west ones listed j.batch at a time and matched against each block, so
// that its memory is bounded whatever the board. It polls p between
// queries, and reports false if p said to stop.
func (j *joiner) count(r uint64, p *poller) (uint64, bool) {
	onLongest, offLongest := j.board.splitWeights(r)
	if onLongest == 0 && offLongest == 0 {
		return 0, true
	}
	eastNorth, eastSouth, ok := j.lists(east, r, p)
	if !ok {
		return 0, false
	}
	next, ok := j.eastBlock(eastNorth, eastSouth, cursor{}, p)
	if !ok || len(j.eastKeys) == 0 {
		return 0, ok
	}
	westNorth, westSouth, ok := j.lists(west, j.board.rows()&^r, p)
	if !ok {
		return 0, false
	}
	width := tableWidth(j.board.keys.keyBits, j.queryBound(westNorth, offLongest != 0))
	// A west half-board with k queens on a longest diagonal stands for 2^k.
	weights := [3]uint64{offLongest, 2 * onLongest, 4 * onLongest}
	var total uint64
	for len(j.eastKeys) > 0 {
		j.tables.lay(j.eastKeys, width)
		count, ok := j.queries(westNorth, westSouth, weights, p)
		if !ok {
			return 0, false
		}
		total += count
		if next, ok = j.eastBlock(eastNorth, eastSouth, next, p); !ok {
			return 0, false
		}
	}
	return total, true
}

// lists returns the quarters of side s on the north rows of r, and the
// keys of those on its south rows.
func (j *joiner) lists(s int, r uint64, p *poller) ([]quarter, []uint64, bool) {
	return j.quarters[s].lists(&j.lister, &j.board.keys.sides[s], r&j.north, r&j.south, p)
}

// countRun returns the solutions of the run of splits of t, times their
// weights; it reports false if p said to stop. The board's last run to be
// counted lets go of the quarters its joiners kept.
func (j *joiner) countRun(t *joinTask, p *poller) (uint64, bool) {
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

// A cursor is where the listing of a side's half-boards stands: at the
// north quarter north, and at the start'th of the south quarters that go
// with it.
type cursor struct{ north, start int }

// eastBlock lists in j.eastKeys the keys of the east half-boards from at
// on, up to j.block of them, and returns where the next block starts.
// An east half-board is a north quarter and a south quarter on
// complementary columns, whose diagonals do not meet: south holds the
// keys of the south quarters by their columns. It polls p every listPoll
// half-boards or so, and reports false if p said to stop.
func (j *joiner) eastBlock(north []quarter, south []uint64, at cursor, p *poller) (cursor, bool) {
	s, c := &j.board.keys.sides[east], &j.quarters[east]
	j.eastKeys = j.eastKeys[:0]
	poll := listPoll
	for at.north < len(north) {
		nq := north[at.north]
		i := 2 * int(s.cols&^uint64(nq.cols)) // east quarters have onLongest 0
		span := south[c.start[i]:c.start[i+1]][at.start:]
		if room := j.block - len(j.eastKeys); len(span) > room {
			j.eastKeys = pairs(j.eastKeys, nq.key, span[:room])
			at.start += room
		} else {
			j.eastKeys = pairs(j.eastKeys, nq.key, span)
			at.north, at.start = at.north+1, 0
		}
		if len(j.eastKeys) == j.block {
			return at, true
		}
		if len(j.eastKeys) >= poll {
			if p.stopped() {
				return at, false
			}
			poll = len(j.eastKeys) + listPoll
		}
	}
	return at, true
}

// queryBound returns the number of west half-boards that the north
// quarters of a split can make, at most: those with a queen on a longest
// diagonal, and those without if offLongest is set.
func (j *joiner) queryBound(north []quarter, offLongest bool) int {
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

// queries matches the west half-boards of the split, north quarters
// against the keys of the south ones by their columns and onLongest, with
// the east half-boards laid out in the tables, and returns the pairs that
// share no diagonal, each weighed by weights[k], k the queens of the west
// one on a longest diagonal: those with none only if weights[0] is not 0.
// It lists them j.batch at a time, by k, and matches a batch when it is
// full. It reports false if p said to stop.
func (j *joiner) queries(north []quarter, south []uint64, weights [3]uint64, p *poller) (uint64, bool) {
	s, c := &j.board.keys.sides[west], &j.quarters[west]
	for k := range j.westKeys {
		j.westKeys[k] = j.westKeys[k][:0]
	}
	var total uint64
	for _, nq := range north {
		i := 2 * int(s.cols&^uint64(nq.cols))
		for l := range 2 {
			k := int(nq.onLongest) + l
			if weights[k] == 0 {
				continue
			}
			for span := south[c.start[i+l]:c.start[i+l+1]]; len(span) > 0; {
				room := min(len(span), j.batch-len(j.westKeys[k]))
				j.westKeys[k] = pairs(j.westKeys[k], nq.key, span[:room])
				span = span[room:]
				if len(j.westKeys[k]) == j.batch && !j.matchBatch(k, weights[k], &total, p) {
					return 0, false
				}
			}
		}
	}
	for k := range j.westKeys {
		if !j.matchBatch(k, weights[k], &total, p) {
			return 0, false
		}
	}
	return total, true
}

// matchBatch adds to total the pairs of the batch of west keys k with the
// east ones that share no diagonal, each weighed by weight, and empties
// the batch. It reports false if p said to stop.
func (j *joiner) matchBatch(k int, weight uint64, total *uint64, p *poller) bool {
	count, ok := j.tables.match(j.westKeys[k], p)
	*total += count * weight
	j.westKeys[k] = j.westKeys[k][:0]
	return ok
}

// pairs appends to keys the key of each half-board that the north quarter
// of key k makes with a south quarter of key in south: those whose keys,
// and so diagonals, do not meet.
func pairs(keys []uint64, k uint64, south []uint64) []uint64 {
	n := len(keys)
	keys = slices.Grow(keys, len(south))
	out := keys[n : n+len(south)]
	i := 0
	for _, s := range south {
		// Written always, kept if it fits: no branch to mispredict.
		out[i] = k | s
		if k&s == 0 {
			i++
		}
	}
	return keys[:n+i]
}
