package engine

import (
	"math/bits"
	"math/rand/v2"

	"github.com/gonqueens/nqueens/internal/join"
	"github.com/gonqueens/nqueens/internal/work"
)

// The plan of a count, made once: which method counts the board, which
// subproblems fall to the shard, in what order, and what memory they
// take. The scheduler, the memory estimate and the tally read it; none of
// them decides again.

// PlanVersion names the way the plan splits a board into shards: it
// changes whenever the split does (the subproblems, their order, or their
// deal to shards), so that the counts of shards of different versions are
// never added up. Version 4 joins half-boards from n = 14 on (17 if odd)
// to 32, whole or in shards, in runs of splits of the rows, and splits the
// constellations of the board for the others; every count also searches
// the solutions that a quarter and a half turn leave unchanged, 2n
// subproblems dealt out to the shards with the rest. Version 3 joined
// whole counts alone, version 2 split the constellations for every count,
// version 1 the corner and side trees.
const PlanVersion = 4

// A method is a way to count a board.
type method int

const (
	// small counts the boards of fewer than 4 squares a side, whose
	// counts are known without subproblems (smallCounts).
	small method = iota
	// backtracked searches the subproblems of the constellations.
	backtracked
	// joined joins half-boards.
	joined
)

// methodFor returns the method that counts the n×n board, whole or in
// shards, 0 <= n <= board.MaxN: the join where it counts, the
// constellations for the others from 4 on.
func methodFor(n int) method {
	switch {
	case n < 4:
		return small
	case join.Joins(n):
		return joined
	}
	return backtracked
}

// A plan is what a count of one shard of the n×n board does.
type plan struct {
	n       int
	deal    work.Deal
	workers int
	method  method
	// invariant holds the searches of the solutions a turn leaves
	// unchanged, and runs the join's runs of splits: the shard's
	// subproblems, but the constellations', which take seconds to list
	// (see constellationSubproblems).
	invariant []invariantSearch
	runs      []join.Run
	// memory is the peak memory of the count in bytes, as the model puts
	// it (memory.go).
	memory float64
}

// newPlan returns the plan of a count of shard of shards of the n×n
// board, 0 <= n <= board.MaxN, on workers workers.
func newPlan(n, shard, shards, workers int) *plan {
	p := &plan{n: n, deal: work.Deal{Shard: shard, Shards: shards}, workers: workers, method: methodFor(n)}
	if p.method != small {
		p.invariant = invariantSearches(n, p.deal)
	}
	if p.method == joined {
		p.runs = join.Runs(n, p.deal.Want(), p.deal)
	}
	p.memory = memoryOf(n, p.runs, shards, workers)
	return p
}

// subproblems returns the plan's subproblems, but the constellations':
// the searches of the solutions a turn leaves unchanged, then the runs of
// splits of the join.
func (p *plan) subproblems() []subproblem {
	sub := make([]subproblem, 0, len(p.invariant)+len(p.runs))
	for i := range p.invariant {
		sub = append(sub, subproblem{invariant: &p.invariant[i]})
	}
	for i := range p.runs {
		sub = append(sub, subproblem{run: &p.runs[i]})
	}
	return sub
}

// workOrder returns the indices of sub in the order a count takes them,
// so that the share of the subproblems done is a fair estimate of the share of
// the work done, from which Progress estimates the time left: the
// searches of the solutions a turn leaves unchanged first, which are
// quick; then the rest, of which the constellations' subproblems come
// shuffled already (see subproblems). The costs of a join's runs of
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
		switch {
		case t.run == nil:
			order = append(order, i)
		case i == 0 || sub[i-1].run == nil || sub[i-1].run.Board != t.run.Board:
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
