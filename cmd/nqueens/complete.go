package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/gonqueens/nqueens"
)

func complete(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
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
		if text, err = readBoard(ctx, stdin, "stdin"); err != nil {
			return err
		}
	} else if info, err := os.Stat(text); err == nil && info.Mode().IsRegular() {
		f, err := os.Open(text)
		if err != nil {
			return err
		}
		defer f.Close()
		if text, err = readBoard(ctx, f, text); err != nil {
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
	err = nqueens.EnumerateCompletionsContext(ctx, partial, b.draw)
	free := 0
	for _, col := range partial {
		if col == nqueens.Free {
			free++
		}
	}
	return b.finish(err, stderr, "no completion", free, func() (uint64, error) {
		return nqueens.CountCompletionsContext(ctx, partial)
	})
}

// maxBoardText is the most text read for a board: a diagram of MaxN rows,
// spaced out, is some 8 KiB.
const maxBoardText = 1 << 20

// readBoard reads the text of a board from r, the named file, at most
// maxBoardText bytes, and gives up as soon as ctx is done, even while r
// has nothing to read.
func readBoard(ctx context.Context, r io.Reader, name string) (string, error) {
	var b []byte
	err := interruptible(ctx, func() (err error) {
		b, err = io.ReadAll(io.LimitReader(r, maxBoardText+1))
		return err
	})
	switch {
	case err != nil:
		return "", err
	case len(b) > maxBoardText:
		return "", fmt.Errorf("complete: over %d bytes of board in %s: a board has at most %d rows", maxBoardText, name, nqueens.MaxN)
	}
	return string(b), nil
}
