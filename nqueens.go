package nqueens

import (
	"context"

	"github.com/gonqueens/nqueens/internal/engine"
)

// The package's front door: the counts, which the engine makes.

// Count returns the number of ways to place n non-attacking queens on an
// n×n board ([OEIS A000170]), with the engine on every core: the fastest
// way the package has to count, at every n. Count(0) is 1, the empty
// board; Count(2) and Count(3) are 0. It returns an error wrapping
// [ErrBoardSize] unless 0 <= n <= [MaxN], and one wrapping [ErrMemory]
// for a count whose memory, as the model of [Engine] puts it, would pass
// 4 GiB: it takes some 15 to 60 MiB a worker up to n = 23, 220 MiB at 24,
// 780 MiB at 26 and 3.5 GiB at 28, a worker a core, so that a machine of
// 16 cores passes 4 GiB from n = 26 on. It is [CountContext] with
// context.Background(): it cannot be stopped, and reports nothing while
// it runs.
//
// The cost grows about as fast as the count, 5 to 10 times with each n
// from 12 to 27, at about a nanosecond a solution on a core of today:
// n = 20's 3.9·10^10 solutions take seconds, n = 22's 2.7·10^12 about an
// hour of a core, and n = 25's 2.2·10^15 weeks of one. For the larger
// boards, call CountContext, whose context
// stops the count and whose [WithProgress] reports how far it has come
// and the time left; a count of hours or days in shards, with
// checkpoints, is package shard's. A small board is counted on the caller's goroutine in
// about half the time [Bitwise] takes, its first row's queen in the left
// half alone; a larger one on every core, through a plan of subproblems
// that costs about what Bitwise's count of a board of 9 or 10 does.
// [Engine] says which boards each of its methods takes, and
// [docs/scale.md] has measured times, with the machine named. A uint64
// holds the count up to n = 27, the largest board ever counted, and 28 by
// every estimate; the count of 29, about 2.6·10^19, is past 2^64, and a
// count of n = 29 or more returns an error wrapping [ErrOverflow] at
// once: package shard adds up the shards of such a board exactly.
//
// [OEIS A000170]: https://oeis.org/A000170
// [docs/scale.md]: https://github.com/gonqueens/nqueens/blob/main/docs/scale.md
func Count(n int) (uint64, error) {
	return CountContext(context.Background(), n)
}

// CountContext is [Count] that gives up when ctx is done, returning
// ctx.Err(): at once if ctx is done already, and else within a few
// milliseconds, with every worker stopped. It takes the options of a
// count: [WithWorkers], [WithProgress] and [WithMemoryLimit], and returns
// an error wrapping [ErrOption] for a bad one, and [ErrNilContext] for a
// nil ctx. The count is 0 whenever the error is not nil.
func CountContext(ctx context.Context, n int, opts ...CountOption) (uint64, error) {
	c, err := count(ctx, n, opts, true)
	return c.Total, err
}

// CountUnique returns the number of fundamental solutions of the n×n
// board, those that no rotation or reflection maps onto each other
// ([OEIS A002562]): of the 92 solutions of n = 8, 12. CountUnique(0) and
// CountUnique(1) are 1. It costs what [Count] costs from n = 12 on, and
// more on the smaller boards, which it plans on every core: about what
// [Bitwise]'s count of a board of 9 or 10 costs, some 30 times Count's
// at n = 8. It returns the errors of Count. It is [CountUniqueContext]
// with context.Background().
//
// [OEIS A002562]: https://oeis.org/A002562
func CountUnique(n int) (uint64, error) {
	return CountUniqueContext(context.Background(), n)
}

// CountUniqueContext is [CountUnique] that gives up when ctx is done, as
// [CountContext] does, and takes its options.
func CountUniqueContext(ctx context.Context, n int, opts ...CountOption) (uint64, error) {
	c, err := count(ctx, n, opts, false)
	return c.Unique, err
}

// count counts the n×n board on the engine as opts say, its Total alone
// if totalOnly is set. The counts are zero if the error is not nil.
func count(ctx context.Context, n int, opts []CountOption, totalOnly bool) (engine.Counts, error) {
	cfg, err := newCountConfig(ctx, opts)
	if err != nil {
		return engine.Counts{}, err
	}
	return countOn(ctx, n, &cfg, totalOnly)
}

// countOn is count once the options are read.
func countOn(ctx context.Context, n int, cfg *countConfig, totalOnly bool) (engine.Counts, error) {
	if err := checkSize(n); err != nil {
		return engine.Counts{}, err
	}
	c, err := engine.Count(ctx, n, cfg.engine(totalOnly))
	if err != nil {
		return engine.Counts{}, engine.Public("nqueens", err)
	}
	return c, nil
}
