package main

import (
	"context"
	"io"

	"github.com/gonqueens/nqueens"
)

// trace prints the steps of Bitwise's search of a small board, one line
// each and, with -boards, its board: the lesson of nqueens.Trace on the
// command line.
func trace(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlagSet("trace")
	solutions := intFlag(fs, "solutions", 1, "stop at the `k`-th solution (0: follow the whole search)")
	boards := fs.Bool("boards", false, "draw the board of each step under its line")
	n, err := boardArg(fs, args, nqueens.MaxTrace)
	if err != nil {
		return err
	}
	if *solutions < 0 {
		return usagef("trace: -solutions %d is negative", *solutions)
	}
	found := 0
	var werr error
	nqueens.Trace(n, func(s nqueens.Step) bool {
		line := s.String() + "\n"
		if *boards {
			line += s.Draw() + "\n"
		}
		if _, werr = io.WriteString(stdout, line); werr != nil || ctx.Err() != nil {
			return false
		}
		if s.Row == n {
			found++
			return *solutions == 0 || found < *solutions
		}
		return true
	})
	if werr != nil {
		return werr
	}
	return ctx.Err()
}
