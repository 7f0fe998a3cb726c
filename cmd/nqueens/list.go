package main

import (
	"context"
	"fmt"
	"io"

	"github.com/gonqueens/nqueens"
)

func list(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("list")
	limit := intFlag(fs, "limit", 10, "draw at most `k` solutions (0: all)")
	n, err := boardArg(fs, args, nqueens.MaxN)
	if err != nil {
		return err
	}
	if *limit < 0 {
		return usagef("list: -limit %d is negative", *limit)
	}
	if note := slowList(n, *limit); note != "" {
		fmt.Fprintln(stderr, note)
	}
	b := boards{w: stdout, limit: *limit}
	err = nqueens.EnumerateContext(ctx, n, b.draw)
	return b.finish(err, stderr, fmt.Sprintf("no solution: the %d×%d board has none", n, n), n, func() (uint64, error) {
		return nqueens.CountContext(ctx, n)
	})
}
