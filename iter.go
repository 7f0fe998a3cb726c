package nqueens

import "iter"

// All returns the solutions of the n×n board as an iterator, in the order
// of Enumerate: for s := range All(8) visits the 92 solutions, and break
// stops the search at once. Each Solution is reused by the next step:
// copy it (slices.Clone) to keep it. For n outside [0, MaxN] the sequence
// is empty: call Enumerate to get the error.
func All(n int) iter.Seq[Solution] {
	return func(yield func(Solution) bool) {
		Enumerate(n, yield)
	}
}

// Completions returns the completions of partial as an iterator, in the
// order of EnumerateCompletions. For a partial board that
// EnumerateCompletions refuses, the sequence is empty.
func Completions(partial []int) iter.Seq[Solution] {
	return func(yield func(Solution) bool) {
		EnumerateCompletions(partial, yield)
	}
}
