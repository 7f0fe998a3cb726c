package engine

import (
	"context"
	"sync/atomic"

	"github.com/gonqueens/nqueens/internal/backtrack"
	"github.com/gonqueens/nqueens/internal/poll"
)

// The searches of a board partly filled, its completions, on the
// caller's goroutine: what the public package's completion calls run.

// CountBoard returns the number of ways to fill the free rows of b
// (board.Free), whose fixed queens the caller has checked. It returns
// ctx.Err() at once if ctx is done already, and within a poll of ctx
// being done.
func CountBoard(ctx context.Context, b []int) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	var stop atomic.Bool
	defer poll.StopWhenDone(ctx, &stop)()
	var f backtrack.Frame
	f.Setup(b)
	n, ok := f.Count(&poll.Poller{Stop: &stop, Yield: true})
	if !ok {
		return 0, ctx.Err()
	}
	return n, nil
}

// EnumerateBoard calls visit with each way of filling the free rows of
// b, whose fixed queens the caller has checked, in lexicographic order,
// until visit returns false, as backtrack.EnumerateBoard does.
func EnumerateBoard(ctx context.Context, b []int, visit func([]int) bool) error {
	return backtrack.EnumerateBoard(ctx, b, visit)
}
