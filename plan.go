package nqueens

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// The plan of a count, made once: which engine counts the board, which
// subproblems fall to the shard, and what memory they take. The engine,
// the memory estimate and the saved state read it; none of them decides
// again.

// PlanVersion names the way [CountContext] splits a board into shards. It
// changes whenever the split does, so the counts of shards add up only if
// they were counted with the same PlanVersion: a program that keeps shard
// counts should keep it with them. Version 4 joins half-boards from n = 14
// on (17 if odd) to 32, whole or in shards, in runs of splits of the rows,
// and splits the constellations of the board for the others; every count
// also searches the solutions that a quarter and a half turn leave
// unchanged, 2n subproblems dealt out to the shards with the rest. Version
// 3 joined whole counts alone, version 2 split the constellations for
// every count, version 1 the corner and side trees.
const PlanVersion = 4

// MaxShards is the largest number of shards [WithShard] accepts.
const MaxShards = 1 << 20

// An engineKind is an engine that counts a board.
type engineKind int

const (
	// noEngine counts the boards of fewer than 4 squares a side, whose
	// counts are known without subproblems (smallCounts).
	noEngine engineKind = iota
	// constellationEngine searches the subproblems of the constellations.
	constellationEngine
	// joinEngine joins half-boards.
	joinEngine
)

// engineFor returns the engine that counts the n×n board, whole or in
// shards, 0 <= n <= MaxN: the join from minJoinN (minOddJoinN if odd) to
// maxJoinN, the constellations for the others from 4 on.
func engineFor(n int) engineKind {
	least := minJoinN
	if n%2 == 1 {
		least = minOddJoinN
	}
	switch {
	case n < 4:
		return noEngine
	case n >= least && n <= maxJoinN:
		return joinEngine
	}
	return constellationEngine
}

// A countPlan is what a count of one shard of the n×n board does.
type countPlan struct {
	n       int
	deal    deal
	workers int
	engine  engineKind
	// invariant holds the searches of the solutions a turn leaves
	// unchanged, and runs the join's runs of splits: the shard's
	// subproblems, but the constellations', which take seconds to list
	// (see subproblems).
	invariant []invariantTask
	runs      []joinTask
	// memory is the peak memory of the count in bytes, as the model puts
	// it, and quarters the longest list of quarters it assumes.
	memory, quarters float64
}

// newCountPlan returns the plan of a count of shard of shards of the n×n
// board, 0 <= n <= MaxN, on workers workers.
func newCountPlan(n, shard, shards, workers int) *countPlan {
	p := &countPlan{n: n, deal: deal{shard: shard, shards: shards}, workers: workers, engine: engineFor(n)}
	if p.engine != noEngine {
		p.invariant = invariantTasks(n, p.deal)
	}
	if p.engine == joinEngine {
		p.runs = joinTasks(n, wantTasks(p.deal), p.deal)
	}
	p.memory, p.quarters = memoryEstimate(n, p.runs, shards, workers)
	return p
}

// estimate returns the plan's peak memory in bytes, as EstimateMemory
// reports it.
func (p *countPlan) estimate() int64 { return int64(min(p.memory, math.MaxInt64/2)) }

// limit returns an error wrapping ErrMemory if the count would take more
// than limit bytes, and else lets the lists of quarters of the join grow
// as far as the limit has room for.
func (p *countPlan) limit(limit int64) error {
	maxQuarters, err := checkMemory(p.n, p.memory, p.quarters, p.workers, limit)
	if err != nil {
		return err
	}
	for _, r := range p.runs {
		r.board.limit(maxQuarters)
	}
	return nil
}

// tasks returns the plan's subproblems, but the constellations': the
// searches of the solutions a turn leaves unchanged, then the runs of
// splits of the join.
func (p *countPlan) tasks() []task {
	tasks := make([]task, 0, len(p.invariant)+len(p.runs))
	for i := range p.invariant {
		tasks = append(tasks, task{invariant: &p.invariant[i]})
	}
	for i := range p.runs {
		tasks = append(tasks, task{join: &p.runs[i]})
	}
	return tasks
}

// workOrder returns the indices of tasks in the order a count takes them,
// so that the share of the tasks done is a fair estimate of the share of
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
func workOrder(tasks []task) []int {
	var order, groups []int // groups: the index of the first task of each board
	for i, t := range tasks {
		switch {
		case t.join == nil:
			order = append(order, i)
		case i == 0 || tasks[i-1].join == nil || tasks[i-1].join.board != t.join.board:
			groups = append(groups, i)
		}
	}
	if len(groups) == 0 {
		return order
	}
	groups = append(groups, len(tasks))
	r := rand.New(rand.NewPCG(uint64(len(tasks)), 1))
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
