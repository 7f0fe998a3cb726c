package engine

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/gonqueens/nqueens/internal/deal"
	"github.com/gonqueens/nqueens/internal/join"
	"github.com/gonqueens/nqueens/internal/poll"
	"github.com/gonqueens/nqueens/internal/recount"
)

// The join's method: the join's runs of splits as subproblems, after the
// searches of the solutions that a turn leaves unchanged. A run is
// counted by a joiner of the package join, recounted by one that checks
// (join.NewCheckJoiner), or split by split by the plain backtracking of
// the package recount, with the split's weights. The engine asks the join
// once for its part of the plan (join.NewPlan).

// joinRuns is the method of the boards that the join counts.
type joinRuns struct{}

func (joinRuns) direct(int, Config) (Counts, bool, error) { return Counts{}, false, nil }

// plan makes the join's plan of the shard, of at least d.Want() runs,
// whose joiners keep what the join's model says (join.NewPlan), but none
// for a plain recount.
func (joinRuns) plan(ctx context.Context, n int, d deal.Shard, workers int, recount Recount, limit int64) ([]subproblem, float64, error) {
	var stop atomic.Bool
	release := poll.StopWhenDone(ctx, &stop)
	p, ok := join.NewPlan(n, d.Want(), d, workers, recount != PlainRecount, peak, limit, &poll.Poller{Stop: &stop})
	release()
	if !ok {
		return nil, 0, ctx.Err()
	}
	sub := invariantSearches(n, d, len(p.Runs))
	for i := range p.Runs {
		sub = append(sub, joinRun{&p.Runs[i]})
	}
	return sub, p.Live, nil
}

func (joinRuns) later(context.Context, int, deal.Shard, func(Progress), time.Time) ([]subproblem, error) {
	return nil, nil
}

func (joinRuns) known(int, deal.Shard) (Counts, bool) { return Counts{}, false }
func (joinRuns) classes() bool                        { return false }
func (joinRuns) scratch() scratch                     { return new(joinScratch) }

// A joinScratch is a worker's joiner, kept for the next run of its board.
type joinScratch struct{ joiner *join.Joiner }

func (s *joinScratch) err() error {
	if s.joiner == nil {
		return nil
	}
	return s.joiner.Err()
}

// A joinRun is a run of the join's splits, a subproblem.
type joinRun struct{ r *join.Run }

// solve counts the run with w's joiner.
func (s joinRun) solve(w *worker) (Counts, bool) { return s.joined(w, join.NewJoiner) }

// joined counts the run with w's joiner, which newJoiner makes anew for
// another board.
func (s joinRun) joined(w *worker, newJoiner func(*join.Board) *join.Joiner) (Counts, bool) {
	js := w.scratch.(*joinScratch)
	if js.joiner == nil || js.joiner.Board() != s.r.Board {
		js.joiner = newJoiner(s.r.Board)
	}
	total, ok := js.joiner.CountRun(s.r, &w.poll)
	return Counts{Total: total}, ok
}

// recount counts the run again: for JoinRecount, with a joiner that
// checks; else split by split by plain backtracking, which keeps nothing
// of the join's.
func (s joinRun) recount(w *worker, how Recount) (Counts, bool) {
	if how == JoinRecount {
		return s.joined(w, func(b *join.Board) *join.Joiner { return join.NewCheckJoiner(b, w.checkOn) })
	}
	b := s.r.Board
	queens, rows := b.Queens(), b.Rows()
	split := recount.Split{Board: queens, Longest: len(queens)%2 == 0}
	var total uint64
	ok := true
	s.r.Splits(func(east, on, off uint64) bool {
		if on == 0 && off == 0 {
			return true
		}
		split.East, split.West = east, rows&^east
		var by [3]uint64
		by, ok = split.Count(&w.poll)
		total += off*by[0] + 2*on*by[1] + 4*on*by[2]
		return ok
	})
	return Counts{Total: total * b.Placements()}, ok
}

// begin holds the run's board, whose quarters its joiners keep until its
// last run is counted; a plain recount keeps none.
func (s joinRun) begin(how Recount) {
	if how != PlainRecount {
		s.r.Board.Hold()
	}
}

func (s joinRun) quick() bool { return false }
func (s joinRun) group() any  { return s.r.Board }
