//go:build race

package nqueens

// slowdown is how many times slower the tests' timings may run: the race
// detector instruments every memory access.
const slowdown = 5
