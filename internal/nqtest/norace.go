//go:build !race

package nqtest

// Slowdown is how many times slower the tests' timings may run.
const Slowdown = 1
