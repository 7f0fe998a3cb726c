package main

import (
	"bufio"
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
