package nqueens

import (
	"context"
	"runtime"
	"sync/atomic"
)

// How a long search learns that it should stop. Every search that takes a
// context turns it into a stop flag with stopWhenDone, and the search's
// loops look at the flag through a poller every so often: a load of an
// atomic flag, no channel and no call into the context, in the hot loops.

// A poller decides when a long search looks at its stop flag, and lets
// other goroutines run now and then.
type poller struct {
	stop  *atomic.Bool // nil: never stop
	yield bool         // call runtime.Gosched every yieldEvery polls
	polls int
	// each, if set, is called at every poll: a search that holds results
	// back hands them over there, a fraction of a millisecond apart.
	each func()
}

// yieldEvery is how many polls pass between two yields. With every P busy
// searching, a goroutine that would cancel the search (a timer, the
// caller's) could otherwise wait for the scheduler to preempt a worker,
// 10 ms; yielding at every poll, though, costs system time.
const yieldEvery = 8

// stopped reports whether the search should give up.
func (p *poller) stopped() bool {
	if p.polls++; p.yield && p.polls%yieldEvery == 0 {
		runtime.Gosched()
	}
	if p.each != nil {
		p.each()
	}
	return p.stop != nil && p.stop.Load()
}

// pollInterval is how many dead ends enumerate runs into between two
// polls: a fraction of a millisecond of work.
const pollInterval = 1 << 14

// stopWhenDone sets stop once ctx is done. The returned function releases
// ctx's hold on stop; call it when the search is over.
func stopWhenDone(ctx context.Context, stop *atomic.Bool) (release func() bool) {
	return context.AfterFunc(ctx, func() { stop.Store(true) })
}
