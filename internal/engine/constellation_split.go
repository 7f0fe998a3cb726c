package engine

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/deal"
	"github.com/gonqueens/nqueens/internal/recount"
)

// The subproblems of the constellations engine: the constellations of the
// board (constellation.go) split by placing queens in their first free
// rows, as many as the shards and the workers need, in a fixed order that
// depends on n, the number of shards and PlanVersion alone; solved by the
// kernels of the package backtrack, recounted by the package recount.

// minFreeRows is how many rows a subproblem leaves to search at least:
// below that, planning would cost more than searching.
const minFreeRows = 10

// borderRows is how many rows the border queens of a constellation fill,
// at most.
const borderRows = 4

// A constellationTask is a subproblem of the constellations: a
// constellation with queens placed in its first free rows.
type constellationTask struct {
	c     *constellation
	board []int // a column for each placed row, board.Free for the others
}

// solve counts the task with the kernels of the package backtrack: its
// classes of solutions, where no symmetry fixes the border, or solution
// by solution, weighed by the symmetries that fix it.
func (tk constellationTask) solve(w *worker) (Counts, bool) {
	w.frame.Setup(tk.board)
	if len(tk.c.fixers) == 0 {
		found, ok := w.frame.Count(&w.poll)
		return Counts{Total: 8 * found, Unique: found}, ok
	}
	check := tk.check(w)
	ok := w.frame.Enumerate(check.visit, &w.poll)
	return check.counts, ok
}

// recount counts the task square by square by the plain backtracking of
// the package recount, each solution weighed as solve weighs it, for a
// recount of any kind.
func (tk constellationTask) recount(w *worker, _ Recount) (Counts, bool) {
	if len(tk.c.fixers) == 0 {
		found, ok := recount.Board(tk.board, nil, &w.poll)
		return Counts{Total: 8 * found, Unique: found}, ok
	}
	check := tk.check(w)
	_, ok := recount.Board(tk.board, check.visit, &w.poll)
	return check.counts, ok
}

// check returns w's check of the symmetries of tk's constellation, the
// method's scratch, readied for tk.
func (tk constellationTask) check(w *worker) *constellationCheck {
	k := w.scratch.(*constellationCheck)
	k.c, k.counts = tk.c, Counts{}
	return k
}

func (tk constellationTask) begin(Recount) {}
func (tk constellationTask) quick() bool   { return false }
func (tk constellationTask) group() any    { return nil }

// constellationTasks is the method of the boards that the join does not
// count: the constellations' tasks, after the searches of the solutions
// that a turn leaves unchanged.
type constellationTasks struct{}

const (
	constellationBytes = 112 // a constellation, with its pointer
	subproblemBytes    = 64  // a subproblem, with its pointer, besides its board
)

func (constellationTasks) direct(int, Config) (Counts, bool, error) { return Counts{}, false, nil }

// plan returns the searches of the solutions that a turn leaves
// unchanged, and leaves the tasks, which take seconds to list, to later;
// its live memory is that of the constellations' list, up to n⁴/8 of
// them, and of the shard's tasks, each with its board.
func (constellationTasks) plan(_ context.Context, n int, d deal.Shard, _ int, _ Recount, _ int64) ([]subproblem, float64, error) {
	// The depth of the split makes at least as many tasks as wanted, and
	// at most n times as many.
	side, shards := float64(n), float64(d.Of)
	cs := math.Pow(side, 4) / 8
	tasks := max(cs, side*float64(d.Want()))
	live := cs*constellationBytes + (tasks/shards+1)*(subproblemBytes+8*side)
	return invariantSearches(n, d, 0), live, nil
}

// later lists the shard's tasks.
func (constellationTasks) later(ctx context.Context, n int, d deal.Shard, progress func(Progress), start time.Time) ([]subproblem, error) {
	return constellationSubproblemsReporting(ctx, n, d, progress, start)
}

func (constellationTasks) known(int, deal.Shard) (Counts, bool) { return Counts{}, false }
func (constellationTasks) classes() bool                        { return true }
func (constellationTasks) scratch() scratch                     { return new(constellationCheck) }

// constellationSubproblems returns the subproblems of the n×n board, n >= 4, that d
// deals to its shard. The constellations are split, by placing queens in
// their first free rows, into as many subproblems as the shards need, and
// the subproblems are dealt out to the shards in turn. Listing a shard of
// a large split takes seconds: it gives up with ctx.Err() when ctx is
// done.
func constellationSubproblems(ctx context.Context, n int, d deal.Shard) ([]subproblem, error) {
	cs, err := constellations(ctx, n)
	if err != nil {
		return nil, err
	}
	pl := planner{n: n, roots: cs}
	depth, err := pl.depth(ctx, d.Want(), n-borderRows-minFreeRows)
	if err != nil {
		return nil, err
	}
	var sub []subproblem
	index := 0
	err = pl.each(ctx, depth, func(tk constellationTask) {
		if d.Owns(index) {
			tk.board = slices.Clone(tk.board)
			sub = append(sub, tk)
		}
		index++
	})
	// The subproblems of one constellation are alike in size and the
	// constellations are not: in a fixed random order, the share of
	// subproblems solved is a fair estimate of the share of the work done,
	// which Progress reports.
	r := rand.New(rand.NewPCG(uint64(n), uint64(d.Of)))
	r.Shuffle(len(sub), func(i, j int) { sub[i], sub[j] = sub[j], sub[i] })
	return sub, err
}

// children calls yield with each task that places a queen in the first
// free row of tk, until yield returns false; it reports whether yield
// always returned true, and false for a subproblem with no free row. The
// children share tk's board, which holds each child's queen while yield
// runs and is restored when children returns: yield must copy the board to
// keep it.
func (tk constellationTask) children(yield func(constellationTask) bool) bool {
	row := slices.Index(tk.board, board.Free)
	if row < 0 {
		return false
	}
	defer func() { tk.board[row] = board.Free }()
	for free := board.FullRow(len(tk.board)) &^ board.AttackedBy(tk.board, row); free != 0; free &= free - 1 {
		tk.board[row] = bits.TrailingZeros64(free)
		if !yield(tk) {
			return false
		}
	}
	return true
}

// A planner walks the subproblems of a split.
type planner struct {
	n      int
	roots  []*constellation
	yield  func(constellationTask) // of each
	listed int                     // subproblems yielded, for polling ctx
	board  []int                   // the board of the root being split
}

// planPoll is how many subproblems the planner lists between two looks at
// its context.
const planPoll = 1 << 12

// each calls yield with every subproblem that places queens in the next
// depth free rows of the roots, or in all of them if there are fewer. The
// subproblems share one board, as children do. each returns ctx.Err() if
// the context is done first.
func (pl *planner) each(ctx context.Context, depth int, yield func(constellationTask)) error {
	pl.yield = yield
	if pl.board == nil {
		pl.board = make([]int, pl.n)
	}
	for _, c := range pl.roots {
		if !pl.split(ctx, constellationTask{c: c, board: c.board(pl.board)}, depth) {
			return ctx.Err()
		}
	}
	return nil
}

// split yields the subproblems of tk depth rows down, and reports false
// once the context is done.
func (pl *planner) split(ctx context.Context, tk constellationTask, depth int) bool {
	if depth == 0 || !slices.Contains(tk.board, board.Free) {
		pl.yield(tk)
		if pl.listed++; pl.listed%planPoll == 0 && ctx.Err() != nil {
			return false
		}
		return true
	}
	return tk.children(func(child constellationTask) bool { return pl.split(ctx, child, depth-1) })
}

// depth returns the least number of rows to place beyond the roots that
// makes at least target subproblems, but no more than limit rows, nor more
// rows than there are.
func (pl *planner) depth(ctx context.Context, target, limit int) (int, error) {
	for depth := 0; depth < limit; depth++ {
		count, deeper := 0, false
		err := pl.each(ctx, depth, func(tk constellationTask) {
			count++
			deeper = deeper || slices.Contains(tk.board, board.Free)
		})
		if err != nil {
			return 0, err
		}
		if count >= target || !deeper {
			return depth, nil
		}
	}
	return max(limit, 0), nil
}

// constellationSubproblemsReporting lists the constellations'
// subproblems of shard d of the n×n board, with progress, if not nil,
// called from the caller's goroutine every progressInterval while they
// are listed, which takes seconds for the largest: a Progress with no
// subproblem yet. A panic in progress stops the listing before it
// reaches the caller.
func constellationSubproblemsReporting(ctx context.Context, n int, d deal.Shard, progress func(Progress), start time.Time) ([]subproblem, error) {
	if progress == nil {
		return constellationSubproblems(ctx, n, d)
	}
	ctx, cancel := context.WithCancel(ctx)
	type listed struct {
		sub []subproblem
		err error
	}
	done := make(chan listed, 1)
	go func() {
		sub, err := constellationSubproblems(ctx, n, d)
		done <- listed{sub, err}
	}()
	received := false
	defer func() {
		cancel()
		if !received {
			<-done
		}
	}()
	tick := time.NewTicker(progressInterval)
	defer tick.Stop()
	for {
		select {
		case l := <-done:
			received = true
			return l.sub, l.err
		case <-tick.C:
			progress(Progress{Subproblems: 1, Elapsed: time.Since(start)})
		}
	}
}
