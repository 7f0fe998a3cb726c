package engine

import (
	"errors"
	"fmt"

	"github.com/gonqueens/nqueens/internal/join"
)

// The errors of the engine. Each is defined once, its text without a
// package's name; the public packages give them to their users through
// Public, under their own name and matching their own sentinel too.

// ErrMemory reports a count over its memory limit: refused before it
// starts by the model of its memory (memory.go), or stopped by a list of
// the join's quarters that outgrows it, which the join defines.
var ErrMemory = join.ErrMemory

// ErrStateMismatch reports a state of another count than the one it is
// to resume: a *MismatchError says how it differs.
var ErrStateMismatch = errors.New("state of another count")

// ErrOverflow reports a count past 2^64, which Counts cannot hold: the
// Total of a whole board from n = 29 on. Sums adds up shards past it.
var ErrOverflow = errors.New("a count past 2^64")

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
// 65 out of range [0, 64]", and matching also, pkg's sentinel for it,
// under errors.Is as well as err itself. It returns nil for a nil err.
func Public(pkg string, err, also error) error {
	if err == nil {
		return nil
	}
	return &public{pkg: pkg, err: err, also: also}
}

// public is an error of the engine as a public package gives it.
type public struct {
	pkg       string
	err, also error
}

func (e *public) Error() string   { return e.pkg + ": " + e.err.Error() }
func (e *public) Unwrap() []error { return []error{e.err, e.also} }
