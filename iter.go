package nqueens

import (
	"iter"
	"slices"
)

// All returns the solutions of the n×n board as an iterator, in the order
// of Enumerate: for s := range seq visits the 92 solutions of n = 8, and
// break stops the search at once. Each Solution is reused by the next
// step: copy it (slices.Clone) to keep it. For n outside [0, MaxN] it
// returns a nil iterator and an error wrapping ErrBoardSize, so that a bad
// size never looks like a board without solutions. The search runs as the
// loop asks for solutions and cannot be stopped while it looks for the
// next one: use EnumerateContext for that.
func All(n int) (iter.Seq[Solution], error) {
	if err := checkSize(n); err != nil {
		return nil, err
	}
	return func(yield func(Solution) bool) {
		Enumerate(n, yield)
	}, nil
}

// Completions returns the completions of partial as an iterator, in the
// order of EnumerateCompletions. For a partial board that
// EnumerateCompletions refuses it returns a nil iterator and the error
// wrapping ErrPartial. It keeps a copy of partial: changing partial after
// the call changes nothing. Like All, it cannot be stopped while it looks
// for the next completion: use EnumerateCompletionsContext for that.
func Completions(partial []int) (iter.Seq[Solution], error) {
	if err := checkPartial(partial); err != nil {
		return nil, err
	}
	partial = slices.Clone(partial)
	return func(yield func(Solution) bool) {
		EnumerateCompletions(partial, yield)
	}, nil
}
