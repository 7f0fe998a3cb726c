// Command nqueens counts and draws the solutions of the n-queens problem,
// on one machine or split into shards across many.
//
// Usage:
//
//	nqueens count [-workers k] [-unique] [-json] [-shard i -shards k] N
//	nqueens list [-limit k] N
//	nqueens merge FILE...
//	nqueens construct [-board] N
//	nqueens complete [-count] [-limit k] BOARD
//
// count prints the number of solutions of the N×N board; on a terminal it
// shows its progress on stderr, and Ctrl-C stops it. With -shards k it
// counts only shard i of a split of the search into k parts, taking i from
// JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID (a
// Slurm job array) when -shard is not given; -json prints the result as one
// JSON record, and merge adds up the records of all k shards, refusing an
// incomplete or damaged set.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"

	"github.com/gonqueens/nqueens"
)

const usage = `usage:
  nqueens count [-workers k] [-unique] [-json] [-shard i -shards k] N
                                    count the solutions of the N×N board
  nqueens count -strategy name N    count with one strategy on one core
  nqueens list [-limit k] N         draw solutions of the N×N board
  nqueens merge FILE...             add up the JSON records of every shard
  nqueens construct [-board] N      one solution of the N×N board, at once
  nqueens complete [-count] [-limit k] BOARD
                                    complete a partial board: a column list
                                    such as 1,.,.,. or a diagram ("-": stdin)
`

// Exit codes.
const (
	exitFailure     = 1
	exitUsage       = 2
	exitInterrupted = 130
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

// usageError is bad usage: its message goes out with the usage text.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// helpRequest is -h or -help given to a command: its flags are printed.
type helpRequest struct{ fs *flag.FlagSet }

func (h helpRequest) Error() string { return "help requested" }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

// run executes the command line args and returns the exit code. getenv
// reads the environment; results go to stdout, messages to stderr.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	err := dispatch(ctx, args, getenv, stdout, stderr)
	var ue usageError
	var help helpRequest
	switch {
	case err == nil:
		return 0
	case errors.As(err, &help):
		fmt.Fprintf(stdout, "flags of nqueens %s:\n", help.fs.Name())
		help.fs.SetOutput(stdout)
		help.fs.PrintDefaults()
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "nqueens: %s\n%s", ue.msg, usage)
		return exitUsage
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "nqueens: interrupted")
		return exitInterrupted
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "nqueens: ") {
		msg = "nqueens: " + msg
	}
	fmt.Fprintln(stderr, msg)
	return exitFailure
}

func dispatch(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("no command")
	}
	cmd, args := args[0], args[1:]
	switch cmd {
	case "count":
		return count(ctx, args, getenv, stdout, stderr)
	case "list":
		return list(args, stdout)
	case "merge":
		return merge(args, stdout)
	case "construct":
		return construct(args, stdout)
	case "complete":
		return complete(ctx, args, stdout)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage+"\n\"nqueens COMMAND -h\" lists the flags of a command.\n")
		return nil
	}
	return usagef("unknown command %q", cmd)
}

// newFlagSet returns a flag set for command name that reports errors
// through its return values, not on its own.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args into fs, which must leave exactly want
// arguments, and returns them. A negative number where a flag would be is
// taken for a bad board size.
func parseFlags(fs *flag.FlagSet, args []string, want int) ([]string, error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, helpRequest{fs}
		}
		for _, a := range args {
			if _, err := strconv.Atoi(a); err == nil && strings.HasPrefix(a, "-") {
				return nil, usagef("%s: board size %s is not a whole number from 0 to %d", fs.Name(), a, nqueens.MaxN)
			}
		}
		return nil, usagef("%s: %v", fs.Name(), err)
	}
	if fs.NArg() != want {
		return nil, usagef("%s: want %d argument(s), got %d: %q", fs.Name(), want, fs.NArg(), fs.Args())
	}
	return fs.Args(), nil
}

// parseSize parses a board size argument from 0 to nqueens.MaxN.
func parseSize(cmd, arg string) (int, error) {
	return parseInt(cmd, arg, nqueens.MaxN)
}

func list(args []string, stdout io.Writer) error {
	fs := newFlagSet("list")
	limit := fs.Int("limit", 10, "draw at most `k` solutions (0: all)")
	rest, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	n, err := parseSize("list", rest[0])
	if err != nil {
		return err
	}
	if *limit < 0 {
		return usagef("list: -limit %d is negative", *limit)
	}
	drawn := 0
	return nqueens.Enumerate(n, func(s nqueens.Solution) bool {
		if drawn > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprint(stdout, s)
		drawn++
		return *limit == 0 || drawn < *limit
	})
}
