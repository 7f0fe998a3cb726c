//go:build !race

package nqueens

// slowdown is how many times slower the tests' timings may run.
const slowdown = 1
