package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/gonqueens/nqueens"
)

func complete(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	flags := newFlagSet("complete")
	countOnly := flags.Bool("count", false, "print the number of completions only")
	limit := intFlag(flags, "limit", 10, "draw at most `k` completions (0: all)")
	rest, err := parseFlags(flags, args, 1)
	if err != nil {
		return err
	}
	if *limit < 0 {
		return usagef("complete: -limit %d is negative", *limit)
	}
	if *countOnly && flagSet(flags, "limit") {
		return usagef("complete: -count with -limit: -count counts every completion, -limit caps the ones drawn; give one of them")
	}
	// The argument is a board, or the name of a file that holds one.
	text := rest[0]
	var noFile error // why the argument names no file, if it is not a board
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
		name := text
		if text, err = readBoard(ctx, f, text); err != nil {
			return err
		}
		if strings.TrimSpace(text) == "" {
			return fmt.Errorf("complete: %s is empty: it should hold a board, a column list such as 1,.,.,. or a diagram", short(name))
		}
	} else if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		noFile = pe.Err
	} else if err == nil && info.IsDir() {
		noFile = errors.New("a directory")
	} else if err == nil {
		noFile = errors.New("not a regular file")
	}
	partial, err := nqueens.ParsePartial(text)
	if err != nil && noFile != nil {
		return fmt.Errorf("complete: %s is no file (%v) and no board (%s)", short(text), noFile, err)
	}
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
