package main

import (
	"fmt"
	"math/bits"
	"strings"
)

// The amd64 back end's counters: AVX-512's population count, and AVX2's
// carry-save adders.

// A popcounter counts the bits of each 64-bit lane of a vector with
// VPOPCNTQ and adds them to its lanes.
type popcounter struct {
	fn   *function
	size int
	acc  string
}

func (c *popcounter) round(n int) int { return 0 }
func (c *popcounter) add(x string)    { c.key(x, c.size) }
func (c *popcounter) flush()          {}
func (c *popcounter) startKey()       {}
func (c *popcounter) endKey()         {}

func (c *popcounter) key(x string, size int) {
	c.fn.op("VPOPCNTQ", vreg(x, size), vreg(x, size))
	c.fn.op("VPADDQ", vreg(x, size), vreg(c.acc, size), vreg(c.acc, size))
	c.fn.vec.put(x)
}

func (c *popcounter) sum() { sumLanes(c.fn, c.acc, c.size, "ret+56(FP)") }

// A csaCounter counts with AVX2, which has no population count of its
// own: a byte's is looked up by its two halves in a table of 16
// (VPSHUFB), 6 instructions a vector, and VPSADBW adds the bytes of each
// 64-bit lane up. So a round of keys, whose rows make 2^depth vectors, is
// added up by carry-save adders first (Harley and Seal's method): the
// vectors go into running vectors of ones, twos, ... at 5 instructions
// an adder, an adder for each two vectors of a level, and the carries
// out of the top level are counted, one vector in 2^depth. A key of a
// row of any other length is counted alone, a byte's count adding up
// over its row (at most 8 a vector, 64 in a row of 8) and VPSADBW adding
// its bytes up once.
type csaCounter struct {
	fn             *function
	x              *x86
	pack, depth    int
	acc, lut, zero string
	mask           string   // the low halves' mask: a register or the table
	sums           []string // the running vectors of 1, 2, 4, ... a bit
	waiting        []string // the vector of each level that waits for its pair
	bytes          string   // a key's bytes' counts
}

// round takes the keys of csaRound vectors, or of csaKeys, where a key's
// row of up to csaWords words makes a power of 2 of them up to that (or
// pack keys one), and counts each key alone otherwise.
func (c *csaCounter) round(n int) int {
	vectors := min(csaRound, csaKeys*n/c.pack)
	if vectors%n != 0 || 32*n/c.pack > 8*csaWords {
		return 0
	}
	c.depth = bits.TrailingZeros(uint(vectors))
	c.sums, c.waiting = make([]string, c.depth), make([]string, c.depth)
	for i := range c.sums {
		c.sums[i] = c.fn.vec.get()
		zero(c.fn, c.sums[i], 32)
	}
	return vectors / n * c.pack
}

// count sets the bytes of into to the population of each byte of x, of
// size bytes, or adds it in, with lo and hi spare.
func (c *csaCounter) count(x, into string, size int, first bool) {
	fn := c.fn
	lo, hi := fn.vec.get(), fn.vec.get()
	X, L, H, I, T := vreg(x, size), vreg(lo, size), vreg(hi, size), vreg(into, size), vreg(c.lut, size)
	mask := c.mask
	if strings.HasPrefix(mask, "Y") {
		mask = vreg(strings.TrimPrefix(mask, "Y"), size)
	}
	fn.op("VPAND", mask, X, L)
	fn.op("VPSRLW", "$4", X, H)
	fn.op("VPAND", mask, H, H)
	fn.op("VPSHUFB", L, T, L) // the count of each byte's low half
	fn.op("VPSHUFB", H, T, H) // and of its high half
	if first {
		fn.op("VPADDB", L, H, I)
	} else {
		fn.op("VPADDB", L, I, I)
		fn.op("VPADDB", H, I, I)
	}
	fn.vec.put(lo, hi)
}

// csa adds a and b to the bits of sum, a carry-save adder: sum becomes
// their sum's low bits, and the carries are returned in a; b is freed.
func (c *csaCounter) csa(sum, a, b string) string {
	fn := c.fn
	u := fn.vec.get()
	S, A, B, U := vreg(sum, 32), vreg(a, 32), vreg(b, 32), vreg(u, 32)
	fn.op("VPXOR", S, A, U)
	fn.op("VPAND", S, A, A)
	fn.op("VPXOR", U, B, S)
	fn.op("VPAND", U, B, U)
	fn.op("VPOR", U, A, A)
	fn.vec.put(u, b)
	return a
}

// addWeighed adds the population of v, times 2^shift, to the sum, and
// frees v.
func (c *csaCounter) addWeighed(v string, shift int) {
	fn := c.fn
	c.count(v, v, 32, true)
	fn.op("VPSADBW", vreg(c.zero, 32), vreg(v, 32), vreg(v, 32))
	if shift > 0 {
		fn.op("VPSLLQ", fmt.Sprintf("$%d", shift), vreg(v, 32), vreg(v, 32))
	}
	fn.op("VPADDQ", vreg(v, 32), vreg(c.acc, 32), vreg(c.acc, 32))
	fn.vec.put(v)
}

// add adds x to the ones: with the vector that waits there, by a
// carry-save adder, whose carry goes up to the twos likewise, and so on;
// the carries out of the top level are counted.
func (c *csaCounter) add(x string) {
	carry := x
	for level, sum := range c.sums {
		if c.waiting[level] == "" {
			c.waiting[level] = carry
			return
		}
		carry = c.csa(sum, c.waiting[level], carry)
		c.waiting[level] = ""
	}
	c.addWeighed(carry, c.depth)
}

// flush adds what the running vectors hold, at 1, 2, 4, ... a bit.
func (c *csaCounter) flush() {
	for level, sum := range c.sums {
		c.addWeighed(sum, level)
	}
}

// startKey clears the key's bytes' counts.
func (c *csaCounter) startKey() {
	c.bytes = c.fn.vec.get()
	zero(c.fn, c.bytes, 32)
}

func (c *csaCounter) key(x string, size int) {
	c.count(x, c.bytes, size, false)
	c.fn.vec.put(x)
}

// endKey adds a key's bytes' counts up by 64-bit lane (a row's bytes
// add up without carry) into the sum.
func (c *csaCounter) endKey() {
	fn := c.fn
	b := vreg(c.bytes, 32)
	fn.op("VPSADBW", vreg(c.zero, 32), b, b)
	fn.op("VPADDQ", b, vreg(c.acc, 32), vreg(c.acc, 32))
	fn.vec.put(c.bytes)
}

func (c *csaCounter) sum() { sumLanes(c.fn, c.acc, 32, "ret+56(FP)") }
