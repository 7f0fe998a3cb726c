package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gonqueens/nqueens"
)

// TestProgressLine checks that the progress line fits the terminal, never
// reaching its last column, so that it cannot wrap.
func TestProgressLine(t *testing.T) {
	p := nqueens.Progress{Done: 123456, Subproblems: 1 << 20, Elapsed: 3723 * time.Second, Remaining: 99999 * time.Second}
	for _, cols := range []int{0, 10, 40, 80, 100, 200} {
		b := progressBar{cols: cols}
		line := b.line(p)
		room := cols - 1
		if cols == 0 {
			room = 79
		}
		if len(line) > room || !strings.Contains(line, "%") && room >= 10 {
			t.Errorf("%d columns: line %q (%d bytes)", cols, line, len(line))
		}
	}
	if line := (&progressBar{cols: 200}).line(p); !strings.Contains(line, "subproblems") || !strings.Contains(line, "[") {
		t.Errorf("200 columns: line %q; want the bar and the subproblems", line)
	}
}

// TestStrategyProgress: a count with a strategy shows its time, the one
// thing it knows, and clears the line before its answer.
func TestStrategyProgress(t *testing.T) {
	var stdout, stderr bytes.Buffer
	bar := &progressBar{w: &stderr, shown: true}
	if err := countWith(context.Background(), "naive", 13, &stdout, bar); err != nil || stdout.String() != "73712\n" {
		t.Fatalf("count -strategy naive 13: %q, %v", stdout.String(), err)
	}
	if line := stderr.String(); !strings.Contains(line, "0s elapsed; a strategy counts in one piece") || !strings.HasSuffix(line, "\r") {
		t.Errorf("progress of count -strategy naive 13: %q, want its time, cleared", line)
	}
}

// TestProgressRate: before the count estimates the time left, the line
// says its pace, never a time.
func TestProgressRate(t *testing.T) {
	for _, c := range []struct {
		done    int
		elapsed time.Duration
		want    string
	}{
		{0, time.Minute, "0%/day so far"},
		{100, 3 * time.Second, "20%/min so far"},
		{100, time.Hour, "1%/h so far"},
		{1, 24 * time.Hour, "0.01%/day so far"},
		{5000, time.Second, "3000%/min so far"},
		{10000, time.Second, "elapsed, done"},
		{1, 2400 * time.Hour, "0.0001%/day so far"},
	} {
		p := nqueens.Progress{Done: c.done, Subproblems: 10000, Elapsed: c.elapsed}
		if line := (&progressBar{cols: 200}).line(p); !strings.Contains(line, c.want) || strings.Contains(line, "left") || strings.Contains(line, "e+") {
			t.Errorf("%d of 10000 done in %v: line %q, want %q", c.done, c.elapsed, line, c.want)
		}
	}
}

// TestProgressLog: with stderr not a terminal, count, list and verify
// write a line of their progress every -progress-every, with what is
// done, the time elapsed and the time left, and count a last one at its
// end; -progress-every 0 writes none. The work is long at any speed
// beside a millisecond.
func TestProgressLog(t *testing.T) {
	record := shardFiles(t, 14, 2)[1]
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"count", "-workers", "1", "-progress-every", "1ms", "16"}, []string{"nqueens: count n=16: ", "% done, ", " subproblems, ", " elapsed, ", "100.0% done", "none left\n"}},
		{[]string{"count", "-shards", "3", "-shard", "1", "-workers", "1", "-progress-every", "1ms", "16"}, []string{"nqueens: count n=16 shard 1 of 3: ", "none left\n"}},
		{[]string{"list", "-limit", "0", "-progress-every", "1ms", "12"}, []string{"nqueens: list n=12: ", " boards drawn, about ", "% done, ", " elapsed, ", " left\n"}},
		{[]string{"verify", "-workers", "1", "-progress-every", "1ms", record}, []string{"nqueens: verify: recount of n=14 shard 1 of 2 (plan 4): ", "% done, ", "none left\n"}},
	} {
		code, _, errOut := runCLI(t, noEnv, tt.args...)
		for _, want := range tt.want {
			if code != 0 || !strings.Contains(errOut, want) {
				t.Errorf("nqueens %s: exit %d, stderr %.500q; want lines of progress with %q", strings.Join(tt.args, " "), code, errOut, want)
			}
		}
		off := slices.Clone(tt.args)
		off[slices.Index(off, "-progress-every")+1] = "0"
		if code, _, errOut := runCLI(t, noEnv, off...); code != 0 || strings.Contains(errOut, " elapsed") {
			t.Errorf("nqueens %s: exit %d, stderr %.500q; want no progress", strings.Join(off, " "), code, errOut)
		}
	}
	if code, _, errOut := runCLI(t, noEnv, "count", "-progress-every", "-1s", "8"); code != 2 || !strings.Contains(errOut, "-progress-every -1s is negative") {
		t.Errorf("count -progress-every -1s: exit %d, stderr %q; want a usage error", code, errOut)
	}
}
