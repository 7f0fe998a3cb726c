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
	limit := intFlag(fs, "limit", 10, "draw at most `k` completions (0: all)")
	rest, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	if *limit < 0 {
		return usagef("complete: -limit %d is negative", *limit)
	}
	text := rest[0]
	if text == "-" {
		if text, err = readBoard(ctx, stdin); err != nil {
			return err
		}
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
	if err := nqueens.EnumerateCompletionsContext(ctx, partial, b.draw); err != nil {
		return err
	}
	if b.err != nil {
		return b.err
	}
	if b.drawn == 0 {
		_, err = fmt.Fprintln(stdout, "no completion")
	}
	return err
}

// maxBoardText is the most text read for a board: a diagram of MaxN rows,
// spaced out, is some 8 KiB.
const maxBoardText = 1 << 20

// readBoard reads the text of a board from r, at most maxBoardText bytes,
// and gives up as soon as ctx is done, even while r has nothing to read.
func readBoard(ctx context.Context, r io.Reader) (string, error) {
	var b []byte
	err := interruptible(ctx, func() (err error) {
		b, err = io.ReadAll(io.LimitReader(r, maxBoardText+1))
		return err
	})
	switch {
	case err != nil:
		return "", err
	case len(b) > maxBoardText:
		return "", fmt.Errorf("complete: over %d bytes of board on stdin: a board has at most %d rows", maxBoardText, nqueens.MaxN)
	}
	return string(b), nil
}
