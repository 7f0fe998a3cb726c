package join

import (
	"slices"

	"github.com/gonqueens/nqueens/internal/poll"
)

// The listing of the half-boards of a side of a split: each north
// quarter ORed with the south quarters of its span whose diagonals do
// not meet its own, a batch of spans at a time.

// list lists in out the tagged keys of the half-boards of l from l.at
// on whose bits from shift up are in rg, up to most of them in all, and
// moves l.at to where it stopped; more reports whether half-boards may
// be left. A half-board is a north quarter and a south quarter on
// complementary columns, whose diagonals do not meet: l.south holds the
// keys of the south quarters by their columns and onLongest. The spans
// of south quarters that the north quarters meet are gathered spanBatch
// at a time, and their half-boards listed at once (pairs). Those with k
// queens on a longest diagonal go to out[k] if byTag, else all to
// out[0]. It polls p after each batch, and reports false if p said to
// stop.
func (j *Joiner) list(l *halfListing, shift int, rg valueRange, most int, out *[3][]uint64, byTag bool, p *poll.Poller) (more, ok bool) {
	s, start := &j.board.keys.sides[l.side], j.quarters[l.side].start
	every := rg.lo == 0 && rg.hi<<shift >= 1<<j.board.keys.keyBits // no key is left out
	north, south := l.north, l.south
	from, to, last := l.spans()
	// The keys go to out[0], dealt out by tag on return if byTag; the
	// buffer is held here and not in the joiner while it grows.
	keys := out[0][:0]
	defer func() {
		out[0], out[1], out[2] = keys, out[1][:0], out[2][:0]
		if byTag && last > 0 { // else every key's tag is 0
			dealByTag(out)
		}
	}()
	j.spans.grow()
	spanKeys, bounds := j.spans.keys, j.spans.bounds
	at := l.at
	for at.north < len(north) {
		// Gather spans while the buffer has room for all of their pairs,
		// and cut the span that would overflow it.
		room := most - len(keys)
		gathered, full, batchRoom := 0, false, room
		for ; at.north < len(north) && gathered < spanBatch; at.north++ {
			nq := north[at.north]
			first := 2 * int(s.cols&^uint64(nq.cols))
			begin, hi := start[first+from[nq.onLongest]], start[first+to[nq.onLongest]]
			lo := begin + at.start
			at.start = 0
			// A span is written always, and kept if it is not empty: no
			// branch to mispredict.
			t := 1
			if lo >= hi {
				t = 0
			}
			if (hi-lo)*t >= room { // room > 0: a kept span that fills the buffer
				hi, full = lo+room, true
				at.start = hi - begin
			}
			spanKeys[gathered] = j.northKey(nq) | northTags[nq.onLongest]
			bounds[2*gathered], bounds[2*gathered+1] = uint32(lo), uint32(hi)
			gathered += t
			room -= (hi - lo) * t
			if full {
				break // at.north stays on the quarter cut
			}
		}
		if gathered > 0 {
			before := len(keys)
			keys = pairs(keys, &spanList{spanKeys[:gathered], bounds[:2*gathered]}, south, batchRoom-room, j.pairs)
			if !every {
				keys = keepIn(keys, before, shift, rg)
			}
		}
		if len(keys) == most {
			l.at = at
			return true, true
		}
		if p.Stopped() {
			return false, false
		}
	}
	l.at = cursor{north: len(north)}
	return false, true
}

// dealByTag moves the keys of out[0] with tag k to out[k], in their
// order.
func dealByTag(out *[3][]uint64) {
	keys := out[0]
	one := slices.Grow(out[1][:0], len(keys))[:len(keys)]
	two := slices.Grow(out[2][:0], len(keys))[:len(keys)]
	n0, n1, n2 := 0, 0, 0
	for _, key := range keys {
		// Each key is written to all three lists, over a key already
		// moved or itself, and kept in its tag's: no branch to
		// mispredict.
		keys[n0], one[n1], two[n2] = key, key, key
		// Tag k is 0, 1 or 2: k-1 wraps around to set its top bit only
		// for 0, and k's two bits are 1 and 2.
		k := tagOf(key)
		n0 += int(uint(k-1) >> 63)
		n1 += k & 1
		n2 += k >> 1
	}
	out[0], out[1], out[2] = keys[:n0], one[:n1], two[:n2]
}

// pairs appends to keys the keys of the half-boards of the spans of sp
// over south, which hold most south quarters in all: each north
// quarter's key ORed with each key of its span with no bit in common, as
// their diagonals do not meet; with the kernel kind of archPairs, or
// with pairsGo for -1.
func pairs(keys []uint64, sp *spanList, south []uint64, most, kind int) []uint64 {
	n := len(keys)
	// The kernels write whole vectors: room for 8 keys more.
	keys = slices.Grow(keys, most+8)
	out := keys[n : n+most+8]
	var listed int
	if kind >= 0 {
		listed = archPairs[kind].run(out, sp.keys, sp.bounds, south)
	} else {
		listed = pairsGo(out, sp.keys, sp.bounds, south)
	}
	return keys[:n+listed]
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
