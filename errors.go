package nqueens

import (
	"context"
	"errors"

	"github.com/gonqueens/nqueens/internal/engine"
)

// The errors of the package. Every error it returns for bad input wraps
// one of them, so callers can test for them with errors.Is, and says what
// was wrong and what is allowed, after "nqueens: ". A search stopped by
// its context returns the context's error instead. The errors of a count
// are the engine's, which package shard reports under the same
// sentinels.

// ErrBoardSize reports a board size outside [0, MaxN], or outside
// [0, MaxConstruct] for [Construct] and [0, MaxTrace] for [Trace].
var ErrBoardSize = engine.ErrBoardSize

// ErrMemory reports a count that would take more memory than its
// limit (see [WithMemoryLimit]). Package shard's counts report it too.
var ErrMemory = engine.ErrMemory

// A MemoryError is the error of a count refused for its memory, before
// it starts: the board N, its shards (1 for a whole board) and workers,
// the bytes it takes at its peak by the model (Need), those it takes
// where Go's runtime is held to a memory limit as low (Least: GOMEMLIMIT,
// or debug.SetMemoryLimit), and the count's limit (Limit). It matches
// ErrMemory; errors.As reads it from the errors of this package and of
// package shard.
type MemoryError = engine.MemoryError

// ErrOverflow reports a count past 2^64, which a uint64 cannot hold:
// the Total of a board from n = 29 on. Package shard counts such a
// board in shards and adds them up exactly, and reports a shard whose
// own count passes 2^64 with it too.
var ErrOverflow = engine.ErrOverflow

// ErrNilVisit reports a nil callback passed to an Enumerate function.
var ErrNilVisit = errors.New("nqueens: nil visit function")

// ErrNilContext reports a nil context.Context passed to a Context
// function, where context.Background() means no deadline. Package
// shard's counts report it too.
var ErrNilContext = engine.ErrNilContext

// ErrOption reports an invalid option: nil, or out of range.
var ErrOption = errors.New("nqueens: invalid option")

// ErrPartial reports a partial board that cannot be completed as
// given: too long, a column off the board, or two queens that attack
// each other.
var ErrPartial = errors.New("nqueens: invalid partial board")

// ErrNotSolution reports a [Solution] that is not a solution of its
// board: a column off the board, or two queens that attack each other.
var ErrNotSolution = errors.New("nqueens: not a solution")

// ErrNoSolution reports a board without any solution: n = 2 or n = 3.
var ErrNoSolution = errors.New("nqueens: no solution")

// ErrParse reports text that is neither a board diagram nor a column
// list.
var ErrParse = errors.New("nqueens: cannot parse board")

// ErrStrategy reports a name that no strategy of [Strategies] has.
var ErrStrategy = errors.New("nqueens: unknown strategy")

// ErrSymmetry reports a [Symmetry] that is none of the eight.
var ErrSymmetry = errors.New("nqueens: unknown symmetry")

// sizeError returns the error for a board size n outside [0, max]: the
// engine's, which names the size and the allowed range, under the
// package's name, matching ErrBoardSize.
func sizeError(n, max int) error {
	return engine.Public("nqueens", engine.SizeError{N: n, Max: max})
}

// checkContext returns an error wrapping ErrNilContext if ctx is nil.
func checkContext(ctx context.Context) error { return engine.CheckContext("nqueens", ctx) }
