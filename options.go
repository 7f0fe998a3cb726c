package nqueens

import (
	"fmt"
	"runtime"
	"time"

	"github.com/gonqueens/nqueens/internal/engine"
)

// The options of CountContext, and of the listings of whole boards, which
// take WithWorkers alone.

// An Option configures [CountContext]; [WithWorkers] configures the
// listings of whole boards too ([EnumerateContext], [FundamentalContext]
// and their iterators).
type Option func(*config)

type config struct {
	workers   int
	progress  func(Progress)
	shard     int
	shards    int
	save      func(State) error
	saveEvery time.Duration
	resume    *State
	memory    int64
	recount   bool
}

// WithWorkers sets the number of goroutines that search at once. 0, the
// default, means runtime.GOMAXPROCS(0), and so does a larger k: no more
// goroutines than that can search at once, and more would only delay a
// cancel while each is scheduled in turn. A negative k is an error. The
// counts do not depend on k.
func WithWorkers(k int) Option {
	return func(c *config) { c.workers = k }
}

// WithProgress has [CountContext] call report from the caller's goroutine
// about ten times a second while it counts, and once when it is done, for
// every n: the last report has Done equal to Subproblems. Subproblems is
// never 0: while a large split is still being listed, which takes
// seconds, the reports are of 0 done of 1, and a board without
// subproblems (n < 4) is 1 of 1 when done. A panic in report stops the count: every
// worker has stopped by the time the panic reaches the caller.
func WithProgress(report func(Progress)) Option {
	return func(c *config) { c.progress = report }
}

// WithShard has [CountContext] count only shard i of k: a fixed, even split
// of the search into k parts, the same on every machine and for every
// number of workers. k runs from 1, the default, to [MaxShards]; i from 0
// to k-1. The split depends on n, k and [PlanVersion] alone, so shards
// counted by different versions of the package with the same PlanVersion
// go together. The counts name their shard ([Counts].Shard), and
// [SumShards] adds up those of all k shards to the whole board's: their
// Total, Invariant90 and Invariant180 add up, and Unique, 0 in a shard of
// more than one, follows from them.
func WithShard(i, k int) Option {
	return func(c *config) { c.shard, c.shards = i, k }
}

// WithSave has [CountContext] call save from the caller's goroutine with the
// [State] of the count about every interval, once more if ctx stops the
// count early (after every worker has stopped, and never again after
// that), and once when it is done, so that [WithResume] can take the count
// on from there after a crash or a cancel. An error from save stops the
// count and is returned, with one exception: when the count is done and
// only its last save fails, CountContext returns the counts together with
// the error, so that a finished count is never lost. Saving copies a bit
// per subproblem: it costs next to nothing beside the count.
func WithSave(interval time.Duration, save func(State) error) Option {
	return func(c *config) { c.save, c.saveEvery = save, interval }
}

// WithResume has [CountContext] go on from s, a [State] that [WithSave] handed
// out for the same board and shard: the subproblems s holds as done are
// not searched again, and their counts are part of the result. A State of
// another board, shard or [PlanVersion] is refused with an error wrapping
// [ErrStateMismatch] that names what differs, and the zero State with one
// wrapping [ErrOption].
func WithResume(s State) Option {
	return func(c *config) { c.resume = &s }
}

// WithMemoryLimit has [CountContext] refuse, before it starts, a count that
// would take more than bytes of memory, as [EstimateMemory] puts it, with
// an error wrapping [ErrMemory] that says how much it would take; the
// default is [DefaultMemoryLimit]. The estimate is of the peak resident
// memory of the whole count on all its workers, and errs high. A count
// whose lists of quarters outgrow it beyond what the limit has room for
// stops with such an error too, before it allocates them, with every
// worker stopped, and after one save (see [WithSave]): it goes on with a
// higher limit. bytes must be positive.
func WithMemoryLimit(bytes int64) Option {
	return func(c *config) { c.memory = bytes }
}

// WithRecount has [CountContext] count again what it would count, the same
// subproblems of the same shard, by plain backtracking that shares no code
// with the join's fast path or the constellations' kernels, so that the
// counts of a shard can be checked against those its record holds. It
// costs far more than the count, a search of the whole tree below each
// subproblem (docs/scale.md has the cost at each n). Saves and resumes
// work as for a count; a State of a recount resumes only a recount.
func WithRecount() Option {
	return func(c *config) { c.recount = true }
}

// Progress reports how far a count has come. Work is measured in
// subproblems, which vary tenfold in size; a count takes them in an order
// that makes the share of them done a fair estimate of the share of the
// work done (the searches of the solutions a turn leaves unchanged, a
// hundredth of them and quick, come first).
type Progress struct {
	Done        int           // subproblems solved, those of the State resumed included
	Subproblems int           // subproblems in all
	Elapsed     time.Duration // since the count started or resumed
	// Remaining is the time left, estimated from the rate of this run
	// (since it started or resumed) once it has done a tenth of the
	// subproblems it had to do; it is 0 before, when a few subproblems,
	// the largest of which take a share of the count, would say too
	// little. docs/scale.md has how close it came on measured counts.
	Remaining time.Duration
}

// Fraction returns the share of the subproblems done, from 0 to 1.
func (p Progress) Fraction() float64 {
	if p.Subproblems <= 0 {
		return 0
	}
	return float64(p.Done) / float64(p.Subproblems)
}

// DefaultMemoryLimit is the most memory a count may take, as
// [EstimateMemory] puts it, unless [WithMemoryLimit] says otherwise: 4 GiB.
const DefaultMemoryLimit = 4 << 30

// newConfig applies opts to the defaults: every core, one shard, no
// progress and no saves. A bad option is an error wrapping ErrOption.
func newConfig(opts []Option) (config, error) {
	cfg := config{shards: 1, memory: DefaultMemoryLimit}
	for i, opt := range opts {
		if opt == nil {
			return config{}, fmt.Errorf("%w: option %d is nil", ErrOption, i)
		}
		opt(&cfg)
	}
	if cfg.memory <= 0 {
		return config{}, fmt.Errorf("%w: a memory limit of %d bytes, want a positive one", ErrOption, cfg.memory)
	}
	if cfg.workers < 0 {
		return config{}, fmt.Errorf("%w: %d workers, want 0 (all cores) or more", ErrOption, cfg.workers)
	}
	if cfg.save != nil && cfg.saveEvery <= 0 {
		return config{}, fmt.Errorf("%w: save every %v, want a positive interval", ErrOption, cfg.saveEvery)
	}
	if err := checkShard(cfg.shard, cfg.shards); err != nil {
		return config{}, fmt.Errorf("%w: %v", ErrOption, err)
	}
	if procs := runtime.GOMAXPROCS(0); cfg.workers == 0 || cfg.workers > procs {
		cfg.workers = procs
	}
	return cfg, nil
}

// listingWorkers returns the workers that opts give a listing of a whole
// board, which takes WithWorkers alone: shards, progress, saves and memory
// limits are a count's, and are an error wrapping ErrOption.
func listingWorkers(opts []Option) (int, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return 0, err
	}
	if cfg.shards != 1 || cfg.progress != nil || cfg.save != nil || cfg.resume != nil || cfg.memory != DefaultMemoryLimit || cfg.recount {
		return 0, fmt.Errorf("%w: a listing takes WithWorkers alone: shards, progress, saves, memory limits and recounts are a count's", ErrOption)
	}
	return cfg.workers, nil
}

// engine returns the engine's configuration of a count as cfg says.
func (cfg *config) engine() (engine.Config, error) {
	ec := engine.Config{Workers: cfg.workers, Shard: cfg.shard, Shards: cfg.shards, Memory: cfg.memory, SaveEvery: cfg.saveEvery, Recount: cfg.recount}
	if cfg.resume != nil {
		t, err := cfg.resume.resumable()
		if err != nil {
			return engine.Config{}, err
		}
		ec.Resume = t
	}
	if report := cfg.progress; report != nil {
		ec.Progress = func(p engine.Progress) {
			report(Progress{Done: p.Done, Subproblems: p.Subproblems, Elapsed: p.Elapsed, Remaining: p.Remaining})
		}
	}
	if save := cfg.save; save != nil {
		ec.Save = func(t engine.Tally) error { return save(State{plan: PlanVersion, tally: t}) }
	}
	return ec, nil
}
