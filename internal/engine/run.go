package engine

import (
	"cmp"
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/frame"
	"github.com/gonqueens/nqueens/internal/join"
	"github.com/gonqueens/nqueens/internal/work"
)

// The scheduler: the subproblems of a count's plan handed out to workers
// one at a time, each counted by its method: a run of splits by a joiner
// of the package join, a search of the solutions a turn leaves unchanged
// (invariant.go), or a constellation's subproblem by the kernels of the
// package frame.

// constellationSubproblemsReporting lists the constellations'
// subproblems of plan p, with progress, if not nil, called from the
// caller's goroutine every ProgressInterval while they are listed, which
// takes seconds for the largest: a Progress with no subproblem yet. A
// panic in progress stops the listing before it reaches the caller.
func constellationSubproblemsReporting(ctx context.Context, p *plan, progress func(Progress), start time.Time) ([]subproblem, error) {
	if progress == nil {
		return constellationSubproblems(ctx, p.n, p.deal)
	}
	ctx, cancel := context.WithCancel(ctx)
	type listed struct {
		sub []subproblem
		err error
	}
	done := make(chan listed, 1)
	go func() {
		sub, err := constellationSubproblems(ctx, p.n, p.deal)
		done <- listed{sub, err}
	}()
	received := false
	defer func() {
		cancel()
		if !received {
			<-done
		}
	}()
	tick := time.NewTicker(ProgressInterval)
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

// run solves the subproblems sub that tally t does not hold as done on
// cfg.Workers goroutines, and returns the counts of all of them. The count
// started at start. finish, if not nil, completes the counts once every
// subproblem is done, before the last save.
func run(ctx context.Context, start time.Time, sub []subproblem, cfg *Config, t *Tally, finish func(Counts) (Counts, error)) (Counts, error) {
	var pending []int // the subproblems to solve, in order
	for _, i := range workOrder(sub) {
		if !t.Done.Has(i) {
			pending = append(pending, i)
		}
	}
	var (
		stop     atomic.Bool
		next     atomic.Int64 // index in pending of the next subproblem to hand out
		wg       sync.WaitGroup
		mu       sync.Mutex // guards t, solved and failed
		failed   error      // the first error of a worker, which stops them all
		solved   = len(sub) - len(pending)
		finished = make(chan struct{})
		// The time left is estimated from the share that this run has
		// solved of the subproblems it weighs: those of pending but the quick
		// searches of invariant solutions, unless those are all there
		// is. workOrder has them come in an order that makes the share
		// of them solved a fair estimate of the share of the work done.
		weighed, weighedDone int
		onlyInvariant        = !slices.ContainsFunc(pending, func(i int) bool { return sub[i].invariant == nil })
	)
	weighs := func(i int) bool { return sub[i].invariant == nil || onlyInvariant }
	for _, i := range pending {
		if weighs(i) {
			weighed++
		}
	}
	// A done ctx stops the workers, and run learns it when they have all
	// stopped.
	defer work.StopWhenDone(ctx, &stop)()
	workers := min(cfg.Workers, len(pending))
	wg.Add(workers)
	// With a worker on every P, the workers yield now and then so that a
	// cancel is seen at once; with a P to spare they need not, and yielding
	// would cost system time.
	yield := workers >= runtime.GOMAXPROCS(0)
	for range workers {
		go func() {
			defer wg.Done()
			w := worker{poll: work.Poller{Stop: &stop, Yield: yield}}
			for {
				k := int(next.Add(1) - 1)
				if k >= len(pending) || w.poll.Stopped() {
					return
				}
				i := pending[k]
				c, ok := w.search(&sub[i])
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
				t.markDone(i, c)
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
		if cfg.Progress == nil {
			return
		}
		d, w := solvedSoFar()
		p := Progress{Done: d, Subproblems: len(sub), Elapsed: time.Since(start)}
		if len(sub) == 0 {
			// A board without subproblems is one piece of work, done
			// at once.
			p.Done, p.Subproblems = 1, 1
		}
		// Before a tenth is done, a few subproblems say too little: a run of
		// splits of n = 24 takes minutes.
		if w > 0 && w < weighed && 10*w >= weighed {
			p.Remaining = time.Duration(float64(p.Elapsed) * float64(weighed-w) / float64(w))
		}
		cfg.Progress(p)
	}
	save := func() error {
		if cfg.Save == nil {
			return nil
		}
		mu.Lock()
		s := t.Clone()
		mu.Unlock()
		return cfg.Save(s)
	}
	var tick, saveTick <-chan time.Time
	if cfg.Progress != nil {
		tk := time.NewTicker(ProgressInterval)
		defer tk.Stop()
		tick = tk.C
	}
	if cfg.Save != nil {
		tk := time.NewTicker(cfg.SaveEvery)
		defer tk.Stop()
		saveTick = tk.C
	}
	// stopped waits for every worker to stop. If they solved every
	// subproblem, the count is done: it completes the counts and saves
	// them, so that no tally is saved with every subproblem done but the
	// counts not complete.
	// Else a worker failed, or ctx is done: it saves, once, what the
	// workers finished, and returns the worker's error or ctx's.
	stopped := func() (Counts, error) {
		stop.Store(true)
		<-finished
		if d, _ := solvedSoFar(); d == len(sub) {
			report()
			if finish != nil {
				c, err := finish(t.Counts)
				if err != nil {
					return Counts{}, err
				}
				t.Counts = c
			}
			// A failed save loses the tally, not the count.
			return t.Counts, save()
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

// A worker solves subproblems one after another.
type worker struct {
	poll   work.Poller
	frame  frame.Frame
	check  constellationCheck
	joiner *join.Joiner
}

// err returns the error that made the worker's last search give up, nil
// if w.poll said to stop.
func (w *worker) err() error {
	if w.joiner != nil {
		return w.joiner.Err()
	}
	return nil
}

// search returns the counts of s. It reports false if it gave up, because
// w.poll said to stop or for w.err.
func (w *worker) search(s *subproblem) (Counts, bool) {
	if f := s.invariant; f != nil {
		count, ok := countInvariant(f.n, f.g, f.col, &w.poll)
		if f.g == board.Rotate90 {
			return Counts{Invariant90: count}, ok
		}
		return Counts{Invariant180: count}, ok
	}
	if s.run != nil {
		if w.joiner == nil || w.joiner.Board() != s.run.Board {
			w.joiner = join.NewJoiner(s.run.Board)
		}
		total, ok := w.joiner.CountRun(s.run, &w.poll)
		return Counts{Total: total}, ok
	}
	w.frame.Setup(s.board)
	if len(s.c.fixers) == 0 {
		found, ok := w.frame.Count(&w.poll)
		return Counts{Total: 8 * found, Unique: found}, ok
	}
	w.check.c, w.check.counts = s.c, Counts{}
	ok := w.frame.Enumerate(w.check.visit, &w.poll)
	return w.check.counts, ok
}
