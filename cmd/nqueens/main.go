// Command nqueens counts and draws the solutions of the n-queens problem,
// on one machine or split into shards across many. Its commands are count,
// list, merge, verify, trace, construct, complete, version and help:
// "nqueens help" prints how to call each, and "nqueens COMMAND -h" its
// flags.
//
// count prints the number of solutions of the N×N board; on a terminal it
// shows its progress on stderr, and elsewhere (a batch job's log) it
// prints a line of it every -progress-every (10s), as list and verify do. With -strategy it counts with one of the
// package's strategies on one core instead of the engine. Ctrl-C (SIGINT)
// or SIGTERM stops every command at once, with exit status 130 or 143.
// With -shards k it counts only shard i of a split of the search into k
// parts, taking i from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) or
// SLURM_ARRAY_TASK_ID (a Slurm job array) when -shard is not given; -json
// prints the result as one JSON record, and merge adds up the records of
// all k shards, refusing an incomplete or damaged set. With -checkpoint,
// count keeps its state in a file every few seconds and when stopped, and
// a count started again with the same file goes on from there. A count
// that would take more memory than -memory (4G by default) is refused
// before it starts, with the memory it would take.
//
// list draws solutions, trace follows Bitwise's search of a board of up
// to 8 squares a side step by step, construct prints one solution of any
// size without a search, as Solution.String writes it ([1 3 0 2]), and
// complete lists or counts the completions of a partial board, a column
// list such as 1,.,.,. or [1 3 0 2], or a diagram, given as the argument
// or in a file.
// version prints the module's version, the split plan of its shards and
// the Go that built it, as go version does.
//
// stdout holds nothing but answers, and notes go to stderr. A board with
// no solution is an answer, not an error: count prints 0, and list,
// construct and complete print nothing, say so on stderr and exit with
// status 0, as find and go list do when nothing matches (grep's status 1
// answers a question; these commands answer with what they print). A
// drawing that a write error cut short is an error, with status 1; bad
// usage has status 2. Numbers are decimal, leading zeros allowed (08 is
// 8). A strategy's name may be in any case. Each command has a file of
// its own (count.go, list.go, ...), beside main.go, which dispatches the
// command line and ends on a signal, and the files of what commands
// share: flags.go, their flags and arguments; boards.go, the drawing of
// boards; progress.go, the progress bar and lines; notes.go, the notes on work of
// a lifetime; checkpoint.go, the checkpoint files, and lock_*.go, their
// locks.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/gonqueens/nqueens/internal/quote"
)

const usage = `usage:
  nqueens count [-workers k] [-unique] [-json] [-shard i -shards k]
                [-checkpoint file [-checkpoint-every d]] [-memory size]
                [-progress-every d] N
                                    count the solutions of the N×N board
  nqueens count -strategy name N    count with one strategy on one core
  nqueens list [-limit k] [-progress-every d] N
                                    draw solutions of the N×N board
  nqueens merge FILE...             add up the JSON records of every shard
                                    ("-": stdin)
  nqueens verify [-sample F] [-seed text] [-workers k]
                 [-checkpoint file [-checkpoint-every d]]
                 [-progress-every d] FILE...
                                    recount shard records, or a sample of
                                    them, by another method ("-": stdin)
  nqueens trace [-solutions k] [-boards] N
                                    Bitwise's search of the N×N board, N <= 8,
                                    step by step: the masks of each row, and
                                    the queen placed
  nqueens construct [-board] N      one solution of the N×N board, at once
  nqueens complete [-count] [-limit k] BOARD
                                    complete a partial board: a column list
                                    such as 1,.,.,., a diagram, or a file
                                    holding either ("-": stdin)
  nqueens version                   the version, its split plan and the Go
                                    that built it (also -version)
`

// Exit codes.
const (
	exitFailure     = 1
	exitUsage       = 2
	exitInterrupted = 130
)

func main() {
	ctx, cancel := context.WithCancelCause(context.Background())
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := signalError{<-signals}
		cancel(sig)
		// A second signal ends the process at once, even in a save.
		sig = signalError{<-signals}
		fmt.Fprintln(os.Stderr, "nqueens: interrupted twice")
		os.Exit(sig.exitCode())
	}()
	os.Exit(run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr))
}

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

// usageError is bad usage: its message goes out with a pointer to the
// help of the command, or with the usage text when there is no command.
type usageError struct {
	msg     string
	command string // the command whose flags would help, if any
}

func (e usageError) Error() string { return e.msg }

// helpRequest is -h or -help given to a command: its flags are printed.
type helpRequest struct{ fs *flag.FlagSet }

func (h helpRequest) Error() string { return "help requested" }

// usagef returns a usageError for the command named first in format,
// "count: ..." or "count takes ...".
func usagef(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	command, _, _ := strings.Cut(msg, ":")
	command, _, _ = strings.Cut(command, " ")
	for _, name := range commands {
		if command == name {
			return usageError{msg, name}
		}
	}
	return usageError{msg: msg}
}

// commands names the commands, in the order of the usage text.
var commands = []string{"count", "list", "merge", "verify", "trace", "construct", "complete", "version"}

// argNames says what the argument is of each command that takes one.
var argNames = map[string]string{
	"count":     "the board size N",
	"list":      "the board size N",
	"trace":     "the board size N",
	"construct": "the board size N",
	"complete":  "a board: a column list, a diagram, a file or - for stdin",
}

// commandUsage returns the lines of the usage text of the named command,
// joined.
func commandUsage(name string) string {
	var lines []string
	for _, line := range strings.Split(usage, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "nqueens "+name+" "):
			lines = append(lines, line)
		case len(lines) > 0 && strings.HasPrefix(line, "["):
			lines[len(lines)-1] += " " + line
		}
	}
	for i, line := range lines {
		// What follows the synopsis, after a run of spaces, is its gloss.
		if synopsis, _, found := strings.Cut(line, "   "); found {
			lines[i] = synopsis
		}
	}
	return strings.Join(lines, "; ")
}

// takesFlags reports whether the named command takes flags, as its usage
// says.
func takesFlags(name string) bool { return strings.Contains(commandUsage(name), " [-") }

// run executes the command line args and returns the exit code. getenv
// reads the environment and "-" reads stdin; results go to stdout,
// messages to stderr.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	err := dispatch(ctx, args, getenv, stdin, stdout, stderr)
	var ue usageError
	var help helpRequest
	switch {
	case err == nil:
		return 0
	case errors.As(err, &help):
		fmt.Fprintf(stdout, "usage: %s\n", commandUsage(help.fs.Name()))
		var flags strings.Builder
		help.fs.SetOutput(&flags)
		help.fs.PrintDefaults()
		if flags.Len() > 0 {
			fmt.Fprintf(stdout, "\nflags:\n%s", flags.String())
		} else {
			fmt.Fprintf(stdout, "\n%s takes no flags.\n", help.fs.Name())
		}
		return 0
	case errors.As(err, &ue) && ue.command != "" && !takesFlags(ue.command):
		fmt.Fprintf(stderr, "nqueens: %s\n(nqueens %s takes no flags; usage: %s)\n", ue.msg, ue.command, commandUsage(ue.command))
		return exitUsage
	case errors.As(err, &ue) && ue.command != "":
		fmt.Fprintf(stderr, "nqueens: %s\n(nqueens %s -h lists its flags)\n", ue.msg, ue.command)
		return exitUsage
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "nqueens: %s\n%s", ue.msg, usage)
		return exitUsage
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "nqueens: interrupted")
		var sig signalError
		if errors.As(context.Cause(ctx), &sig) {
			return sig.exitCode()
		}
		return exitInterrupted
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "nqueens: ") {
		msg = "nqueens: " + msg
	}
	fmt.Fprintln(stderr, msg)
	return exitFailure
}

func dispatch(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("no command")
	}
	cmd, args := args[0], args[1:]
	switch cmd {
	case "count":
		return count(ctx, args, getenv, stdout, stderr)
	case "list":
		return list(ctx, args, stdout, stderr)
	case "merge":
		return merge(ctx, args, stdin, stdout, stderr)
	case "verify":
		return verify(ctx, args, stdin, stdout, stderr)
	case "trace":
		return trace(ctx, args, stdout)
	case "construct":
		return construct(ctx, args, stdout, stderr)
	case "complete":
		return complete(ctx, args, stdin, stdout, stderr)
	case "version", "-version", "--version":
		if _, err := parseFlags(newFlagSet("version"), args, 0); err != nil {
			return err
		}
		_, err := fmt.Fprintln(stdout, versionLine())
		return err
	case "help", "-h", "-help", "--help":
		switch {
		case len(args) > 0 && !slices.Contains(commands, args[0]):
			return usagef("help: unknown command %q, want one of %s", args[0], strings.Join(commands, ", "))
		case len(args) > 1:
			return usagef("help takes one command, got %s", quote.Short(strings.Join(args, " ")))
		case len(args) == 1:
			// nqueens help count is nqueens count -h.
			return dispatch(ctx, []string{args[0], "-h"}, getenv, stdin, stdout, stderr)
		}
		fmt.Fprint(stdout, usage+"\n\"nqueens COMMAND -h\" lists the flags of a command.\n")
		return nil
	}
	return usagef("unknown command %q", cmd)
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
