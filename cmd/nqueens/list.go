package main

import (
	"context"
	"fmt"
	"io"

	"github.com/gonqueens/nqueens"
)

func list(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlagSet("list")
	limit := intFlag(fs, "limit", 10, "draw at most `k` solutions (0: all)")
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
	b := boards{w: stdout, limit: *limit}
	if err := nqueens.EnumerateContext(ctx, n, b.draw); err != nil {
		return err
	}
	if b.err != nil {
		return b.err
	}
	if b.drawn == 0 {
		_, err = fmt.Fprintf(stdout, "no solution: the %d×%d board has none\n", n, n)
	}
	return err
}
