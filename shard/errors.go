package shard

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gonqueens/nqueens/internal/engine"
)

// The errors of the package, besides those of package nqueens that a
// count returns (nqueens.ErrBoardSize, nqueens.ErrMemory,
// nqueens.ErrNilContext, and nqueens.ErrOverflow for a count whose own
// Total passes 2^64, as [Job.Count] of a whole board from n = 29 on
// would: count such a board in shards, which [Sum] adds up past 2^64).
// Every error it returns for bad input wraps one of them, so that
// callers can test for them with errors.Is, and says what was wrong and
// what is allowed, after "shard: ". A count stopped by its context
// returns the context's error instead.

// ErrCounts reports counts that no count of a board can have made, as
// [Sum] finds them: damaged, or forged.
var ErrCounts = errors.New("shard: counts cannot go together")

// ErrJob reports a field of a [Job] out of range, or an [ID] that names
// no shard a Job counts ([ID.Check]).
var ErrJob = errors.New("shard: invalid job")

// ErrSet reports a set of counts that are not every shard of one
// split once each, as [Sum] finds it: see [SetError].
var ErrSet = errors.New("shard: not the shards of one count")

// ErrState reports bytes that [State.UnmarshalBinary] cannot take
// (empty, cut short, damaged, or not a State at all), or a State to
// resume whose counts no count made: at once, or once a count of a whole
// board resumed from it is done and its counts prove to be no board's.
var ErrState = engine.ErrBadState

// stateError returns an error of the package wrapping ErrState, formatted
// after it as fmt.Errorf formats.
func stateError(format string, args ...any) error {
	return engine.Public("shard", fmt.Errorf("%w: "+format, append([]any{ErrState}, args...)...))
}

// A MismatchError is a State of another count than the Job that is to
// resume it; its Why says how they differ, as "a state of n=14, but this
// count is of n=15". It matches ErrStateMismatch, and the errors of
// Job.CheckResume and Job.Count for such a State wrap one, for errors.As.
type MismatchError = engine.MismatchError

// ErrStateMismatch reports a [State] of another count than the Job
// that is to resume it: another board, shard, kind or [PlanVersion].
// A program that keeps checkpoints can test for it to start afresh.
var ErrStateMismatch = engine.ErrStateMismatch

// ErrKernels reports a recount by the join ([ByJoin]) of counts made on
// every set of matching kernels that this processor runs
// ([Job.RecountKernels]): a recount on the same kernels would repeat a
// fault of theirs. Recount on another processor, or [ByBacktracking].
var ErrKernels = engine.ErrKernels

// A SetError is the error of [Sum] for a set of counts that are not every
// shard of one split once each. It matches [ErrSet].
type SetError struct {
	// At holds the positions in the set of the counts at fault: one that
	// names no shard, or two that cannot go together, the same shard
	// twice or shards of different splits.
	At []int
	// Missing lists the shards of the split that the set lacks, in order,
	// when that is its fault: those to count again.
	Missing []int
	// Problem says what is wrong, after the counts of At if there are any:
	// "are both n=16 shard 2 of 5 (plan 4)", "3 of 16 shards missing: 4, 9-10".
	Problem string
}

func (e *SetError) Error() string {
	if e == nil {
		return "shard: <nil SetError>"
	}
	var at []string
	for _, i := range e.At {
		at = append(at, fmt.Sprintf("shards[%d]", i))
	}
	if len(at) == 0 {
		return "shard: " + e.Problem
	}
	return "shard: " + strings.Join(at, " and ") + " " + e.Problem
}

func (e *SetError) Is(target error) bool { return target == ErrSet }
