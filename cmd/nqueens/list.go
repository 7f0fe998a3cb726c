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
	if note := slowList(n, *limit); note != "" {
		fmt.Fprintln(stderr, note)
	}
	b := boards{w: stdout, limit: *limit}
	err = nqueens.EnumerateContext(ctx, n, b.draw)
	return b.finish(err, stderr, fmt.Sprintf("no solution: the %d×%d board has none", n, n), n, func() (uint64, error) {
		return nqueens.CountContext(ctx, n)
	})
}

// firstSlow is the least n whose first solution in lexicographic order
// a search reaches only after billions of nodes or more: 2.3·10^9 at
// n = 34, 10^9 at 37 and over 10^10 at 36, where it is 2·10^5 at n = 20
// and 10^8 at 33.
const firstSlow = 34

// slowList returns a note for a listing of at most limit solutions (0:
// all) of the n×n board that takes minutes or more, or "": every
// solution of a board that count could not count in a lifetime, or the
// first ones from n = firstSlow on.
func slowList(n, limit int) string {
	switch {
	case limit == 0:
		return endless("list", n, 1)
	case n < firstSlow:
		return ""
	}
	return fmt.Sprintf("nqueens: list: the search reaches the first solutions of n=%d in lexicographic order after billions of nodes or more, minutes to hours from n = %d on: construct %d prints one solution at once (Ctrl-C stops the listing)", n, firstSlow, n)
}
