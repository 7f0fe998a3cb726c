package engine

import (
	"context"
	"time"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/deal"
)

// The direct count of a small board: its Total alone, on the caller's
// goroutine, with Richards' method and the mirror symmetry of the first
// row. Below directMax the plan, its subproblems and its workers cost
// more than the search itself; a count that wants the Total alone of a
// whole board that small is counted so (methodOf).

// directMax is the largest board counted directly: on two cores of a
// Zen 3 the direct count and the plan on two workers took 0.60 and
// 0.59 ms at n = 11, 2.9 and 1.4 ms at n = 12 (BenchmarkDirect).
const directMax = 11

// directRows is the length of the direct count's arrays of masks, a
// power of 2 no less than directMax: a small board needs small arrays,
// quick to clear.
const directRows = 16

// A directCount is the method of a count of the Total alone of a whole
// board of at most directMax squares a side, which saves, resumes and
// recounts nothing: it has no plan, no subproblem and no worker.
type directCount struct{}

// direct counts the n×n board, 0 <= n <= directMax, directly, and reports
// its one subproblem done to cfg.Progress if it is set. It keeps nothing
// live: its peak is the runtime's.
func (directCount) direct(n int, cfg Config) (Counts, bool, error) {
	if err := checkLimit(n, 1, 1, peak(0), peak(0), cfg.Memory); err != nil {
		return Counts{}, true, err
	}
	if cfg.Progress == nil {
		return Counts{Total: directTotal(n)}, true, nil
	}
	start := time.Now()
	c := Counts{Total: directTotal(n)}
	cfg.Progress(Progress{Done: 1, Subproblems: 1, Elapsed: time.Since(start)})
	return c, true, nil
}

// The direct count is never planned: it has nothing else.

func (directCount) plan(context.Context, int, deal.Shard, int, Recount, int64) ([]subproblem, float64, error) {
	return nil, 0, nil
}

func (directCount) later(context.Context, int, deal.Shard, func(Progress), time.Time) ([]subproblem, error) {
	return nil, nil
}

func (directCount) known(int, deal.Shard) (Counts, bool) { return Counts{}, false }
func (directCount) classes() bool                        { return false }
func (directCount) scratch() scratch                     { return nil }

// directTotal returns the number of solutions of the n×n board. The
// mirror image of a solution in the board's middle column is a solution
// too, with the first row's queen on the other side: the solutions whose
// first queen is in the left half count twice, and for odd n those whose
// first queen is in the middle column once.
func directTotal(n int) uint64 {
	if n <= 1 {
		return 1 // the empty board, and the lone queen
	}
	total := 2 * richardsCount(n, board.FullRow(n/2))
	if n%2 == 1 {
		total += richardsCount(n, 1<<(n/2))
	}
	return total
}

// richardsCount returns the number of solutions of the n×n board,
// 2 <= n <= directRows, whose first row's queen stands in one of the
// columns of first.
// It runs Richards' method with its recursion made an explicit stack:
// the masks of row d in arrays indexed by d, the loop taking the next
// free square of row d or going back to row d-1. The last row is never
// entered: one column is left there, free or not.
func richardsCount(n int, first uint64) uint64 {
	all := board.FullRow(n)
	var cols, right, left, todo [directRows]uint64
	var count uint64
	last := uint(n - 1)
	d := uint(0)
	free := first
	for {
		if free == 0 {
			if d == 0 {
				return count
			}
			d--
			free = todo[d%directRows]
			continue
		}
		bit := free & -free // x & -x keeps only the lowest set bit of x
		free ^= bit
		i := d % directRows // d < directRows: the modulus drops the bounds checks
		// A diagonal moves a column on with each row: up a bit toward
		// the right, down a bit toward the left.
		c, r, l := cols[i]|bit, (right[i]|bit)<<1, (left[i]|bit)>>1
		next := all &^ (c | r | l)
		switch {
		case next == 0:
		case d+1 == last:
			count++ // a free square in the last row: a solution
		default:
			todo[i] = free
			d++
			j := d % directRows
			cols[j], right[j], left[j] = c, r, l
			free = next
		}
	}
}
