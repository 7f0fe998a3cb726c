package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/gonqueens/nqueens/internal/join"
)

// The errors of the engine. Each is defined once, its text without a
// package's name, and the public packages export the same sentinels
// (nqueens.ErrMemory is ErrMemory); they give the errors to their users
// through Public, under their own name.

// ErrMemory reports a count over its memory limit: refused before it
// starts by the model of its memory (memory.go), or stopped by a list of
// the join's quarters that outgrows it, which the join defines.
var ErrMemory = join.ErrMemory

// ErrStateMismatch reports a state of another count than the one it is
// to resume: a *MismatchError says how it differs.
var ErrStateMismatch = errors.New("state of another count")

// ErrBadState reports a state that no count made: bytes that are no
// state, or a state resumed whose counts, once the count is done, no
// board has (Count).
var ErrBadState = errors.New("bad state")

// ErrNilContext reports a nil context.Context passed where a count's
// context goes, whose methods would panic (CheckContext).
var ErrNilContext = errors.New("nil context")

// ErrOverflow reports a count past 2^64, which Counts cannot hold: the
// Total of a whole board from n = FirstOverflow on. Sums adds up shards
// past it.
var ErrOverflow = errors.New("a count past 2^64")

// FirstOverflow is the least n whose count passes 2^64: 29, whose count
// is about 2.6·10^19 by every estimate (that of 27, the largest counted,
// is 2.3·10^17, and the counts grow some 7 to 10 times with each n), and
// every larger one. A whole count of it is refused at once, where it
// would run for millennia to fail.
const FirstOverflow = 29

// ErrKernels reports a recount by the join of a count that ran on every
// matching kernel this processor runs (CheckKernels): a recount on the
// same kernels would repeat a fault of theirs.
var ErrKernels = errors.New("no other kernels to recount on")

// ErrBoardSize reports a board size out of range: a SizeError.
var ErrBoardSize = errors.New("board size out of range")

// A SizeError is a board size N outside [0, Max]. It matches
// ErrBoardSize.
type SizeError struct{ N, Max int }

func (e SizeError) Error() string {
	return fmt.Sprintf("board size %d out of range [0, %d]", e.N, e.Max)
}

func (e SizeError) Is(target error) bool { return target == ErrBoardSize }

// A MismatchError is a state of another count than the one it is to
// resume; Why says how it differs, as "a state of n=14, but this count is
// of n=15". It matches ErrStateMismatch.
type MismatchError struct{ Why string }

func (e *MismatchError) Error() string { return ErrStateMismatch.Error() + ": " + e.Why }

func (e *MismatchError) Is(target error) bool { return target == ErrStateMismatch }

// mismatch returns a *MismatchError of why, formatted as fmt.Sprintf does.
func mismatch(format string, args ...any) error {
	return &MismatchError{Why: fmt.Sprintf(format, args...)}
}

// Public returns err, an error of the engine, as the public package pkg
// gives it to its users: its text after pkg's name, "nqueens: board size
// 65 out of range [0, 64]", matching what err matches under errors.Is,
// the sentinels the public packages export among them. It returns nil
// for a nil err, and err itself for a cancel of its context.
func Public(pkg string, err error) error {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return &public{pkg: pkg, err: err}
}

// public is an error of the engine as a public package gives it.
type public struct {
	pkg string
	err error
}

func (e *public) Error() string { return e.pkg + ": " + e.err.Error() }
func (e *public) Unwrap() error { return e.err }

// CheckContext returns, for a nil ctx, the error of the public package
// pkg that wraps ErrNilContext: the one check of a context that a public
// function takes, whose methods a nil one would panic on.
func CheckContext(pkg string, ctx context.Context) error {
	if ctx == nil {
		return Public(pkg, fmt.Errorf("%w: pass context.Background() for a call without a deadline", ErrNilContext))
	}
	return nil
}
