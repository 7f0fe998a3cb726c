package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/gonqueens/nqueens"
)

func construct(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("construct")
	board := fs.Bool("board", false, fmt.Sprintf("draw the board (N <= %d) instead of listing its columns", nqueens.MaxDrawn))
	n, err := boardArg(fs, args, nqueens.MaxConstruct)
	if err != nil {
		return err
	}
	if *board && n > nqueens.MaxDrawn {
		return usagef("construct: -board draws boards up to %d squares a side, not %d", nqueens.MaxDrawn, n)
	}
	// The largest boards take seconds to build, which cannot be stopped,
	// and seconds to print, which stop between two lines of columns.
	var s nqueens.Solution
	err = interruptible(ctx, func() (err error) {
		s, err = nqueens.Construct(n)
		return err
	})
	if errors.Is(err, nqueens.ErrNoSolution) {
		return fmt.Errorf("no solution: the %d×%d board has none", n, n)
	}
	if err != nil {
		return err
	}
	w := bufio.NewWriter(stdout)
	if *board {
		w.WriteString(s.Draw())
		return w.Flush()
	}
	// The columns as Solution.String writes them, [1 3 0 2], a piece at a
	// time.
	line := []byte{'['}
	for i, c := range s {
		if i > 0 {
			line = append(line, ' ')
		}
		line = strconv.AppendInt(line, int64(c), 10)
		if len(line) >= 1<<16 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if _, err := w.Write(line); err != nil {
				return err
			}
			line = line[:0]
		}
	}
	w.Write(append(line, ']', '\n'))
	return w.Flush()
}
