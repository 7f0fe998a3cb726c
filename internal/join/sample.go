package join

import (
	"math"

	"github.com/gonqueens/nqueens/internal/poll"
)

// The sieve's bits, chosen on a sample of the split's own pairs. The
// order of the squares (splitOrder) puts first the diagonals that the
// most squares of both sides take, and its first bits are the ones that
// clash the most. Below them it chooses worse: two diagonals that the
// same queens tend to take clash on the same pairs, and the second of
// them, as a sieve's bit, keeps most of the pairs that the first kept. So
// a sieved split takes its sieve's bits one at a time, each the one that
// removes the most pairs of a sample that the bits before it kept, and
// puts them on top of its keys, in that order; the other diagonals keep
// the order of the squares. The order changes no count, only which pairs
// a bucket meets: the join examined 0.92 times the pairs of the order of
// the squares at a shard of 22, 0.79 at one of 24 and 0.60 at one of 26
// (docs/measurements.md).

// sieveOrder returns the order of the keys of the split of rows r that
// the sieve takes: that of its squares, to, with the bits the sieve may
// take on top, chosen on a sample of its half-boards, the east ones of e
// and the west ones of the split's lists. It sets j's order to to, and
// reports false if p said to stop.
func (j *Joiner) sieveOrder(r uint64, e *halfListing, to [64]uint8, p *poll.Poller) ([64]uint8, bool) {
	keyBits := j.board.keys.keyBits
	s := j.sieve.bits(j.bound(east, 1, math.MaxInt), keyBits)
	x, deep := j.sieve.below(s, keyBits, j.subBits)
	most := s + x + deep
	if most < 2 {
		return to, true
	}
	j.order.set(&to, keyBits)
	j.ordered = true
	j.reorder(&j.quarters[east])
	wNorth, wSouth, ok := j.quarterLists(west, j.board.rows()&^r, p)
	if !ok {
		return to, false
	}
	j.reorder(&j.quarters[west])
	sm := &j.sampler
	sm.eastKeys = j.sampleSide(east, e.north, e.south, sm.eastKeys[:0])
	sm.westKeys = j.sampleSide(west, wNorth, wSouth, sm.westKeys[:0])
	// The candidates: the top bits of the squares' order, as many again
	// as the sieve may take, top first.
	var cands [64]uint8
	n := min(keyBits, 2*most)
	for i := range n {
		cands[i] = uint8(keyBits - 1 - i)
	}
	chosen := sm.choose(cands[:n], most)
	// The bits chosen go on top, in the order chosen; the others keep
	// theirs, below.
	var at [64]uint8
	var taken uint64
	for i, b := range chosen {
		at[b] = uint8(keyBits - 1 - i)
		taken |= 1 << b
	}
	next := keyBits - 1 - len(chosen)
	for b := keyBits - 1; b >= 0; b-- {
		if taken>>b&1 == 0 {
			at[b] = uint8(next)
			next--
		}
	}
	for d := range keyBits {
		to[d] = at[to[d]]
	}
	return to, true
}

// sampleSide appends to out about sampleKeys keys of the half-boards of
// side that its north quarters north and the south keys south make, in
// j's order: those of the pairs of a north quarter and a south quarter
// of its first span taken at even steps over all of them, whose
// diagonals do not meet, without their tags.
func (j *Joiner) sampleSide(side int, north []quarter, south []uint64, out []uint64) []uint64 {
	cols, start := j.board.keys.sides[side].cols, j.quarters[side].start
	total := 0
	for _, nq := range north {
		f := 2 * int(cols&^uint64(nq.cols))
		total += start[f+1] - start[f]
	}
	// About a third of the pairs of a span are kept.
	step := max(1, total/(3*sampleKeys))
	from := len(out)
	at := 0 // the next pair to take, counted over all spans
	seen := 0
	for _, nq := range north {
		f := 2 * int(cols&^uint64(nq.cols))
		lo, hi := start[f], start[f+1]
		if at < seen+hi-lo {
			key := j.northKey(nq)
			for i := lo + at - seen; i < hi; i += step {
				if k := south[i] << tagBits >> tagBits; k&key == 0 {
					out = append(out, k|key)
				}
				at += step
			}
		}
		seen += hi - lo
	}
	// Thin a sample that came out larger at even steps.
	if got := len(out) - from; got > sampleKeys {
		for i := range sampleKeys {
			out[from+i] = out[from+i*got/sampleKeys]
		}
		out = out[:from+sampleKeys]
	}
	return out
}
