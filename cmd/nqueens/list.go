package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"sync/atomic"
	"time"

	"github.com/gonqueens/nqueens"
)

func list(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("list")
	limit := intFlag(fs, "limit", 10, "draw at most `k` solutions (0: all)")
	progressEvery := progressEveryFlag(fs)
	n, err := boardArg(fs, args, nqueens.MaxN)
	if err != nil {
		return err
	}
	switch {
	case *limit < 0:
		return usagef("list: -limit %d is negative", *limit)
	case *progressEvery < 0:
		return usagef("list: -progress-every %v is negative", *progressEvery)
	}
	if note := slowList(n, *limit); note != "" {
		fmt.Fprintln(stderr, note)
	}
	b := boards{w: stdout, limit: *limit}
	var pace listPace
	stop := newProgressBar(stderr, *progressEvery, fmt.Sprintf("list n=%d", n)).logEvery(func(elapsed time.Duration) string {
		return pace.line(*limit, elapsed)
	})
	err = nqueens.EnumerateContext(ctx, n, func(s nqueens.Solution) bool {
		if !b.draw(s) {
			return false
		}
		pace.drawn(s)
		return true
	})
	stop()
	return b.finish(err, stderr, fmt.Sprintf("no solution: the %d×%d board has none", n, n), n, func() (uint64, error) {
		return nqueens.CountContext(ctx, n)
	})
}

// A listPace follows how far a listing has come, for its lines in a log:
// the boards drawn, and where the last one stands in lexicographic order.
// The listing writes it, and the log's goroutine reads it.
type listPace struct {
	count atomic.Int64
	at    atomic.Uint64 // the bits of a float64 in [0, 1)
}

// drawn records s as drawn.
func (p *listPace) drawn(s nqueens.Solution) {
	p.count.Add(1)
	p.at.Store(math.Float64bits(lexPosition(s)))
}

// lexPosition returns where s stands among the boards of its size in
// lexicographic order, from 0 to 1, from its first three rows: the
// columns read as the digits of a fraction in base n. Solutions spread
// over the columns of the first rows about as evenly as boards do, so it
// is about the share of the listing done.
func lexPosition(s nqueens.Solution) float64 {
	n, f, unit := float64(len(s)), 0.0, 1.0
	for _, col := range s[:min(3, len(s))] {
		unit /= n
		f += float64(col) * unit
	}
	return f
}

// line returns the line of a log for a listing of at most limit boards
// (0: all) that has run for elapsed: the boards drawn, the share done,
// the time elapsed and the time left.
func (p *listPace) line(limit int, elapsed time.Duration) string {
	drawn := p.count.Load()
	if drawn == 0 {
		return fmt.Sprintf("no solution found yet, %s elapsed", elapsed.Round(time.Second))
	}
	frac := math.Float64frombits(p.at.Load())
	of := ""
	if limit > 0 {
		of = fmt.Sprintf(" of %d", limit)
		frac = max(frac, float64(drawn)/float64(limit))
	}
	line := fmt.Sprintf("%d%s boards drawn, about %.1f%% done, %s elapsed", drawn, of, 100*frac, elapsed.Round(time.Second))
	if frac > 0 {
		line += ", " + timeLeft(time.Duration(float64(elapsed)*(1-frac)/frac))
	}
	return line
}
