// Package poll is how the engine's searches learn to stop: the poller
// that a search's loops look at every so often.
package poll

import (
	"context"
	"runtime"
	"sync/atomic"
)

// Every search that takes a context turns it into a stop flag with
// StopWhenDone, and the search's loops look at the flag through a Poller
// every so often: a load of an atomic flag, no channel and no call into
// the context, in the hot loops.

// A Poller decides when a long search looks at its stop flag, and lets
// other goroutines run now and then.
type Poller struct {
	Stop  *atomic.Bool // nil: never stop
	Yield bool         // call runtime.Gosched every yieldEvery polls
	polls int
	// Each, if set, is called at every poll: a search that holds results
	// back hands them over there, a fraction of a millisecond apart.
	Each func()
}

// yieldEvery is how many polls pass between two yields. With every P busy
// searching, a goroutine that would cancel the search (a timer, the
// caller's) could otherwise wait for the scheduler to preempt a worker,
// 10 ms; yielding at every poll, though, costs system time.
const yieldEvery = 8

// Stopped reports whether the search should give up.
func (p *Poller) Stopped() bool {
	if p.polls++; p.Yield && p.polls%yieldEvery == 0 {
		runtime.Gosched()
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
