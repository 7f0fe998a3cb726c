package engine

import (
	"cmp"
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gonqueens/nqueens/internal/poll"
)

// The scheduler: the subproblems of a count's plan handed out to workers
// one at a time (worker.go), in the work order (order.go); the progress
// reported, the state saved, and the time left estimated as they are done.

// schedule solves the subproblems sub of method m that state t does not
// hold as done on cfg.Workers goroutines, and returns the counts of all
// of them. The count started at start. finish, if not nil, completes the counts once every
// subproblem is done, before the last save.
func schedule(ctx context.Context, start time.Time, m method, sub []subproblem, cfg *Config, t *State, finish func(Counts) (Counts, error)) (Counts, error) {
	s := newScheduler(start, sub, cfg, t)
	s.method = m
	// A done ctx stops the workers, and schedule learns it when they have all
	// stopped.
	defer poll.StopWhenDone(ctx, &s.stop)()
	s.startWorkers()
	// However schedule returns, by a panic in a callback included, no worker
	// outlives it.
	defer s.halt()
	return s.wait(ctx, finish)
}

// A scheduler hands the subproblems of one count out to its workers, and
// reports, saves and finishes the count from the caller's goroutine.
type scheduler struct {
	start    time.Time
	method   method
	sub      []subproblem
	cfg      *Config
	pending  []int        // the subproblems to solve, in order
	next     atomic.Int64 // index in pending of the next subproblem to hand out
	stop     atomic.Bool
	finished chan struct{} // closed once every worker has stopped

	mu     sync.Mutex // guards t, solved, weighedDone and failed
	t      *State
	solved int
	failed error // the first error of a worker, which stops them all
	// The time left is estimated from the share that this run has solved
	// of the subproblems it weighs: those of pending but the quick
	// searches of invariant solutions, unless those are all there is.
	// workOrder has them come in an order that makes the share of them
	// solved a fair estimate of the share of the work done.
	weighed, weighedDone int
	onlyInvariant        bool
}

// newScheduler returns the scheduler of the subproblems sub that t does
// not hold as done.
func newScheduler(start time.Time, sub []subproblem, cfg *Config, t *State) *scheduler {
	s := &scheduler{start: start, sub: sub, cfg: cfg, t: t, finished: make(chan struct{})}
	for _, i := range workOrder(sub) {
		if !t.Done.Has(i) {
			s.pending = append(s.pending, i)
		}
	}
	s.solved = len(sub) - len(s.pending)
	s.onlyInvariant = !slices.ContainsFunc(s.pending, func(i int) bool { return !sub[i].quick() })
	for _, i := range s.pending {
		if s.weighs(i) {
			s.weighed++
		}
	}
	return s
}

// weighs reports whether subproblem i counts in the estimate of the time
// left.
func (s *scheduler) weighs(i int) bool { return !s.sub[i].quick() || s.onlyInvariant }

// startWorkers starts the workers, which close s.finished once they have
// all stopped.
func (s *scheduler) startWorkers() {
	workers := min(s.cfg.Workers, len(s.pending))
	// With a worker on every P, the workers yield now and then so that a
	// cancel is seen at once; with a P to spare they need not, and
	// yielding would cost system time.
	yield := workers >= runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	wg.Add(workers)
	for range workers {
		go func() {
			defer wg.Done()
			s.work(&worker{poll: poll.Poller{Stop: &s.stop, Yield: yield}, scratch: s.method.scratch(), recount: s.cfg.Recount, checkOn: s.cfg.CheckOn})
		}()
	}
	go func() {
		wg.Wait()
		close(s.finished)
	}()
}

// work solves subproblems with w until there is none left, or until the
// count stops or w fails.
func (s *scheduler) work(w *worker) {
	for {
		k := int(s.next.Add(1) - 1)
		if k >= len(s.pending) || w.poll.Stopped() {
			return
		}
		i := s.pending[k]
		c, ok := w.search(s.sub[i])
		if !ok {
			if err := w.err(); err != nil {
				s.fail(err)
			}
			return
		}
		s.mu.Lock()
		err := s.t.markDone(i, c)
		if err == nil {
			s.solved++
			if s.weighs(i) {
				s.weighedDone++
			}
		}
		s.mu.Unlock()
		if err != nil {
			s.fail(err)
			return
		}
	}
}

// fail stops the count with err, unless another error stopped it first.
func (s *scheduler) fail(err error) {
	s.mu.Lock()
	s.failed = cmp.Or(s.failed, err)
	s.mu.Unlock()
	s.stop.Store(true)
}

// halt stops the workers and waits for them.
func (s *scheduler) halt() {
	s.stop.Store(true)
	<-s.finished
}

// solvedSoFar returns the subproblems solved, and of them those weighed.
func (s *scheduler) solvedSoFar() (solved, weighed int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.solved, s.weighedDone
}

// report hands cfg.Progress how far the count has come, if it is set.
func (s *scheduler) report() {
	if s.cfg.Progress == nil {
		return
	}
	d, w := s.solvedSoFar()
	p := Progress{Done: d, Subproblems: len(s.sub), Elapsed: time.Since(s.start)}
	if len(s.sub) == 0 {
		// A board without subproblems is one piece of work, done at
		// once.
		p.Done, p.Subproblems = 1, 1
	}
	// Before a tenth is done, a few subproblems say too little: a run of
	// splits of n = 24 takes minutes.
	if w > 0 && w < s.weighed && 10*w >= s.weighed {
		p.Remaining = time.Duration(float64(p.Elapsed) * float64(s.weighed-w) / float64(w))
	}
	s.cfg.Progress(p)
}

// save hands cfg.Save a copy of the state, if it is set.
func (s *scheduler) save() error {
	if s.cfg.Save == nil {
		return nil
	}
	s.mu.Lock()
	t := s.t.Clone()
	s.mu.Unlock()
	return s.cfg.Save(t)
}

// wait reports and saves, from the caller's goroutine, until the workers
// stop or ctx is done, and returns the count's result.
func (s *scheduler) wait(ctx context.Context, finish func(Counts) (Counts, error)) (Counts, error) {
	var tick, saveTick <-chan time.Time
	if s.cfg.Progress != nil {
		tk := time.NewTicker(progressInterval)
		defer tk.Stop()
		tick = tk.C
	}
	if s.cfg.Save != nil {
		tk := time.NewTicker(s.cfg.SaveEvery)
		defer tk.Stop()
		saveTick = tk.C
	}
	for {
		// A ready tick must not delay a cancel: select picks at random
		// among the cases ready, so ctx is looked at before each save.
		select {
		case <-s.finished:
			return s.stopped(ctx, finish)
		case <-ctx.Done():
			return s.stopped(ctx, finish)
		case <-tick:
			s.report()
		case <-saveTick:
			if ctx.Err() != nil {
				return s.stopped(ctx, finish)
			}
			if err := s.save(); err != nil {
				return Counts{}, err
			}
		}
	}
}

// stopped waits for every worker to stop. If they solved every
// subproblem, the count is done: it completes the counts and saves them,
// so that no state is saved with every subproblem done but the counts not
// complete. Else a worker failed, or ctx is done: it saves, once, what the
// workers finished, and returns the worker's error or ctx's.
func (s *scheduler) stopped(ctx context.Context, finish func(Counts) (Counts, error)) (Counts, error) {
	s.halt()
	if d, _ := s.solvedSoFar(); d == len(s.sub) {
		s.report()
		if finish != nil {
			c, err := finish(s.t.Counts)
			if err != nil {
				return Counts{}, err
			}
			s.t.Counts = c
		}
		// A failed save loses the state, not the count.
		return s.t.Counts, s.save()
	}
	if err := s.save(); err != nil {
		return Counts{}, err
	}
	return Counts{}, cmp.Or(s.failed, ctx.Err())
}
