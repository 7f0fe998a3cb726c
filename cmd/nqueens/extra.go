package main

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/gonqueens/nqueens"
)

// maxDrawn is the largest board construct draws; larger ones print their
// columns only.
const maxDrawn = 200

func construct(args []string, stdout io.Writer) error {
	fs := newFlagSet("construct")
	board := fs.Bool("board", false, fmt.Sprintf("draw the board (N <= %d) instead of listing its columns", maxDrawn))
	rest, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	n, err := parseInt("construct", rest[0], nqueens.MaxConstruct)
	if err != nil {
		return err
	}
	if *board && n > maxDrawn {
		return usagef("construct: -board draws boards up to %d squares a side, not %d", maxDrawn, n)
	}
	s, err := nqueens.Construct(n)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(stdout)
	if *board {
		fmt.Fprint(w, s)
	} else {
		for i, c := range s {
			if i > 0 {
				w.WriteByte(' ')
			}
			fmt.Fprint(w, c)
		}
		w.WriteByte('\n')
	}
	return w.Flush()
}

func complete(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlagSet("complete")
	countOnly := fs.Bool("count", false, "print the number of completions only")
	limit := fs.Int("limit", 10, "draw at most `k` completions (0: all)")
	rest, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	if *limit < 0 {
		return usagef("complete: -limit %d is negative", *limit)
	}
	text := rest[0]
	if text == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return err
		}
		text = string(b)
	}
	partial, err := nqueens.ParsePartial(text)
	if err != nil {
		return err
	}
	if *countOnly {
		c, err := nqueens.CountCompletionsContext(ctx, partial)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(stdout, c)
		return err
	}
	drawn := 0
	err = nqueens.EnumerateCompletionsContext(ctx, partial, func(s nqueens.Solution) bool {
		if drawn > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprint(stdout, s)
		drawn++
		return *limit == 0 || drawn < *limit
	})
	if err == nil && drawn == 0 {
		fmt.Fprintln(stdout, "no completion")
	}
	return err
}
