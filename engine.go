package nqueens

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// The engine: the constellations of constellation.go, split into
// subproblems, each searched by the kernel of kernel.go, handed out to
// workers one at a time.

// Counts holds the two counts of a board from one search.
type Counts struct {
	Total  uint64 // all solutions (OEIS A000170)
	Unique uint64 // solutions up to rotation and reflection (OEIS A002562)
}

// Progress reports how far a count has come. Work is measured in
// subproblems, which vary in size, so Remaining is a rough estimate.
type Progress struct {
	Done      int           // subproblems solved
	Total     int           // subproblems in all
	Elapsed   time.Duration // since the count started
	Remaining time.Duration // estimated time left; 0 until a subproblem is done
}

// An Option configures CountContext.
type Option func(*config)

type config struct {
	workers   int
	progress  func(Progress)
	shard     int
	shards    int
	save      func(State) error
	saveEvery time.Duration
	resume    *State
}

// WithWorkers sets the number of goroutines that search at once. 0, the
// default, means runtime.GOMAXPROCS(0), and so does a larger k: no more
// goroutines than that can search at once, and more would only delay a
// cancel while each is scheduled in turn. A negative k is an error. The
// counts do not depend on k.
func WithWorkers(k int) Option {
	return func(c *config) { c.workers = k }
}

// WithProgress has CountContext call report from the caller's goroutine
// about ten times a second while it counts, and once when it is done. A
// panic in report stops the count: every worker has stopped by the time the
// panic reaches the caller.
func WithProgress(report func(Progress)) Option {
	return func(c *config) { c.progress = report }
}

// WithShard has CountContext count only shard i of k: a fixed, even split
// of the search into k parts, the same on every machine and for every
// number of workers, whose Total and Unique counts add up to those of the
// whole board. k runs from 1, the default, to MaxShards; i from 0 to k-1.
// The split depends on n, k and PlanVersion alone.
func WithShard(i, k int) Option {
	return func(c *config) { c.shard, c.shards = i, k }
}

// WithSave has CountContext call save from the caller's goroutine with the
// State of the count about every interval, once more if ctx stops the
// count early (after every worker has stopped), and once when it is done,
// so that WithResume can take the count on from there after a crash or a
// cancel. An error from save stops the count and is returned. Saving
// copies a bit per subproblem: it costs next to nothing beside the count.
func WithSave(interval time.Duration, save func(State) error) Option {
	return func(c *config) { c.save, c.saveEvery = save, interval }
}

// WithResume has CountContext go on from s, a State that WithSave handed
// out for the same board and shard: the subproblems s holds as done are
// not searched again, and their counts are part of the result. A State of
// another board, shard or PlanVersion is refused with an error wrapping
// ErrOption that names what differs.
func WithResume(s State) Option {
	return func(c *config) { c.resume = &s }
}

// MaxShards is the largest number of shards WithShard accepts.
const MaxShards = 1 << 20

// PlanVersion names the way CountContext splits a board into shards. It
// changes whenever the split does, so the counts of shards add up only if
// they were counted with the same PlanVersion: a program that keeps shard
// counts should keep it with them. Version 2 splits the constellations of
// the board; version 1 split its corner and side trees.
const PlanVersion = 2

// minFreeRows is how many rows a subproblem leaves to search at least:
// below that, planning would cost more than searching.
const minFreeRows = 10

// borderRows is how many rows the border queens of a constellation fill,
// at most.
const borderRows = 4

// tasksPerShard is how many subproblems each shard gets at least, so that
// the shards come out about equally long.
const tasksPerShard = 64

// ErrOption reports an invalid option passed to CountContext.
var ErrOption = errors.New("nqueens: invalid option")

// progressInterval is how often WithProgress reports.
const progressInterval = 100 * time.Millisecond

// minTasks is the number of subproblems the engine aims for at least: many
// more than workers, so that the cores stay busy to the end. The split
// depends on n alone (and on the number of shards), never on the machine.
const minTasks = 4096

// CountContext counts the solutions of the n×n board, all of them and the
// fundamental ones (up to rotation and reflection), in one search using
// every core unless WithWorkers says otherwise. CountContext(ctx, 0) is
// {1, 1}, the empty board.
//
// It returns an error wrapping ErrBoardSize unless 0 <= n <= MaxN, or
// ErrOption for a bad option. When ctx is done first it returns ctx.Err()
// within a few milliseconds, with every worker stopped.
//
// The cost grows about sixfold with each n; see the README for measured
// times. A uint64 holds the counts up to at least n = 27, the largest board
// ever counted.
func CountContext(ctx context.Context, n int, opts ...Option) (Counts, error) {
	if err := checkSize(n); err != nil {
		return Counts{}, err
	}
	cfg := config{shards: 1}
	for i, opt := range opts {
		if opt == nil {
			return Counts{}, fmt.Errorf("%w: option %d is nil", ErrOption, i)
		}
		opt(&cfg)
	}
	if cfg.workers < 0 {
		return Counts{}, fmt.Errorf("%w: %d workers, want 0 (all cores) or more", ErrOption, cfg.workers)
	}
	if cfg.save != nil && cfg.saveEvery <= 0 {
		return Counts{}, fmt.Errorf("%w: save every %v, want a positive interval", ErrOption, cfg.saveEvery)
	}
	if cfg.shards < 1 || cfg.shards > MaxShards || cfg.shard < 0 || cfg.shard >= cfg.shards {
		return Counts{}, fmt.Errorf("%w: shard %d of %d, want 0 <= shard < shards <= %d", ErrOption, cfg.shard, cfg.shards, MaxShards)
	}
	if procs := runtime.GOMAXPROCS(0); cfg.workers == 0 || cfg.workers > procs {
		cfg.workers = procs
	}
	if err := ctx.Err(); err != nil {
		return Counts{}, err
	}
	var tasks []task
	if n >= 4 {
		var err error
		if tasks, err = plan(ctx, n, cfg.shard, cfg.shards); err != nil {
			return Counts{}, err
		}
	}
	state := State{Plan: PlanVersion, N: n, Shard: cfg.shard, Shards: cfg.shards,
		tasks: len(tasks), done: make([]uint64, (len(tasks)+63)/64)}
	if cfg.resume != nil {
		if err := cfg.resume.check(n, cfg.shard, cfg.shards, len(tasks)); err != nil {
			return Counts{}, err
		}
		state = cfg.resume.clone()
	}
	if n < 4 && cfg.shard == 0 {
		// Too small for constellations: no subproblem, the whole count in
		// shard 0. run still reports and saves it.
		state.Counts = smallCounts(n)
	}
	return run(ctx, tasks, &cfg, &state)
}

// A task is a subproblem: a constellation with queens placed in its first
// free rows.
type task struct {
	c     *constellation
	board []int // a column for each placed row, Free for the others
}

// plan returns the subproblems of the given shard of the n×n board, n >= 4.
// The constellations are split, by placing queens in their first free
// rows, into as many subproblems as the shards need, and the subproblems
// are dealt out to the shards in turn. Planning a shard of a large split
// takes seconds: it gives up with ctx.Err() when ctx is done.
func plan(ctx context.Context, n, shard, shards int) ([]task, error) {
	cs, err := constellations(ctx, n)
	if err != nil {
		return nil, err
	}
	pl := planner{ctx: ctx, n: n, roots: cs}
	depth, err := pl.depth(max(minTasks, tasksPerShard*shards), n-borderRows-minFreeRows)
	if err != nil {
		return nil, err
	}
	var tasks []task
	index := 0
	err = pl.each(depth, func(tk task) {
		if index%shards == shard {
			tk.board = slices.Clone(tk.board)
			tasks = append(tasks, tk)
		}
		index++
	})
	// The subproblems of one constellation are alike in size and the
	// constellations are not: in a fixed random order, the share of
	// subproblems solved is a fair estimate of the share of the work done,
	// which Progress reports.
	r := rand.New(rand.NewPCG(uint64(n), uint64(shards)))
	r.Shuffle(len(tasks), func(i, j int) { tasks[i], tasks[j] = tasks[j], tasks[i] })
	return tasks, err
}

// children calls yield with each task that places a queen in the first
// free row of tk, until yield returns false; it reports whether yield
// always returned true, and false for a task with no free row. The
// children share tk's board, which holds each child's queen while yield
// runs and is restored when children returns: yield must copy the board to
// keep it.
func (tk task) children(yield func(task) bool) bool {
	row := slices.Index(tk.board, Free)
	if row < 0 {
		return false
	}
	defer func() { tk.board[row] = Free }()
	for free := fullRow(len(tk.board)) &^ attackedBy(tk.board, row); free != 0; free &= free - 1 {
		tk.board[row] = bits.TrailingZeros64(free)
		if !yield(tk) {
			return false
		}
	}
	return true
}

// A planner walks the subproblems of a split.
type planner struct {
	ctx    context.Context
	n      int
	roots  []*constellation
	yield  func(task) // of each
	listed int        // subproblems yielded, for polling ctx
	board  []int      // the board of the root being split
}

// planPoll is how many subproblems the planner lists between two looks at
// its context.
const planPoll = 1 << 12

// each calls yield with every subproblem that places queens in the next
// depth free rows of the roots, or in all of them if there are fewer. The
// subproblems share one board, as children do. each returns ctx.Err() if
// the context is done first.
func (pl *planner) each(depth int, yield func(task)) error {
	pl.yield = yield
	if pl.board == nil {
		pl.board = make([]int, pl.n)
	}
	for _, c := range pl.roots {
		if !pl.split(task{c: c, board: c.board(pl.board)}, depth) {
			return pl.ctx.Err()
		}
	}
	return nil
}

// split yields the subproblems of tk depth rows down, and reports false
// once the context is done.
func (pl *planner) split(tk task, depth int) bool {
	if depth == 0 || !slices.Contains(tk.board, Free) {
		pl.yield(tk)
		if pl.listed++; pl.listed%planPoll == 0 && pl.ctx.Err() != nil {
			return false
		}
		return true
	}
	return tk.children(func(child task) bool { return pl.split(child, depth-1) })
}

// depth returns the least number of rows to place beyond the roots that
// makes at least target subproblems, but no more than limit rows, nor more
// rows than there are.
func (pl *planner) depth(target, limit int) (int, error) {
	for depth := 0; depth < limit; depth++ {
		count, deeper := 0, false
		err := pl.each(depth, func(tk task) {
			count++
			deeper = deeper || slices.Contains(tk.board, Free)
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

// run solves the tasks that state does not hold as done on cfg.workers
// goroutines, and returns the counts of all of them.
func run(ctx context.Context, tasks []task, cfg *config, state *State) (Counts, error) {
	start := time.Now()
	var pending []int // the tasks to solve, in order
	for i := range tasks {
		if !state.isDone(i) {
			pending = append(pending, i)
		}
	}
	var (
		stop     atomic.Bool
		next     atomic.Int64 // index in pending of the next task to hand out
		wg       sync.WaitGroup
		mu       sync.Mutex // guards state and solved
		solved   = len(tasks) - len(pending)
		resumed  = solved
		finished = make(chan struct{})
	)
	workers := min(cfg.workers, len(pending))
	wg.Add(workers)
	// With a worker on every P, the workers yield now and then so that a
	// cancel is seen at once; with a P to spare they need not, and yielding
	// would cost system time.
	yield := workers >= runtime.GOMAXPROCS(0)
	for range workers {
		go func() {
			defer wg.Done()
			w := worker{poll: poller{stop: &stop, yield: yield}}
			for {
				k := int(next.Add(1) - 1)
				if k >= len(pending) || w.poll.stopped() {
					return
				}
				i := pending[k]
				c, ok := w.search(&tasks[i])
				if !ok {
					return
				}
				mu.Lock()
				state.markDone(i, c)
				solved++
				mu.Unlock()
			}
		}()
	}
	go func() {
		wg.Wait()
		close(finished)
	}()
	// However run returns, by a panic in a callback included, no worker
	// outlives it.
	defer func() {
		stop.Store(true)
		<-finished
	}()

	solvedSoFar := func() int {
		mu.Lock()
		defer mu.Unlock()
		return solved
	}
	report := func() {
		if cfg.progress == nil {
			return
		}
		d := solvedSoFar()
		p := Progress{Done: d, Total: len(tasks), Elapsed: time.Since(start)}
		if d > resumed {
			p.Remaining = time.Duration(float64(p.Elapsed) * float64(p.Total-d) / float64(d-resumed))
		}
		cfg.progress(p)
	}
	save := func() error {
		if cfg.save == nil {
			return nil
		}
		mu.Lock()
		s := state.clone()
		mu.Unlock()
		return cfg.save(s)
	}
	var tick, saveTick <-chan time.Time
	if cfg.progress != nil {
		t := time.NewTicker(progressInterval)
		defer t.Stop()
		tick = t.C
	}
	if cfg.save != nil {
		t := time.NewTicker(cfg.saveEvery)
		defer t.Stop()
		saveTick = t.C
	}
	// cancelled saves what the workers finished before they stopped.
	cancelled := func() (Counts, error) {
		stop.Store(true)
		<-finished
		if err := save(); err != nil {
			return Counts{}, err
		}
		return Counts{}, ctx.Err()
	}
	for {
		select {
		case <-finished:
			if solvedSoFar() < len(tasks) {
				return cancelled() // every worker gave up: ctx is done
			}
			report()
			if err := save(); err != nil {
				return Counts{}, err
			}
			return state.Counts, nil
		case <-ctx.Done():
			return cancelled()
		case <-tick:
			report()
		case <-saveTick:
			if err := save(); err != nil {
				return Counts{}, err
			}
		}
	}
}

// A worker solves tasks one after another.
type worker struct {
	poll  poller
	frame frame
	check constellationCheck
}

// search returns the counts of tk. It reports false if it gave up because
// w.poll said to stop.
func (w *worker) search(tk *task) (Counts, bool) {
	w.frame.setup(tk.board)
	if len(tk.c.fixers) == 0 {
		found, ok := w.frame.count(&w.poll)
		return Counts{Total: 8 * found, Unique: found}, ok
	}
	w.check.c, w.check.counts = tk.c, Counts{}
	ok := w.frame.enumerate(w.check.visit, &w.poll)
	return w.check.counts, ok
}

// smallCounts returns the counts of the boards too small for
// constellations, n < 4, by comparing each solution with all its images:
// the board as one constellation that every symmetry fixes.
func smallCounts(n int) Counts {
	if n == 0 {
		return Counts{Total: 1, Unique: 1} // the empty board
	}
	check := constellationCheck{c: &constellation{fixers: symmetries[1:]}}
	Bitwise.Enumerate(n, check.visit)
	return check.counts
}
