package engine

import (
	"runtime"
	"time"

	"github.com/gonqueens/nqueens/internal/join"
)

// How a count is asked for, and how it reports.

// Config is how Count counts.
type Config struct {
	Workers       int   // the goroutines that search; 0, or more than runtime.GOMAXPROCS(0), is GOMAXPROCS (workersOf)
	Shard, Shards int   // 0 <= Shard < Shards
	Memory        int64 // the most memory the count may take, in bytes
	// Progress, if set, is called from the caller's goroutine every
	// progressInterval and when the count is done.
	Progress func(Progress)
	// Save, if set, is called from the caller's goroutine with a state
	// of the count every SaveEvery, once more if the count stops early,
	// and when it is done.
	Save      func(State) error
	SaveEvery time.Duration
	// Resume, if set, is a state of this count to go on from.
	Resume *State
	// Recount, if not NoRecount, counts every subproblem again, to check
	// a count, by the method it names.
	Recount Recount
	// CheckOn names the kernels of a recount by the join (JoinRecount),
	// as CheckKernels chooses them.
	CheckOn join.KernelNames
	// TotalOnly says that the count wants Total alone: its other counts
	// may be 0.
	TotalOnly bool
}

// Progress reports how far a count has come, in subproblems.
type Progress struct {
	Done, Subproblems int
	Elapsed           time.Duration // since the count started or resumed
	// Remaining is the time left, estimated from the rate of this run
	// once it has done a tenth of the subproblems it had to do; 0 before.
	Remaining time.Duration
}

// progressInterval is how often a count reports its progress.
const progressInterval = 100 * time.Millisecond

// workersOf returns the workers that Config.Workers k makes search: k,
// or runtime.GOMAXPROCS(0) for 0 and for more than that, which could not
// all search at once. Counts and listings alike take their workers from
// it.
func workersOf(k int) int {
	if procs := runtime.GOMAXPROCS(0); k <= 0 || k > procs {
		return procs
	}
	return k
}
