package nqueens

import (
	"context"

	"github.com/gonqueens/nqueens/internal/engine"
)

// The engine as a strategy beside the articles' four, on one worker.

// Engine is the package's own method, the one that [Count] and the other
// calls of the package run on every core, here on one so that it compares
// with the other strategies core for core. It is the last to read: it
// keeps Richards' masks, and adds what makes a count fast. This doc is the
// one place that says which boards each of its methods takes.
//
//   - A board of up to 11 squares a side is counted at once, on the
//     caller's goroutine: Bitwise's walk with the first row's queen in the
//     left half of the row alone, every solution counted twice, for its
//     mirror image too. Larger boards are planned into subproblems, which
//     the workers take one at a time.
//   - Of each class of solutions that the rotations and reflections of the
//     square map onto each other, it searches about one member: it sorts
//     solutions by their border (the queens of the top and bottom rows and
//     of the left and right columns), searches one border of each class of
//     borders (the constellations of the NQueensFAF solver), and fills the
//     rows between with Richards' method, the border queens' attacks
//     folded into a mask per row, generated kernels filling the last rows.
//   - From n = 14 on (17 if odd) to 32 it joins half-boards instead (the
//     larger boards go back to the constellations): for
//     each way to choose the rows whose queen stands in the east half, it
//     lists the east and the west half-boards and counts the pairs whose
//     diagonals are disjoint, 64 to 512 at a time, with tables of bit sets.
//
// Burnside's lemma gives the fundamental count from the solutions that a
// quarter and a half turn leave unchanged, which two small searches find.
// Its Enumerate walks the whole board, without symmetry. [docs/engine.md]
// tells the engine's story, with its measurements.
//
// Next: [Count], which runs it on every core.
//
// [docs/engine.md]: https://github.com/gonqueens/nqueens/blob/main/docs/engine.md
type Engine struct{}

// String returns "engine".
func (Engine) String() string { return "engine" }

// Count returns the number of solutions of the n×n board, on one worker,
// as [Strategy] says. It returns an error wrapping [ErrOverflow] at once
// from n = 29 on, as [Count] does, and one wrapping [ErrMemory] for a
// board whose count on one worker would take more than 4 GiB: a larger
// n than Count's, whose workers each take as much. It cannot be stopped:
// [CountContext] with [WithWorkers](1) counts as it does, and stops.
func (Engine) Count(n int) (uint64, error) {
	cfg := countConfig{workers: 1, memory: engine.DefaultMemoryLimit}
	c, err := countOn(context.Background(), n, &cfg, true)
	return c.Total, err
}

// Enumerate visits the solutions of the n×n board, as [Strategy] says,
// with the engine's iterative walk of the whole board on the caller's
// goroutine.
func (Engine) Enumerate(n int, visit func(Solution) bool) error {
	if err := checkEnumerate(n, visit); err != nil {
		return err
	}
	return engine.Enumerate(context.Background(), n, 1, func(s []int) bool { return visit(s) })
}
