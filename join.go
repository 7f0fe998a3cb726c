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
// halves. The splits R, its complement, and their reflections top to
// bottom count the same, so one split of each such set is counted, times
// the size of the set. A pair is counted without a loop over pairs: the
// east half-boards of a split are laid out by diagonal, bit i of word w
// set when half-board 64w+i holds that diagonal, and merged into tables of
// 8 diagonals each; a west half-board then finds the east ones it clashes
// with by one OR of a table row per 8 diagonals, and the rest by a
// popcount.

// A joinSplit is a split of the board's rows, with the number of splits
// it stands for.
type joinSplit struct {
	rows   uint64 // the rows whose queen stands in the east half
	weight uint64
}

// joinSplits returns one split of each set that reflections and taking
// the complement map onto each other, in increasing order of rows, with
// the size of its set: for n = 18, 12,190 of C(18, 9) = 48,620. It gives
// up with ctx.Err() once ctx is done: there are millions beyond n = 24.
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
		if r <= c && r <= rr && r <= rc {
			// The set is {r, c, rr, rc}; c is never r, nor rr rc.
			weight := uint64(2)
			if rr != r && rr != c {
				weight = 4
			}
			splits = append(splits, joinSplit{rows: r, weight: weight})
		}
		low := r & -r // x & -x keeps only the lowest set bit
		ripple := r + low
		r = ripple | ((r^ripple)>>2)/low
	}
	return splits, nil
}

// reverseRows returns the rows of r turned upside down on the n×n board.
func reverseRows(r uint64, n int) uint64 { return bits.Reverse64(r) >> (64 - n) }

// A table of a join merges the rows of wideChunk diagonals, 256 rows, for
// a split with many west half-boards to query it, and of narrowChunk, 64
// rows, for one with few, where building the table would cost more than
// the queries save: a query costs a row a table, building a table costs
// a row a value. maxJoinChunks bounds the tables of a key.
const (
	wideChunk     = 8
	narrowChunk   = 6
	maxJoinChunks = 8
)

// chunkWidth returns the width of the tables for queries west half-boards
// against words words of east ones, with the most tables the kernels take.
func (j *joiner) chunkWidth(west int) int {
	narrow := (j.keyBits + narrowChunk - 1) / narrowChunk
	wide := (j.keyBits + wideChunk - 1) / wideChunk
	if narrow > maxJoinChunks {
		return wideChunk
	}
	// Both costs in rows of words: building the tables and the queries.
	if narrow<<narrowChunk+west*narrow < wide<<wideChunk+west*wide {
		return narrowChunk
	}
	return wideChunk
}

// A joiner counts the splits of one board with scratch space it keeps.
type joiner struct {
	n, m int
	full uint64 // the m east columns
	// The quarters of the east and of the west half-boards of the last
	// split counted.
	eastQuarters, westQuarters quarterCache
	east                       []uint64 // the keys of the east half-boards of a split
	west                       []uint64 // the keys of the west half-boards, as queries
	tables                     []uint64
	// keyBits is how many diagonals the keys hold: those that both halves
	// can occupy, 2m-1 of each kind.
	keyBits int
}

// maxJoinN is the largest board a joiner takes: its keys hold 2(n-1)
// diagonals, and the key bits of a queen come from masks of 2n-1, in 64
// bits.
const maxJoinN = 32

func newJoiner(n int) *joiner {
	m := n / 2
	return &joiner{n: n, m: m, full: fullRow(m), keyBits: 2 * (2*m - 1)}
}

// count returns the solutions of the split, times its weight. It polls p
// between queries, and reports false if p said to stop.
func (j *joiner) count(s joinSplit, p *poller) (uint64, bool) {
	var ok bool
	if j.east, ok = j.halves(s.rows, j.east[:0], &j.eastQuarters, false, p); !ok || len(j.east) == 0 {
		return 0, ok
	}
	if j.west, ok = j.halves(fullRow(j.n)&^s.rows, j.west[:0], &j.westQuarters, true, p); !ok {
		return 0, false
	}
	count, ok := j.match(p)
	return count * s.weight, ok
}

// match returns the number of pairs of an east key and a west key with no
// bit in common, polling p between queries; it reports false if p said to
// stop.
func (j *joiner) match(p *poller) (uint64, bool) {
	width := j.chunkWidth(len(j.west))
	j.lay(width)
	words := (len(j.east) + 63) / 64
	chunks := (j.keyBits + width - 1) / width
	var count uint64
	var rows [maxJoinChunks][]uint64
	for q, key := range j.west {
		if q%256 == 255 && p.stopped() {
			return 0, false
		}
		// The row of value 0 is empty: a chunk of no diagonal clashes
		// with nothing.
		for c := range chunks {
			v := int(key>>(c*width)) & (1<<width - 1)
			rows[c] = j.tables[(c<<width+v)*words:][:words]
		}
		count += uint64(len(j.east) - clashes(rows[:chunks]))
	}
	return count, true
}

// clashesGo returns the number of bits set in the OR of rows, all of one
// length, in one pass over them; the common numbers of rows have a loop of
// their own, with no bounds check. It is clashes wherever the assembly
// kernel does not run.
func clashesGo(rows [][]uint64) int {
	n := 0
	switch len(rows) {
	case 4:
		a := rows[0]
		b, c, d := rows[1][:len(a)], rows[2][:len(a)], rows[3][:len(a)]
		for w := range a {
			n += bits.OnesCount64(a[w] | b[w] | c[w] | d[w])
		}
	case 5:
		a := rows[0]
		b, c, d, e := rows[1][:len(a)], rows[2][:len(a)], rows[3][:len(a)], rows[4][:len(a)]
		for w := range a {
			n += bits.OnesCount64(a[w] | b[w] | c[w] | d[w] | e[w])
		}
	case 6:
		a := rows[0]
		b, c, d, e, f := rows[1][:len(a)], rows[2][:len(a)], rows[3][:len(a)], rows[4][:len(a)], rows[5][:len(a)]
		for w := range a {
			n += bits.OnesCount64(a[w] | b[w] | c[w] | d[w] | e[w] | f[w])
		}
	default:
		for w := range rows[0] {
			var x uint64
			for _, r := range rows {
				x |= r[w]
			}
			n += bits.OnesCount64(x)
		}
	}
	return n
}

// lay builds the tables of the east half-boards: for chunk c of width
// diagonals and value v of them, the half-boards that hold any diagonal of
// v.
func (j *joiner) lay(width int) {
	words := (len(j.east) + 63) / 64
	chunks := (j.keyBits + width - 1) / width
	size := chunks << width * words
	if cap(j.tables) < size {
		j.tables = make([]uint64, size)
	}
	j.tables = j.tables[:size]
	for c := range chunks {
		t := j.tables[c<<width*words:][:1<<width*words]
		clear(t[:words]) // value 0: no diagonal, no clash
		for b := range width {
			clear(t[words<<b:][:words])
		}
		for i, key := range j.east {
			for v := int(key>>(c*width)) & (1<<width - 1); v != 0; v &= v - 1 {
				one := 1 << bits.TrailingZeros(uint(v))
				t[one*words+i/64] |= 1 << (i % 64)
			}
		}
		// A value of several diagonals is its lowest one's row OR the rest's.
		for v := 3; v < 1<<width; v++ {
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

// halves appends the keys of the east half-boards on the given rows to
// keys, listing their quarters in c: as east half-boards, or, with query
// set, as the west half-boards they are the reflections of. An east
// half-board is a north quarter and a south quarter on complementary
// columns, whose diagonals do not meet. It polls p every halfPoll
// half-boards, and reports false if p said to stop.
func (j *joiner) halves(rows uint64, keys []uint64, c *quarterCache, query bool, p *poller) ([]uint64, bool) {
	north, south := c.lists(j, rows)
	for _, nq := range north {
		rest := j.full &^ nq.cols
		for _, sq := range south[c.start[rest]:c.start[rest+1]] {
			if nq.d&sq.d != 0 || nq.a&sq.a != 0 {
				continue
			}
			keys = append(keys, j.key(nq.d|sq.d, nq.a|sq.a, query))
			if len(keys)%halfPoll == 0 && p.stopped() {
				return keys, false
			}
		}
	}
	return keys, true
}

// halfPoll is how many half-boards halves lists between two polls: a
// fraction of a millisecond.
const halfPoll = 1 << 12

// A quarter places queens on some rows of the north or the south half of
// the board, in the east columns, none attacking another.
type quarter struct {
	cols uint64 // the east columns taken, bit col-m
	d, a uint64 // the diagonals taken, bit row+col and row-col+n-1
}

// A quarterCache keeps the quarters of the rows of the last split asked
// for, north and south: the splits come in increasing order of rows, so
// their south rows, the high bits, change only now and then.
type quarterCache struct {
	listed               bool
	northRows, southRows uint64 // the rows listed
	north, south, found  []quarter
	// south is in order of the columns its quarters take: those that take
	// cols are south[start[cols]:start[cols+1]].
	start []int
}

// lists returns the quarters of the north and the south rows of rows.
func (c *quarterCache) lists(j *joiner, rows uint64) (north, south []quarter) {
	nr, sr := rows&j.full, rows>>j.m
	if !c.listed || nr != c.northRows {
		c.north = j.quartersOn(0, nr, c.north[:0])
		c.northRows = nr
	}
	if !c.listed || sr != c.southRows {
		c.found = j.quartersOn(j.m, sr, c.found[:0])
		// A counting sort by columns.
		if len(c.start) != 1<<j.m+1 {
			c.start = make([]int, 1<<j.m+1)
		}
		clear(c.start)
		for _, q := range c.found {
			c.start[q.cols+1]++
		}
		for i := 1; i < len(c.start); i++ {
			c.start[i] += c.start[i-1]
		}
		c.south = slices.Grow(c.south[:0], len(c.found))[:len(c.found)]
		next := c.start[:len(c.start)-1]
		for _, q := range c.found {
			c.south[next[q.cols]] = q
			next[q.cols]++
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
// no other row.
func (j *joiner) quartersOn(first int, rows uint64, list []quarter) []quarter {
	var rs [MaxN / 2]int
	k := 0
	for r := rows; r != 0; r &= r - 1 {
		rs[k] = first + bits.TrailingZeros64(r)
		k++
	}
	return j.quarterPlace(rs[:k], quarter{}, list)
}

// quarterPlace appends the quarters that go on from q with a queen on
// each of rows.
func (j *joiner) quarterPlace(rows []int, q quarter, list []quarter) []quarter {
	if len(rows) == 0 {
		return append(list, q)
	}
	r := rows[0]
	for free := j.full &^ q.cols; free != 0; free &= free - 1 {
		col := j.m + bits.TrailingZeros64(free)
		d, a := uint64(1)<<(r+col), uint64(1)<<(r-col+j.n-1)
		if q.d&d == 0 && q.a&a == 0 {
			list = j.quarterPlace(rows[1:], quarter{q.cols | 1<<(col-j.m), q.d | d, q.a | a}, list)
		}
	}
	return list
}

// key returns the diagonals of an east half-board that a west one can
// also occupy, from m to 3m-2 of each kind, in one word: the diagonals
// row+col low, the others above. As a query, a west half-board's: the
// reflection swaps the two kinds.
func (j *joiner) key(d, a uint64, query bool) uint64 {
	span := 2*j.m - 1
	dk, ak := d>>j.m&fullRow(span), a>>j.m&fullRow(span)
	if query {
		dk, ak = ak, dk
	}
	return dk | ak<<span
}
