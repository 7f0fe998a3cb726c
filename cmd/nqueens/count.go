package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gonqueens/nqueens"
	"github.com/gonqueens/nqueens/shard"
	"golang.org/x/term"
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
	rest, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	n, err := parseSize("count", rest[0])
	if err != nil {
		return err
	}
	if *workers < 0 {
		return usagef("count: -workers %d is negative", *workers)
	}
	if *shards < 1 || *shards > shard.MaxShards {
		return usagef("count: -shards %d out of range [1, %d]", *shards, shard.MaxShards)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, name := range []string{"strategy", "checkpoint"} {
		if set[name] && fs.Lookup(name).Value.String() == "" {
			return usagef("count: -%s is empty: name a %s, or leave the flag out", name, name)
		}
	}
	i, from := *index, "shard"
	switch {
	case !set["shard"] && *shards > 1:
		if i, from, err = shardFromEnv(getenv); err != nil {
			return err
		}
	case !set["shard"]:
		for _, name := range shardEnv {
			if v := getenv(name); v != "" {
				fmt.Fprintf(stderr, "nqueens: count: %s=%s is set, but without -shards the whole board is counted: give -shards k to count one shard of k\n", name, v)
			}
		}
	}
	switch {
	case i >= 0 && i < *shards:
	case !set["shards"]:
		return usagef("count: -shard %d without -shards: a count of shard i needs -shards k, the number of shards, with i from 0 to k-1", i)
	case from == "shard":
		return usagef("count: -shard %d out of range [0, %d] for -shards %d", i, *shards-1, *shards)
	default:
		return usagef("count: %s %d out of range [0, %d] for %d shards (-shards %d)", from, i, *shards-1, *shards, *shards)
	}
	if set["checkpoint-every"] && !set["checkpoint"] {
		return usagef("count: -checkpoint-every without -checkpoint: it says how often the checkpoint file is saved")
	}
	if *unique && *shards > 1 {
		return usagef("count: -unique needs the whole board: a shard's fundamental solutions are known once merge adds up every shard (-json)")
	}

	if *strategy != "" {
		for _, name := range []string{"unique", "json", "shard", "shards", "workers", "checkpoint", "memory"} {
			if set[name] {
				return usagef("count: -strategy counts on one core, without -%s: the engine alone has it", name)
			}
		}
		return countWith(ctx, *strategy, n, stdout, newProgressBar(stderr))
	}
	job := shard.Job{N: n, Index: i, Of: *shards, Workers: *workers, MemoryLimit: int64(memory)}
	bar := newProgressBar(stderr)
	if bar.shown {
		job.Progress = bar.update
	}
	var saved checkpointSaver
	if *checkpoint != "" {
		if *every <= 0 {
			return usagef("count: -checkpoint-every %v is not a positive duration", *every)
		}
		state, found, release, err := openCheckpoint(*checkpoint)
		if err != nil {
			return err
		}
		defer release()
		if found {
			if err := job.CheckResume(state); err != nil {
				return holdsOther(*checkpoint, "this count", err)
			}
			fmt.Fprintf(stderr, "nqueens: resuming from %s: %d of %d subproblems done\n", *checkpoint, state.Done(), state.Subproblems())
			job.Resume = &state
		}
		saved = checkpointSaver{name: *checkpoint, stderr: stderr, bar: bar, resumed: found}
		job.Save, job.SaveEvery = saved.save, *every
	}
	if note := endless("count", n, *shards); note != "" {
		fmt.Fprintln(stderr, note)
	}
	start := time.Now()
	c, err := job.Count(ctx)
	bar.clear()
	if errors.Is(err, shard.ErrStateMismatch) {
		return holdsOther(*checkpoint, "this count", err)
	}
	if errors.Is(err, nqueens.ErrMemory) {
		err = fmt.Errorf("%w (-memory sets the limit)", err)
	}
	if saved.failed != nil {
		fmt.Fprintln(stderr, saved.warning())
	} else if *checkpoint != "" && errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "nqueens: the count is saved in %s: the same command goes on from there\n", *checkpoint)
	} else if errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "nqueens: the %s of work of this count is lost: count -checkpoint FILE saves a count as it goes, and goes on from FILE when run again\n",
			time.Since(start).Round(time.Second))
	}
	if err != nil {
		return err
	}
	if *asJSON {
		r := record{Plan: c.Shard.Plan, N: c.Shard.N, Shard: c.Shard.Index, Shards: c.Shard.Of, Total: c.Total, Unique: c.Unique,
			Invariant90: c.Invariant90, Invariant180: c.Invariant180, Elapsed: time.Since(start).Seconds(), Version: version()}
		r.Checksum = r.sum()
		line, err := json.Marshal(r)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", line)
		return err
	}
	if *unique {
		_, err = fmt.Fprintf(stdout, "%d %d\n", c.Total, c.Unique)
		return err
	}
	_, err = fmt.Fprintln(stdout, c.Total)
	return err
}

// endless returns the note of the command cmd for a count of a shard of
// shards of the n×n board that no machine ends in a lifetime, or "": a
// listing of every solution takes longer still. The estimate is from
// below: n = 27's 2.3·10^17 solutions, the most ever counted, about 6.6
// times more with each n beyond, at 2 ns a solution on a core, the join's
// pace where it is fastest (docs/engine.md).
func endless(cmd string, n, shards int) string {
	const (
		solutions27 = 2.34e17 // OEIS A000170
		growth      = 6.6
		perSolution = 2e-9 // seconds on a core
		coreYear    = 365.25 * 24 * 3600
		lifetime    = 100 // core-years a shard may take
	)
	if n <= 27 {
		return ""
	}
	years := solutions27 * math.Pow(growth, float64(n-27)) * perSolution / coreYear / float64(shards)
	if years < lifetime {
		return ""
	}
	what := fmt.Sprintf("n=%d", n)
	if shards > 1 {
		what = fmt.Sprintf("a shard of %d of n=%d", shards, n)
	}
	return fmt.Sprintf("nqueens: %s: %s takes at least %.2g core-years: it will not end in a lifetime (Ctrl-C stops it)", cmd, what, years)
}

// holdsOther is the error of the command cmd for a checkpoint that holds
// another count's state, from the library's err wrapping
// ErrStateMismatch. The checkpoint is left as it is.
func holdsOther(checkpoint, cmd string, err error) error {
	return fmt.Errorf("checkpoint %s holds %s: give %s another -checkpoint file, or remove %s to start afresh",
		checkpoint, strings.TrimPrefix(err.Error(), shard.ErrStateMismatch.Error()+": "), cmd, checkpoint)
}

// A checkpointSaver saves a count's state in its checkpoint. A save that
// fails does not stop the count, whose result is worth more than its
// checkpoint: it is a warning, the first time, and the next save tries
// again.
type checkpointSaver struct {
	name    string
	stderr  io.Writer
	bar     *progressBar
	resumed bool  // whether the count resumed from the checkpoint
	saved   bool  // whether a save succeeded
	failed  error // of the last save, nil if it succeeded
}

func (c *checkpointSaver) save(s shard.State) error {
	err := writeCheckpoint(c.name, s)
	if err != nil && c.failed == nil {
		c.bar.clear()
		fmt.Fprintf(c.stderr, "nqueens: warning: cannot save checkpoint %s, the count goes on: %v\n", c.name, err)
	}
	c.failed = err
	c.saved = c.saved || err == nil
	return nil
}

// warning says that the last save failed, and what the checkpoint holds.
func (c *checkpointSaver) warning() string {
	held := "an earlier state of this count"
	switch {
	case c.saved:
	case c.resumed:
		held = "the state this count resumed from"
	default:
		held = "no state of this count: no save succeeded"
	}
	return fmt.Sprintf("nqueens: warning: the last save of checkpoint %s failed, and it holds %s: %v", c.name, held, c.failed)
}

// shardFromEnv returns the shard index set by a batch system, and where
// it was found, as "NAME=value".
func shardFromEnv(getenv func(string) string) (int, string, error) {
	var name, v string
	for _, n := range shardEnv {
		switch w := getenv(n); {
		case w == "":
		case name == "":
			name, v = n, w
		case w != v:
			return 0, "", usagef("count: %s=%s and %s=%s name different shards: give -shard i, or unset one", name, v, n, w)
		}
	}
	if name == "" {
		return 0, "", usagef("count: -shards without -shard, and neither %s is set", strings.Join(shardEnv, " nor "))
	}
	i, err := parseDecimal(v)
	if err != nil || i < 0 {
		return 0, "", usagef("count: %s=%s is not a shard index", name, quote(v))
	}
	return i, name + "=" + v + ", shard", nil
}

// progressBar draws a count's progress on one terminal line, rewritten in
// place, once the count has run for delay. It never writes into the last
// column of the terminal, so the line never wraps.
type progressBar struct {
	w     io.Writer
	shown bool          // whether to draw at all: w is a terminal
	delay time.Duration // how long a count runs before its bar shows
	cols  int           // of the terminal; 0: unknown, taken as 80
	width int           // of the last line drawn, 0 if none
}

// newProgressBar returns the progress bar of a command whose messages go
// to stderr, shown if stderr is a terminal, after a second.
func newProgressBar(stderr io.Writer) *progressBar {
	b := &progressBar{w: stderr, delay: time.Second}
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		b.shown = true
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil {
			b.cols = cols
		}
	}
	return b
}

// barLen is the length of the bar itself on a wide terminal.
const barLen = 30

func (b *progressBar) update(p nqueens.Progress) {
	if !b.shown || p.Elapsed < b.delay {
		return
	}
	b.draw(b.line(p))
}

// line returns the progress line for p, as wide as the terminal allows:
// the bar, the share done and the times, then the subproblems and their
// rate if there is room. A Progress of no subproblems is a strategy's
// count, which has only its time to show.
func (b *progressBar) line(p nqueens.Progress) string {
	room := b.cols - 1
	if b.cols <= 0 {
		room = 79
	}
	if p.Subproblems == 0 {
		line := p.Elapsed.Round(time.Second).String() + " elapsed; a strategy counts in one piece, and cannot tell how far it has come"
		return line[:min(len(line), max(room, 0))]
	}
	frac := p.Fraction()
	times := fmt.Sprintf(" %5.1f%% %s elapsed, ", 100*frac, p.Elapsed.Round(time.Second))
	switch {
	case p.Done == p.Subproblems:
		times += "done"
	case p.Remaining > 0:
		times += "about " + p.Remaining.Round(time.Second).String() + " left"
	default:
		times += rate(frac, p.Elapsed) + " so far"
	}
	detail := fmt.Sprintf(", %d/%d subproblems, %s/s", p.Done, p.Subproblems, threeDigits(float64(p.Done)/p.Elapsed.Seconds()))
	if len(times)+len(detail)+barLen+2 <= room {
		times += detail
	}
	line := times[1:]
	if n := min(barLen, room-len(times)-2); n >= 5 {
		filled := int(frac * float64(n))
		line = "[" + strings.Repeat("#", filled) + strings.Repeat(".", n-filled) + "]" + times
	}
	return line[:min(len(line), max(room, 0))]
}

// rate returns the share of the work done per minute, hour or day, the
// first that makes it at least 1%, as "2.5%/h": what the count can say of
// its pace before it estimates the time left.
func rate(frac float64, elapsed time.Duration) string {
	perDay := 100 * frac / elapsed.Hours() * 24
	switch {
	case perDay >= 24*60:
		return percent(perDay/(24*60)) + "/min"
	case perDay >= 24:
		return percent(perDay/24) + "/h"
	}
	return percent(perDay) + "/day"
}

// percent writes p as threeDigits does, with a percent sign.
func percent(p float64) string { return threeDigits(p) + "%" }

// threeDigits writes x with three significant digits and never with an
// exponent: 0.0012, 2.5, 14.3, 1430.
func threeDigits(x float64) string {
	v, _ := strconv.ParseFloat(fmt.Sprintf("%.3g", x), 64)
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// draw writes line over the last one.
func (b *progressBar) draw(line string) {
	fmt.Fprintf(b.w, "\r%-*s", b.width, line) // a carriage return, then pad over the last line
	b.width = len(line)
}

// clear erases the bar, if one was drawn.
func (b *progressBar) clear() {
	if b.width > 0 {
		fmt.Fprintf(b.w, "\r%s\r", strings.Repeat(" ", b.width))
		b.width = 0
	}
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
		return usagef("count: %s", strings.TrimPrefix(err.Error(), "nqueens: "))
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

// interruptible runs f, which cannot be stopped, and returns its error,
// or ctx's as soon as ctx is done: f is left running, to end with the
// process.
func interruptible(ctx context.Context, f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
