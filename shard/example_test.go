package shard_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gonqueens/nqueens"
	"github.com/gonqueens/nqueens/shard"
)

// A Job counts one shard of a split of a board, here 3, as separate
// machines would, and Sum adds the shards up to the whole board's
// counts. Each shard names itself, so that Sum refuses a set with one
// missing or given twice. A shard has no unique count of its own: the sum
// gets it from the solutions that the turns leave unchanged.
func ExampleJob() {
	var shards []shard.Counts
	for i := range 3 {
		c, err := shard.Job{N: 16, Index: i, Of: 3}.Count(context.Background())
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(c.Shard, c.Total, c.Unique)
		shards = append(shards, c)
	}
	_, err := shard.Sum(shards[:2])
	fmt.Println(err)
	whole, err := shard.Sum(shards)
	fmt.Println(whole.Total, whole.Unique, err)
	// Output:
	// n=16 shard 0 of 3 (plan 4) 5047036 0
	// n=16 shard 1 of 3 (plan 4) 4957790 0
	// n=16 shard 2 of 3 (plan 4) 4767686 0
	// shard: 1 of 3 shards missing: 2
	// 14772512 1846955 <nil>
}

// Save and Resume make a count that survives a crash: save the State as
// it comes, to a file say, and resume from what was saved last. Here the
// first count stops itself once a save holds a subproblem done, as a
// Ctrl-C would; whether it stopped midway or had ended, the count resumed
// from its last State is the whole board's.
func ExampleJob_resume() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var saved []byte // a file, in a real program
	job := shard.Job{N: 16, Workers: 1, SaveEvery: time.Millisecond, Save: func(s shard.State) error {
		b, err := s.MarshalBinary()
		if err != nil {
			return err
		}
		saved = b
		if s.Done() > 0 {
			cancel()
		}
		return nil
	}}
	if _, err := job.Count(ctx); err != nil && !errors.Is(err, context.Canceled) {
		fmt.Println(err)
		return
	}
	var s shard.State
	if err := s.UnmarshalBinary(saved); err != nil {
		fmt.Println(err)
		return
	}
	c, err := shard.Job{N: 16, Resume: &s}.Count(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Total, c.Unique, s.Done() > 0)
	// Output: 14772512 1846955 true
}

// EstimateMemory says what a count takes before it starts: what its
// MemoryLimit is held to.
func ExampleJob_EstimateMemory() {
	job := shard.Job{N: 24, Workers: 2, MemoryLimit: 100 << 20}
	estimate, err := job.EstimateMemory()
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = job.Count(context.Background())
	fmt.Println(estimate > job.MemoryLimit, errors.Is(err, nqueens.ErrMemory))
	// Output: true true
}

// Sum adds up the counts of every shard of a split, in any order, as the
// records of counts made elsewhere hold them, here two shards of 12 read
// back: the whole board's counts, as big integers, exact past 2^64, with
// the unique count from Burnside's lemma. A shard given twice, or a
// split's shard missing, is refused.
func ExampleSum() {
	id := func(i int) shard.ID { return shard.ID{N: 12, Index: i, Of: 2, Plan: shard.PlanVersion} }
	shards := []shard.Counts{
		{Total: 7040, Invariant90: 4, Invariant180: 40, Shard: id(1)},
		{Total: 7160, Invariant90: 4, Invariant180: 40, Shard: id(0)},
	}
	whole, err := shard.Sum(shards)
	fmt.Println(whole.Total, whole.Unique, err)
	_, err = shard.Sum([]shard.Counts{shards[0], shards[0]})
	fmt.Println(errors.Is(err, shard.ErrSet))
	// Output:
	// 14200 1787 <nil>
	// true
}

// A Sample plans a campaign before it starts: it counts a few shards of
// a split, drawn at random by its seed, each on one worker as a cluster
// runs them, and estimates the board's total and the core-hours that
// every shard takes, with 95% intervals, and what to ask of a batch
// system for each shard. Counted keeps each shard's counts, which are
// part of the campaign: here, 4 of the 16 shards of 14.
func ExampleSample() {
	kept := 0
	e, err := shard.Sample{N: 14, Of: 16, Size: 4, Seed: 1, Counted: func(c shard.Counts, took time.Duration) error {
		kept++ // a program would save c, as count -json writes a record
		return nil
	}}.Count(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e.Shards, kept)
	fmt.Printf("total %.0f, from %.0f to %.0f (OEIS: 365596)\n", e.Total.Estimate, e.Total.Low, e.Total.High)
	fmt.Println(e.TimeLimit >= 2*e.MaxCPU, e.MemoryRequest >= e.Memory)
	// Output:
	// [1 4 9 12] 4
	// total 372624, from 313851 to 431397 (OEIS: 365596)
	// true true
}

// A Checkpoint keeps a count's State in a file, as the command's count
// -checkpoint does: run again after a stop or a crash, the same program
// goes on from the last save. Here the first run stops itself once a
// save holds a subproblem done, as a Ctrl-C would; the second resumes.
func ExampleCheckpoint() {
	dir, err := os.MkdirTemp("", "nqueens")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "16.state")
	if _, _, err := countWithCheckpoint(name, true); err != nil {
		fmt.Println(err)
		return
	}
	c, resumed, err := countWithCheckpoint(name, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Total, c.Unique, resumed)
	// Output: 14772512 1846955 true
}

// countWithCheckpoint counts the board of 16, kept in the checkpoint
// file name and resumed from it, and stops after its first save that
// holds work done if stop is set. It reports whether it resumed; stopped,
// it returns no Counts, and no error.
func countWithCheckpoint(name string, stop bool) (shard.Counts, bool, error) {
	file, err := shard.OpenCheckpoint(name)
	if err != nil {
		return shard.Counts{}, false, err
	}
	defer file.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	job := shard.Job{N: 16, Workers: 1, Resume: file.Resume(), SaveEvery: time.Millisecond}
	if job.Resume != nil {
		if err := job.CheckResume(*job.Resume); err != nil {
			return shard.Counts{}, false, err
		}
	}
	job.Save = func(s shard.State) error {
		if err := file.Save(s); err != nil {
			return err
		}
		if stop && s.Done() > 0 {
			cancel()
		}
		return nil
	}
	c, err := job.Count(ctx)
	if errors.Is(err, context.Canceled) {
		return shard.Counts{}, job.Resume != nil, nil
	}
	return c, job.Resume != nil, err
}
