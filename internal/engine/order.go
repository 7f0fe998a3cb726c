package engine

import (
	"math/bits"
	"math/rand/v2"
)

// workOrder returns the indices of sub in the order a count takes them,
// so that the share of the subproblems done is a fair estimate of the share of
// the work done, from which Progress estimates the time left: the
// searches of the solutions a turn leaves unchanged first, which are
// quick; then the rest, of which the constellations' subproblems come
// shuffled already (see constellationSubproblems). The costs of a join's runs of
// splits vary tenfold from one end of a board to the other, and those of
// the boards of an odd n twofold, the later boards the dearer: the boards
// but the first come in the order of their indices' bits reversed, 1, 5,
// 3, 7, 2, ... of 8, so that every prefix spans them all, then the first,
// the queen in the center, whose runs, twice as many, cost half as much
// each. The runs of each board come in a fixed random order, in blocks of
// runs next to each other, at least orderBlocks of them, so that a
// worker's quarters of one run serve the next.
func workOrder(sub []subproblem) []int {
	var order, groups []int // groups: the index of the first subproblem of each board
	for i, t := range sub {
		switch g := t.group(); {
		case g == nil:
			order = append(order, i)
		case i == 0 || sub[i-1].group() != g:
			groups = append(groups, i)
		}
	}
	if len(groups) == 0 {
		return order
	}
	groups = append(groups, len(sub))
	r := rand.New(rand.NewPCG(uint64(len(sub)), 1))
	boards := len(groups) - 1
	var byBits []int // the boards but the first, in the order of their indices' bits reversed
	width := bits.Len(uint(boards - 2))
	for k := range 1 << width {
		if g := 1 + int(bits.Reverse(uint(k))>>(bits.UintSize-width)); g < boards {
			byBits = append(byBits, g)
		}
	}
	for _, g := range append(byBits, 0) {
		lo, hi := groups[g], groups[g+1]
		size := max(1, (hi-lo)/orderBlocks)
		for _, b := range r.Perm((hi - lo + size - 1) / size) {
			for i := lo + b*size; i < min(hi, lo+(b+1)*size); i++ {
				order = append(order, i)
			}
		}
	}
	return order
}

// orderBlocks is the fewest blocks of runs of splits that workOrder
// shuffles a board's runs in.
const orderBlocks = 512
