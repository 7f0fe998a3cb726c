package nqueens

import (
	"context"
	"math/bits"
	"slices"
)

//go:generate go run -C tools ./matchasm -rows 8 -out ../zmatch_amd64.s -stubs ../zmatch_amd64.go -pkg nqueens

// The join engine counts an even board without backtracking the whole of
// it. Each row's queen stands in the east or the west half of the board:
// a split is the set R of rows whose queen is in the east, m = n/2 of
// them. An east half-board places m queens on the rows of R and the east
// columns, none attacking another; a west half-board does the same on the
// other rows and the west columns. An east and a west half-board make a
// solution exactly when no diagonal holds a queen of each, so the count of
// a split is the number of such pairs, and the count of the board the sum
// over splits.
//
// An east half-board is in turn a north quarter (its queens on the north
// half's rows) and a south quarter on the complementary east columns,
// whose diagonals do not meet: the quarters of a split's rows are listed
// once, and kept for the next splits, which share their south rows.
// Reflected left to right, a west half-board on rows C is an east one on
// rows C, its two kinds of diagonal swapped: one generator serves both
// halves. A pair is counted without a loop over pairs: the east
// half-boards of a split are laid out by diagonal, bit i of word w set
// when half-board 64w+i holds that diagonal, and merged into tables of 8
// diagonals each; a west half-board then finds the east ones it clashes
// with by one OR of a table row per 8 diagonals, and the rest by a
// popcount.
//
// Symmetry cuts the work by about 8. The two longest diagonals, row = col
// and row+col = n-1, cross the board through opposite quarters, and each
// holds at most one queen. The transpose, row and column swapped, keeps
// the first pointwise and moves the second's queen between the north-east
// and the south-west quarter; the other diagonal reflection does the same
// with the roles swapped. So every solution with no queen of the east half
// on a longest diagonal stands for 2^k solutions, k the queens of its west
// half on one, and those are all: the join lists only east half-boards off
// both diagonals, and weighs a west one by 2^k. The reflection top to
// bottom maps such a pair onto another, on the rows R turned upside down,
// so one of R and its reflection is counted, twice. The reflection left to
// right keeps neither longest diagonal's queen in the west but keeps a
// solution with none on either: those, k = 0, are counted on one split of
// each set that reflections and complements make of R, times its size.
// A joinSplit is a split of the board's rows, with the number of splits
// it stands for.
type joinSplit struct {
	rows uint64 // the rows whose queen stands in the east half
	// weight is the number of splits it stands for, it and its reflection
	// top to bottom: 2, or 1 if the reflection is itself.
	weight uint64
	// plain is the number it stands for in the solutions with no queen on
	// a longest diagonal: the size of its set under reflections and
	// complement if it is the set's least, else 0, another split counting
	// them.
	plain uint64
}

// joinSplits returns one split of each pair that the reflection top to
// bottom makes, in increasing order of rows: for n = 18, 24,310 of
// C(18, 9) = 48,620. It gives up with ctx.Err() once ctx is done: there
// are millions beyond n = 24.
func joinSplits(ctx context.Context, n int) ([]joinSplit, error) {
	m := n / 2
	all := fullRow(n)
	var splits []joinSplit
	// Gosper's hack: the next larger number with as many set bits.
	for r, i := uint64(1)<<m-1, 0; r <= all; i++ {
		if i%(1<<16) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		c := all &^ r
		rr, rc := reverseRows(r, n), reverseRows(c, n)
		if r <= rr {
			s := joinSplit{rows: r, weight: 2}
			if r == rr {
				s.weight = 1
			}
			if r <= c && r <= rc {
				// The set is {r, c, rr, rc}; c is never r, nor rr rc.
				s.plain = 2
				if rr != r && rr != c {
					s.plain = 4
				}
			}
			splits = append(splits, s)
		}
		low := r & -r // x & -x keeps only the lowest set bit
		ripple := r + low
		r = ripple | ((r^ripple)>>2)/low
	}
	return splits, nil
}

// reverseRows returns the rows of r turned upside down on the n×n board.
func reverseRows(r uint64, n int) uint64 { return bits.Reverse64(r) >> (64 - n) }

// maxJoinChunks is the most tables of a key: 8 bits of it each, a table
// of 256 rows.
const maxJoinChunks = 8

// A joiner counts the splits of one board with scratch space it keeps.
type joiner struct {
	n, m int
	full uint64 // the m east columns
	// The quarters of the east and of the west half-boards of the last
	// split counted.
	eastQuarters, westQuarters quarterCache
	east                       []uint64 // the keys of the east half-boards of a split
	// The keys of the west half-boards, as queries, by how many of their
	// queens stand on a longest diagonal.
	west   [3][]uint64
	tables []uint64
	words  int // the length of a row of the tables
	// cells holds the squares of the east half, row r and column m+i at
	// r·m+i; longCols, the columns of each row on a longest diagonal,
	// bit i for column m+i.
	cells    []cell
	longCols []uint64
	// keyBits is how many diagonals the keys hold: those that both halves
	// can occupy but the longest, 2m-2 of each kind.
	keyBits int
}

// A cell is a square of the east half: the key bits of a queen there, as
// an east half-board's and as a west one's, and whether it stands on a
// longest diagonal.
type cell struct {
	east, west uint64
	long       int
}

// maxJoinN is the largest board a joiner takes: its keys hold 2(n-2)
// diagonals, and the key bits of a queen come from masks of 2n-1, in 64
// bits.
const maxJoinN = 32

func newJoiner(n int) *joiner {
	m := n / 2
	j := &joiner{n: n, m: m, full: fullRow(m), keyBits: 4*m - 4}
	j.westQuarters.west = true
	j.cells = make([]cell, n*m)
	j.longCols = make([]uint64, n)
	for r := range n {
		for i := range m {
			col := m + i
			d, a := uint64(1)<<(r+col), uint64(1)<<(r-col+n-1)
			c := &j.cells[r*m+i]
			c.east, c.long = j.key(d, a, false)
			c.west, _ = j.key(d, a, true)
			if c.long != 0 {
				j.longCols[r] |= 1 << i
			}
		}
	}
	return j
}

// count returns the solutions of the split, times its weights. It polls p
// between queries, and reports false if p said to stop.
func (j *joiner) count(s joinSplit, p *poller) (uint64, bool) {
	var ok bool
	if ok = j.halves(s.rows, p); !ok || len(j.east) == 0 {
		return 0, ok
	}
	if ok = j.queries(fullRow(j.n)&^s.rows, s.plain != 0, p); !ok {
		return 0, false
	}
	j.lay()
	var total uint64
	// A west half-board with k queens on a longest diagonal stands for 2^k.
	for k, weight := range [3]uint64{s.plain, 2 * s.weight, 4 * s.weight} {
		count, ok := j.match(j.west[k], p)
		if !ok {
			return 0, false
		}
		total += count * weight
	}
	return total, true
}

// match returns the number of pairs of an east key, as laid out in the
// tables, and a key of west with no bit in common, polling p every
// matchPoll queries; it reports false if p said to stop.
func (j *joiner) match(west []uint64, p *poller) (uint64, bool) {
	chunks := (j.keyBits + 7) / 8
	var count uint64
	for len(west) > 0 {
		batch := west[:min(len(west), matchPoll)]
		west = west[len(batch):]
		count += uint64(len(batch)*len(j.east) - clashes(j.tables, j.words, chunks, batch))
		if p.stopped() {
			return 0, false
		}
	}
	return count, true
}

// matchPoll is how many queries match runs between two polls: a fraction
// of a millisecond.
const matchPoll = 256

// clashesGo returns the sum, over keys, of the bits set in the OR of the
// rows of tables that the key's chunks bytes pick, the row of byte c of
// value v at tables[(256c+v)·words:]. It is clashes wherever no assembly
// kernel runs.
func clashesGo(tables []uint64, words, chunks int, keys []uint64) int {
	n := 0
	var rows [maxJoinChunks][]uint64
	for _, key := range keys {
		for c := range chunks {
			v := int(key >> (8 * c) & 0xff)
			rows[c] = tables[(c<<8+v)*words:][:words]
		}
		for w := range words {
			var x uint64
			for _, r := range rows[:chunks] {
				x |= r[w]
			}
			n += bits.OnesCount64(x)
		}
	}
	return n
}

// lay builds the tables of the east half-boards: for each 8 diagonals c
// of the key and value v of them, the row of the half-boards that hold any
// diagonal of v, in words a multiple of 4 long, for the kernels.
func (j *joiner) lay() {
	words := (len(j.east) + 255) / 256 * 4
	chunks := (j.keyBits + 7) / 8
	size := chunks << 8 * words
	if cap(j.tables) < size {
		j.tables = make([]uint64, size)
	}
	j.tables, j.words = j.tables[:size], words
	for c := range chunks {
		t := j.tables[c<<8*words:][:256*words]
		clear(t[:words]) // value 0: no diagonal, no clash
		// The rows of the single diagonals, 64 half-boards a word.
		for w := range words {
			var r [8]uint64
			for g := range 8 {
				// Byte k of x is byte c of key 8g+k: a matrix of 8 keys by 8
				// diagonals, which transpose8 turns to 8 diagonals by 8 keys.
				var x uint64
				for k, key := range j.east[min(64*w+8*g, len(j.east)):min(64*w+8*g+8, len(j.east))] {
					x |= key >> (8 * c) & 0xff << (8 * k)
				}
				x = transpose8(x)
				for b := range r {
					r[b] |= x >> (8 * b) & 0xff << (8 * g)
				}
			}
			for b, row := range r {
				t[words<<b+w] = row
			}
		}
		// A value of several diagonals is its lowest one's row OR the rest's.
		for v := 3; v < 256; v++ {
			low := v & -v // x & -x keeps only the lowest set bit
			if low == v {
				continue
			}
			dst, a, b := t[v*words:][:words], t[low*words:][:words], t[(v^low)*words:][:words]
			for w := range dst {
				dst[w] = a[w] | b[w]
			}
		}
	}
}

// transpose8 returns the 8×8 matrix of bits x, row i in byte i, turned
// over its diagonal: bit j of byte i becomes bit i of byte j. Each step
// swaps the off-diagonal blocks of the 2×2, 4×4 and then 8×8 blocks, by
// a masked exchange of the bits that lie 7, 14 and 28 places apart.
func transpose8(x uint64) uint64 {
	t := (x ^ x>>7) & 0x00aa00aa00aa00aa
	x ^= t ^ t<<7
	t = (x ^ x>>14) & 0x0000cccc0000cccc
	x ^= t ^ t<<14
	t = (x ^ x>>28) & 0x00000000f0f0f0f0
	return x ^ t ^ t<<28
}

// halves lists in j.east the keys of the east half-boards on the given
// rows with no queen on a longest diagonal. An east half-board is a north
// quarter and a south quarter on complementary columns, whose diagonals
// do not meet. It polls p every halfPoll half-boards or so, and reports
// false if p said to stop.
func (j *joiner) halves(rows uint64, p *poller) bool {
	c := &j.eastQuarters
	north, south := c.lists(j, rows)
	j.east = j.east[:0]
	poll := halfPoll
	for _, nq := range north {
		at := 2 * int(j.full&^nq.cols) // east quarters have long 0
		j.east = pairs(j.east, nq.key, south[c.start[at]:c.start[at+1]])
		if len(j.east) >= poll {
			if p.stopped() {
				return false
			}
			poll = len(j.east) + halfPoll
		}
	}
	return true
}

// queries lists in j.west the keys of the west half-boards on the given
// rows, by how many queens they have on a longest diagonal; those with
// none only if plain is set. It polls p every halfPoll half-boards or so,
// and reports false if p said to stop.
func (j *joiner) queries(rows uint64, plain bool, p *poller) bool {
	c := &j.westQuarters
	north, south := c.lists(j, rows)
	for k := range j.west {
		j.west[k] = j.west[k][:0]
	}
	listed, poll := 0, halfPoll
	for _, nq := range north {
		at := 2 * int(j.full&^nq.cols)
		for l := range 2 {
			k := nq.long + l
			if k == 0 && !plain {
				continue
			}
			before := len(j.west[k])
			j.west[k] = pairs(j.west[k], nq.key, south[c.start[at+l]:c.start[at+l+1]])
			listed += len(j.west[k]) - before
		}
		if listed >= poll {
			if p.stopped() {
				return false
			}
			poll = listed + halfPoll
		}
	}
	return true
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

// halfPoll is how many half-boards halves lists between two polls: a
// fraction of a millisecond.
const halfPoll = 1 << 12

// A quarter places queens on some rows of the north or the south half of
// the board, in the east columns, none attacking another.
type quarter struct {
	cols uint64 // the east columns taken, bit col-m
	// key holds the diagonals taken, as a half-board's key does. A north
	// and a south quarter meet on a diagonal exactly when their keys do:
	// the diagonals both can take are in the keys, and of the longest
	// only a north queen takes row+col = n-1, a south one row = col.
	key  uint64
	long int // 1 if a queen stands on a longest diagonal, else 0
}

// A quarterCache keeps the quarters of the rows of the last split asked
// for, north and south: the splits come in increasing order of rows, so
// their south rows, the high bits, change only now and then.
type quarterCache struct {
	// west is set for the quarters of west half-boards, listed as the east
	// ones they are the reflections of, their keys as queries; the east
	// ones are only those off the longest diagonals.
	west                 bool
	listed               bool
	northRows, southRows uint64 // the rows listed
	north, found         []quarter
	// south holds the keys of the south quarters in order of the columns
	// they take and then of long: those that take cols, with long l, are
	// south[start[2cols+l]:start[2cols+l+1]].
	south []uint64
	start []int
}

// lists returns the quarters of the north rows of rows, and the keys of
// those of its south rows.
func (c *quarterCache) lists(j *joiner, rows uint64) (north []quarter, south []uint64) {
	nr, sr := rows&j.full, rows>>j.m
	if !c.listed || nr != c.northRows {
		c.north = j.quartersOn(0, nr, c.west, c.north[:0])
		c.northRows = nr
	}
	if !c.listed || sr != c.southRows {
		c.found = j.quartersOn(j.m, sr, c.west, c.found[:0])
		// A counting sort by columns and long.
		if len(c.start) != 2<<j.m+1 {
			c.start = make([]int, 2<<j.m+1)
		}
		clear(c.start)
		for _, q := range c.found {
			c.start[2*q.cols+uint64(q.long)+1]++
		}
		for i := 1; i < len(c.start); i++ {
			c.start[i] += c.start[i-1]
		}
		c.south = slices.Grow(c.south[:0], len(c.found))[:len(c.found)]
		next := c.start[:len(c.start)-1]
		for _, q := range c.found {
			at := 2*q.cols + uint64(q.long)
			c.south[next[at]] = q.key
			next[at]++
		}
		// next, which is start, moved each entry to its span's end: move
		// it back by one span.
		copy(c.start[1:], c.start[:len(c.start)-1])
		c.start[0] = 0
		c.southRows = sr
	}
	c.listed = true
	return c.north, c.south
}

// quartersOn appends to list every quarter with a queen on each of the
// rows of the half whose first row is first (bit i: row first+i) and on
// no other row: as quarters of west half-boards, or, with west unset, of
// east ones, with no queen on a longest diagonal.
func (j *joiner) quartersOn(first int, rows uint64, west bool, list []quarter) []quarter {
	var rs [MaxN/2 + 1]int
	k := 0
	for r := rows; r != 0; r &= r - 1 {
		rs[k] = first + bits.TrailingZeros64(r)
		k++
	}
	rs[k] = rs[max(k-1, 0)] // after the last row, no step down
	return j.quarterPlace(rs[:k+1], 0, 0, 0, 0, 0, west, list)
}

// quarterPlace appends the quarters that go on from the columns taken,
// cols, with a queen on each row of rows but the last, which is only the
// end of the last step down. Bit i of down and up is set when column m+i
// of the row rows[0] lies on a diagonal taken, row+col and row-col: as in
// the bitwise method, one step down a row moves the first by one column
// west and the second east, so a step of k rows shifts them by k. key and
// long are the quarter's so far.
func (j *joiner) quarterPlace(rows []int, cols, down, up, key uint64, long int, west bool, list []quarter) []quarter {
	if len(rows) == 1 {
		return append(list, quarter{cols: cols, key: key, long: long})
	}
	r, step := rows[0], rows[1]-rows[0]
	free := j.full &^ (cols | down | up)
	if !west {
		free &^= j.longCols[r]
	}
	cells := j.cells[r*j.m:][:j.m]
	for ; free != 0; free &= free - 1 {
		bit := free & -free // x & -x keeps only the lowest set bit
		c := &cells[bits.TrailingZeros64(free)]
		k := c.east
		if west {
			k = c.west
		}
		list = j.quarterPlace(rows[1:], cols|bit, (down|bit)>>step, (up|bit)<<step, key|k, long+c.long, west, list)
	}
	return list
}

// key returns the diagonals of an east half-board that a west one can
// also occupy, from m to 3m-2 of each kind but the longest, n-1, in one
// word: the diagonals row+col low, the others above; and how many queens
// it has on the longest diagonals. As a query, a west half-board's: the
// reflection swaps the two kinds.
func (j *joiner) key(d, a uint64, query bool) (key uint64, long int) {
	// The longest diagonal of each kind is bit m-1 of its part of the key.
	dk, ak := d>>j.m, a>>j.m
	if query {
		dk, ak = ak, dk
	}
	long = int(dk>>(j.m-1)&1 + ak>>(j.m-1)&1)
	low, high := fullRow(j.m-1), fullRow(j.m-1)<<j.m // the diagonals around bit m-1
	half := 2*j.m - 2
	return dk&low | dk&high>>1 | (ak&low|ak&high>>1)<<half, long
}
