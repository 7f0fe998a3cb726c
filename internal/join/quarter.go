package join

import (
	"fmt"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/gonqueens/nqueens/internal/poll"

	"github.com/gonqueens/nqueens/internal/board"
)

// The quarters of the join, and their cache. An east or a west half-board
// is a north quarter, its queens on the rows of the north half, and a
// south quarter on the complementary columns of the same side; the
// quarters of each set of rows are listed by a search, and kept while the
// splits that share those rows come one after another. A halfListing
// holds the quarters of a side and where the listing of its half-boards
// (list.go) stands.

// A quarter places queens on some rows of the north or the south half of
// a side, none attacking another.
type quarter struct {
	// key holds the diagonals taken that queens of another quarter can
	// take, as a half-board's key does.
	key       uint64
	cols      uint32 // the side's columns taken
	onLongest int32  // the queens on a longest diagonal, as cell.onLongest counts them
}

// A quarterLister lists the quarters of a board's sides, m columns each,
// for one worker.
type quarterLister struct {
	m int
	// maxQuarters is the most quarters a list may hold within the count's
	// memory limit.
	maxQuarters int
	// poll is where place learns to stop, every listPoll tries; halted,
	// that it did, and err why, if not for poll: a list of quarters too
	// long.
	poll   *poll.Poller
	tries  int
	halted bool
	err    error
	// counting says to count the quarters in counted, and list none;
	// keying, to append each quarter's tagged key to keys and its columns
	// to cols, as south quarters are kept, and not to the list.
	counting bool
	counted  int
	keying   bool
	keys     []uint64
	cols     []uint16
	// colsAt is tally's index of a list's columns: 1 + the index in its
	// tally of the columns c at colsAt[c], 0 for none yet.
	colsAt []int32
}

// A colsTally is how many quarters of a list take the columns cols.
type colsTally struct {
	cols uint32
	n    int32
}

// tally appends to out each of the columns that the quarters of list
// take, once, with how many take them, and returns it: the columns of a
// side have at most 2^m values, and a list's quarters take far fewer
// than it holds.
func (l *quarterLister) tally(list []quarter, out []colsTally) []colsTally {
	if l.colsAt == nil {
		l.colsAt = make([]int32, 1<<l.m)
	}
	for _, q := range list {
		at := l.colsAt[q.cols]
		if at == 0 {
			out = append(out, colsTally{cols: q.cols})
			at = int32(len(out))
			l.colsAt[q.cols] = at
		}
		out[at-1].n++
	}
	for _, c := range out {
		l.colsAt[c.cols] = 0
	}
	return out
}

// listPoll is how many squares a quarterLister tries, or north quarters a
// joiner lists, between two polls: a fraction of a millisecond.
const listPoll = 1 << 12

// on appends to list every quarter of side s with a queen on each of rows
// and on no other row. It polls p every listPoll squares it tries, and
// reports false if p said to stop or the list outgrew l.maxQuarters.
func (l *quarterLister) on(s *sideLayout, rows uint64, list []quarter, p *poll.Poller) ([]quarter, bool) {
	var rs [board.MaxN/2 + 1]int
	k := 0
	for r := rows; r != 0; r &= r - 1 {
		rs[k] = bits.TrailingZeros64(r)
		k++
	}
	rs[k] = rs[max(k-1, 0)] // after the last row, no step down
	l.poll, l.halted, l.err = p, false, nil
	list = l.place(s, rs[:k+1], 0, 0, 0, 0, 0, list)
	return list, !l.halted
}

// count returns the number of quarters of side s with a queen on each of
// rows and on no other row, listing none. It polls p every listPoll
// squares tried, and reports false if p said to stop.
func (l *quarterLister) count(s *sideLayout, rows uint64, p *poll.Poller) (int, bool) {
	l.counting, l.counted = true, 0
	_, ok := l.on(s, rows, nil, p)
	l.counting = false
	return l.counted, ok
}

// place appends the quarters of side s that go on from the columns taken,
// cols, with a queen on each row of rows but the last, which is only the
// end of the last step down. Bit i of down and up is set when column
// base+i of the row rows[0] lies on a diagonal taken, row+col and
// row-col: as in the bitwise method, one step down a row moves the first
// by one column west and the second east, so a step of k rows shifts them
// by k. key and onLongest are the quarter's so far. It sets l.halted, and
// gives up, if l.poll says to stop.
func (l *quarterLister) place(s *sideLayout, rows []int, cols, down, up, key uint64, onLongest int, list []quarter) []quarter {
	// Polled by squares tried, not quarters found: a search can try
	// many squares for few quarters.
	if l.tries++; l.tries%listPoll == 0 && l.poll.Stopped() {
		l.halted = true
	}
	if len(rows) == 1 { // no row: the quarter of no queen
		return l.add(list, quarter{key: key, cols: uint32(cols), onLongest: int32(onLongest)})
	}
	r, step := rows[0], rows[1]-rows[0]
	cells := s.cells[r*l.m:][:l.m]
	free := s.cols &^ (cols | down | up | s.forbid[r])
	if len(rows) == 3 { // the last two rows, the last without a call
		last := s.cells[rows[1]*l.m:][:l.m]
		next := s.cols &^ (cols | s.forbid[rows[1]])
		for ; free != 0 && !l.halted; free &= free - 1 {
			if l.tries++; l.tries%listPoll == 0 && l.poll.Stopped() {
				l.halted = true
			}
			bit := free & -free
			c := &cells[bits.TrailingZeros64(free)]
			// A queen on bit takes its column on the last row, and its
			// diagonals there step rows away.
			list = l.lastRow(list, last, next&^(bit|(down|bit)>>step|(up|bit)<<step), key|c.key, cols|bit, onLongest+c.onLongest)
		}
		return list
	}
	if len(rows) == 2 {
		return l.lastRow(list, cells, free, key, cols, onLongest)
	}
	for ; free != 0 && !l.halted; free &= free - 1 {
		bit := free & -free
		c := &cells[bits.TrailingZeros64(free)]
		list = l.place(s, rows[1:], cols|bit, (down|bit)>>step, (up|bit)<<step, key|c.key, onLongest+c.onLongest, list)
	}
	return list
}

// lastRow appends the quarters that go on from key, cols and onLongest
// with a queen on a square of free on the last row, whose cells are
// cells: each free square ends a quarter. If l is counting, it counts
// them instead.
func (l *quarterLister) lastRow(list []quarter, cells []cell, free, key, cols uint64, onLongest int) []quarter {
	if l.counting {
		l.counted += bits.OnesCount64(free)
		return list
	}
	for ; free != 0 && !l.halted; free &= free - 1 {
		bit := free & -free // x & -x keeps only the lowest set bit
		c := &cells[bits.TrailingZeros64(free)]
		list = l.add(list, quarter{key: key | c.key, cols: uint32(cols | bit), onLongest: int32(onLongest + c.onLongest)})
	}
	return list
}

// add appends q to list, or to l.keys and l.cols if l is keying, or
// counts it if l is counting; past l.maxQuarters it sets l.err and
// l.halted, and appends nothing.
func (l *quarterLister) add(list []quarter, q quarter) []quarter {
	if l.counting || l.keying || len(list) >= l.maxQuarters {
		l.keep(q)
		return list
	}
	return append(list, q)
}

// keep appends q to l.keys and l.cols if l is keying, and else skips it.
func (l *quarterLister) keep(q quarter) {
	if !l.keying || len(l.keys) >= l.maxQuarters {
		l.skip()
		return
	}
	l.keys = append(l.keys, q.key|uint64(q.onLongest)<<tagShift)
	l.cols = append(l.cols, uint16(q.cols))
}

// onKeys appends to keys the tagged key of every quarter of side s with a
// queen on each of rows and on no other row, and to cols the columns it
// takes, as on lists them; their own 10 bytes a quarter, where a quarter
// listed takes 16.
func (l *quarterLister) onKeys(s *sideLayout, rows uint64, keys []uint64, cols []uint16, p *poll.Poller) ([]uint64, []uint16, bool) {
	l.keying, l.keys, l.cols = true, keys, cols
	_, ok := l.on(s, rows, nil, p)
	keys, cols = l.keys, l.cols
	l.keying, l.keys, l.cols = false, nil, nil
	return keys, cols, ok
}

// skip counts a quarter that add does not append: counted, or one past
// l.maxQuarters.
func (l *quarterLister) skip() {
	if l.counting {
		l.counted++
		return
	}
	l.err = fmt.Errorf("%w: a list of more than %d quarters, which the limit has no room for", ErrMemory, l.maxQuarters)
	l.halted = true
}

// A quarterCache keeps the quarters of a side on the rows of the last
// split asked for, north and south: the splits come in increasing order
// of rows, so their south rows, the high bits, change only now and then.
type quarterCache struct {
	// byRows, on boards of halves of at most cachedHalf rows, keeps the
	// north quarters of every set of rows listed, at byRows[rows], for
	// every joiner of the board: the north rows of the splits change from
	// one split to the next.
	byRows []atomic.Pointer[northList]
	// The rows listed, and whether each list is whole: a list that a stop
	// cut short is listed again.
	northRows, southRows     uint64
	northListed, southListed bool
	north, found             []quarter
	// southCols is the columns of each key of south while they are sorted.
	southCols []uint16
	// northCols is the tally of north's columns.
	northCols []colsTally
	// south holds the keys of the south quarters, tagged with onLongest
	// (tagShift), in order of the columns they take and then of
	// onLongest: those that take cols, with onLongest l, are
	// south[start[2cols+l]:start[2cols+l+1]].
	south []uint64
	start []int
	// next and sorted are sortSouth's scratch: where each span's next
	// key goes, and the keys sorted.
	next   []int
	sorted []uint64
	// order is the order of the keys of south (order.go).
	order [64]uint8
}

// mapTo returns where the bits of the keys of c's south quarters go in
// the order to: bit c.order[i] of a key in c's order is bit i in the
// board's, which to puts at to[i].
func (c *quarterCache) mapTo(to *[64]uint8) (m [64]uint8) {
	for i, at := range c.order {
		m[at] = to[i]
	}
	return m
}

// A northList is the north quarters of a side on a set of rows, and the
// tally of their columns.
type northList struct {
	quarters []quarter
	cols     []colsTally
}

// cachedHalf is the most rows of a half whose quarters a board keeps for
// every set of north rows: for n = 18, 1.4 million quarters of 16 bytes
// over both sides, and 8 times more with each row.
const cachedHalf = 9

// lists returns the quarters of side s on the north rows nr, and the keys
// of those on its south rows sr, listed by l. It polls p every listPoll
// squares tried, and reports false if p said to stop or l failed.
func (c *quarterCache) lists(l *quarterLister, s *sideLayout, nr, sr uint64, p *poll.Poller) (north []quarter, south []uint64, ok bool) {
	switch {
	case c.byRows != nil:
		kept := c.byRows[nr].Load()
		if kept == nil {
			// Listed in c.found, and kept in a copy of its length: no
			// garbage of its growth.
			found, ok := l.on(s, nr, c.found[:0], p)
			if !ok {
				return nil, nil, false
			}
			c.found = found
			list := &northList{quarters: slices.Clone(found), cols: l.tally(found, nil)}
			// Another joiner may have kept the same list meanwhile.
			c.byRows[nr].CompareAndSwap(nil, list)
			kept = c.byRows[nr].Load()
		}
		c.north, c.northCols = kept.quarters, kept.cols
	case !c.northListed || nr != c.northRows:
		c.northListed = false
		if c.north, ok = l.on(s, nr, c.north[:0], p); !ok {
			return nil, nil, false
		}
		c.northCols = l.tally(c.north, c.northCols[:0])
		c.northRows, c.northListed = nr, true
	}
	if !c.southListed || sr != c.southRows {
		c.southListed = false
		if c.south, c.southCols, ok = l.onKeys(s, sr, c.south[:0], c.southCols[:0], p); !ok {
			return nil, nil, false
		}
		c.sortSouth(l.m)
		c.southRows, c.southListed, c.order = sr, true, identity
	}
	return c.north, c.south, true
}

// sortSouth sorts the keys of c.south by the columns they take, in
// c.southCols, and then by onLongest, their tag, as c.start says, m the
// columns of a side: a counting sort, as sortedKeys.sort is of keys by
// their top bits, each computing its own values in its loops (one
// generic sort would call for a value through a dictionary, which costs
// the keys' sort 12% of a shard of n = 22). Up to inPlaceFrom keys, it
// sorts them into c.sorted and back; from there, in place, so that the
// longest lists take no second list.
func (c *quarterCache) sortSouth(m int) {
	spans := 2 << m
	c.start = slices.Grow(c.start[:0], spans+1)[:spans+1]
	clear(c.start)
	keys, cols := c.south, c.southCols[:len(c.south)]
	for i, k := range keys {
		c.start[2*int(cols[i])+int(k>>tagShift)+1]++
	}
	for i := 1; i <= spans; i++ {
		c.start[i] += c.start[i-1]
	}
	// next[b] is where the next key of span b goes.
	next := slices.Grow(c.next[:0], spans)[:spans]
	copy(next, c.start[:spans])
	c.next = next
	if len(keys) < inPlaceFrom {
		sorted := slices.Grow(c.sorted[:0], len(keys))[:len(keys)]
		for i, k := range keys {
			at := 2*int(cols[i]) + int(k>>tagShift)
			sorted[next[at]] = k
			next[at]++
		}
		copy(keys, sorted)
		c.sorted = sorted
		return
	}
	// In place: the keys before next[b] of span b are in place. Each key
	// out of place is swapped into its span's next place, and the one
	// there taken in its stead, until the key that comes is span b's.
	for b := range spans {
		end := c.start[b+1]
		for i := next[b]; i < end; i = next[b] {
			k, col := keys[i], cols[i]
			for at := 2*int(col) + int(k>>tagShift); at != b; at = 2*int(col) + int(k>>tagShift) {
				to := next[at]
				next[at]++
				keys[to], k = k, keys[to]
				cols[to], col = col, cols[to]
			}
			keys[i] = k
			next[b]++
		}
	}
}

// inPlaceFrom is the fewest south quarters that sortSouth sorts in
// place: a sort into a second list took 4% of a shard of n = 22 where one
// in place took 9%, and a list of that length costs its second list 8
// MiB.
const inPlaceFrom = 1 << 20

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

// spans returns the spans of south quarters that l lists with a north
// quarter with on queens on a longest diagonal, from[on] to to[on] (none
// if equal), and the most queens on a longest diagonal of a half-board
// listed. Such a north quarter makes half-boards with on of them with
// its span of south quarters with none, and with on+1 with that of those
// with one, next to each other; those of weights 0 are not listed.
func (l *halfListing) spans() (from, to [3]int, last int) {
	for on := range from {
		from[on], to[on] = 2, 0
		for span := range 2 {
			if k := on + span; k < len(l.weights) && l.weights[k] != 0 {
				from[on], to[on], last = min(from[on], span), span+1, max(last, k)
			}
		}
		from[on] = min(from[on], to[on])
	}
	return from, to, last
}

// A cursor is where a halfListing stands: at the north quarter north,
// and the start'th of the south quarters it is listed with.
type cursor struct{ north, start int }
