package join

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDealByTag checks that dealByTag moves each key to the list of its
// tag, in order, over lists that held keys before.
func TestDealByTag(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var out [3][]uint64
	for range 100 {
		keys := make([]uint64, r.IntN(300))
		var want [3][]uint64
		for i := range keys {
			k := r.IntN(3)
			keys[i] = r.Uint64()>>tagBits | tagFor(k, r)
			want[k] = append(want[k], keys[i])
		}
		out[0] = append(out[0][:0], keys...)
		dealByTag(&out)
		for k := range out {
			if !slices.Equal(out[k], want[k]) {
				t.Fatalf("%d keys: tag %d dealt %d keys, want %d (first difference at %d)", len(keys), k, len(out[k]), len(want[k]), firstDifference(out[k], want[k]))
			}
		}
	}
}

// firstDifference returns the first index at which a and b differ.
func firstDifference(a, b []uint64) int {
	i := 0
	for i < min(len(a), len(b)) && a[i] == b[i] {
		i++
	}
	return i
}
