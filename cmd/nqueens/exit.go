package main

import (
	"context"
	"os"
	"syscall"
)

// How a command ends: its exit codes, by a signal, and work that cannot
// be stopped.

// Exit codes.
const (
	exitFailure     = 1
	exitUsage       = 2
	exitInterrupted = 130
)

// signalError is the cause of a command's end by a signal.
type signalError struct{ sig os.Signal }

func (e signalError) Error() string { return e.sig.String() }

// exitCode is the shell's code for a process ended by the signal: 128 and
// its number, 130 for SIGINT (Ctrl-C) and 143 for SIGTERM.
func (e signalError) exitCode() int {
	if s, ok := e.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return exitInterrupted
}

// interruptible runs f, which cannot be stopped, and returns its error,
// or ctx's as soon as ctx is done: f is left running, to end with the
// process.
func interruptible(ctx context.Context, f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
