package shard

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"slices"
	"sync"
	"time"

	"github.com/gonqueens/nqueens"
	"github.com/gonqueens/nqueens/internal/engine"
)

// A Sample plans a campaign: it counts a few shards of a split of a
// board, drawn at random, each on one worker as a cluster runs them, and
// estimates from them what counting every shard finds and takes: the
// board's total, the core-hours, and the time limit and memory to ask of
// a batch system for a shard. Sample.Count does it.
type Sample struct {
	// N is the board size, 0 to nqueens.MaxN.
	N int
	// Of is the number of shards of the split, 1 to MaxShards; 0 picks
	// the fewest for which a shard takes at most MaxShardTime on a core
	// of this machine, as a first sample of two shards times the
	// solutions (PickShards).
	Of int
	// Size is the number of shards to count, 2 to Of, or 1 for a split
	// of one shard; 0 means DefaultSampleSize, or Of if that is fewer.
	// Counting all Of shards is the campaign itself: the estimate is
	// then its exact count, the interval of no width.
	Size int
	// Seed draws the shards; 0 draws a seed at random, which the
	// Estimate names, so that the same sample can be counted again.
	Seed uint64
	// Workers is the number of shards counted at once, each on one
	// worker: 0, the default, means runtime.GOMAXPROCS(0), a shard a
	// core, as a cluster's nodes run them.
	Workers int
	// Progress, if set, is called from the caller's goroutine as each
	// shard of the sample is counted, with Done and Subproblems counting
	// shards.
	Progress func(nqueens.Progress)
	// Counted, if set, is called from the caller's goroutine with the
	// Counts of each shard of the sample as it is counted, and the time
	// its count took: a program keeps them, so that the sample's work is
	// part of the campaign. An error from it stops the sample and is
	// returned.
	Counted func(c Counts, took time.Duration) error
	// Known, if set, gives the Counts of a shard of the sample that was
	// counted before, on one worker, and the time its count took, or
	// reports false: the sample takes them rather than count the shard
	// again, so that a sample stopped and counted again with the same
	// Seed loses no work, and no sample counts a shard twice. Counted is
	// not called for them. Counts of another shard are an error wrapping
	// ErrJob.
	Known func(index int) (c Counts, took time.Duration, ok bool)
}

// DefaultSampleSize is the shards a Sample counts unless its Size says
// otherwise.
const DefaultSampleSize = 8

// MaxShardTime is the most time of one core that a shard of the split
// that a Sample picks takes, by its first sample.
const MaxShardTime = time.Hour

// An Interval is an estimate and the bounds of its 95% confidence
// interval: Low <= Estimate <= High.
type Interval struct{ Estimate, Low, High float64 }

// An Estimate is what a Sample finds of a campaign of counting every
// shard of its split.
type Estimate struct {
	// N and Of name the split, Shards the shards counted, in order, and
	// Seed the seed that drew them.
	N, Of  int
	Shards []int
	Seed   uint64
	// Total is the board's count, and CoreHours the hours of a core that
	// counting every shard takes, each the sum over the shards estimated
	// from the sample's mean: Of times it, with a 95% interval from
	// Student's t, corrected for a sample drawn without replacement
	// from a split of Of. For a sample of every shard they are exact.
	Total, CoreHours Interval
	// MeanCPU and MaxCPU are the mean and the longest time of a shard's
	// count on one worker, each on a core of its own.
	MeanCPU, MaxCPU time.Duration
	// Memory is the least memory in which a shard's count on one worker
	// runs, by the model, the most of the sample's shards: the least limit
	// of the count's and of Go's runtime alike (Job.EstimateMemory, with
	// the runtime's limit set to it, as `nqueens count` sets it to its
	// -memory). PeakMemory is the most that the runtime held at once
	// while the sample ran, its Workers shards at once, with the memory
	// limit that the program set, if any; LiveMemory the most that their
	// heap held live, as Go's collector last found it.
	Memory, PeakMemory, LiveMemory int64
	// Workers is the shards that were counted at once, and Known how
	// many of Shards the Sample knew and did not count.
	Workers, Known int
	// MemoryRequest is the memory to ask for a shard on one worker: the
	// larger of Memory and the least limit for LiveMemory's share of a
	// worker, and a quarter more, and at least LeastMemoryRequest.
	// TimeLimit is the time to ask for it: twice MaxCPU, for the shards
	// slower than the sample's slowest and the slower cores of a
	// cluster, in whole minutes.
	MemoryRequest int64
	TimeLimit     time.Duration
}

// Wall returns the time that counting every shard takes on cores cores,
// a shard a core, by the estimate of its core-hours.
func (e Estimate) Wall(cores int) time.Duration {
	if cores < 1 {
		cores = 1
	}
	return time.Duration(e.CoreHours.Estimate * float64(time.Hour) / float64(cores))
}

// LeastMemoryRequest is the least memory that an Estimate asks for a
// shard: what a process of the command takes counting a small board,
// its code and the Go runtime's heap, and room to spare.
const LeastMemoryRequest = 64 << 20

// SamplesFor returns about how many shards a sample of the same split
// would count for the interval of its total to reach width, a share of
// the estimate on either side (0.01 for ±1%), from this sample's spread:
// the sample's size times the square of the width it reached over
// width, as the standard error of a mean falls with the root of its
// sample, at most Of, and at least 2. It returns Of for a width of 0 or
// less.
func (e Estimate) SamplesFor(width float64) int {
	reached := (e.Total.High - e.Total.Estimate) / e.Total.Estimate
	if width <= 0 || e.Total.Estimate == 0 {
		return e.Of
	}
	need := math.Ceil(float64(len(e.Shards)) * (reached / width) * (reached / width))
	return int(min(float64(e.Of), max(2, need)))
}

// memoryMargin is the share of the memory estimated or measured that a
// request adds, and timeMargin the factor of the slowest shard's time
// that a time limit takes.
const (
	memoryMargin = 0.25
	timeMargin   = 2
)

// Count counts the sample's shards, Workers at once, each on one worker,
// and returns what they say of the campaign. Without Of, it first counts
// two shards of a split whose shards hold about 2^30 solutions each, to
// pick one (PickShards), and then the sample of that split.
//
// It returns an error wrapping [nqueens.ErrNilContext] for a nil ctx,
// [nqueens.ErrBoardSize] unless 0 <= N <= [nqueens.MaxN], and [ErrJob] for
// another field out of range; the errors of [Job.Count] for a shard's
// count, as [nqueens.ErrMemory] over [DefaultMemoryLimit]; and ctx.Err()
// when ctx is done first, within a few milliseconds. It costs Size
// counts of a shard of Of, Workers at once, and for Of 0 two more of the
// first split.
func (s Sample) Count(ctx context.Context) (Estimate, error) {
	if err := engine.CheckContext("shard", ctx); err != nil {
		return Estimate{}, err
	}
	if err := s.check(); err != nil {
		return Estimate{}, err
	}
	if s.Seed == 0 {
		s.Seed = rand.Uint64() | 1
	}
	if s.Workers == 0 {
		s.Workers = runtime.GOMAXPROCS(0)
	}
	if s.Of == 0 {
		of, err := s.PickShards(ctx)
		if err != nil {
			return Estimate{}, err
		}
		s.Of = of
	}
	size := s.Size
	if size == 0 {
		size = min(DefaultSampleSize, s.Of)
	}
	if size > s.Of || size < 2 && s.Of > 1 {
		return Estimate{}, fmt.Errorf("%w: a sample of %d of %d shards, want 2 to %d: one shard says nothing of how shards differ", ErrJob, size, s.Of, s.Of)
	}
	e := Estimate{N: s.N, Of: s.Of, Shards: draw(s.Of, size, s.Seed), Seed: s.Seed, Workers: min(s.Workers, size)}
	got, err := s.countUnknown(ctx, &e)
	if err != nil {
		return Estimate{}, err
	}
	for _, i := range e.Shards {
		_, least := engine.Estimate(s.N, i, s.Of, 1, engine.NoRecount)
		e.Memory = max(e.Memory, least)
	}
	e.estimate(got)
	return e, nil
}

// check returns an error wrapping ErrJob, or ErrBoardSize, for a field
// of s out of range.
func (s Sample) check() error {
	switch {
	case s.N < 0 || s.N > nqueens.MaxN:
		return engine.Public("shard", engine.SizeError{N: s.N, Max: nqueens.MaxN})
	case s.Of < 0 || s.Of > MaxShards:
		return fmt.Errorf("%w: a sample of a split into %d shards, want 0 (pick) or 1 to %d", ErrJob, s.Of, MaxShards)
	case s.Size < 0 || s.Of > 0 && s.Size > s.Of:
		return fmt.Errorf("%w: a sample of %d shards of %d, want 0 (the default) to %d", ErrJob, s.Size, s.Of, max(s.Of, 1))
	case s.Workers < 0:
		return fmt.Errorf("%w: %d shards at once, want 0 (one a core) or more", ErrJob, s.Workers)
	}
	return nil
}

// A shardTime is a shard's counts and the time its count took.
type shardTime struct {
	c    Counts
	took time.Duration
}

// countUnknown returns the counts and times of the shards of e, in
// order: those that s.Known gives, and the others counted
// (countShards), which it reports. It sets e.Known to how many s.Known
// gave.
func (s Sample) countUnknown(ctx context.Context, e *Estimate) ([]shardTime, error) {
	got := make([]shardTime, len(e.Shards))
	var unknown, at []int
	for i, index := range e.Shards {
		if s.Known != nil {
			if c, took, ok := s.Known(index); ok {
				if want := (ID{N: s.N, Index: index, Of: s.Of, Plan: PlanVersion}); c.Shard != want {
					return nil, fmt.Errorf("%w: the counts known of shard %d of %d of n=%d are of %v", ErrJob, index, s.Of, s.N, c.Shard)
				}
				got[i] = shardTime{c, took}
				e.Known++
				continue
			}
		}
		unknown, at = append(unknown, index), append(at, i)
	}
	counted, err := s.countShards(ctx, unknown, true, e)
	if err != nil {
		return nil, err
	}
	for k, i := range at {
		got[i] = counted[k]
	}
	return got, nil
}

// countShards counts the shards of s's split, Workers at once, each on
// one worker, and returns their counts and times in the order of shards;
// it sets e's PeakMemory and LiveMemory to the most memory that the Go
// runtime held meanwhile, and that its heap held live, if e is not nil.
// It reports them to Progress and Counted if report is set.
func (s Sample) countShards(ctx context.Context, shards []int, report bool, e *Estimate) ([]shardTime, error) {
	if e == nil {
		e = new(Estimate)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := s.countEach(ctx, shards)
	sampled := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/gc/heap/live:bytes"}}
	readPeak := func() {
		metrics.Read(sampled)
		e.PeakMemory = max(e.PeakMemory, int64(sampled[0].Value.Uint64()))
		e.LiveMemory = max(e.LiveMemory, int64(sampled[1].Value.Uint64()))
	}
	tick := time.NewTicker(memoryEvery)
	defer tick.Stop()
	got := make([]shardTime, len(shards))
	start := time.Now()
	var first error
	stop := func(err error) {
		if first == nil {
			first = err
		}
		cancel()
	}
	for done := 0; ; {
		var r shardResult
		select {
		case <-tick.C:
			readPeak()
			continue
		case next, ok := <-results:
			if !ok {
				if err := ctx.Err(); first == nil && err != nil {
					first = err
				}
				if first != nil {
					return nil, first
				}
				return got, nil
			}
			r = next
		}
		readPeak()
		if r.err != nil {
			stop(r.err)
		}
		if first != nil {
			continue
		}
		done++
		got[r.at] = r.shardTime
		if !report {
			continue
		}
		if s.Counted != nil {
			if err := s.Counted(r.c, r.took); err != nil {
				stop(err)
				continue
			}
		}
		if s.Progress != nil {
			elapsed := time.Since(start)
			s.Progress(nqueens.Progress{Done: done, Subproblems: len(shards), Elapsed: elapsed,
				Remaining: time.Duration(float64(elapsed) / float64(done) * float64(len(shards)-done))})
		}
	}
}

// A shardResult is the count of the shard shards[at] of countEach, or
// the error that stopped it.
type shardResult struct {
	at int
	shardTime
	err error
}

// countEach counts the shards of s's split, Workers at once, each on one
// worker, until ctx is done, and sends each result as it comes; it
// closes the channel once every count has ended.
func (s Sample) countEach(ctx context.Context, shards []int) <-chan shardResult {
	next := make(chan int, len(shards))
	for at := range shards {
		next <- at
	}
	close(next)
	results := make(chan shardResult)
	var wg sync.WaitGroup
	for range min(s.Workers, len(shards)) {
		wg.Go(func() {
			for at := range next {
				if ctx.Err() != nil {
					return
				}
				start := time.Now()
				c, err := Job{N: s.N, Index: shards[at], Of: s.Of, Workers: 1}.Count(ctx)
				results <- shardResult{at, shardTime{c, time.Since(start)}, err}
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	return results
}

// memoryEvery is how often countShards reads the memory the runtime
// holds.
const memoryEvery = 20 * time.Millisecond

// estimate sets e's estimates from the counts and times of its shards.
func (e *Estimate) estimate(got []shardTime) {
	totals, hours := make([]float64, len(got)), make([]float64, len(got))
	var sum time.Duration
	for i, g := range got {
		totals[i], hours[i] = float64(g.c.Total), g.took.Hours()
		sum += g.took
		e.MaxCPU = max(e.MaxCPU, g.took)
	}
	e.MeanCPU = sum / time.Duration(len(got))
	e.Total = interval(totals, e.Of)
	e.CoreHours = interval(hours, e.Of)
	perWorker := engine.LeastLimit(e.LiveMemory / int64(e.Workers))
	e.MemoryRequest = max(LeastMemoryRequest, int64(math.Ceil(float64(max(e.Memory, perWorker))*(1+memoryMargin)/(1<<20)))<<20)
	e.TimeLimit = (timeMargin*e.MaxCPU + time.Minute - 1).Truncate(time.Minute)
}

// interval returns the sum over a split of of shards of what xs holds
// for a sample of them drawn without replacement: of times their mean,
// with its 95% interval.
func interval(xs []float64, of int) Interval {
	k := float64(len(xs))
	var mean float64
	for _, x := range xs {
		mean += x
	}
	mean /= k
	est := mean * float64(of)
	if len(xs) == of {
		return Interval{est, est, est}
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	// The standard error of the sum: of·s/√k, times the correction for a
	// population of of shards, √(1 - k/of).
	se := float64(of) * math.Sqrt(ss/(k-1)/k) * math.Sqrt(1-k/float64(of))
	half := studentT975(len(xs)-1) * se
	return Interval{est, max(0, est-half), est + half}
}

// tTable holds the 97.5% quantiles of Student's t distribution with 1 to
// 30 degrees of freedom, whose ±bounds hold 95% of it.
var tTable = [...]float64{
	12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
	2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
}

// studentT975 returns the 97.5% quantile of Student's t with df degrees
// of freedom, df >= 1: from tTable, and beyond 30 the normal's 1.96 plus
// 2.4/df, within 0.002 of it.
func studentT975(df int) float64 {
	if df <= len(tTable) {
		return tTable[df-1]
	}
	return 1.96 + 2.4/float64(df)
}

// draw returns size distinct shards of of, drawn at random by seed, in
// order (Floyd's algorithm: no list of all of them).
func draw(of, size int, seed uint64) []int {
	r := rand.New(rand.NewPCG(seed, 0x6e7175656e73)) // "nquens"
	chosen := make(map[int]bool, size)
	for j := of - size; j < of; j++ {
		t := r.IntN(j + 1)
		if chosen[t] {
			t = j
		}
		chosen[t] = true
	}
	shards := make([]int, 0, size)
	for i := range chosen {
		shards = append(shards, i)
	}
	slices.Sort(shards)
	return shards
}

// firstSolutions is the solutions that a shard of the first sample of
// PickShards holds, about: a second or so of a core.
const firstSolutions = 1 << 30

// PickShards returns the fewest shards, at most MaxShards, for which a
// shard of s's board takes at most MaxShardTime on one worker on a core
// of this machine: it counts two shards of a split whose shards hold
// about 2^30 solutions each (or the whole board, if it holds fewer),
// Workers at once, and scales their time by the board's solutions, OEIS's
// up to n = 27 and an estimate beyond. It returns the errors of Count.
func (s Sample) PickShards(ctx context.Context) (int, error) {
	if err := engine.CheckContext("shard", ctx); err != nil {
		return 0, err
	}
	if err := s.check(); err != nil {
		return 0, err
	}
	solutions := engine.EstimateSolutions(s.N)
	if total, _, ok := knownCounts(s.N); ok {
		solutions, _ = total.Float64()
	}
	first := s
	first.Of = int(min(MaxShards, max(1, math.Ceil(solutions/firstSolutions))))
	if first.Workers == 0 {
		first.Workers = runtime.GOMAXPROCS(0)
	}
	got, err := first.countShards(ctx, draw(first.Of, min(2, first.Of), first.Seed|1), false, nil)
	if err != nil {
		return 0, err
	}
	var took time.Duration
	var counted float64
	for _, g := range got {
		took += g.took
		counted += float64(g.c.Total)
	}
	if counted == 0 {
		return 1, nil
	}
	perSolution := took.Seconds() / counted
	return int(min(MaxShards, max(1, math.Ceil(solutions*perSolution/MaxShardTime.Seconds())))), nil
}
