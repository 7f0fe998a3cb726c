// Package shard counts a board of the n-queens problem over hours or
// days, in shards that count on their own, save their state as they go,
// and add up to the whole board's counts.
//
// Split so, a count runs on one machine or many, in separate processes;
// a crash, a reboot or a stop costs seconds of work, and every shard is
// checked to be there once when they are added up. Package
// [github.com/gonqueens/nqueens] is the door for everything else, such
// as [nqueens.Count] of a whole board at once; the command nqueens runs
// this package (count -shards and -checkpoint, merge, verify and plan).
//
// A [Job] says what to count: a board, one shard of a split of it, the
// workers, a memory limit, and the callbacks that report progress, as
// [nqueens.Progress], and save the count's [State]. [Job.Count] returns
// [Counts] that name their shard; a [Checkpoint] keeps its State in a
// file, from which a count stopped or killed goes on. The function [Sum]
// adds up those of
// every shard of a split into the [Whole] board's counts, exactly at
// any size. A shard's counts can be checked by counting it again by
// another method ([Job.Recount]), on other kernels than those that
// counted it ([Counts.Kernels]). Before a campaign, a [Sample] counts a
// few shards drawn at random and says what every shard takes and what
// the board's total is, with 95% intervals.
//
// The split of a board into shards depends on n, the number of shards
// and [PlanVersion] alone: the same on every machine and for every number
// of workers, so that shards counted anywhere by versions of the package
// with the same PlanVersion add up. A State and a shard's Counts name
// their PlanVersion, and one of another is refused, never added.
//
// A shard of a board takes the memory of a whole count on as many
// workers: up to the longest lists of half-boards that the join keeps,
// which [Job.EstimateMemory] estimates and [Job.MemoryLimit] bounds.
// [docs/scale.md] has what each n costs, in time and memory, with the
// machine named.
//
// [docs/scale.md]: https://github.com/gonqueens/nqueens/blob/main/docs/scale.md
package shard

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"time"

	"github.com/gonqueens/nqueens"
	"github.com/gonqueens/nqueens/internal/engine"
)

// DefaultMemoryLimit is the most memory a count may take, as
// [Job.EstimateMemory] puts it, unless its MemoryLimit says otherwise:
// 4 GiB.
const DefaultMemoryLimit = 4 << 30

// A Job is a count of one shard of a board: what [Job.Count] counts and
// how. Its zero value but N counts the whole N×N board on every core.
type Job struct {
	// N is the board size, 0 to nqueens.MaxN.
	N int
	// Index and Of say which shard to count: shard Index, from 0, of a
	// split into Of, from 1 to MaxShards. Of 0 is 1, the whole board.
	Index, Of int
	// Workers is the number of goroutines that search at once: 0, the
	// default, means runtime.GOMAXPROCS(0), and so does a larger number,
	// since no more can search at once. The counts do not depend on it.
	Workers int
	// MemoryLimit is the most memory, in bytes, that the count may take,
	// as EstimateMemory puts it; 0 means DefaultMemoryLimit. A count over
	// its limit is refused before it starts, with an error wrapping
	// nqueens.ErrMemory that says how much it would take. A count whose
	// lists of quarters outgrow it beyond what the limit has room for
	// stops with such an error too, before it allocates them, with every
	// worker stopped, and after one save: it goes on with a higher limit.
	MemoryLimit int64
	// Recount counts again what the job would count, the same
	// subproblems of the same shard, another way (RecountBy), so that the
	// counts of a shard can be checked against those its record holds.
	// Saves and resumes work as for a count; a State of a recount resumes
	// only a recount of the same method.
	Recount   bool
	RecountBy RecountMethod
	// CountedOn names, for a Recount, the kernels that made the counts
	// it checks, as their Counts.Kernels does: a recount by the join
	// runs on none of the matching kernels it names, and on none of the
	// others where the processor has others (RecountKernels). "" means
	// kernels unknown, as of a record made before they were named: the
	// recount then runs on the Go kernels.
	CountedOn string
	// Progress, if set, is called from the caller's goroutine about ten
	// times a second while the count runs, and once when it is done, as
	// nqueens.WithProgress says.
	Progress func(nqueens.Progress)
	// Save, if set, is called from the caller's goroutine with the State
	// of the count about every SaveEvery, DefaultSaveEvery if it is 0;
	// once
	// more if ctx stops the count early (after every worker has stopped,
	// and never again after that); and once when it is done. An error
	// from Save stops the count and is returned, with one exception: when
	// the count is done and only its last save fails, Count returns the
	// counts together with the error, so that a finished count is never
	// lost. Saving copies a bit per subproblem: it costs next to nothing
	// beside the count.
	Save      func(State) error
	SaveEvery time.Duration
	// Resume, if set, is a State that Save handed out for this job's
	// board, shard and kind (count or recount): the subproblems it holds
	// as done are not searched again, and their counts are part of the
	// result. CheckResume says whether it is.
	Resume *State
}

// HoldMemory holds the process to limit bytes of memory, for a program
// that runs one count at a time with that MemoryLimit, as a batch job of
// a shard does: it sets Go's runtime memory limit (debug.SetMemoryLimit)
// to limit less the program's code, which that limit leaves out, so that
// the collector collects before the heap passes it rather than let it
// grow to twice what is live. The model takes that into account
// (Job.EstimateMemory): a count that fits limit only so is no longer
// refused. Unless GOMEMLIMIT already sets the runtime's limit, which it
// leaves; it returns the limit that the runtime had before. A limit of 0
// or less is DefaultMemoryLimit, as a Job's. The limit is the process's:
// a program of several counts at once holds it to their sum, if at all.
func HoldMemory(limit int64) (previous int64) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return debug.SetMemoryLimit(-1)
	}
	if limit <= 0 {
		limit = DefaultMemoryLimit
	}
	return debug.SetMemoryLimit(engine.RuntimeLimit(limit))
}

// DefaultSaveEvery is how often a Job saves its State unless its
// SaveEvery says otherwise.
const DefaultSaveEvery = 5 * time.Second

// Count counts the job's shard of its board: shard Index of Of of the
// N×N board, as the job says. Its Counts name the shard; a whole board's
// hold every count, a shard's of more than one a Unique of 0 ([Counts]).
// Count of the 0×0 board is {1, 1, 1, 1}, the empty board.
//
// It returns an error wrapping [nqueens.ErrNilContext] for a nil ctx,
// [nqueens.ErrBoardSize] unless 0 <= N <= [nqueens.MaxN], [ErrJob] for
// another field out of range, [ErrStateMismatch] for a Resume of another
// count, [ErrState] for a Resume whose counts no count made,
// [nqueens.ErrMemory] for a count over its memory limit, and
// [nqueens.ErrOverflow] for a count whose Total passes 2^64 (a whole
// board from n = 29 on: count it in shards, which [Sum] adds up
// exactly). When ctx is done
// first it returns ctx.Err(), at once if ctx is done already and else
// within a few milliseconds, with every worker stopped. The counts are
// zero whenever the error is not nil, but for a finished count whose
// last save failed.
//
// It costs what nqueens.CountContext costs for a whole board, and about
// a share 1/Of of it for a shard, plus a plan of the count that lists
// the shard's subproblems: O(1) in N for a whole board that joins, O(Of)
// for a shard, and seconds for a large split of the constellations
// (n >= 33), which the progress reports. A recount by the join costs 1 to
// 3 times as much, one by backtracking hundreds to thousands of times
// from n = 20 on ([RecountMethod]).
func (j Job) Count(ctx context.Context) (Counts, error) {
	if err := engine.CheckContext("shard", ctx); err != nil {
		return Counts{}, err
	}
	cfg, err := j.engine()
	if err != nil {
		return Counts{}, err
	}
	if cfg.Recount == engine.JoinRecount {
		if cfg.CheckOn, _, err = engine.CheckKernels(j.CountedOn); err != nil {
			return Counts{}, engine.Public("shard", err)
		}
	}
	c, err := engine.Count(ctx, j.N, cfg)
	err = engine.Public("shard", err)
	if err != nil && c == (engine.Counts{}) {
		return Counts{}, err
	}
	// A count done whose last save failed keeps its counts.
	return countsOf(c, j.id(), j.kernels()), err
}

// RecountKernels names the kernels on which j's recount by the join
// ([ByJoin], as RecountMethod says) matches, lists half-boards and lays
// out tables, as "match=avx512 pairs=avx512 transpose=avx512": of each
// kind, the first that this processor runs and no set of CountedOn
// names, else the Go one; the Go ones for CountedOn "". It returns ""
// for a recount by backtracking, which runs no kernel of the join, and
// an error wrapping [ErrKernels] where the matching kernels could only be
// some that CountedOn names (the Go ones, of a count of a build without
// others), or [ErrJob] for a CountedOn that names no kernels. It costs the
// self-check of kernels not checked before, about a millisecond.
func (j Job) RecountKernels() (string, error) {
	if j.RecountMethod() != ByJoin {
		return "", nil
	}
	if _, err := j.engine(); err != nil {
		return "", err
	}
	_, names, err := engine.CheckKernels(j.CountedOn)
	return names, engine.Public("shard", err)
}

// kernels returns the kernels that j's count runs on, with those of its
// Resume: "" for a recount.
func (j Job) kernels() string {
	if j.Recount {
		return ""
	}
	var resumed string
	if j.Resume != nil {
		resumed = j.Resume.kernels
	}
	return withKernels(resumed, engine.CountKernels())
}

// EstimateMemory returns the peak memory, in bytes, that j.Count takes,
// as the package's model puts it: what MemoryLimit is compared with. The
// model bounds what a count of the join keeps by the most that any split
// of the board holds (its keys, and its lists of quarters a little
// longer than any measured), or, where the count's splits have few
// enough quarters to count, by the lists that counting them finds, and
// takes every worker to hold that at once and Go's heap to grow to twice
// what is live, or, where the program has set a lower memory limit for
// the runtime (GOMEMLIMIT, or debug.SetMemoryLimit, as `nqueens count`
// sets it to its -memory), to that limit, if it leaves the collector
// room of an eighth of what is live. Progress, Save and Resume change nothing in it. It
// returns the errors of Count for a bad field. It costs a plan of the
// count and a search of up to 2^29 squares that counts the quarters of
// its splits (two seconds or so; a shard of n = 27 in 2^20 takes a
// quarter of that), which a count makes only if a cheaper bound is over
// its limit.
func (j Job) EstimateMemory() (int64, error) {
	cfg, err := j.engine()
	if err != nil {
		return 0, err
	}
	peak, _ := engine.Estimate(j.N, cfg.Shard, cfg.Shards, cfg.Workers, cfg.Recount)
	return peak, nil
}

// CheckResume returns nil if j can resume from s, and else an error
// wrapping [ErrStateMismatch] that says how s differs from j's count (its
// board, shard, kind or PlanVersion), or wrapping [ErrJob] for a bad
// field of j: a program can check a checkpoint before it says it resumes.
func (j Job) CheckResume(s State) error {
	cfg, err := j.engine()
	if err != nil {
		return err
	}
	if err := s.planMatches(); err != nil {
		return err
	}
	return engine.Public("shard", s.state.CheckResume(j.N, cfg.Shard, cfg.Shards, cfg.Recount))
}

// RecountMethod returns the method by which j, if it recounts, counts
// its shard again: RecountBy, or for ByCost the one it picks; and
// ByBacktracking where the join does not count the board
// ([nqueens.Engine] says which it counts), whose count searched it as
// plainly.
func (j Job) RecountMethod() RecountMethod {
	switch {
	case !engine.JoinsBoard(j.N):
		return ByBacktracking
	case j.RecountBy != ByCost:
		return j.RecountBy
	case engine.EstimateSolutions(j.N)/float64(j.shards()) > plainMost:
		return ByJoin
	}
	return ByBacktracking
}

// plainMost is the most solutions, by estimate, of a shard that ByCost
// recounts by plain backtracking: about a second, at 1.5 µs a solution
// (docs/scale.md).
const plainMost = 1e6

// recount returns the engine's kind of j's count: a count, or a recount
// by its method.
func (j Job) recount() engine.Recount {
	method := ByCost
	if j.Recount {
		method = j.RecountMethod()
	}
	k, _ := kindOf(func(k kind) RecountMethod { return k.method }, method)
	return k.engine
}

// shards returns the number of shards of j's split: Of, or 1 for 0.
func (j Job) shards() int {
	if j.Of == 0 {
		return 1
	}
	return j.Of
}

// id returns the ID of j's shard.
func (j Job) id() ID {
	return ID{N: j.N, Index: j.Index, Of: j.shards(), Plan: PlanVersion}
}

// engine returns the engine's configuration of j's count, or an error
// for a bad field.
func (j Job) engine() (engine.Config, error) {
	if j.N < 0 || j.N > nqueens.MaxN {
		return engine.Config{}, engine.Public("shard", engine.SizeError{N: j.N, Max: nqueens.MaxN})
	}
	if err := checkShard(j.Index, j.shards()); err != nil {
		return engine.Config{}, fmt.Errorf("%w: %v", ErrJob, err)
	}
	switch {
	case j.Workers < 0:
		return engine.Config{}, fmt.Errorf("%w: %d workers, want 0 (all cores) or more", ErrJob, j.Workers)
	case j.MemoryLimit < 0:
		return engine.Config{}, fmt.Errorf("%w: a memory limit of %d bytes, want 0 (the default) or more", ErrJob, j.MemoryLimit)
	case j.SaveEvery < 0:
		return engine.Config{}, fmt.Errorf("%w: save every %v, want 0 (the default) or a positive interval", ErrJob, j.SaveEvery)
	}
	if j.RecountBy < ByCost || j.RecountBy > ByBacktracking {
		return engine.Config{}, fmt.Errorf("%w: recount by method %d, want ByCost, ByJoin or ByBacktracking", ErrJob, j.RecountBy)
	}
	cfg := engine.Config{Workers: j.Workers, Shard: j.Index, Shards: j.shards(), Memory: j.MemoryLimit, SaveEvery: cmp.Or(j.SaveEvery, DefaultSaveEvery), Recount: j.recount()}
	if _, _, err := engine.ParseKernels(j.CountedOn); err != nil {
		return engine.Config{}, fmt.Errorf("%w: CountedOn %v", ErrJob, err)
	}
	if cfg.Memory == 0 {
		cfg.Memory = DefaultMemoryLimit
	}
	if j.Resume != nil {
		t, err := j.Resume.resumable()
		if err != nil {
			return engine.Config{}, err
		}
		cfg.Resume = t
	}
	if report := j.Progress; report != nil {
		cfg.Progress = func(p engine.Progress) {
			report(nqueens.Progress{Done: p.Done, Subproblems: p.Subproblems, Elapsed: p.Elapsed, Remaining: p.Remaining})
		}
	}
	if save := j.Save; save != nil {
		kernels := j.kernels()
		cfg.Save = func(t engine.State) error { return save(State{plan: PlanVersion, state: t, kernels: kernels}) }
	}
	return cfg, nil
}
