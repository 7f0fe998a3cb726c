// Package engine is the machinery behind the package nqueens's counts and
// listings, and the package shard's long counts.
//
// A count is counted by a method (method.go), one type for each way to
// count a board, which owns its subproblems, their memory by its model,
// the counts it knows without them, what its counts may hold and its
// workers' scratch: the direct count of a small board's Total
// (direct.go), which needs no plan; the boards too small for
// constellations (small.go); the constellations' backtracking
// (constellation_split.go); and the join of half-boards of the package
// join (run.go). Every method but the direct count and the small boards
// searches the solutions a turn leaves unchanged first (invariant.go).
// methodOf (plan.go) picks a count's method, the one place that names
// them, and the plan is made once: the method's subproblems of the shard
// and their memory (memory.go). The scheduler (schedule.go) hands the
// subproblems (subproblem.go) out to workers (worker.go) in an order
// whose every prefix is a fair sample of the work (order.go), reports
// progress, saves the count's State and estimates the time left. The
// listing (listing.go) lists a whole board on every core in order, and
// partial.go counts and lists the completions of a board partly filled.
// A new method is a type in a file of its own and a case of methodOf.
//
// The engine speaks in plain values: a board is a []int, a count a
// Counts (counts.go, checked by checks.go), how far a count has come a
// State, how to count a Config (config.go). The packages nqueens and
// shard turn them into the types their users see; its errors (errors.go)
// are theirs, which they give under their own names (Public).
//
// Its layers: the packages board (masks, squares, symmetries), isa (the
// kernels' instruction sets), poll (a search's stop) and deal (the deal
// of subproblems to shards); backtrack (the search of a board partly
// filled, and its kernels), join and recount; then this package's files,
// from the bottom up, each using only those before it: errors.go,
// counts.go, state.go, config.go; constellation.go, worker.go,
// subproblem.go, method.go, memory.go; the methods' files, invariant.go,
// small.go, direct.go, constellation_split.go, run.go; plan.go,
// checks.go, order.go, schedule.go, engine.go, listing.go and partial.go.
package engine

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/gonqueens/nqueens/internal/backtrack"
	"github.com/gonqueens/nqueens/internal/join"
)

// Count counts shard cfg.Shard of cfg.Shards of the n×n board,
// 0 <= n <= board.MaxN, as cfg says, with the method that methodOf
// picks. It returns ctx.Err() if ctx is done first, an error wrapping
// ErrMemory for a count over cfg.Memory, ErrOverflow for one past 2^64
// (at once for a whole board from FirstOverflow on), and a
// *MismatchError for a cfg.Resume of another count. A whole count's
// Counts are complete (Counts.Complete); a shard's of more than one have
// Unique 0 from the join and the classes of its subproblems from the
// constellations.
func Count(ctx context.Context, n int, cfg Config) (Counts, error) {
	if err := ctx.Err(); err != nil {
		return Counts{}, err
	}
	if n >= FirstOverflow && cfg.Shards <= 1 {
		return Counts{}, fmt.Errorf("%w: the count of n=%d passes it (about 2.6·10^19 at n = 29 by estimate, and more for each n beyond): count the board in shards, which add up exactly", ErrOverflow, n)
	}
	m := methodOf(n, &cfg)
	if c, ok, err := m.direct(n, cfg); ok {
		return c, err
	}
	return plannedCount(ctx, m, n, cfg)
}

// plannedCount is Count of a board that the plan splits into
// subproblems, by method m.
func plannedCount(ctx context.Context, m method, n int, cfg Config) (Counts, error) {
	cfg.Workers = workersOf(cfg.Workers)
	start := time.Now()
	p, err := newPlan(ctx, m, n, cfg.Shard, cfg.Shards, cfg.Workers, cfg.Recount, cfg.Memory)
	if err != nil {
		return Counts{}, err
	}
	later, err := m.later(ctx, n, p.deal, cfg.Progress, start)
	if err != nil {
		return Counts{}, err
	}
	sub := append(p.sub, later...)
	t := newState(n, cfg.Shard, cfg.Shards, len(sub))
	t.Recount = cfg.Recount
	if r := cfg.Resume; r != nil {
		if err := r.CheckResume(n, cfg.Shard, cfg.Shards, cfg.Recount); err != nil {
			return Counts{}, err
		}
		if r.Subproblems != len(sub) || len(r.Done) != len(t.Done) {
			return Counts{}, mismatch("a state of %d subproblems, but this count has %d", r.Subproblems, len(sub))
		}
		t = r.Clone()
	} else if c, ok := m.known(n, p.deal); ok {
		// Counts known without subproblems: run still reports and saves
		// them.
		t.Counts = c
	}
	for i, s := range sub {
		if !t.Done.Has(i) {
			s.begin(cfg.Recount)
		}
	}
	var finish func(Counts) (Counts, error)
	if cfg.Shards == 1 {
		finish = func(c Counts) (Counts, error) {
			c, err := c.Complete(n)
			switch {
			case err != nil && cfg.Resume != nil:
				return Counts{}, fmt.Errorf("%w: the counts of n=%d resumed from it, %v: it was damaged, or forged, and its count must start afresh", ErrBadState, n, err)
			case err != nil:
				return Counts{}, fmt.Errorf("internal error: n=%d counted %v", n, err)
			}
			return c, nil
		}
	}
	return schedule(ctx, start, m, sub, &cfg, &t, finish)
}

// Estimate returns the peak memory, in bytes, of a count of shard of
// shards of the n×n board on workers workers, as Config.Workers takes
// them, or of its recount of the kind recount, as the model puts it at
// its closest: Count refuses a count that takes more than its Memory by
// this estimate, and looks as close only where a cheaper bound is over.
// least is the lowest peak that a memory limit of the runtime holds the
// count to, and the least limit, the runtime's and the count's, in which
// it runs.
func Estimate(n, shard, shards, workers int, recount Recount) (peak, least int64) {
	// Every count is over a limit of no bytes: the plan looks as close
	// as it can.
	p, _ := newPlan(context.Background(), methodOf(n, &Config{Shards: shards, Recount: recount}), n, shard, shards, workersOf(workers), recount, 0)
	bytes := func(b float64) int64 { return int64(math.Ceil(min(b, math.MaxInt64/2))) }
	return bytes(p.memory), bytes(min(p.memory, leastLimit(p.live)))
}

// FailedKernels names the kernels that this processor would run but that
// failed their self-check, as "match=avx2", each replaced by the next in
// line: none on a sound machine.
func FailedKernels() []string {
	_, failed := join.Kernels()
	if _, tailFailed := backtrack.Kernel(); tailFailed {
		failed = append(failed[:len(failed):len(failed)], "tail=bmi2")
	}
	return failed
}

// CountKernels names the kernels a count runs on this processor: the
// join's matching, its listing of half-boards and its laying out of
// tables, and the search's filling of the last rows, as
// "match=avx2 pairs=avx2 transpose=avx2 tail=bmi2".
func CountKernels() string {
	names, _ := join.Kernels()
	tail, _ := backtrack.Kernel()
	return kernelsText(names) + " tail=" + tail
}

// kernelsText names the join's kernels of names as CountKernels does.
func kernelsText(names join.KernelNames) string {
	return fmt.Sprintf("match=%s pairs=%s transpose=%s", names.Match, names.Pairs, names.Transpose)
}

// UnknownKernels stands, in a list of kernels, for those of a count
// whose kernels were not recorded.
const UnknownKernels = "unknown"

// KernelsSep separates the sets of kernels of a count that ran on
// several, each as CountKernels names it.
const KernelsSep = "; "

// CheckKernels returns the kernels of the join's recount (JoinRecount)
// of a count made on the kernels counted: a list of sets, each as
// CountKernels names them, separated by KernelsSep, or UnknownKernels,
// or "" for none known. The recount runs, of each kind, the first that
// the processor runs and no set of counted names, else the Go one; for
// kernels unknown, in part or in all, the Go ones. It returns the
// recount's kernels, named as CountKernels names them without the tail,
// and an error wrapping ErrKernels where the matching kernels could only
// be some that counted, and ParseKernels's error for a list it cannot
// read.
func CheckKernels(counted string) (join.KernelNames, string, error) {
	sets, unknown, err := ParseKernels(counted)
	if err != nil {
		return join.KernelNames{}, "", err
	}
	if unknown {
		// Kernels unknown are taken for any but the Go ones, which a count
		// runs only where it has no others: the recount takes those, unless
		// a part of the count ran on them too.
		if slices.ContainsFunc(sets, func(k join.KernelNames) bool { return k.Match == "go" }) {
			return join.KernelNames{}, "", fmt.Errorf("%w: the count ran on %s: on kernels unknown, which the recount takes the Go ones for, and on the Go ones", ErrKernels, counted)
		}
		sets = nil
	}
	names, ok := join.CheckKernels(sets)
	if !ok {
		own, _ := join.Kernels()
		return join.KernelNames{}, "", fmt.Errorf("%w: the count ran on %s, and this processor matches on no others (it runs %s)", ErrKernels, counted, kernelsText(own))
	}
	return names, kernelsText(names), nil
}

// badKernelName reports whether name is no kernel's name, as
// CountKernels writes them: lower-case letters and digits, and "@" for
// the Go kernels at another's layout.
func badKernelName(name string) bool {
	return name == "" || strings.Trim(name, "abcdefghijklmnopqrstuvwxyz0123456789@") != ""
}

// ParseKernels returns the join's kernels of each set that counted
// names, as CheckKernels reads it, and whether a set of it, or all for
// "", is UnknownKernels; or an error for a list that CountKernels makes
// no part of.
func ParseKernels(counted string) (sets []join.KernelNames, unknown bool, err error) {
	if counted == "" {
		return nil, true, nil
	}
	for _, set := range strings.Split(counted, KernelsSep) {
		if set == UnknownKernels {
			unknown = true
			continue
		}
		var k join.KernelNames
		var tail string
		_, err := fmt.Sscanf(set, "match=%s pairs=%s transpose=%s tail=%s", &k.Match, &k.Pairs, &k.Transpose, &tail)
		if err != nil || kernelsText(k)+" tail="+tail != set || slices.ContainsFunc([]string{k.Match, k.Pairs, k.Transpose, tail}, badKernelName) {
			return nil, false, fmt.Errorf("%q names no kernels a count runs, want \"match=M pairs=P transpose=T tail=L\" or %q", set, UnknownKernels)
		}
		sets = append(sets, k)
	}
	return sets, unknown, nil
}
