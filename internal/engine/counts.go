package engine

import (
	"math"
	"math/big"
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
// bits, leaving c as it was if one did: the one sum of the counts of a
// state's subproblems.
func (c *Counts) Add(o Counts) (overflow bool) {
	var s Counts
	var c1, c2, c3, c4 uint64
	s.Total, c1 = bits.Add64(c.Total, o.Total, 0)
	s.Unique, c2 = bits.Add64(c.Unique, o.Unique, 0)
	s.Invariant90, c3 = bits.Add64(c.Invariant90, o.Invariant90, 0)
	s.Invariant180, c4 = bits.Add64(c.Invariant180, o.Invariant180, 0)
	if c1|c2|c3|c4 != 0 {
		return true
	}
	*c = s
	return false
}

// A wide is a count of up to 128 bits, hi·2^64 + lo: a sum of up to
// 2^64 counts of 64 bits each, which no sum of shards comes near.
type wide struct{ hi, lo uint64 }

// add returns w + x.
func (w wide) add(x wide) wide {
	lo, carry := bits.Add64(w.lo, x.lo, 0)
	return wide{w.hi + x.hi + carry, lo}
}

// less reports whether w < x.
func (w wide) less(x wide) bool { return w.hi < x.hi || w.hi == x.hi && w.lo < x.lo }

// Big returns w as a big.Int.
func (w wide) Big() *big.Int {
	b := new(big.Int).SetUint64(w.hi)
	return b.Lsh(b, 64).Or(b, new(big.Int).SetUint64(w.lo))
}

// String returns w in decimal.
func (w wide) String() string { return w.Big().String() }

// Sums adds up the counts of the shards of a board exactly: a shard's
// counts fit in 64 bits, and their sums need not, as the Total of a
// board from n = 29 on is past 2^64.
type Sums struct {
	Total, Unique, Invariant90, Invariant180 wide
}

// Add adds the counts of o to s.
func (s *Sums) Add(o Counts) {
	s.Total = s.Total.add(wide{lo: o.Total})
	s.Unique = s.Unique.add(wide{lo: o.Unique})
	s.Invariant90 = s.Invariant90.add(wide{lo: o.Invariant90})
	s.Invariant180 = s.Invariant180.add(wide{lo: o.Invariant180})
}

// Big returns the four sums as big.Ints: Total, Unique, Invariant90 and
// Invariant180.
func (s Sums) Big() (total, unique, invariant90, invariant180 *big.Int) {
	return s.Total.Big(), s.Unique.Big(), s.Invariant90.Big(), s.Invariant180.Big()
}

// EstimateSolutions returns a rough estimate of the solutions of the n×n
// board, for n from 4 on, within a factor of 2 from n = 14 to 27: 10 to
// the power 0.91n - 7.4, a line through the logarithms of the counts
// (OEIS A000170), which grow about 8 times with each n there.
func EstimateSolutions(n int) float64 { return math.Pow(10, 0.91*float64(n)-7.4) }
