package main

import (
	"bytes"
	"context"
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
