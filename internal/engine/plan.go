package engine

import (
	"context"

	"github.com/gonqueens/nqueens/internal/deal"
	"github.com/gonqueens/nqueens/internal/join"
)

// The plan of a count, made once: which method counts the board
// (methodOf), which subproblems fall to the shard, and what memory they
// take. The scheduler, the memory estimate and the state read it; none
// of them decides again.

// The split of a board into shards, the subproblems of each shard and
// their order, is versioned by the package shard's PlanVersion, which
// changes whenever they do: ExampleJob there prints the counts of the
// shards of a split, which a change of the split changes.

// methodOf returns the method that counts the n×n board,
// 0 <= n <= board.MaxN, as cfg says: the one decision of a count's
// method (method.go), which the plan carries. directCount is for a count
// of the Total alone of a whole board of at most directMax squares a
// side, which saves and resumes nothing; every other count, and a nil
// cfg, which asks for the method of the board's shards (as a State's and
// a Counts' checks do), is smallBoard below 4, joinRuns where the join
// counts, and constellationTasks elsewhere.
func methodOf(n int, cfg *Config) method {
	switch {
	case cfg != nil && cfg.TotalOnly && n <= directMax && cfg.Shards == 1 && cfg.Save == nil && cfg.Resume == nil && cfg.Recount == NoRecount:
		return directCount{}
	case n < 4:
		return smallBoard{}
	case join.Joins(n):
		return joinRuns{}
	}
	return constellationTasks{}
}

// JoinsBoard reports whether a count of the n×n board joins half-boards
// (the package join), by the method that methodOf picks.
func JoinsBoard(n int) bool {
	_, joins := methodOf(n, nil).(joinRuns)
	return joins
}

// A plan is what a count of one shard of the n×n board does.
type plan struct {
	deal deal.Shard
	// sub holds the subproblems that the method knows at once; the
	// count lists the rest (method.later).
	sub []subproblem
	// live and memory are the live and the peak memory of the count in
	// bytes, as the model puts them (memory.go).
	live, memory float64
}

// newPlan returns the plan of a count of shard of shards of the n×n
// board, 0 <= n <= board.MaxN, by method m, on workers workers, or of
// its recount of the kind recount, within limit bytes of memory: an
// error wrapping ErrMemory if the count would take more, or ctx's error
// if ctx is done while the method looks at the memory closely.
func newPlan(ctx context.Context, m method, n, shard, shards, workers int, recount Recount, limit int64) (*plan, error) {
	p := &plan{deal: deal.Shard{Index: shard, Of: shards}}
	var err error
	p.sub, p.live, err = m.plan(ctx, n, p.deal, workers, recount, limit)
	p.memory = peak(p.live)
	if err != nil {
		return p, err
	}
	return p, checkLimit(n, shards, workers, p.memory, min(p.memory, leastLimit(p.live)), limit)
}
