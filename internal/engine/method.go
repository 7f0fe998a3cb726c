package engine

import (
	"context"
	"time"

	"github.com/gonqueens/nqueens/internal/deal"
)

// A method is a way to count a board, with everything that is its own:
// the subproblems of a shard, each of a kind of its own (subproblem.go),
// the memory they keep by its model, the counts it knows without them,
// what its counts may hold, and the scratch its workers keep. methodOf
// (plan.go) picks a count's method, the one place that names them; the
// plan, the scheduler, the checks and the workers ask the method, never
// which it is. A new method is a type in a file of its own and a case of
// methodOf.
type method interface {
	// direct counts shard cfg.Shard of cfg.Shards of the n×n board at
	// once, on the caller's goroutine, without a plan, and reports
	// whether the method counts so; or returns an error wrapping
	// ErrMemory for a count over cfg.Memory. cfg is taken by value, so
	// that the caller's stays on its stack.
	direct(n int, cfg Config) (Counts, bool, error)
	// plan returns the subproblems of shard d of the n×n board that the
	// method knows at once, and the live memory of workers workers
	// counting them, or recounting them by recount, by the method's
	// model, and lets them take the room that limit bytes leave them.
	// Where the peak of that memory (peak) is over limit, it may look
	// closer, and returns ctx's error if ctx is done meanwhile.
	plan(ctx context.Context, n int, d deal.Shard, workers int, recount Recount, limit int64) ([]subproblem, float64, error)
	// later returns the subproblems of shard d of the n×n board that
	// plan left to the count, which lists them, reporting progress from
	// start if progress is not nil.
	later(ctx context.Context, n int, d deal.Shard, progress func(Progress), start time.Time) ([]subproblem, error)
	// known returns the counts of shard d of the n×n board that the
	// method knows without subproblems, and whether it knows them.
	known(n int, d deal.Shard) (Counts, bool)
	// classes reports whether the method's subproblems count classes of
	// solutions under the symmetries as they go (Counts.Unique), as
	// State.Check checks them; a join counts none before its end.
	classes() bool
	// scratch returns a worker's new scratch of the method's, which it
	// keeps from one subproblem to the next, and where the method's
	// subproblems find it (worker.scratch); nil for none.
	scratch() scratch
}
