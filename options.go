package nqueens

import (
	"context"
	"fmt"
	"time"

	"github.com/gonqueens/nqueens/internal/engine"
)

// The options of the calls that search on several cores, and the
// progress that a count reports.

// An Option configures a call that searches on several cores, a count or
// a listing of a whole board: [WithWorkers] is one. An Option is a
// [CountOption] too.
type Option interface {
	CountOption
	applyList(listConfig) listConfig
}

// A CountOption configures a count, [CountContext] or
// [CountUniqueContext]: [WithWorkers], [WithProgress] or
// [WithMemoryLimit]. A listing takes Options alone, so that an option it
// could not use does not compile.
type CountOption interface {
	applyCount(countConfig) countConfig
}

// countConfig is what a count's options set.
type countConfig struct {
	workers  int
	progress func(Progress)
	memory   int64
}

// listConfig is what a listing's options set.
type listConfig struct {
	workers int
}

// WithWorkers sets the number of goroutines that search at once. 0, the
// default, means runtime.GOMAXPROCS(0), and so does a larger k: no more
// goroutines than that can search at once, and more would only delay a
// cancel while each is scheduled in turn. A negative k is an error
// wrapping [ErrOption]. The results do not depend on k.
func WithWorkers(k int) Option { return workersOption(k) }

type workersOption int

func (k workersOption) applyCount(c countConfig) countConfig { c.workers = int(k); return c }
func (k workersOption) applyList(c listConfig) listConfig    { c.workers = int(k); return c }

// WithProgress has a count call report from the caller's goroutine about
// ten times a second while it counts, and once when it is done: the last
// report has Done equal to Subproblems. Subproblems is never 0: while a
// large split is still being listed, which takes seconds, the reports
// are of 0 done of 1, and a count without subproblems (a board of fewer
// than 4 squares a side, or one small enough to count at once) is 1 of 1
// when done. A panic in report stops the count: every worker has stopped
// by the time the panic reaches the caller.
func WithProgress(report func(Progress)) CountOption { return progressOption(report) }

type progressOption func(Progress)

func (p progressOption) applyCount(c countConfig) countConfig { c.progress = p; return c }

// WithMemoryLimit has a count refuse, before it starts, a count that
// would take more than bytes of memory, with an error wrapping
// [ErrMemory] that says how much it would take; the default is 4 GiB.
// The model behind it (package shard's Job.EstimateMemory) estimates the
// peak resident memory of the whole count on all its workers, and errs
// high; a count takes more than a few MiB from n = 20 on, when it joins
// half-boards. A limit of 0 is the default, as a zero
// shard.Job.MemoryLimit is.
func WithMemoryLimit(bytes int64) CountOption { return memoryOption(bytes) }

type memoryOption int64

func (m memoryOption) applyCount(c countConfig) countConfig { c.memory = int64(m); return c }

// newCountConfig applies opts to the defaults of a count with ctx: every
// core, no progress and the default memory limit. A nil ctx is an error
// wrapping ErrNilContext, a bad option one wrapping ErrOption.
func newCountConfig(ctx context.Context, opts []CountOption) (countConfig, error) {
	cfg := countConfig{memory: engine.DefaultMemoryLimit}
	if err := checkContext(ctx); err != nil {
		return countConfig{}, err
	}
	for i, opt := range opts {
		if opt == nil {
			return countConfig{}, fmt.Errorf("%w: option %d is nil", ErrOption, i)
		}
		cfg = opt.applyCount(cfg)
	}
	switch {
	case cfg.memory == 0:
		cfg.memory = engine.DefaultMemoryLimit
	case cfg.memory < 0:
		return countConfig{}, fmt.Errorf("%w: a memory limit of %d bytes, want 0 (the default) or more", ErrOption, cfg.memory)
	}
	return cfg, checkWorkers(cfg.workers)
}

// newListConfig applies opts to the defaults of a listing with ctx:
// every core. A nil ctx is an error wrapping ErrNilContext, a bad option
// one wrapping ErrOption.
func newListConfig(ctx context.Context, opts []Option) (listConfig, error) {
	var cfg listConfig
	if err := checkContext(ctx); err != nil {
		return cfg, err
	}
	for i, opt := range opts {
		if opt == nil {
			return listConfig{}, fmt.Errorf("%w: option %d is nil", ErrOption, i)
		}
		cfg = opt.applyList(cfg)
	}
	return cfg, checkWorkers(cfg.workers)
}

// checkWorkers returns an error wrapping ErrOption unless WithWorkers(k)
// has k >= 0; the engine takes 0 and more than runtime.GOMAXPROCS(0) as
// that many.
func checkWorkers(k int) error {
	if k < 0 {
		return fmt.Errorf("%w: %d workers, want 0 (all cores) or more", ErrOption, k)
	}
	return nil
}

// engine returns the engine's configuration of a count of the whole
// board as cfg says, of its Total alone if totalOnly is set.
func (cfg *countConfig) engine(totalOnly bool) engine.Config {
	ec := engine.Config{Workers: cfg.workers, Shards: 1, Memory: cfg.memory, TotalOnly: totalOnly}
	if report := cfg.progress; report != nil {
		ec.Progress = func(p engine.Progress) {
			report(Progress{Done: p.Done, Subproblems: p.Subproblems, Elapsed: p.Elapsed, Remaining: p.Remaining})
		}
	}
	return ec
}

// Progress reports how far a count has come. Work is measured in
// subproblems, which vary tenfold in size; a count takes them in an order
// that makes the share of them done a fair estimate of the share of the
// work done (the searches of the solutions a turn leaves unchanged, a
// hundredth of them and quick, come first). Remaining, the time left, is
// estimated from the rate of this run once it has done a tenth of the
// subproblems it had to do: [docs/scale.md] has how close it came on
// measured counts.
//
// [docs/scale.md]: https://github.com/gonqueens/nqueens/blob/main/docs/scale.md
type Progress struct {
	Done        int           // subproblems solved, those of a state resumed included
	Subproblems int           // subproblems in all
	Elapsed     time.Duration // since the count started or resumed
	// Remaining is the time left, estimated from the rate of this run
	// (since it started or resumed) once it has done a tenth of the
	// subproblems it had to do; it is 0 before, when a few subproblems,
	// the largest of which take a share of the count, would say too
	// little.
	Remaining time.Duration
}

// Fraction returns the share of the subproblems done, from 0 to 1.
func (p Progress) Fraction() float64 {
	if p.Subproblems <= 0 {
		return 0
	}
	return float64(p.Done) / float64(p.Subproblems)
}
