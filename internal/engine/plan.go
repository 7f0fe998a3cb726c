package engine

import (
	"context"

	"github.com/gonqueens/nqueens/internal/deal"
	"github.com/gonqueens/nqueens/internal/join"
)

// The plan of a count, made once: which method counts the board, which
// subproblems fall to the shard, and what memory they take. The scheduler,
// the memory estimate and the state read it; none of them decides again.

// The split of a board into shards, the subproblems of each shard and
// their order, is versioned by the package shard's PlanVersion, which
// changes whenever they do: ExampleJob there prints the counts of the
// shards of a split, which a change of the split changes.

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
	// direct counts the Total alone of a whole small board, on the
	// caller's goroutine, without subproblems (direct.go).
	direct
)

// methodOf returns the method that counts the n×n board,
// 0 <= n <= board.MaxN, as cfg says: the one decision of a count's
// method, which the plan carries. direct is for a count of the Total
// alone of a whole board of at most directMax squares a side, which saves
// and resumes nothing; every other count, and a nil cfg, which asks for
// the method of the board's shards (as a State's and a Counts' checks
// do), is small below 4, joined where the join counts, and backtracked
// elsewhere.
func methodOf(n int, cfg *Config) method {
	switch {
	case cfg != nil && cfg.TotalOnly && n <= directMax && cfg.Shards == 1 && cfg.Save == nil && cfg.Resume == nil && cfg.Recount == NoRecount:
		return direct
	case n < 4:
		return small
	case join.Joins(n):
		return joined
	}
	return backtracked
}

// JoinsBoard reports whether a count of the n×n board joins half-boards
// (the package join), by the method that methodOf picks.
func JoinsBoard(n int) bool { return methodOf(n, nil) == joined }

// A plan is what a count of one shard of the n×n board does.
type plan struct {
	n       int
	deal    deal.Shard
	workers int
	method  method
	// invariant holds the searches of the solutions a turn leaves
	// unchanged, and runs the join's runs of splits: the shard's
	// subproblems, but the constellations', which take seconds to list
	// (see constellationSubproblems).
	invariant []invariantSearch
	runs      []join.Run
	// sub holds the subproblems of invariant and runs, in that order.
	sub []subproblem
	// recount is the kind of a recount of the subproblems: a plain one
	// keeps next to nothing of the join's, and the join's own keeps what
	// a count does.
	recount Recount
	// live and memory are the live and the peak memory of the count in
	// bytes, as the model puts them (memory.go).
	live, memory float64
}

// newPlan returns the plan of a count of shard of shards of the n×n
// board, 0 <= n <= board.MaxN, by method m, not direct, on workers
// workers, or of its recount, within limit bytes of memory: an error
// wrapping ErrMemory if the count would take more, or ctx's error if ctx
// is done while it looks at the memory closely.
func newPlan(ctx context.Context, m method, n, shard, shards, workers int, recount Recount, limit int64) (*plan, error) {
	p := &plan{n: n, deal: deal.Shard{Index: shard, Of: shards}, workers: workers, method: m, recount: recount}
	if p.method != small {
		p.invariant = invariantSearches(n, p.deal)
	}
	if p.method == joined {
		p.runs = join.Runs(n, p.deal.Want(), p.deal)
	}
	p.sub = make([]subproblem, 0, len(p.invariant)+len(p.runs))
	for i := range p.invariant {
		p.sub = append(p.sub, &p.invariant[i])
	}
	for i := range p.runs {
		p.sub = append(p.sub, joinRun{&p.runs[i]})
	}
	var err error
	p.live, p.memory, err = budget(ctx, p.n, p.runs, p.deal, p.workers, p.recount == PlainRecount, limit)
	return p, err
}
