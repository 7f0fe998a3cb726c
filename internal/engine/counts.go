package engine

import (
	"fmt"
	"math/bits"
)

// Counts holds what a count or a part of it found: all solutions, those
// up to rotation and reflection, and those a quarter turn and a half turn
// leave unchanged.
type Counts struct {
	Total, Unique             uint64
	Invariant90, Invariant180 uint64
}

// Add adds the counts of o to c, and reports whether a sum overflowed 64
// bits: the one sum of counts, of a state's subproblems and of shards.
func (c *Counts) Add(o Counts) (overflow bool) {
	var c1, c2, c3, c4 uint64
	c.Total, c1 = bits.Add64(c.Total, o.Total, 0)
	c.Unique, c2 = bits.Add64(c.Unique, o.Unique, 0)
	c.Invariant90, c3 = bits.Add64(c.Invariant90, o.Invariant90, 0)
	c.Invariant180, c4 = bits.Add64(c.Invariant180, o.Invariant180, 0)
	return c1|c2|c3|c4 != 0
}

// Complete returns the counts of the whole n×n board c, with Unique from
// Burnside's lemma, (Total + Invariant180 + 2·Invariant90) / 8 for
// n >= 2. It is the one check of a whole board's counts: it returns an
// error if the lemma refuses them, as only a wrong or damaged count makes
// them (a wrong Total makes a sum that 8 does not divide 7 times in 8),
// if c.Unique is set and differs from the lemma's, or if more solutions
// are left unchanged by a quarter turn than by a half turn, or by a half
// turn than there are, or, for a board of fewer than 4 squares a side,
// if they are not its counts. Sums that overflowed are the caller's to
// catch.
func (c Counts) Complete(n int) (Counts, error) {
	unique := c.Total // the empty board and the lone queen: every symmetry fixes them
	ok := true
	if n >= 2 {
		sum := c.Total + c.Invariant180 + 2*c.Invariant90
		unique, ok = sum/8, sum%8 == 0 && sum >= c.Total
	}
	// A solution that a quarter turn leaves unchanged, a half turn does too.
	if !ok || c.Unique != 0 && c.Unique != unique || c.Invariant90 > c.Invariant180 || c.Invariant180 > c.Total {
		return Counts{}, fmt.Errorf("total %d, unique %d, %d solutions a quarter turn leaves unchanged and %d a half turn does, which Burnside's lemma refuses",
			c.Total, c.Unique, c.Invariant90, c.Invariant180)
	}
	c.Unique = unique
	if methodFor(n) == small && c != smallCounts(n) {
		// Boards too small for the lemma to check: their counts are known.
		return Counts{}, fmt.Errorf("total %d, unique %d, invariant90 %d and invariant180 %d, but the %d×%d board has %+v",
			c.Total, c.Unique, c.Invariant90, c.Invariant180, n, n, smallCounts(n))
	}
	return c, nil
}
