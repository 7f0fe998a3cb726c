package engine

import (
	"fmt"
	"math"
	"runtime/debug"
)

// The memory a count takes, as a model of its peak, so that a count that
// would take more than its limit is refused before it starts. A count
// keeps live what its method's model says (method.plan): a join what its
// joiners keep (the join's model, join.NewPlan), the constellations their
// list and the shard's tasks. Go's collector lets the heap grow to
// twice what is live before it collects (GOGC=100): the peak is taken as
// twice the live memory, and baseBytes more for the runtime. A program
// that sets a memory limit for the runtime (GOMEMLIMIT, or
// debug.SetMemoryLimit) has the collector collect before the heap passes
// it: the peak is that limit where it is lower, if it leaves the collector
// room of at least an eighth of what is live (gcRoom), so that it
// collects now and then rather than without end.

// DefaultMemoryLimit is the most memory a count may take unless its
// caller says otherwise: 4 GiB.
const DefaultMemoryLimit = 4 << 30

const (
	baseBytes = 8 << 20 // the runtime and the program around the count
	gcRoom    = 0.125   // the least garbage, over what is live, that a runtime limit leaves room for
	codeBytes = 5 << 20 // the program's code and data, resident beside what the runtime's limit holds
)

// fastestPace is the seconds a solution takes a core at the join's
// fastest pace: 0.7 ns at n = 24 on a Zen 5 core (docs/measurements.md), and
// decade the core-years from which a count over its memory limit is not
// sent to fewer workers, which would take longer still.
const (
	fastestPace = 7e-10
	decade      = 10
)

// checkLimit returns a *MemoryError if a count of a shard of shards of
// the n×n board on workers workers that takes memory bytes at its peak,
// and least with the runtime's memory limit as low, is over limit: the
// one test of a limit, the direct count's included.
func checkLimit(n, shards, workers int, memory, least float64, limit int64) error {
	if memory <= float64(limit) {
		return nil
	}
	return &MemoryError{N: n, Shards: shards, Workers: workers, Need: int64(math.Ceil(memory)), Least: int64(math.Ceil(least)), Limit: limit}
}

// A MemoryError is a count refused, before it starts, for the memory it
// would take: a count of a shard of Shards (1 for a whole board) of the
// N×N board on Workers workers takes Need bytes at its peak by the
// model, and Least where Go's runtime is held to a memory limit as low
// (GOMEMLIMIT, or debug.SetMemoryLimit), over its limit of Limit bytes.
// It matches ErrMemory.
type MemoryError struct {
	N, Shards, Workers int
	Need, Least, Limit int64
}

func (e *MemoryError) Is(target error) bool { return target == ErrMemory }

// Error says what e is, and what to do about it, speaking of the count's
// own time.
func (e *MemoryError) Error() string {
	what, on := fmt.Sprintf("n=%d", e.N), fmt.Sprintf("%d workers", e.Workers)
	if e.Shards > 1 {
		what = fmt.Sprintf("a shard of %d of n=%d", e.Shards, e.N)
	}
	hint := "raise the limit, or count with fewer workers"
	switch {
	case e.Workers == 1:
		on, hint = "1 worker", "raise the limit: one worker takes that much"
	case e.years() >= decade:
		hint = fmt.Sprintf("raise the limit: %s takes %.0f core-years or more, which fewer workers take longer still", what, e.years())
	}
	takes := formatBytes(float64(e.Need))
	if e.Least < e.Need {
		takes += fmt.Sprintf(", or %s with Go's memory limit as low (GOMEMLIMIT)", formatBytes(float64(e.Least)))
	}
	return fmt.Sprintf("%v: counting %s on %s takes about %s, over the limit of %s: %s",
		ErrMemory, what, on, takes, formatBytes(float64(e.Limit)), hint)
}

// years returns the core-years, at least, that the count of e takes: at
// the join's fastest pace, a lower bound.
func (e *MemoryError) years() float64 {
	return EstimateSolutions(e.N) / float64(max(e.Shards, 1)) * fastestPace / (365.25 * 24 * 3600)
}

// peak returns the peak memory of a count that keeps live bytes: twice
// them, or the runtime's memory limit and the program's code where that
// is lower and at least leastLimit(live).
func peak(live float64) float64 {
	p := baseBytes + 2*live
	// SetMemoryLimit with a negative limit returns the limit, and sets
	// none.
	if r := float64(debug.SetMemoryLimit(-1)) + codeBytes; r < p && r >= leastLimit(live) {
		return r
	}
	return p
}

// leastLimit returns the lowest peak of a count that keeps live bytes,
// which a memory limit of the runtime codeBytes less holds it to.
func leastLimit(live float64) float64 {
	return baseBytes + (1+gcRoom)*live
}

// LeastLimit returns the lowest peak, in bytes, of a process whose heap
// holds live bytes live, as the model takes it: the runtime's own, an
// eighth more for the collector, with the runtime held to a memory limit
// as low (RuntimeLimit).
func LeastLimit(live int64) int64 { return int64(math.Ceil(leastLimit(float64(live)))) }

// RuntimeLimit returns the memory limit to hold Go's runtime to for a
// process whose peak is to stay within limit bytes: less the program's
// code and data, which the runtime's limit leaves out, and 0 at least.
func RuntimeLimit(limit int64) int64 { return max(limit-codeBytes, 0) }

// formatBytes writes a number of bytes in the largest of B, KiB, MiB and
// GiB that it reaches.
func formatBytes(b float64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", b/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.0f MiB", b/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.0f KiB", b/(1<<10))
	}
	return fmt.Sprintf("%.0f B", b)
}
