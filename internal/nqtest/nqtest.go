// Package nqtest holds what the tests of the packages nqueens and shard
// share, and it is for tests alone (TestLayers keeps the library from
// importing it): the known counts of OEIS, the flag of the long tests,
// and the bounds on time that hold on a busy machine.
package nqtest

import (
	"flag"
	"runtime"
	"time"
)

// Long is the flag -nqueens.long, which runs the long tests: larger
// boards, and the tests of time, on a machine that runs nothing else.
var Long = flag.Bool("nqueens.long", false, "run the long tests: larger boards, and bounds of milliseconds on a machine that runs nothing else")

// CancelBound returns how late a cancelled call may return. A call that
// ignores its context runs for minutes, which a bound of seconds catches
// on any machine, however busy; with -nqueens.long, on a machine that
// runs nothing else, the bound is the few milliseconds the docs promise.
func CancelBound() time.Duration {
	if *Long {
		return Slowdown * 20 * time.Millisecond
	}
	return 2 * time.Second
}

// Settle waits for the goroutines of finished calls to exit, for up to
// CancelBound, until no more than want are left, and returns how many
// are.
func Settle(want int) int {
	for start := time.Now(); runtime.NumGoroutine() > want && time.Since(start) < CancelBound(); {
		time.Sleep(time.Millisecond)
	}
	return runtime.NumGoroutine()
}
