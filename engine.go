package nqueens

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// The engine: the subproblems of a count's plan (plan.go) handed out to
// workers one at a time, each counted by its engine: a run of splits by a
// joiner (join.go), a search of the solutions a turn leaves unchanged
// (invariant.go), or a constellation's subproblem by the kernel of
// kernel.go in a frame.

// The engine as a Strategy: Count on one worker, so that it compares with
// the other strategies core for core, and Enumerate with the frame's
// iterative walk of the whole board.
type engine struct{}

func (engine) Name() string { return "engine" }

// String returns the name, so that fmt prints the strategy by it.
func (s engine) String() string { return s.Name() }

func (engine) Count(n int) (uint64, error) {
	cfg, err := newConfig([]Option{WithWorkers(1)})
	if err != nil {
		return 0, err
	}
	c, err := countBoard(context.Background(), n, &cfg)
	return c.Total, err
}

func (engine) Enumerate(n int, visit func(Solution) bool) error {
	return enumerate(context.Background(), n, visit)
}

// enumerate visits the solutions of the n×n board in lexicographic order,
// the whole board one frame with every row free: it is EnumerateContext.
func enumerate(ctx context.Context, n int, visit func(Solution) bool) error {
	if err := checkEnumerate(n, visit); err != nil {
		return err
	}
	board := make([]int, n)
	for i := range board {
		board[i] = Free
	}
	return enumerateBoard(ctx, board, visit)
}

// countBoard counts the n×n board as cfg says: it is CountContext once the
// options are read.
func countBoard(ctx context.Context, n int, cfg *config) (Counts, error) {
	if err := checkSize(n); err != nil {
		return Counts{}, err
	}
	if err := ctx.Err(); err != nil {
		return Counts{}, err
	}
	start := time.Now()
	p := newCountPlan(n, cfg.shard, cfg.shards, cfg.workers)
	if err := p.limit(cfg.memory); err != nil {
		return Counts{}, err
	}
	tasks := p.tasks()
	if p.engine == constellationEngine {
		split, err := subproblemsReporting(ctx, p, cfg, start)
		if err != nil {
			return Counts{}, err
		}
		tasks = append(tasks, split...)
	}
	state, err := startState(p, cfg.resume, len(tasks))
	if err != nil {
		return Counts{}, err
	}
	if p.engine == noEngine && cfg.shard == 0 {
		// Too small for constellations: no subproblem, the whole count in
		// shard 0. run still reports and saves it.
		state.counts = smallCounts(n)
	}
	for i, t := range tasks {
		if t.join != nil && !state.isDone(i) {
			t.join.board.hold()
		}
	}
	var finish func(*Counts) error
	if cfg.shards == 1 && p.engine != noEngine {
		finish = func(c *Counts) error { return completeCounts(n, c, p.engine == joinEngine) }
	}
	return run(ctx, start, tasks, cfg, &state, finish)
}

// completeCounts completes the counts c of the whole n×n board, n >= 2,
// once every subproblem is done. Burnside's lemma gives the fundamental
// solutions from the others: a join, which counts no classes, gets Unique
// from it, and the constellations' count of the classes must agree with
// it. A disagreement is an internal error, which only a wrong count makes.
func completeCounts(n int, c *Counts, joined bool) error {
	unique, ok := uniqueOf(n, c.Total, c.Invariant90, c.Invariant180)
	if !ok || !joined && unique != c.Unique {
		return fmt.Errorf("nqueens: internal error: n=%d counted %+v, which Burnside's lemma refuses", n, *c)
	}
	c.Unique = unique
	return nil
}

// startState returns the state a count of plan p with tasks subproblems
// starts from: resume if it is not nil, and matches the count, else a new
// one.
func startState(p *countPlan, resume *State, tasks int) (State, error) {
	if resume == nil {
		return newState(p.n, p.deal.shard, p.deal.shards, tasks), nil
	}
	if err := resume.check(p.n, p.deal.shard, p.deal.shards, tasks); err != nil {
		return State{}, err
	}
	return resume.clone(), nil
}

// subproblemsReporting lists the constellations' subproblems of plan p,
// with cfg.progress called from the caller's goroutine every
// progressInterval while they are listed, which takes seconds for the
// largest: a Progress with no subproblem yet. A panic in cfg.progress
// stops the listing before it reaches the caller.
func subproblemsReporting(ctx context.Context, p *countPlan, cfg *config, start time.Time) ([]task, error) {
	if cfg.progress == nil {
		return subproblems(ctx, p.n, p.deal)
	}
	ctx, cancel := context.WithCancel(ctx)
	type listed struct {
		tasks []task
		err   error
	}
	done := make(chan listed, 1)
	go func() {
		tasks, err := subproblems(ctx, p.n, p.deal)
		done <- listed{tasks, err}
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
			return l.tasks, l.err
		case <-tick.C:
			cfg.progress(Progress{Subproblems: 1, Elapsed: time.Since(start)})
		}
	}
}

// run solves the tasks that state does not hold as done on cfg.workers
// goroutines, and returns the counts of all of them. The count started at
// start. finish, if not nil, completes the counts once every task is
// done, before the last save.
func run(ctx context.Context, start time.Time, tasks []task, cfg *config, state *State, finish func(*Counts) error) (Counts, error) {
	var pending []int // the tasks to solve, in order
	for _, i := range workOrder(tasks) {
		if !state.isDone(i) {
			pending = append(pending, i)
		}
	}
	var (
		stop     atomic.Bool
		next     atomic.Int64 // index in pending of the next task to hand out
		wg       sync.WaitGroup
		mu       sync.Mutex // guards state, solved and failed
		failed   error      // the first error of a worker, which stops them all
		solved   = len(tasks) - len(pending)
		finished = make(chan struct{})
		// The time left is estimated from the share that this run has
		// solved of the tasks it weighs: those of pending but the quick
		// searches of invariant solutions, unless those are all there
		// is. workOrder has them come in an order that makes the share
		// of them solved a fair estimate of the share of the work done.
		weighed, weighedDone int
		onlyInvariant        = !slices.ContainsFunc(pending, func(i int) bool { return tasks[i].invariant == nil })
	)
	weighs := func(i int) bool { return tasks[i].invariant == nil || onlyInvariant }
	for _, i := range pending {
		if weighs(i) {
			weighed++
		}
	}
	// A done ctx stops the workers, and run learns it when they have all
	// stopped.
	defer stopWhenDone(ctx, &stop)()
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
					if err := w.err(); err != nil {
						mu.Lock()
						failed = cmp.Or(failed, err)
						mu.Unlock()
						stop.Store(true)
					}
					return
				}
				mu.Lock()
				state.markDone(i, c)
				solved++
				if weighs(i) {
					weighedDone++
				}
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

	solvedSoFar := func() (solvedNow, weighedNow int) {
		mu.Lock()
		defer mu.Unlock()
		return solved, weighedDone
	}
	report := func() {
		if cfg.progress == nil {
			return
		}
		d, w := solvedSoFar()
		p := Progress{Done: d, Subproblems: len(tasks), Elapsed: time.Since(start)}
		if len(tasks) == 0 {
			// A board without subproblems is one piece of work, done
			// at once.
			p.Done, p.Subproblems = 1, 1
		}
		// Before a tenth is done, a few tasks say too little: a run of
		// splits of n = 24 takes minutes.
		if w > 0 && w < weighed && 10*w >= weighed {
			p.Remaining = time.Duration(float64(p.Elapsed) * float64(weighed-w) / float64(w))
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
	// stopped waits for every worker to stop. If they solved every task,
	// the count is done: it completes the counts and saves them, so that
	// no state is saved with every task done but the counts not complete.
	// Else a worker failed, or ctx is done: it saves, once, what the
	// workers finished, and returns the worker's error or ctx's.
	stopped := func() (Counts, error) {
		stop.Store(true)
		<-finished
		if d, _ := solvedSoFar(); d == len(tasks) {
			report()
			if finish != nil {
				if err := finish(&state.counts); err != nil {
					return Counts{}, err
				}
			}
			// A failed save loses the state, not the count.
			return state.Counts(), save()
		}
		if err := save(); err != nil {
			return Counts{}, err
		}
		return Counts{}, cmp.Or(failed, ctx.Err())
	}
	for {
		// A ready tick must not delay a cancel: select picks at random
		// among the cases ready, so ctx is looked at before each save.
		select {
		case <-finished:
			return stopped()
		case <-ctx.Done():
			return stopped()
		case <-tick:
			report()
		case <-saveTick:
			if ctx.Err() != nil {
				return stopped()
			}
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
	join  *joiner
}

// err returns the error that made the worker's last search give up, nil
// if w.poll said to stop.
func (w *worker) err() error {
	if w.join != nil {
		return w.join.err()
	}
	return nil
}

// search returns the counts of tk. It reports false if it gave up, because
// w.poll said to stop or for w.err.
func (w *worker) search(tk *task) (Counts, bool) {
	if f := tk.invariant; f != nil {
		count, ok := countInvariant(f.n, f.g, f.col, &w.poll)
		if f.g == Rotate90 {
			return Counts{Invariant90: count}, ok
		}
		return Counts{Invariant180: count}, ok
	}
	if tk.join != nil {
		if w.join == nil || w.join.board != tk.join.board {
			w.join = newJoiner(tk.join.board)
		}
		total, ok := w.join.countRun(tk.join, &w.poll)
		return Counts{Total: total}, ok
	}
	w.frame.setup(tk.board)
	if len(tk.c.fixers) == 0 {
		found, ok := w.frame.count(&w.poll)
		return Counts{Total: 8 * found, Unique: found}, ok
	}
	w.check.c, w.check.counts = tk.c, Counts{}
	ok := w.frame.enumerate(w.check.visit, &w.poll)
	return w.check.counts, ok
}
