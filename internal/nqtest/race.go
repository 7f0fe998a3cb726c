//go:build race

package nqtest

// Slowdown is how many times slower the tests' timings may run: the race
// detector instruments every memory access.
const Slowdown = 5
