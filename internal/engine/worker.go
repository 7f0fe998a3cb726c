package engine

import (
	"github.com/gonqueens/nqueens/internal/backtrack"
	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/join"
	"github.com/gonqueens/nqueens/internal/poll"
)

// A worker counts one subproblem at a time, each by its method: a run of
// splits by a joiner of the package join, a search of the solutions a
// turn leaves unchanged (invariant.go), a constellation's subproblem by
// the kernels of the package backtrack, or a recount by the package
// recount.

// A worker solves subproblems one after another.
type worker struct {
	poll    poll.Poller
	frame   backtrack.Frame
	check   constellationCheck
	joiner  *join.Joiner
	recount bool // count again by plain backtracking (recount.go)
}

// err returns the error that made the worker's last search give up, nil
// if w.poll said to stop.
func (w *worker) err() error {
	if w.joiner != nil {
		return w.joiner.Err()
	}
	return nil
}

// search returns the counts of s. It reports false if it gave up, because
// w.poll said to stop or for w.err.
func (w *worker) search(s *subproblem) (Counts, bool) {
	if w.recount && s.invariant == nil {
		return w.recountOf(s)
	}
	if f := s.invariant; f != nil {
		count, ok := countInvariant(f.n, f.g, f.col, &w.poll)
		if f.g == board.Rotate90 {
			return Counts{Invariant90: count}, ok
		}
		return Counts{Invariant180: count}, ok
	}
	if s.run != nil {
		if w.joiner == nil || w.joiner.Board() != s.run.Board {
			w.joiner = join.NewJoiner(s.run.Board)
		}
		total, ok := w.joiner.CountRun(s.run, &w.poll)
		return Counts{Total: total}, ok
	}
	w.frame.Setup(s.board)
	if len(s.c.fixers) == 0 {
		found, ok := w.frame.Count(&w.poll)
		return Counts{Total: 8 * found, Unique: found}, ok
	}
	w.check.c, w.check.counts = s.c, Counts{}
	ok := w.frame.Enumerate(w.check.visit, &w.poll)
	return w.check.counts, ok
}
