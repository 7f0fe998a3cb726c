package poll

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// TestYieldsSeldom polls for a while with Yield set and wants the poller
// to yield at its first look at the clock, and then no more often than
// every yieldAfter: a search that yields at every few polls hands its P
// around and loses its caches.
func TestYieldsSeldom(t *testing.T) {
	yields := countYields(t)
	var stop atomic.Bool
	p := Poller{Stop: &stop, Yield: true}
	start := time.Now()
	polls := 0
	for time.Since(start) < 10*yieldAfter {
		if p.Stopped() {
			t.Fatal("Stopped reported true with the stop flag unset")
		}
		polls++
	}
	took := time.Since(start)
	if most := int(took/yieldAfter) + 1; *yields < 1 || *yields > most {
		t.Errorf("%d polls in %v yielded %d times, want 1 to %d", polls, took, *yields, most)
	}
	stop.Store(true)
	if !p.Stopped() {
		t.Error("Stopped reported false with the stop flag set")
	}
}

// TestNoYield wants a poller without Yield never to yield.
func TestNoYield(t *testing.T) {
	yields := countYields(t)
	var p Poller
	for range 100 * clockEvery {
		if p.Stopped() {
			t.Fatal("Stopped reported true without a stop flag")
		}
	}
	if *yields != 0 {
		t.Errorf("a poller without Yield yielded %d times", *yields)
	}
}

// countYields has the pollers count their yields, for the rest of t, in
// the number it returns, instead of yielding.
func countYields(t *testing.T) *int {
	yields := new(int)
	gosched = func() { *yields++ }
	t.Cleanup(func() { gosched = runtime.Gosched })
	return yields
}
