package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gonqueens/nqueens"
	"golang.org/x/term"
)

// shardEnv lists the environment variables that give a shard's index when
// -shard is not set: a Kubernetes Indexed Job's, then a Slurm job array's.
var shardEnv = []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"}

func count(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("count")
	workers := fs.Int("workers", 0, "goroutines that search at once (0: all cores)")
	unique := fs.Bool("unique", false, "print a second number: the fundamental solutions, up to rotation and reflection")
	asJSON := fs.Bool("json", false, "print one JSON record, for merge")
	shard := fs.Int("shard", 0, "count only shard `i` of -shards; without it, i comes from "+strings.Join(shardEnv, " or "))
	shards := fs.Int("shards", 1, "split the search into `k` shards")
	strategy := fs.String("strategy", "", "count with one `strategy` on one core: "+strategyNames())
	checkpoint := fs.String("checkpoint", "", "keep the count's state in `file`, saved every few seconds and on Ctrl-C, and go on from it if it exists")
	every := fs.Duration("checkpoint-every", 5*time.Second, "how often -checkpoint saves")
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
	if *shards < 1 || *shards > nqueens.MaxShards {
		return usagef("count: -shards %d out of range [1, %d]", *shards, nqueens.MaxShards)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	i := *shard
	if !set["shard"] && *shards > 1 {
		if i, err = shardFromEnv(getenv); err != nil {
			return err
		}
	}
	if i < 0 || i >= *shards {
		return usagef("count: shard %d out of range [0, %d] for %d shards", i, *shards-1, *shards)
	}

	if *strategy != "" {
		for _, name := range []string{"unique", "json", "shard", "shards", "workers", "checkpoint"} {
			if set[name] {
				return usagef("count: -strategy counts on one core, without -%s: the engine alone has it", name)
			}
		}
		return countWith(ctx, *strategy, n, stdout)
	}
	opts := []nqueens.Option{nqueens.WithWorkers(*workers), nqueens.WithShard(i, *shards)}
	bar := &progressBar{w: stderr}
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil {
			bar.cols = cols
		}
		opts = append(opts, nqueens.WithProgress(bar.update))
	}
	if *checkpoint != "" {
		if *every <= 0 {
			return usagef("count: -checkpoint-every %v is not a positive duration", *every)
		}
		state, found, err := readCheckpoint(*checkpoint)
		if err != nil {
			return err
		}
		// A process killed while it saved leaves its temporary file behind.
		if stale, err := filepath.Glob(*checkpoint + ".tmp-*"); err == nil {
			for _, name := range stale {
				os.Remove(name)
			}
		}
		if found {
			fmt.Fprintf(stderr, "nqueens: resuming from %s: %d of %d subproblems done\n", *checkpoint, state.Done(), state.Subproblems())
			opts = append(opts, nqueens.WithResume(state))
		}
		opts = append(opts, nqueens.WithSave(*every, func(s nqueens.State) error { return writeCheckpoint(*checkpoint, s) }))
	}
	start := time.Now()
	c, err := nqueens.CountContext(ctx, n, opts...)
	bar.clear()
	if err != nil {
		if *checkpoint != "" && errors.Is(err, nqueens.ErrOption) {
			return fmt.Errorf("checkpoint %s holds %s", *checkpoint, strings.TrimPrefix(err.Error(), nqueens.ErrOption.Error()+": "))
		}
		return err
	}
	if *asJSON {
		r := record{Plan: nqueens.PlanVersion, N: n, Shard: i, Shards: *shards, Total: c.Total, Unique: c.Unique,
			Elapsed: time.Since(start).Seconds(), Version: version()}
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

// maxCheckpoint is the largest checkpoint file read: far more than the
// state of any split (a bit per subproblem).
const maxCheckpoint = 64 << 20

// readCheckpoint reads the state kept in the named file, and reports
// whether there was one. A file that is there but not a state is an error
// that says what is wrong with it: a count is never silently restarted.
func readCheckpoint(name string) (nqueens.State, bool, error) {
	var s nqueens.State
	f, err := os.Open(name)
	if errors.Is(err, os.ErrNotExist) {
		return s, false, nil
	}
	if err != nil {
		return s, false, err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil {
		return s, false, err
	} else if info.IsDir() {
		return s, false, fmt.Errorf("checkpoint %s is a directory, not a file", name)
	} else if info.Size() > maxCheckpoint {
		return s, false, fmt.Errorf("checkpoint %s has %d bytes: not a state of nqueens", name, info.Size())
	}
	b, err := io.ReadAll(f)
	if err != nil {
		return s, false, err
	}
	if err := s.UnmarshalBinary(b); err != nil {
		return s, false, fmt.Errorf("checkpoint %s: %s", name, strings.TrimPrefix(err.Error(), "nqueens: "))
	}
	return s, true, nil
}

// writeCheckpoint keeps s in the named file, atomically: it writes a
// temporary file beside it, syncs it to the disk and renames it over the
// old one, so that a crash at any moment leaves the old state or the new.
func writeCheckpoint(name string, s nqueens.State) (err error) {
	b, err := s.MarshalBinary()
	if err != nil {
		return err
	}
	dir := filepath.Dir(name)
	f, err := os.CreateTemp(dir, filepath.Base(name)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(f.Name())
		}
	}()
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), name); err != nil {
		return err
	}
	// The rename itself lasts only once the directory is on the disk.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// shardFromEnv returns the shard index set by a batch system.
func shardFromEnv(getenv func(string) string) (int, error) {
	for _, name := range shardEnv {
		v := getenv(name)
		if v == "" {
			continue
		}
		i, err := strconv.Atoi(v)
		if err != nil || i < 0 {
			return 0, usagef("count: %s=%q is not a shard index", name, v)
		}
		return i, nil
	}
	return 0, usagef("count: -shards without -shard, and neither %s is set", strings.Join(shardEnv, " nor "))
}

// progressBar draws a count's progress on one terminal line, rewritten in
// place, once the count has run for a second. It never writes into the
// last column of the terminal, so the line never wraps.
type progressBar struct {
	w     io.Writer
	cols  int // of the terminal; 0: unknown, taken as 80
	width int // of the last line drawn, 0 if none
}

// barLen is the length of the bar itself on a wide terminal.
const barLen = 30

func (b *progressBar) update(p nqueens.Progress) {
	if p.Elapsed < time.Second || p.Subproblems == 0 {
		return
	}
	b.draw(b.line(p))
}

// line returns the progress line for p, as wide as the terminal allows:
// the bar, the share done and the times, then the subproblems and their
// rate if there is room.
func (b *progressBar) line(p nqueens.Progress) string {
	room := b.cols - 1
	if b.cols <= 0 {
		room = 79
	}
	frac := float64(p.Done) / float64(p.Subproblems)
	eta := "?"
	if p.Done > 0 {
		eta = p.Remaining.Round(time.Second).String()
	}
	times := fmt.Sprintf(" %5.1f%% %s elapsed, about %s left", 100*frac, p.Elapsed.Round(time.Second), eta)
	detail := fmt.Sprintf(", %d/%d subproblems, %.0f/s", p.Done, p.Subproblems, float64(p.Done)/p.Elapsed.Seconds())
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
		names = append(names, s.Name())
	}
	return strings.Join(names, ", ")
}

// countWith counts the solutions of the n×n board with the named strategy.
// The strategies' Count cannot be stopped: an interrupt leaves it to end
// with the process.
func countWith(ctx context.Context, name string, n int, stdout io.Writer) error {
	for _, s := range nqueens.Strategies() {
		if s.Name() == name {
			var total uint64
			err := interruptible(ctx, func() (err error) {
				total, err = s.Count(n)
				return err
			})
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(stdout, total)
			return err
		}
	}
	return usagef("count: unknown strategy %q, want one of %s", name, strategyNames())
}

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
