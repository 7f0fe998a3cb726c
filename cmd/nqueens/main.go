// Command nqueens counts and draws the solutions of the n-queens problem,
// on one machine or split into shards across many. Its commands are count,
// list, merge, verify, trace, construct, complete, version and help:
// "nqueens help" prints how to call each, and "nqueens COMMAND -h" its
// flags.
//
// count prints the number of solutions of the N×N board; on a terminal it
// shows its progress on stderr. With -strategy it counts with one of the
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
// its own (count.go, list.go, ...), beside main.go, which reads the
// command line, and the files of what commands share: checkpoint.go, the
// checkpoint files, and lock_*.go, their locks.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/gonqueens/nqueens"
)

const usage = `usage:
  nqueens count [-workers k] [-unique] [-json] [-shard i -shards k]
                [-checkpoint file [-checkpoint-every d]] [-memory size] N
                                    count the solutions of the N×N board
  nqueens count -strategy name N    count with one strategy on one core
  nqueens list [-limit k] N         draw solutions of the N×N board
  nqueens merge FILE...             add up the JSON records of every shard
                                    ("-": stdin)
  nqueens verify [-sample F] [-seed text] [-workers k]
                 [-checkpoint file [-checkpoint-every d]] FILE...
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
		return merge(ctx, args, stdin, stdout)
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
		case len(args) == 1 && slices.Contains(commands, args[0]):
			// nqueens help count is nqueens count -h.
			return dispatch(ctx, []string{args[0], "-h"}, getenv, stdin, stdout, stderr)
		case len(args) > 0:
			return usagef("help: unknown command %q, want one of %s", args[0], strings.Join(commands, ", "))
		}
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
// arguments (any number if want < 0), and returns them. Flags may come before or after the
// arguments, and "--" ends the flags. An argument that starts with "-"
// and then a digit or a dot, such as -5 or -1,.,.,., is an argument (or a
// flag's value), not a flag: no flag's name starts so.
func parseFlags(fs *flag.FlagSet, args []string, want int) ([]string, error) {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			rest = append(rest, args[i+1:]...)
			i = len(args)
		case len(a) > 1 && a[0] == '-' && !valueLike(a):
			flags = append(flags, a)
			if takesValue(fs, a) && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		default:
			rest = append(rest, a)
		}
	}
	if err := fs.Parse(flags); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, helpRequest{fs}
		}
		return nil, usagef("%s: %v", fs.Name(), err)
	}
	switch {
	case want < 0:
	case len(rest) < want:
		return nil, usagef("%s needs %s", fs.Name(), argNames[fs.Name()])
	case len(rest) > 0 && want == 0:
		return nil, usagef("%s takes no arguments, got %s", fs.Name(), quote(strings.Join(rest, " ")))
	case len(rest) > want:
		return nil, usagef("%s takes only %s, got %d arguments: %s", fs.Name(), argNames[fs.Name()], len(rest), quote(strings.Join(rest, " ")))
	}
	return rest, nil
}

// valueLike reports whether a, which starts with "-", is a value rather
// than a flag: a negative number or a board's column list.
func valueLike(a string) bool {
	return len(a) > 1 && (a[1] >= '0' && a[1] <= '9' || a[1] == '.')
}

// takesValue reports whether the flag token a, without "=", names a flag
// of fs that takes a value from the next argument: any but a bool flag.
func takesValue(fs *flag.FlagSet, a string) bool {
	name := strings.TrimLeft(a, "-")
	if strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// parseSize parses a board size argument from 0 to nqueens.MaxN.
func parseSize(cmd, arg string) (int, error) {
	return parseInt(cmd, arg, nqueens.MaxN)
}

// parseInt parses a board size argument from 0 to most.
func parseInt(cmd, arg string, most int) (int, error) {
	n, err := parseDecimal(arg)
	switch {
	case errors.Is(err, errTooLarge):
		return 0, usagef("%s: board size %s out of range [0, %d]", cmd, arg, most)
	case err != nil:
		return 0, usagef("%s: board size %v", cmd, err)
	case n < 0 || n > most:
		return 0, usagef("%s: board size %d out of range [0, %d]", cmd, n, most)
	}
	return n, nil
}

// errTooLarge reports a whole number beyond the range of an int.
var errTooLarge = fmt.Errorf("is a whole number too large: the most is %d", math.MaxInt)

// parseDecimal parses a whole number: decimal digits, a minus sign for a
// negative one, nothing else (no 0x10, +5 or 1_000). Leading zeros mean
// nothing, 08 is 8, as head -n 08 and seq read them: a number padded to a
// width, as a batch system's array index can be, is the number. Board
// sizes and every number flag follow this one rule.
// It returns an error that says which rule s breaks: not a whole number,
// or errTooLarge.
func parseDecimal(s string) (int, error) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, fmt.Errorf("%s is not a whole number", quote(s))
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s %w", quote(s), errTooLarge)
	}
	return n, nil
}

// decimalFlag is the value of a number flag, read by parseDecimal.
type decimalFlag int

func (d *decimalFlag) String() string { return strconv.Itoa(int(*d)) }

func (d *decimalFlag) Set(s string) error {
	n, err := parseDecimal(s)
	if err != nil {
		return err
	}
	*d = decimalFlag(n)
	return nil
}

// bytesFlag is the value of a flag that gives an amount of memory: a
// whole number read by parseDecimal, of bytes or, with K, M, G or T after
// it, of KiB, MiB, GiB or TiB.
type bytesFlag int64

func (b *bytesFlag) String() string {
	for i, unit := range []string{"T", "G", "M", "K"} {
		if shift := 40 - 10*i; *b > 0 && *b%(1<<shift) == 0 {
			return strconv.FormatInt(int64(*b)>>shift, 10) + unit
		}
	}
	return strconv.FormatInt(int64(*b), 10)
}

func (b *bytesFlag) Set(s string) error {
	digits, shift := s, 0
	if i := strings.IndexAny(s, "KMGT"); i >= 0 && i == len(s)-1 {
		digits, shift = s[:i], 10*(1+strings.IndexByte("KMGT", s[i]))
	}
	n, err := parseDecimal(digits)
	if err != nil || n <= 0 || n > math.MaxInt64>>shift {
		return fmt.Errorf("%s is not an amount of memory: want a positive whole number of bytes, or of K, M, G or T", quote(s))
	}
	*b = bytesFlag(int64(n) << shift)
	return nil
}

// intFlag defines a number flag of fs, read by parseDecimal.
func intFlag(fs *flag.FlagSet, name string, value int, usage string) *int {
	p := new(int)
	*p = value
	fs.Var((*decimalFlag)(p), name, usage)
	return p
}

// maxQuoted is the most bytes of an argument that a message quotes.
const maxQuoted = 40

// quote quotes s for a message, cut to its first maxQuoted bytes.
func quote(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:maxQuoted]) + fmt.Sprintf("... (%d bytes)", len(s))
}

// boards draws solutions as list and complete do: whole boards, each in
// one write so that an interrupt leaves whole boards, a blank line between
// two, and at most limit of them (0: all). A failed write stops the
// drawing, and err keeps it; more records that a solution beyond the
// limit was found.
type boards struct {
	w     io.Writer
	limit int
	drawn int
	more  bool
	err   error
}

// draw writes s, and reports whether more boards may follow.
func (b *boards) draw(s nqueens.Solution) bool {
	if b.limit > 0 && b.drawn == b.limit {
		b.more = true
		return false
	}
	board := s.Draw()
	if b.drawn > 0 {
		board = "\n" + board
	}
	if _, b.err = io.WriteString(b.w, board); b.err != nil {
		return false
	}
	b.drawn++
	return true
}

// maxHintRows is the most free rows of a board whose solutions list and
// complete count, to say how many a limit left out: a count of a second
// or less.
const maxHintRows = 15

// finish ends a drawing that the search ended with err. It returns the
// error, or says on stderr what was drawn: none, the note none, since
// stdout holds nothing but boards; or, when the limit left solutions out,
// how many, with their number when counting them (with count, for
// freeRows free rows) is cheap.
func (b *boards) finish(err error, stderr io.Writer, none string, freeRows int, count func() (uint64, error)) error {
	switch {
	case err != nil:
		return err
	case b.err != nil:
		return b.err
	case b.drawn == 0:
		_, err := fmt.Fprintf(stderr, "nqueens: %s\n", none)
		return err
	case !b.more:
		return nil
	}
	if freeRows <= maxHintRows {
		if total, err := count(); err == nil {
			_, err = fmt.Fprintf(stderr, "nqueens: %d of %d shown; -limit 0 for all\n", b.drawn, total)
			return err
		}
	}
	_, err = fmt.Fprintf(stderr, "nqueens: the first %d shown; -limit 0 for all\n", b.drawn)
	return err
}

// flagSet reports whether the flag name of fs was given on the command
// line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
