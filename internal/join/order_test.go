package join

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestKeyOrder checks that a keyOrder maps every bit of a key where its
// order says, on random orders of keys of 1 to 64 bits and random keys.
func TestKeyOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var o keyOrder
	for range 200 {
		keyBits := 1 + r.IntN(64)
		to := identity
		r.Shuffle(keyBits, func(a, b int) { to[a], to[b] = to[b], to[a] })
		o.set(&to, keyBits)
		for range 100 {
			k := r.Uint64() >> (64 - keyBits)
			var want uint64
			for i := range 64 {
				want |= k >> i & 1 << to[i]
			}
			if got := o.apply(k); got != want {
				t.Fatalf("order %v of keys of %d bits maps %#x to %#x, want %#x", to, keyBits, k, got, want)
			}
		}
	}
}

// TestSplitOrder checks that the order of a split's keys is a
// permutation of their bits, that leaves the bits beyond in place, and
// puts the bits whose diagonals both sides have the most squares on, on
// the split's rows, on top.
func TestSplitOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{14, 17, 20, 23} {
		b := boards(n)[0]
		l := &b.keys
		for range 20 {
			split := spread(unrankSubset(r.Uint64N(binomial(bits.OnesCount64(b.rows()), b.eastCols())), b.eastCols()), b.rows())
			to := l.splitOrder(split, b.rows())
			seen := uint64(0)
			for i, at := range to {
				if i >= l.keyBits && int(at) != i || i < l.keyBits && int(at) >= l.keyBits {
					t.Fatalf("n=%d, split %#x: bit %d goes to %d, with keys of %d bits", n, split, i, at, l.keyBits)
				}
				seen |= 1 << at
			}
			if seen != ^uint64(0) {
				t.Fatalf("n=%d, split %#x: the order %v is no permutation", n, split, to)
			}
			var product [64]int
			for i := range l.keyBits {
				var squares [2]int
				for side, rows := range [2]uint64{split, b.rows() &^ split} {
					for row := range n {
						if rows&(1<<row) != 0 {
							squares[side] += int(l.rowSquares[side][row][i])
						}
					}
				}
				product[to[i]] = squares[0] * squares[1]
			}
			for i := 1; i < l.keyBits; i++ {
				if product[i] < product[i-1] {
					t.Fatalf("n=%d, split %#x: bit %d's diagonal has a product of squares of %d, bit %d's below %d", n, split, i, product[i], i-1, product[i-1])
				}
			}
		}
	}
}
