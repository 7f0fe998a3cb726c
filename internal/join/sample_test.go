package join

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gonqueens/nqueens/internal/deal"
	"github.com/gonqueens/nqueens/internal/poll"
)

// TestChooseBits checks that the sieve's bits are chosen by the pairs
// they remove: a bit that clashes on the same pairs as one chosen is
// passed over for one that removes others, and where the sample tells
// none apart the candidates come in their order.
func TestChooseBits(t *testing.T) {
	// Bits 5 and 4 are held by the same keys, bit 3 by others; bit 0 by
	// none of the west keys.
	var sm sampler
	for i := range 64 {
		k := uint64(i&1)*(1<<5|1<<4) | uint64(i>>1&1)<<3 | 1
		sm.eastKeys = append(sm.eastKeys, k)
		sm.westKeys = append(sm.westKeys, k&^1)
	}
	cases := []struct {
		cands []uint8
		most  int
		want  []uint8
	}{
		{[]uint8{5, 4, 3, 0}, 2, []uint8{5, 3}},
		{[]uint8{4, 5, 3, 0}, 3, []uint8{4, 3, 5}},
		{[]uint8{0, 3, 5}, 3, []uint8{3, 5, 0}},
		{[]uint8{0, 1, 2}, 2, []uint8{0, 1}}, // none removes a pair
		{[]uint8{5}, 4, []uint8{5}},
	}
	for _, c := range cases {
		if got := sm.choose(c.cands, c.most); !slices.Equal(got, c.want) {
			t.Errorf("choose(%v, %d) = %v, want %v", c.cands, c.most, got, c.want)
		}
	}
}

// TestSieveOrder checks the sample of a split's half-boards and the order
// chosen on it, on splits of n = 16 and 18 listed whole: every key
// sampled is a half-board's, the sample is about sampleKeys large, and
// the bits the order puts on top keep fewer of the split's pairs than the
// top bits of the squares' order.
func TestSieveOrder(t *testing.T) {
	var kept, keptSquares float64
	for _, n := range []int{16, 18} {
		runs := Runs(n, deal.Shard{Of: 1}.Want(), deal.Shard{Of: 1})
		for i := 0; i < len(runs); i += len(runs)/8 + 1 {
			j := NewJoiner(runs[i].Board)
			j.sieve, j.sampleFrom = sieve{from: 1, keys: 64, deep: 3, least: 16}, 0
			r := spread(runs[i].first, j.board.rows())
			on, off := j.board.splitWeights(r)
			if on == 0 && off == 0 {
				continue
			}
			p := &poll.Poller{}
			e := halfListing{side: east, weights: [3]uint64{1, 0, 0}}
			w := halfListing{side: west, weights: [3]uint64{off, 2 * on, 4 * on}}
			e.north, e.south, _ = j.quarterLists(east, r, p)
			w.north, w.south, _ = j.quarterLists(west, j.board.rows()&^r, p)
			keyBits := j.board.keys.keyBits
			// The quarters kept in another order, as a split before
			// this one may leave them.
			shuffled := identity
			rand.Shuffle(keyBits, func(a, b int) { shuffled[a], shuffled[b] = shuffled[b], shuffled[a] })
			j.order.set(&shuffled, keyBits)
			j.ordered = true
			j.reorder(&j.quarters[east])
			j.reorder(&j.quarters[west])
			squares := j.board.keys.splitOrder(r, j.board.rows())
			to := j.sieveOrder(&e, &w, squares)
			if !isPermutation(to[:keyBits]) {
				t.Fatalf("n=%d, split %#x: order %v is no permutation of the key's %d bits", n, r, to[:keyBits], keyBits)
			}
			samples := [2][]uint64{slices.Clone(j.sampler.eastKeys), slices.Clone(j.sampler.westKeys)}
			// The half-boards listed whole, in the order of the sample.
			var listed [2][]uint64
			j.order.set(&squares, keyBits)
			j.ordered = true
			j.reorder(&j.quarters[east])
			w.north, w.south, _ = j.lists(west, j.board.rows()&^r, p)
			for side, l := range []*halfListing{&e, &w} {
				j.part = math.MaxInt32
				j.list(l, keyBits, valueRange{0, 1}, j.part, &j.keys[side], false, p)
				for _, k := range j.keys[side][0] {
					listed[side] = append(listed[side], k<<tagBits>>tagBits)
				}
			}
			for side, sample := range samples {
				if len(listed[side]) >= 4*sampleKeys && (len(sample) < sampleKeys/4 || len(sample) > sampleKeys) {
					t.Errorf("n=%d, split %#x: a sample of %d of %d half-boards, want %d to %d", n, r, len(sample), len(listed[side]), sampleKeys/4, sampleKeys)
				}
				slices.Sort(listed[side])
				for _, k := range sample {
					if _, found := slices.BinarySearch(listed[side], k); !found {
						t.Fatalf("n=%d, split %#x: sampled key %#x is no half-board of side %d", n, r, k, side)
					}
				}
			}
			// The pairs kept by the top bits of each order, as many as a
			// sieve of buckets of 64 takes.
			top := j.sieve.bits(len(listed[east]), keyBits) + 3
			kept += pairsKept(listed, topBits(to, j.order.to, keyBits, top))
			keptSquares += pairsKept(listed, topBits(squares, j.order.to, keyBits, top))
		}
	}
	if kept >= keptSquares {
		t.Errorf("the sieve's bits keep %.0f pairs, those of the squares' order %.0f: want fewer", kept, keptSquares)
	}
	t.Logf("the sieve's bits keep %.3f of the pairs that those of the squares' order keep", kept/keptSquares)
}

// isPermutation reports whether to holds each of 0 to len(to)-1 once.
func isPermutation(to []uint8) bool {
	seen := make([]bool, len(to))
	for _, b := range to {
		if int(b) >= len(to) || seen[b] {
			return false
		}
		seen[b] = true
	}
	return true
}

// topBits returns the bits of keys in the order listed that the order to
// puts in its top most bits: the diagonal d at bit to[d].
func topBits(to, listed [64]uint8, keyBits, most int) []int {
	var at []int
	for d := range keyBits {
		if int(to[d]) >= keyBits-most {
			at = append(at, int(listed[d]))
		}
	}
	return at
}

// pairsKept returns the pairs of an east and a west key of keys that
// share none of bits, by a sum over subsets of the west keys' values on
// them.
func pairsKept(keys [2][]uint64, on []int) float64 {
	value := func(k uint64) int {
		v := 0
		for i, b := range on {
			v |= int(k>>b&1) << i
		}
		return v
	}
	var counts [2][]float64
	for side := range counts {
		counts[side] = make([]float64, 1<<len(on))
		for _, k := range keys[side] {
			counts[side][value(k)]++
		}
	}
	west := counts[west]
	for i := range on {
		for m := range west {
			if m>>i&1 != 0 {
				west[m] += west[m^1<<i]
			}
		}
	}
	var pairs float64
	all := len(west) - 1
	for v, c := range counts[east] {
		pairs += c * west[all^v]
	}
	return pairs
}
