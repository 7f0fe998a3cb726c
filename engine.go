package nqueens

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// The engine: the corner and side trees of tree.go, split into
// subproblems, each searched by the inner loop of search.go, handed out to
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
	workers  int
	progress func(Progress)
	shard    int
	shards   int
}

// WithWorkers sets the number of goroutines that search at once. 0, the
// default, means runtime.GOMAXPROCS(0); a negative k is an error. The counts
// do not depend on k.
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
func WithShard(i, k int) Option {
	return func(c *config) { c.shard, c.shards = i, k }
}

// MaxShards is the largest number of shards WithShard accepts.
const MaxShards = 1 << 20

// minFreeRows is how many rows a subproblem leaves to search at least:
// below that, planning would cost more than searching.
const minFreeRows = 10

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
	for _, opt := range opts {
		opt(&cfg)
	}
	if cfg.workers < 0 {
		return Counts{}, fmt.Errorf("%w: %d workers, want 0 (all cores) or more", ErrOption, cfg.workers)
	}
	if cfg.shards < 1 || cfg.shards > MaxShards || cfg.shard < 0 || cfg.shard >= cfg.shards {
		return Counts{}, fmt.Errorf("%w: shard %d of %d, want 0 <= shard < shards <= %d", ErrOption, cfg.shard, cfg.shards, MaxShards)
	}
	if cfg.workers == 0 {
		cfg.workers = runtime.GOMAXPROCS(0)
	}
	if err := ctx.Err(); err != nil {
		return Counts{}, err
	}
	if n < 4 {
		if cfg.shard > 0 {
			return Counts{}, nil
		}
		return smallCounts(n), nil // in shard 0
	}
	tasks, err := plan(ctx, n, cfg.shard, cfg.shards)
	if err != nil {
		return Counts{}, err
	}
	return run(ctx, tasks, &cfg)
}

// plan returns the subproblems of the given shard of the n×n board, n >= 4.
// The trees are split, by placing queens in their first free rows, into as
// many subproblems as the shards need, and the subproblems are dealt out to
// the shards in turn. Planning a shard of a large split takes seconds: it
// gives up with ctx.Err() when ctx is done.
func plan(ctx context.Context, n, shard, shards int) ([]task, error) {
	var roots []task
	for _, tr := range trees(n) {
		roots = append(roots, tr.root())
	}
	pl := planner{ctx: ctx, roots: roots}
	depth, err := pl.depth(max(minTasks, tasksPerShard*shards), n-minFreeRows)
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
	// The subproblems of one tree are alike in size and the trees are not:
	// in a fixed random order, the share of subproblems solved is a fair
	// estimate of the share of the work done, which Progress reports.
	r := rand.New(rand.NewPCG(uint64(n), uint64(shards)))
	r.Shuffle(len(tasks), func(i, j int) { tasks[i], tasks[j] = tasks[j], tasks[i] })
	return tasks, err
}

// A planner walks the subproblems of a split.
type planner struct {
	ctx    context.Context
	roots  []task
	yield  func(task) // of each
	listed int        // subproblems yielded, for polling ctx
}

// planPoll is how many subproblems the planner lists between two looks at
// its context.
const planPoll = 1 << 12

// each calls yield with every subproblem that places queens in the next
// depth free rows of the roots, or in all of them if there are fewer. The
// subproblems of a root share its board, as children's do. each returns
// ctx.Err() if the context is done first.
func (pl *planner) each(depth int, yield func(task)) error {
	pl.yield = yield
	for _, root := range pl.roots {
		if !pl.split(root, depth) {
			return pl.ctx.Err()
		}
	}
	return nil
}

// split yields the subproblems of tk depth rows down, and reports false
// once the context is done.
func (pl *planner) split(tk task, depth int) bool {
	if depth == 0 || tk.row == tk.tree.n {
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
			deeper = deeper || tk.row < tk.tree.n
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

// run solves the tasks on cfg.workers goroutines and adds up their counts.
func run(ctx context.Context, tasks []task, cfg *config) (Counts, error) {
	start := time.Now()
	var (
		stop  atomic.Bool
		next  atomic.Int64 // index of the next task to hand out
		done  atomic.Int64 // tasks solved
		wg    sync.WaitGroup
		mu    sync.Mutex
		total Counts
	)
	finished := make(chan struct{})
	workers := min(cfg.workers, len(tasks))
	wg.Add(workers)
	for range workers {
		go func() {
			defer wg.Done()
			var w worker
			w.stop = &stop
			w.check = symmetryCheck{counts: &w.counts, stop: &stop}
			for {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) || stop.Load() {
					break
				}
				if !w.search(&w.walk, &tasks[i]) {
					break
				}
				done.Add(1)
			}
			mu.Lock()
			total.Total += w.counts.Total
			total.Unique += w.counts.Unique
			mu.Unlock()
		}()
	}
	go func() {
		wg.Wait()
		close(finished)
	}()
	// However run returns, by a panic in the progress callback included,
	// no worker outlives it.
	defer func() {
		stop.Store(true)
		<-finished
	}()

	report := func() {
		if cfg.progress == nil {
			return
		}
		p := Progress{Done: int(done.Load()), Total: len(tasks), Elapsed: time.Since(start)}
		if p.Done > 0 {
			p.Remaining = time.Duration(float64(p.Elapsed) * float64(p.Total-p.Done) / float64(p.Done))
		}
		cfg.progress(p)
	}
	var tick <-chan time.Time
	if cfg.progress != nil {
		t := time.NewTicker(progressInterval)
		defer t.Stop()
		tick = t.C
	}
	for {
		select {
		case <-finished:
			if err := ctx.Err(); err != nil && int(done.Load()) < len(tasks) {
				return Counts{}, err
			}
			report()
			return total, nil
		case <-ctx.Done():
			return Counts{}, ctx.Err() // the deferred stop waits for the workers
		case <-tick:
			report()
		}
	}
}

// A worker solves tasks one after another, adding up their counts.
type worker struct {
	stop   *atomic.Bool
	counts Counts
	board  [MaxN]int // a solution for the check
	walk   walk
	// A tie that walk finds is searched as tieTask with tieWalk.
	tieTask  task
	tieWalk  walk
	tieBoard [MaxN]int
	check    symmetryCheck
}

// smallCounts returns the counts of the boards too small for trees, n < 4,
// by comparing each solution with its images.
func smallCounts(n int) Counts {
	if n == 0 {
		return Counts{Total: 1, Unique: 1} // the empty board
	}
	var c Counts
	var stop atomic.Bool
	check := symmetryCheck{counts: &c, stop: &stop}
	Bitwise.Enumerate(n, check.visit)
	return c
}
