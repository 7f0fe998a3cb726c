package engine

import (
	"github.com/gonqueens/nqueens/internal/backtrack"
	"github.com/gonqueens/nqueens/internal/join"
	"github.com/gonqueens/nqueens/internal/poll"
)

// A worker counts one subproblem at a time, each by its method
// (subproblem.go), with the scratch space that the methods keep from one
// subproblem to the next: a frame of the package backtrack, and the check
// of the constellations' symmetries, a joiner of the package join.

// A worker solves subproblems one after another.
type worker struct {
	poll    poll.Poller
	frame   backtrack.Frame
	check   constellationCheck
	joiner  *join.Joiner
	recount Recount          // count again, each subproblem by its recount of this kind (subproblem.go)
	checkOn join.KernelNames // the kernels of a recount by the join (Config.CheckOn)
}

// err returns the error that made the worker's last search give up, nil
// if w.poll said to stop.
func (w *worker) err() error {
	if w.joiner != nil {
		return w.joiner.Err()
	}
	return nil
}
