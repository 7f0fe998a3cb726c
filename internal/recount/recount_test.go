package recount

import (
	"flag"
	"go/build"
	"strings"
	"testing"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/poll"
)

// long runs the long tests, as in every package of the module.
var long = flag.Bool("nqueens.long", false, "run the long tests: larger boards")

// total holds the solutions of the n×n board, OEIS A000170.
var total = []uint64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200}

func TestBoard(t *testing.T) {
	top := 10
	if *long {
		top = 12
	}
	for n := 0; n <= top; n++ {
		b := make([]int, n)
		for i := range b {
			b[i] = board.Free
		}
		if got, ok := Board(b, nil, &poll.Poller{}); !ok || got != total[n] {
			t.Errorf("Board of the empty %d×%d board = %d, %v; want %d", n, n, got, ok, total[n])
		}
	}
}

// TestIndependent wants the recount to import nothing of the join's keys,
// sieve, tables or kernels, nor of the frame's kernels: no package of the
// module but the plain values of a board and the poller.
func TestIndependent(t *testing.T) {
	const module = "github.com/gonqueens/nqueens/"
	seen := map[string]bool{}
	var walk func(dir, path string)
	walk = func(dir, path string) {
		pkg, err := build.Default.ImportDir(dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range pkg.Imports {
			rel, ok := strings.CutPrefix(imp, module)
			if !ok || seen[imp] {
				continue
			}
			seen[imp] = true
			if rel != "internal/board" && rel != "internal/poll" {
				t.Errorf("%s imports %s: the recount must share no code with the methods it checks", path, imp)
			}
			walk("../../"+rel, imp)
		}
	}
	walk(".", module+"internal/recount")
}
