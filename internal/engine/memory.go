package engine

import (
	"context"
	"fmt"
	"math"
	"sync/atomic"

	"github.com/gonqueens/nqueens/internal/join"
	"github.com/gonqueens/nqueens/internal/poll"
)

// The memory a count takes, as a model of its peak, so that a count that
// would take more than its limit is refused before it starts. A count
// that joins keeps what its joiners keep (the join's model, join.Memory);
// the constellations keep their list, up to n⁴/8 of them, and the shard's
// subproblems, each with its board. Go's collector lets the heap grow to
// twice what is live before it collects (GOGC=100): the peak is taken as
// twice the live memory, and baseBytes more for the runtime.

// DefaultMemoryLimit is the most memory a count may take unless its
// caller says otherwise: 4 GiB.
const DefaultMemoryLimit = 4 << 30

const (
	baseBytes          = 8 << 20 // the runtime and the program around the count
	constellationBytes = 112     // a constellation, with its pointer
	subproblemBytes    = 64      // a subproblem, with its pointer, besides its board
)

// budget sets p.memory, the peak memory of the count of p in bytes as the
// model puts it: of the runs of the join if it joins, and else of its
// shard of the constellations. Where the join's model is over limit at
// first sight, it looks closer: it counts the quarters of the runs'
// splits, which may take two seconds or so, to learn how long their
// lists are, and returns ctx's error if ctx is done meanwhile. It returns
// an error wrapping ErrMemory if the memory is more than limit, and
// else lets the lists of quarters of the joiners grow as far as the
// limit has room for: the longest that the model assumes, and more if
// the limit has room for all of them to grow alike.
func (p *plan) budget(ctx context.Context, limit int64) error {
	var live float64
	if len(p.runs) > 0 && !p.recount {
		live, _ = join.Memory(p.n, p.runs, p.workers, nil)
		if peak(live) > float64(limit) {
			var stop atomic.Bool
			release := poll.StopWhenDone(ctx, &stop)
			closer, ok := join.Memory(p.n, p.runs, p.workers, &poll.Poller{Stop: &stop})
			release()
			if !ok {
				return ctx.Err()
			}
			live = closer
		}
	} else if len(p.runs) == 0 && p.n >= 4 {
		// The depth of the split makes at least as many subproblems as
		// wanted, and at most n times as many.
		n, shards := float64(p.n), float64(p.deal.Of)
		cs := math.Pow(n, 4) / 8
		sub := max(cs, n*float64(p.deal.Want()))
		live = cs*constellationBytes + (sub/shards+1)*(subproblemBytes+8*n)
	}
	p.memory = peak(live)
	if err := checkLimit(p.n, p.workers, p.memory, limit); err != nil {
		return err
	}
	most := int(min(join.LongestList(p.n)*float64(limit)/p.memory, math.MaxInt32))
	for _, r := range p.runs {
		r.Board.Limit(most)
	}
	return nil
}

// checkLimit returns an error wrapping ErrMemory if a count of the
// n×n board on workers workers that takes memory bytes at its peak is
// over limit: the one test of a limit, the direct count's included.
func checkLimit(n, workers int, memory float64, limit int64) error {
	if memory <= float64(limit) {
		return nil
	}
	on := fmt.Sprintf("%d workers", workers)
	if workers == 1 {
		on = "1 worker"
	}
	return fmt.Errorf("%w: counting n=%d on %s takes about %s, over the limit of %s: raise the limit, or count with fewer workers",
		ErrMemory, n, on, formatBytes(memory), formatBytes(float64(limit)))
}

// peak returns the peak memory of a count that keeps live bytes.
func peak(live float64) float64 {
	return baseBytes + 2*live
}

// formatBytes writes a number of bytes in the largest of B, KiB, MiB and
// GiB that it reaches.
func formatBytes(b float64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", b/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.0f MiB", b/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.0f KiB", b/(1<<10))
	}
	return fmt.Sprintf("%.0f B", b)
}
