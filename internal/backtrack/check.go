package backtrack

import (
	"fmt"

	"github.com/gonqueens/nqueens/internal/board"
)

// The self-check of a kernel that fills the tails: an assembly kernel may
// never have run on the machine that ships it, so before its first use
// it is held to the Go one (kernel_amd64.go).

// checkTail compares kernel, a kernel that fills the tails, with the Go
// one on a few known frames: the empty boards of 6 and 8, and one of 10
// with its first two rows placed; it returns an error naming the first
// that differs. The three take about 3,000 nodes.
func checkTail(kernel func(f *Frame, d int, c, l, r uint64) uint64) error {
	var f Frame
	for _, b := range [][]int{
		{board.Free, board.Free, board.Free, board.Free, board.Free, board.Free},
		{board.Free, board.Free, board.Free, board.Free, board.Free, board.Free, board.Free, board.Free},
		{0, 2, board.Free, board.Free, board.Free, board.Free, board.Free, board.Free, board.Free, board.Free},
	} {
		f.Setup(b)
		if got, want := kernel(&f, 0, 0, 0, 0), f.tail(0, 0, 0, 0); got != want {
			return fmt.Errorf("a kernel fills the %d free rows of %v in %d ways, the Go kernel in %d", f.free, b, got, want)
		}
	}
	return nil
}
