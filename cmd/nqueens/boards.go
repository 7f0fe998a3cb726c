package main

import (
	"fmt"
	"io"

	"github.com/gonqueens/nqueens"
)

// boards draws solutions as list and complete do: whole boards, each in
// one write so that an interrupt leaves whole boards, a blank line between
// two, and at most limit of them (0: all). A failed write stops the
// drawing, and err keeps it; more records that a solution beyond the
// limit was found.
type boards struct {
	w     io.Writer
	limit int
	drawn int
	more  bool
	err   error
}

// draw writes s, and reports whether more boards may follow.
func (b *boards) draw(s nqueens.Solution) bool {
	if b.limit > 0 && b.drawn == b.limit {
		b.more = true
		return false
	}
	board := s.Draw()
	if b.drawn > 0 {
		board = "\n" + board
	}
	if _, b.err = io.WriteString(b.w, board); b.err != nil {
		return false
	}
	b.drawn++
	return true
}

// maxHintRows is the most free rows of a board whose solutions list and
// complete count, to say how many a limit left out: a count of a second
// or less.
const maxHintRows = 15

// finish ends a drawing that the search ended with err. It returns the
// error, or says on stderr what was drawn: none, the note none, since
// stdout holds nothing but boards; or, when the limit left solutions out,
// how many, with their number when counting them (with count, for
// freeRows free rows) is cheap.
func (b *boards) finish(err error, stderr io.Writer, none string, freeRows int, count func() (uint64, error)) error {
	switch {
	case err != nil:
		return err
	case b.err != nil:
		return b.err
	case b.drawn == 0:
		_, err := fmt.Fprintf(stderr, "nqueens: %s\n", none)
		return err
	case !b.more:
		return nil
	}
	if freeRows <= maxHintRows {
		if total, err := count(); err == nil {
			_, err = fmt.Fprintf(stderr, "nqueens: %d of %d shown; -limit 0 for all\n", b.drawn, total)
			return err
		}
	}
	_, err = fmt.Fprintf(stderr, "nqueens: the first %d shown; -limit 0 for all\n", b.drawn)
	return err
}
