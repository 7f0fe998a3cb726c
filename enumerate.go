package nqueens

import "context"

// Enumeration with the engine's iterative search: the whole board is one
// frame with every row free. It visits the solutions in the same order as
// the recursive strategies, without a call per node.

type engine struct{}

func (engine) Name() string { return "engine" }

// Count counts on one worker, so that the engine compares with the other
// strategies core for core.
func (engine) Count(n int) (uint64, error) {
	c, err := CountContext(context.Background(), n, WithWorkers(1))
	return c.Total, err
}

func (engine) Enumerate(n int, visit func(Solution) bool) error {
	if err := checkEnumerate(n, visit); err != nil {
		return err
	}
	board := make([]int, n)
	for i := range board {
		board[i] = Free
	}
	var f frame
	f.setup(board)
	f.enumerate(visit, &poller{})
	return nil
}
