package engine

import (
	"github.com/gonqueens/nqueens/internal/backtrack"
	"github.com/gonqueens/nqueens/internal/join"
	"github.com/gonqueens/nqueens/internal/poll"
)

// A worker counts one subproblem at a time, each by its method
// (subproblem.go), with the scratch space kept from one subproblem to the
// next: a frame of the package backtrack, for every method's plain
// searches, and the count's method's own (method.go).

// A worker solves subproblems one after another.
type worker struct {
	poll    poll.Poller
	frame   backtrack.Frame
	scratch scratch          // the count's method's, nil for none
	recount Recount          // count again, each subproblem by its recount of this kind (subproblem.go)
	checkOn join.KernelNames // the kernels of a recount by the join (Config.CheckOn)
}

// err returns the error that made the worker's last search give up, nil
// if w.poll said to stop.
func (w *worker) err() error {
	if w.scratch != nil {
		return w.scratch.err()
	}
	return nil
}

// A scratch is what a worker keeps of a method's from one subproblem to
// the next.
type scratch interface {
	// err returns the error that made the worker's last search give up,
	// nil if its poller said to stop.
	err() error
}
