package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gonqueens/nqueens"
	"github.com/gonqueens/nqueens/shard"
)

// shardEnv lists the environment variables that give a shard's index when
// -shard is not set: a Kubernetes Indexed Job's, then a Slurm job array's.
var shardEnv = []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"}

func count(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("count")
	workers := intFlag(fs, "workers", 0, "search with `k` goroutines at once (0: one a core)")
	unique := fs.Bool("unique", false, "print a second number: the fundamental solutions, up to rotation and reflection")
	asJSON := fs.Bool("json", false, "print one JSON record, for merge")
	index := intFlag(fs, "shard", 0, "count only shard `i` of -shards; without it, i comes from "+strings.Join(shardEnv, " or "))
	shards := intFlag(fs, "shards", 1, "split the search into `k` shards")
	strategy := fs.String("strategy", "", "count with one `strategy` on one core: "+strategyNames())
	checkpoint := fs.String("checkpoint", "", "keep the count's state in `file`, saved every few seconds and on Ctrl-C, and go on from it if it exists; "+
		"file.lock marks it in use and file.tmp is written on the way")
	every := fs.Duration("checkpoint-every", 5*time.Second, "how often -checkpoint saves")
	memory := bytesFlag(shard.DefaultMemoryLimit)
	fs.Var(&memory, "memory", "refuse a count that would take more than `size` of memory (bytes, or K, M, G, T)")
	progressEvery := progressEveryFlag(fs)
	n, err := boardArg(fs, args, nqueens.MaxN)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := checkCount(fs, set, *workers, *shards, *progressEvery, *unique); err != nil {
		return err
	}
	i, err := shardIndex(*index, *shards, set, getenv, stderr)
	if err != nil {
		return err
	}
	if *strategy != "" {
		return countWith(ctx, *strategy, n, stdout, newProgressBar(stderr, *progressEvery, fmt.Sprintf("count -strategy %s %d", *strategy, n)))
	}
	job := shard.Job{N: n, Index: i, Of: *shards, Workers: *workers, MemoryLimit: int64(memory)}
	what := fmt.Sprintf("count n=%d", n)
	if *shards > 1 {
		what = fmt.Sprintf("count n=%d shard %d of %d", n, i, *shards)
	}
	bar := newProgressBar(stderr, *progressEvery, what)
	if bar.reports() {
		job.Progress = bar.update
	}
	saved := &checkpointSaver{name: *checkpoint, stderr: stderr, bar: bar}
	if *checkpoint != "" {
		if *every <= 0 {
			return usagef("count: -checkpoint-every %v is not a positive duration", *every)
		}
		if err := saved.keep(&job, *every); err != nil {
			return err
		}
		defer saved.file.Close()
	}
	if n >= shard.FirstOverflow && *shards == 1 {
		return fmt.Errorf("count: n=%d takes at least %s core-years, and its count passes 2^64, which a whole count cannot hold: "+
			"counted at all, it is counted in shards (-shards k), which add up exactly past 2^64 and take as long in all",
			n, roughly(coreYears(n, 1, countPerSolution)))
	}
	if note := endless("count", n, *shards, countPerSolution); note != "" {
		fmt.Fprintln(stderr, note)
	}
	holdMemory(job.MemoryLimit)
	start := time.Now()
	c, err := job.Count(ctx)
	bar.clear()
	if err := countEnded(err, job.Resume != nil, saved, time.Since(start)); err != nil {
		return err
	}
	return printCounts(stdout, c, time.Since(start), *asJSON, *unique)
}

// countEnded returns count's error for err, nil or not, of a count that
// resumed if resumed, kept in saved's checkpoint if it names one, and
// ended after elapsed, and says on its stderr what is lost and what is
// saved.
func countEnded(err error, resumed bool, saved *checkpointSaver, elapsed time.Duration) error {
	switch {
	case errors.Is(err, shard.ErrStateMismatch):
		return holdsOther(saved.name, "this count", err)
	case errors.Is(err, shard.ErrState) && resumed:
		return damaged(saved.name, err)
	}
	if me := (*nqueens.MemoryError)(nil); errors.As(err, &me) {
		err = memoryRefused(me)
	}
	switch {
	case saved.failed != nil:
		fmt.Fprintln(saved.stderr, saved.warning())
	case saved.name != "" && errors.Is(err, context.Canceled):
		fmt.Fprintln(saved.stderr, saved.stopped("the count", elapsed))
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(saved.stderr, "nqueens: the %s of work of this count is lost: count -checkpoint FILE saves a count as it goes, and goes on from FILE when run again\n",
			elapsed.Round(time.Second))
	}
	return err
}

// checkCount returns the usage error of count for a flag of fs out of
// range or at odds with another, set naming those given, but for the
// shard's index (shardIndex); the others are the values of the flags of
// their names.
func checkCount(fs *flag.FlagSet, set map[string]bool, workers, shards int, progressEvery time.Duration, unique bool) error {
	switch {
	case workers < 0:
		return usagef("count: -workers %d is negative", workers)
	case progressEvery < 0:
		return usagef("count: -progress-every %v is negative", progressEvery)
	case shards < 1 || shards > shard.MaxShards:
		return usagef("count: -shards %d out of range [1, %d]", shards, shard.MaxShards)
	}
	for _, name := range []string{"strategy", "checkpoint"} {
		if set[name] && fs.Lookup(name).Value.String() == "" {
			return usagef("count: -%s is empty: name a %s, or leave the flag out", name, name)
		}
	}
	switch {
	case set["checkpoint-every"] && !set["checkpoint"]:
		return usagef("count: -checkpoint-every without -checkpoint: it says how often the checkpoint file is saved")
	case unique && shards > 1:
		return usagef("count: -unique needs the whole board: a shard's fundamental solutions are known once merge adds up every shard (-json)")
	case !set["strategy"]:
		return nil
	}
	for _, name := range []string{"unique", "json", "shard", "shards", "workers", "checkpoint", "memory"} {
		if set[name] {
			return usagef("count: -strategy counts on one core, without -%s: the engine alone has it", name)
		}
	}
	return nil
}

// printCounts writes c, counted in elapsed: as its record if asJSON is
// set, and else its total, with its unique count if unique is set.
func printCounts(stdout io.Writer, c shard.Counts, elapsed time.Duration, asJSON, unique bool) error {
	var err error
	switch {
	case asJSON:
		var line []byte
		if line, err = json.Marshal(recordOf(c, elapsed)); err == nil {
			_, err = fmt.Fprintf(stdout, "%s\n", line)
		}
	case unique:
		_, err = fmt.Fprintf(stdout, "%d %d\n", c.Total, c.Unique)
	default:
		_, err = fmt.Fprintln(stdout, c.Total)
	}
	return err
}

// shardIndex returns the shard that count counts of shards: index, if
// -shard is set, or that of a batch system's task (shardFromEnv) if
// -shards is more than 1; a task's index set where the whole board is
// counted is noted on stderr, and not used.
func shardIndex(index, shards int, set map[string]bool, getenv func(string) string, stderr io.Writer) (int, error) {
	i, from := index, "shard"
	switch {
	case !set["shard"] && shards > 1:
		var err error
		if i, from, err = shardFromEnv(getenv); err != nil {
			return 0, err
		}
	case !set["shard"]:
		// One shard, the whole board: a task index set is not used.
		why := "without -shards the whole board is counted: give -shards k to count one shard of k"
		if set["shards"] {
			why = "-shards 1 counts the whole board: give -shards k, k > 1, to count one shard of k"
		}
		for _, name := range shardEnv {
			if v := getenv(name); v != "" {
				fmt.Fprintf(stderr, "nqueens: count: %s=%s is set, but %s\n", name, v, why)
			}
		}
	}
	switch {
	case i >= 0 && i < shards:
		return i, nil
	case !set["shards"]:
		return 0, usagef("count: -shard %d without -shards: a count of shard i needs -shards k, the number of shards, with i from 0 to k-1", i)
	case from == "shard":
		return 0, usagef("count: -shard %d out of range [0, %d] for -shards %d", i, shards-1, shards)
	}
	return 0, usagef("count: %s %d out of range [0, %d] for %d shards (-shards %d)", from, i, shards-1, shards, shards)
}

// shardFromEnv returns the shard index set by a batch system, and where
// it was found, as "NAME=value, shard".
func shardFromEnv(getenv func(string) string) (int, string, error) {
	return indexFromEnv(getenv, "count", "shard")
}

// indexFromEnv returns the index of a task of a batch system's array,
// which the command cmd takes as its -flag, from the first of shardEnv
// set, and where it was found, as "NAME=value, flag"; or a usage error
// if none is set, one is no index, or two name different ones.
func indexFromEnv(getenv func(string) string, cmd, flag string) (int, string, error) {
	var name, v string
	i := 0
	for _, n := range shardEnv {
		w := getenv(n)
		if w == "" {
			continue
		}
		j, err := parseDecimal(w)
		switch {
		case err != nil || j < 0:
			return 0, "", usagef("%s: %s=%s is not a %s index", cmd, n, short(w), flag)
		case name == "":
			name, v, i = n, w, j
		case j != i:
			return 0, "", usagef("%s: %s=%s and %s=%s name different %ss: give -%s i, or unset one", cmd, name, v, n, w, flag, flag)
		}
	}
	if name == "" {
		return 0, "", usagef("%s: -%ss without -%s, and neither %s is set", cmd, flag, flag, strings.Join(shardEnv, " nor "))
	}
	return i, name + "=" + v + ", " + flag, nil
}

// strategyNames lists the names -strategy takes.
func strategyNames() string {
	var names []string
	for _, s := range nqueens.Strategies() {
		names = append(names, s.String())
	}
	return strings.Join(names, ", ")
}

// countWith counts the solutions of the n×n board with the named
// strategy, its time on bar meanwhile. The strategies' Count cannot be
// stopped: an interrupt leaves it to end with the process.
func countWith(ctx context.Context, name string, n int, stdout io.Writer, bar *progressBar) error {
	s, err := nqueens.StrategyNamed(name)
	if err != nil {
		return usagef("count: %s", bare(err))
	}
	type result struct {
		total uint64
		err   error
	}
	done := make(chan result, 1)
	go func() {
		total, err := s.Count(n)
		done <- result{total, err}
	}()
	start := time.Now()
	tick := time.NewTicker(progressInterval)
	defer tick.Stop()
	defer bar.clear()
	for {
		select {
		case r := <-done:
			if r.err != nil {
				return r.err
			}
			bar.clear()
			_, err = fmt.Fprintln(stdout, r.total)
			return err
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
			bar.update(nqueens.Progress{Elapsed: time.Since(start)})
		}
	}
}

// progressInterval is how often a strategy's count redraws its bar, as
// often as the engine reports.
const progressInterval = 100 * time.Millisecond

// holdMemory holds the process to the memory limit of its count: main
// sets it to shard.HoldMemory, which a test's count, one of many in a
// process, leaves alone.
var holdMemory = func(limit int64) int64 { return 0 }

// memoryRefused is count's word for a count refused for its memory, from
// the fields of e: the -memory that it needs, with Go's runtime held to
// it (holdMemory), and what else would do.
func memoryRefused(e *nqueens.MemoryError) error {
	what, on := fmt.Sprintf("n=%d", e.N), fmt.Sprintf("%d workers", e.Workers)
	if e.Shards > 1 {
		what = fmt.Sprintf("a shard of %d of n=%d", e.Shards, e.N)
	}
	other := ""
	if e.Workers == 1 {
		on = "1 worker"
	} else {
		other = ", or fewer -workers"
	}
	need := (e.Least + 1<<20 - 1) >> 20 // in MiB, rounded up
	return fmt.Errorf("count: %s on %s needs -memory %dM or more%s, not %s: it takes about %s at its peak with Go's memory limit held to -memory, as count holds it (or to GOMEMLIMIT, if set)",
		what, on, need, other, (*bytesFlag)(&e.Limit), mib(e.Least))
}
