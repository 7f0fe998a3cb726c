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
// command line, and the files of what commands share: usage.go, the
// usage text and its errors; exit.go, the exit codes and the end on a
// signal; flags.go, the flags and arguments; boards.go, the drawing of
// boards; progress.go, the progress bar and lines; notes.go, the notes on
// work of a lifetime; checkpoint.go, the checkpoint of a count, kept by
// package shard's Checkpoint, and what the command says of it.
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

	"github.com/gonqueens/nqueens/shard"
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
	holdMemory = shard.HoldMemory
	os.Exit(run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit code. getenv
// reads the environment and "-" reads stdin; results go to stdout,
// messages to stderr.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	err := dispatch(ctx, args, getenv, stdin, stdout, stderr)
	var ue usageError
	if help := (helpRequest{}); errors.As(err, &help) {
		err = printHelp(stdout, help.fs) // nil, or the error of writing it
	}
	switch {
	case err == nil:
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

// printHelp writes the usage of the command of fs and its flags.
func printHelp(stdout io.Writer, fs *flag.FlagSet) error {
	var flags strings.Builder
	fs.SetOutput(&flags)
	fs.PrintDefaults()
	text := fmt.Sprintf("usage: %s\n\n%s takes no flags.\n", commandUsage(fs.Name()), fs.Name())
	if flags.Len() > 0 {
		text = fmt.Sprintf("usage: %s\n\nflags:\n%s", commandUsage(fs.Name()), flags.String())
	}
	_, err := io.WriteString(stdout, text)
	return err
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
		return verify(ctx, args, getenv, stdin, stdout, stderr)
	case "plan":
		return plan(ctx, args, stdout, stderr)
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
		case len(args) == 1 && slices.Contains([]string{"-h", "-help", "--help"}, args[0]):
			// nqueens help -h is nqueens help.
		case len(args) > 0 && !slices.Contains(commands, args[0]):
			return usagef("help: unknown command %q, want one of %s", args[0], strings.Join(commands, ", "))
		case len(args) > 1:
			return usagef("help takes one command, got %s", short(strings.Join(args, " ")))
		case len(args) == 1:
			// nqueens help count is nqueens count -h.
			return dispatch(ctx, []string{args[0], "-h"}, getenv, stdin, stdout, stderr)
		}
		_, err := fmt.Fprint(stdout, usage+"\n\"nqueens COMMAND -h\" lists the flags of a command.\n")
		return err
	}
	return usagef("unknown command %q", cmd)
}
