package main

import (
	"context"
	"fmt"
	"io"

	"github.com/gonqueens/nqueens"
)

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
	b := boards{w: stdout, limit: *limit}
	err = nqueens.EnumerateCompletionsContext(ctx, partial, b.draw)
	if err == nil && b.drawn == 0 {
		fmt.Fprintln(stdout, "no completion")
	}
	return err
}
