// Package poll is how the engine's searches learn to stop: the poller
// that a search's loops look at every so often.
package poll

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"
)

// Every search that takes a context turns it into a stop flag with
// StopWhenDone, and the search's loops look at the flag through a Poller
// every so often: a load of an atomic flag, no channel and no call into
// the context, in the hot loops.

// A Poller decides when a long search looks at its stop flag, and lets
// other goroutines run now and then.
type Poller struct {
	Stop  *atomic.Bool // nil: never stop
	Yield bool         // call runtime.Gosched about every yieldAfter
	polls int
	// yielded is when the search last yielded, the zero time before it
	// first did.
	yielded time.Time
	// Each, if set, is called at every poll: a search that holds results
	// back hands them over there, a fraction of a millisecond apart.
	Each func()
}

// yieldAfter is about how long a search runs between two yields. With
// every P busy searching, a goroutine that would cancel the search (a
// timer, the caller's) could otherwise wait for the scheduler to preempt
// a worker, 10 ms. A yield, though, puts the worker at the back of the
// scheduler's queue, from which another P may take it, away from the
// core whose caches hold its tables. Yielding every few polls, tens of
// microseconds apart in the join, gave two workers a fifth more
// processor time to spend on a shard of n = 22 (docs/measurements.md).
const yieldAfter = 2 * time.Millisecond

// clockEvery is how many polls pass between two looks at the clock.
const clockEvery = 8

// gosched yields the processor: runtime.Gosched, but in tests.
var gosched = runtime.Gosched

// Stopped reports whether the search should give up.
func (p *Poller) Stopped() bool {
	if p.polls++; p.Yield && p.polls%clockEvery == 0 {
		if now := time.Now(); now.Sub(p.yielded) >= yieldAfter {
			gosched()
			p.yielded = now
		}
	}
	if p.Each != nil {
		p.Each()
	}
	return p.Stop != nil && p.Stop.Load()
}

// Interval is how many dead ends a backtracking search runs into between
// two polls: a fraction of a millisecond of work.
const Interval = 1 << 14

// StopWhenDone sets stop once ctx is done. The returned function releases
// ctx's hold on stop; call it when the search is over.
func StopWhenDone(ctx context.Context, stop *atomic.Bool) (release func() bool) {
	return context.AfterFunc(ctx, func() { stop.Store(true) })
}
