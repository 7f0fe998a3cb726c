package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
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
	unique := fs.Bool("unique", false, "also print the solutions up to rotation and reflection")
	asJSON := fs.Bool("json", false, "print one JSON record, for merge")
	shard := fs.Int("shard", -1, "count only shard `i` of -shards (default: from "+strings.Join(shardEnv, " or ")+")")
	shards := fs.Int("shards", 1, "split the search into `k` shards")
	strategy := fs.String("strategy", "", "count with one `strategy` on one core: "+strategyNames())
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
	i := *shard
	if i < 0 && *shards > 1 {
		if i, err = shardFromEnv(getenv); err != nil {
			return err
		}
	}
	i = max(i, 0)
	if i >= *shards {
		return usagef("count: shard %d out of range [0, %d] for %d shards", i, *shards-1, *shards)
	}

	if *strategy != "" {
		return countWith(*strategy, n, stdout)
	}
	opts := []nqueens.Option{nqueens.WithWorkers(*workers), nqueens.WithShard(i, *shards)}
	bar := &progressBar{w: stderr}
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		opts = append(opts, nqueens.WithProgress(bar.update))
	}
	start := time.Now()
	c, err := nqueens.CountContext(ctx, n, opts...)
	bar.clear()
	if err != nil {
		return err
	}
	if *asJSON {
		r := record{N: n, Shard: i, Shards: *shards, Total: c.Total, Unique: c.Unique,
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
// place, once the count has run for a second.
type progressBar struct {
	w     io.Writer
	width int // of the last line drawn, 0 if none
}

const barLen = 30

func (b *progressBar) update(p nqueens.Progress) {
	if p.Elapsed < time.Second || p.Total == 0 {
		return
	}
	frac := float64(p.Done) / float64(p.Total)
	filled := int(frac * barLen)
	rate := float64(p.Done) / p.Elapsed.Seconds()
	eta := "?"
	if p.Done > 0 {
		eta = p.Remaining.Round(time.Second).String()
	}
	line := fmt.Sprintf("[%s%s] %5.1f%% %d/%d subproblems, %.0f/s, %s elapsed, about %s left",
		strings.Repeat("#", filled), strings.Repeat(".", barLen-filled), 100*frac,
		p.Done, p.Total, rate, p.Elapsed.Round(time.Second), eta)
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
func countWith(name string, n int, stdout io.Writer) error {
	for _, s := range nqueens.Strategies() {
		if s.Name() == name {
			total, err := s.Count(n)
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(stdout, total)
			return err
		}
	}
	return usagef("count: unknown strategy %q, want one of %s", name, strategyNames())
}
