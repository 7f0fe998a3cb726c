package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
)

// The usage of the commands: its text, and the errors of bad usage and
// of a request for help, which main.go prints.

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
  nqueens verify [-sample F] [-seed text] [-by method]
                 [-part i -parts k] [-workers k]
                 [-checkpoint file [-checkpoint-every d]]
                 [-progress-every d] FILE...
                                    recount shard records, or a sample of
                                    them, another way ("-": stdin)
  nqueens plan [-shards k] [-samples s] [-seed x] [-workers w]
               [-cores c] [-records dir] [-json] [-progress-every d] N
                                    count a sample of the shards of the N×N
                                    board: the total, the core-hours, and a
                                    shard's time limit and memory
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
var commands = []string{"count", "list", "merge", "verify", "plan", "trace", "construct", "complete", "version"}

// argNames says what the argument is of each command that takes one.
var argNames = map[string]string{
	"count":     "the board size N",
	"plan":      "the board size N",
	"list":      "the board size N",
	"trace":     "the board size N",
	"construct": "the board size N",
	"complete":  "a board: a column list, a diagram, a file or - for stdin",
}

// commandUsage returns the lines of the usage text of the named command,
// joined: each synopsis with the lines of flags that go on from it.
func commandUsage(name string) string {
	var lines []string
	in := false // whether the line before was of the command's synopsis
	for _, line := range strings.Split(usage, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "nqueens "+name+" "):
			lines, in = append(lines, line), true
		case in && strings.HasPrefix(line, "["):
			lines[len(lines)-1] += " " + line
		default:
			in = false
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

// bare returns the text of err, an error of package nqueens or shard,
// without the package's name, for a message that names its command.
func bare(err error) string {
	text := err.Error()
	for _, pkg := range []string{"nqueens: ", "shard: "} {
		text = strings.TrimPrefix(text, pkg)
	}
	return text
}

// maxQuoted is the most bytes of a text that a message quotes.
const maxQuoted = 40

// short quotes s as strconv.Quote does, cut to its first maxQuoted bytes
// and followed by its length when it is longer, as the library quotes
// what it is given: a token of a megabyte makes an error of a line.
func short(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:maxQuoted]) + fmt.Sprintf("... (%d bytes)", len(s))
}
