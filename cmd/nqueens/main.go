// Command nqueens counts and draws the solutions of the n-queens problem.
//
// Usage:
//
//	nqueens count [-workers k] [-unique] N
//	nqueens list [-limit k] N
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

	"github.com/gonqueens/nqueens"
)

const usage = `usage:
  nqueens count [-workers k] [-unique] N   count the solutions of the N×N board
  nqueens list [-limit k] N                draw solutions of the N×N board
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, errUsage) {
			fmt.Fprintln(os.Stderr, "nqueens:", err)
		}
		os.Exit(2)
	}
}

// errUsage reports bad usage whose message has already been printed.
var errUsage = errors.New("usage")

// run executes the command line args, writing results to stdout and
// messages to stderr.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	switch args[0] {
	case "count":
		return count(ctx, args[1:], stdout, stderr)
	case "list":
		return list(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "nqueens: unknown command %q\n%s", args[0], usage)
	return errUsage
}

// parse parses the flags of one command and its single argument N.
func parse(fs *flag.FlagSet, args []string, stderr io.Writer) (int, error) {
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return 0, errUsage
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "nqueens %s: want one board size N, got %d arguments\n", fs.Name(), fs.NArg())
		fs.Usage()
		return 0, errUsage
	}
	n, err := strconv.Atoi(fs.Arg(0))
	if err != nil || n < 0 || n > nqueens.MaxN {
		fmt.Fprintf(stderr, "nqueens %s: board size %q is not a whole number from 0 to %d\n", fs.Name(), fs.Arg(0), nqueens.MaxN)
		fs.Usage()
		return 0, errUsage
	}
	return n, nil
}

func count(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("count", flag.ContinueOnError)
	workers := fs.Int("workers", 0, "goroutines that search at once (0: all cores)")
	unique := fs.Bool("unique", false, "also print the solutions up to rotation and reflection")
	n, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	c, err := nqueens.CountContext(ctx, n, nqueens.WithWorkers(*workers))
	if err != nil {
		return err
	}
	if *unique {
		fmt.Fprintf(stdout, "%d %d\n", c.Total, c.Unique)
		return nil
	}
	fmt.Fprintln(stdout, c.Total)
	return nil
}

func list(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("list", flag.ContinueOnError)
	limit := fs.Int("limit", 10, "draw at most this many solutions (0: all)")
	n, err := parse(fs, args, stderr)
	if err != nil {
		return err
	}
	if *limit < 0 {
		fmt.Fprintf(stderr, "nqueens list: -limit %d is negative\n", *limit)
		return errUsage
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
