package join

import (
	"slices"

	"github.com/gonqueens/nqueens/internal/poll"
)

// The listing of the half-boards of a side of a split: each north
// quarter ORed with the south quarters of its span whose diagonals do
// not meet its own, a batch of spans at a time.

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

// list lists in out the tagged keys of the half-boards of l from l.at
// on whose bits from shift up are in rg, up to most of them in each of
// out, and moves l.at to where it stopped; more reports whether
// half-boards may be left. A half-board is a north quarter and a south
// quarter on complementary columns, whose diagonals do not meet: l.south
// holds the keys of the south quarters by their columns and onLongest.
// The spans of south quarters that the north quarters meet are gathered
// spanBatch at a time, and their half-boards listed at once (pairs). Those
// with k queens on a longest diagonal go to out[k] if byTag, else all to
// out[0]. It polls p after each batch, and reports false if p said to
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
		for ; at.north < len(north) && gathered < spanBatch; at.north++ {
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

// spanBatch is the most spans of south quarters that list gathers before
// it lists their half-boards.
const spanBatch = 1 << 10

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
