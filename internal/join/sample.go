package join

import "math"

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
// a bucket meets: the join examined 0.91 times the pairs of the order of
// the squares at a shard of 22, 0.81 at one of 24 or 27 and 0.60 at one
// of 26 (docs/measurements.md).

// sampleNorth is about the most north quarters whose spans a sample
// takes pairs of: enough that the sample is not a few quarters'.
const sampleNorth = 256

// sieveOrder returns the order of the keys of a split to be sieved, of
// east half-boards e and west ones w, whose quarters are listed: that of
// its squares, to, with the bits that its sieve may take on top, chosen
// on a sample of its half-boards.
func (j *Joiner) sieveOrder(e, w *halfListing, to [64]uint8) [64]uint8 {
	if j.bound(east, 1, j.sampleFrom) < j.sampleFrom {
		return to
	}
	keyBits := j.board.keys.keyBits
	sm := &j.sampler
	var halves int
	sm.eastKeys, halves = j.sampleSide(e, to, sm.eastKeys[:0])
	if len(sm.eastKeys) == 0 {
		return to
	}
	// The sieve's bits, and those below, for the east half-boards that
	// the sample puts the split at.
	s := j.sieve.bits(halves, keyBits)
	x, deep := j.sieve.below(s, keyBits, j.subBits)
	most := s + x + deep
	if most < 2 {
		return to
	}
	sm.westKeys, _ = j.sampleSide(w, to, sm.westKeys[:0])
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
	var on uint64
	for i, b := range chosen {
		at[b] = uint8(keyBits - 1 - i)
		on |= 1 << b
	}
	next := keyBits - 1 - len(chosen)
	for b := keyBits - 1; b >= 0; b-- {
		if on>>b&1 == 0 {
			at[b] = uint8(next)
			next--
		}
	}
	for d := range keyBits {
		to[d] = at[to[d]]
	}
	return to
}

// sampleSide appends to out about sampleKeys keys of the half-boards
// that l lists, in the order to, without their tags: those of the pairs
// of a north quarter and a south quarter of the spans it lists whose
// diagonals do not meet, of every so many north quarters and every so
// many south quarters of each span, so that every pair is as likely to
// be taken. It returns them, and the half-boards that l lists, about:
// the pairs there are times the share of those taken that were kept. The
// keys are sampled in the order the side's south quarters are kept in,
// and those sampled alone mapped to to.
func (j *Joiner) sampleSide(l *halfListing, to [64]uint8, out []uint64) ([]uint64, int) {
	keyBits := j.board.keys.keyBits
	c := &j.quarters[l.side]
	cols, start := j.board.keys.sides[l.side].cols, c.start
	from, upTo, last := l.spans()
	// The pairs there are, by the tally of the north quarters' columns,
	// with the spans of a queen on a longest diagonal or not.
	pairs := j.bound(l.side, min(last+1, 2), math.MaxInt)
	if pairs == 0 || len(l.north) == 0 {
		return out, 0
	}
	// About sampleNorth north quarters, and about three times sampleKeys
	// pairs of them: about a third of the pairs are kept.
	everyNorth := max(1, len(l.north)/sampleNorth)
	step := max(1, pairs/everyNorth/(3*sampleKeys))
	// The north quarters' keys are mapped to the south ones' order, and
	// the keys sampled from it to to.
	sm := &j.sampler
	back := c.mapTo(&to)
	sm.north.set(&c.order, keyBits)
	sm.back.set(&back, keyBits)
	// The sample stops at twice that, which spans far longer than the
	// others' may make.
	first, most := len(out), len(out)+6*sampleKeys
	next, seen, taken := 0, 0, 0 // the next pair to take, counted over the spans met
	for q := everyNorth / 2; q < len(l.north) && len(out) < most; q += everyNorth {
		nq := l.north[q]
		f := 2 * int(cols&^uint64(nq.cols))
		lo, hi := start[f+from[nq.onLongest]], start[f+upTo[nq.onLongest]]
		if next < seen+hi-lo {
			key := sm.north.apply(nq.key)
			for i := lo + next - seen; i < hi && len(out) < most; i += step {
				if k := l.south[i] << tagBits >> tagBits; k&key == 0 {
					out = append(out, k|key)
				}
				next += step
				taken++
			}
		}
		seen += hi - lo
	}
	kept := len(out) - first
	// Thin a sample that came out larger at even steps.
	if kept > sampleKeys {
		for i := range sampleKeys {
			out[first+i] = out[first+i*kept/sampleKeys]
		}
		out = out[:first+sampleKeys]
	}
	for i, k := range out[first:] {
		out[first+i] = sm.back.apply(k)
	}
	return out, int(float64(pairs) * float64(kept) / float64(max(1, taken)))
}
