package nqueens

import (
	"context"
	"fmt"
	"iter"
	"slices"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/engine"
)

// checkPartial reports what is wrong with partial, if anything.
func checkPartial(partial []int) error {
	n := len(partial)
	if n > MaxN {
		return fmt.Errorf("%w: %d rows, want at most %d", ErrPartial, n, MaxN)
	}
	for row, col := range partial {
		if col != Free && (col < 0 || col >= n) {
			return fmt.Errorf("%w: row %d: column %d is off the board, want 0 to %d or Free (%d)", ErrPartial, row, col, n-1, Free)
		}
	}
	for r1, c1 := range partial {
		if c1 == Free {
			continue
		}
		for r2 := r1 + 1; r2 < n; r2++ {
			if c2 := partial[r2]; c2 != Free && board.Attacks(r1, c1, r2, c2) {
				return fmt.Errorf("%w: queens (%d, %d) and (%d, %d) attack each other", ErrPartial, r1, c1, r2, c2)
			}
		}
	}
	return nil
}

// CountCompletions returns the number of solutions of the n×n board,
// n = len(partial), that keep the queens of partial: partial[row] is a
// column, or [Free] for a row still to fill. With every row free it is
// Count(n). Deciding whether a partial board has a completion is
// NP-complete (Gent, Jefferson and Nightingale, 2017): the cost is that of
// a search of the free rows, up to [Count]'s. It returns an error wrapping
// [ErrPartial] for a board longer than [MaxN], a column off the board, or two
// queens that attack each other.
func CountCompletions(partial []int) (uint64, error) {
	return CountCompletionsContext(context.Background(), partial)
}

// CountCompletionsContext is [CountCompletions] that gives up, returning
// ctx.Err(), within milliseconds of ctx being done, and at once if it is
// done already.
func CountCompletionsContext(ctx context.Context, partial []int) (uint64, error) {
	if err := checkContext(ctx); err != nil {
		return 0, err
	}
	if err := checkPartial(partial); err != nil {
		return 0, err
	}
	return engine.CountBoard(ctx, partial)
}

// EnumerateCompletions calls visit with each solution that keeps the
// queens of partial (see [CountCompletions]), in lexicographic order, until
// visit returns false. The [Solution] passed to visit is reused between
// calls: copy it (slices.Clone) to keep it, or use [Completions]. What visit
// writes into it does not reach the search. Bad arguments return an error
// wrapping [ErrPartial] or [ErrNilVisit] before anything is visited.
func EnumerateCompletions(partial []int, visit func(Solution) bool) error {
	return EnumerateCompletionsContext(context.Background(), partial, visit)
}

// EnumerateCompletionsContext is [EnumerateCompletions] that gives up,
// returning ctx.Err(), within milliseconds of ctx being done, and at once
// if it is done already.
func EnumerateCompletionsContext(ctx context.Context, partial []int, visit func(Solution) bool) error {
	if err := checkContext(ctx); err != nil {
		return err
	}
	if err := checkPartial(partial); err != nil {
		return err
	}
	if visit == nil {
		return ErrNilVisit
	}
	return engine.EnumerateBoard(ctx, partial, func(s []int) bool { return visit(s) })
}

// Completions returns the completions of partial as an iterator, in the
// order of [EnumerateCompletions], each the caller's to keep, as
// Solutions' are. For a partial board that EnumerateCompletions refuses it returns a
// nil iterator and the error wrapping [ErrPartial]. It keeps a copy of
// partial: changing partial after the call changes nothing. It is
// [CompletionsContext] with context.Background(), whose search cannot be
// stopped while it looks for the next completion.
func Completions(partial []int) (iter.Seq[Solution], error) {
	return CompletionsContext(context.Background(), partial)
}

// CompletionsContext is [Completions] whose search gives up within
// milliseconds of ctx being done, even while it looks for the next
// completion: the loop then ends, and ctx.Err() tells that end from the
// last completion's.
func CompletionsContext(ctx context.Context, partial []int) (iter.Seq[Solution], error) {
	if err := checkContext(ctx); err != nil {
		return nil, err
	}
	if err := checkPartial(partial); err != nil {
		return nil, err
	}
	partial = slices.Clone(partial)
	return func(yield func(Solution) bool) {
		engine.EnumerateBoard(ctx, partial, func(s []int) bool { return yield(slices.Clone(s)) })
	}, nil
}
