package join

import (
	"math/bits"
	"slices"
)

// The order of the bits of a split's keys. The board orders the
// diagonals of its keys once (key.go), by the squares that each side
// has on them over all its rows; a split's half-boards stand only on its
// own rows, and the diagonals that its east and west half-boards hold
// together the most often are others. A joiner lists the half-boards of
// each split with their keys in its own order, by the squares that each
// side has on each diagonal on the split's rows, multiplied, so that the
// sieve's top bits are the split's: sieved on them, random splits of
// n = 22 of 12,000 to 130,000 east half-boards examine 0.61 times the
// pairs that the board's order leaves. A split to be sieved then puts on
// top the bits that remove the most pairs of a sample of its own
// (sample.go). It maps the keys of its north
// quarters as it lists them, and the keys of the south quarters, which
// it keeps from split to split, in place.

// A keyOrder maps a key in the board's order to another: bit i to bit
// to[i]. bytes holds, for each byte of a key and each value of it, the
// bits it maps to: of the first n bytes, those of keys of keyBits
// diagonals, as set made it.
type keyOrder struct {
	to    [64]uint8
	n     int
	bytes [8][256]uint64
}

// identity is the board's order.
var identity = func() (to [64]uint8) {
	for i := range to {
		to[i] = uint8(i)
	}
	return to
}()

// set sets o to map bit i to bit to[i], for keys of keyBits diagonals:
// to maps the bits below keyBits among themselves, and apply maps keys of
// no bit beyond.
func (o *keyOrder) set(to *[64]uint8, keyBits int) {
	o.to, o.n = *to, max(shortBytes, (keyBits+7)/8)
	for b := range o.n {
		t := &o.bytes[b]
		t[0] = 0
		for v := 1; v < 256; v++ {
			low := v & -v // x & -x keeps only the lowest set bit
			t[v] = t[v^low] | 1<<o.to[8*b+bits.TrailingZeros(uint(v))]
		}
	}
}

// shortBytes is the bytes of the keys of the boards up to n = 21, at
// most 38 diagonals: apply maps them with as many lookups, not 8.
const shortBytes = 5

// apply returns key k, with no bit beyond the keys o was set for, in o's
// order: the bits of each of its bytes, ORed.
func (o *keyOrder) apply(k uint64) uint64 {
	m := o.bytes[0][k&0xff] | o.bytes[1][k>>8&0xff] | o.bytes[2][k>>16&0xff] | o.bytes[3][k>>24&0xff] | o.bytes[4][k>>32&0xff]
	if o.n > shortBytes {
		m |= o.bytes[5][k>>40&0xff] | o.bytes[6][k>>48&0xff] | o.bytes[7][k>>56]
	}
	return m
}

// splitOrder sets to the order of the keys of the split of rows r, of the
// rows that the board's splits share out: the bits in increasing order of
// the squares that the east side has on their diagonal on the rows of r
// times those of the west side on the others, ties in the board's order.
// Bits beyond the keys' stay.
func (l *keyLayout) splitOrder(r, rows uint64) [64]uint8 {
	var squares [2][64]int
	for side, rs := range [2]uint64{r, rows &^ r} {
		for ; rs != 0; rs &= rs - 1 {
			on := &l.rowSquares[side][bits.TrailingZeros64(rs)]
			for bit := range l.keyBits {
				squares[side][bit] += int(on[bit])
			}
		}
	}
	var byProduct [64]uint8
	for i := range l.keyBits {
		byProduct[i] = uint8(i)
	}
	slices.SortStableFunc(byProduct[:l.keyBits], func(x, y uint8) int {
		return squares[0][x]*squares[1][x] - squares[0][y]*squares[1][y]
	})
	to := identity
	for i, bit := range byProduct[:l.keyBits] {
		to[bit] = uint8(i)
	}
	return to
}
