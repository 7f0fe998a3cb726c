package engine

import (
	"context"
	"time"

	"github.com/gonqueens/nqueens/internal/backtrack"
	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/deal"
	"github.com/gonqueens/nqueens/internal/poll"
)

// The boards of fewer than 4 squares a side, too small for
// constellations: their counts are known without subproblems, and a
// count holds them in shard 0.

// A smallBoard is the method of the boards too small for constellations.
type smallBoard struct{}

func (smallBoard) direct(int, Config) (Counts, bool, error) { return Counts{}, false, nil }

// plan returns no subproblem: a count of a small board keeps nothing.
func (smallBoard) plan(context.Context, int, deal.Shard, int, Recount, int64) ([]subproblem, float64, error) {
	return nil, 0, nil
}

func (smallBoard) later(context.Context, int, deal.Shard, func(Progress), time.Time) ([]subproblem, error) {
	return nil, nil
}

// known returns the counts of the board in shard 0, and none in the
// others.
func (smallBoard) known(n int, d deal.Shard) (Counts, bool) {
	if d.Index != 0 {
		return Counts{}, true
	}
	return smallCounts(n), true
}

func (smallBoard) classes() bool    { return true }
func (smallBoard) scratch() scratch { return nil }

// smallCounts returns the counts of the boards too small for
// constellations, n < 4, by comparing each solution with all its images:
// the board as one constellation that every symmetry fixes. The empty
// board and the lone queen, their only solutions, are left unchanged by
// every symmetry; the boards of 2 and 3 squares have none.
func smallCounts(n int) Counts {
	if n == 0 {
		return Counts{Total: 1, Unique: 1, Invariant90: 1, Invariant180: 1} // the empty board
	}
	check := constellationCheck{c: &constellation{fixers: board.Symmetries[1:]}}
	var f backtrack.Frame
	f.Setup(empty(n))
	f.Enumerate(check.visit, &poll.Poller{})
	c := check.counts
	c.Invariant90, c.Invariant180 = c.Total, c.Total
	return c
}
