package shard

import "fmt"

// A RecountMethod is how a [Job] that recounts ([Job.Recount]) counts its
// shard again, to check the counts that a count of it made.
type RecountMethod int

const (
	// ByCost recounts by the join where the join counts the board and
	// the shard has more than about a million solutions by estimate, and
	// by plain backtracking elsewhere, where that costs a second or less
	// ([Job.RecountMethod] says which).
	ByCost RecountMethod = iota
	// ByJoin counts the shard again by the join, another way: with the
	// next kernels the processor runs after those of a count (the Go
	// ones, if those are), every table holding other diagonals, and
	// another sieve. A fault of a kernel, of the tables' layout, of the
	// memory or of the processor in either count shows as counts that
	// differ; a fault of the join's method itself, which every way of it
	// shares, does not. It costs about what the count costs: 1 to 3
	// times as much, as its kernels are slower (docs/scale.md has the
	// figures).
	ByJoin
	// ByBacktracking counts the shard again by plain backtracking of
	// each split or subproblem, which shares no code with the join's or
	// the constellations': it catches a fault of the join's method too,
	// at hundreds of times the count's cost from n = 20 on.
	ByBacktracking
)

// String returns "by cost", "by the join" or "by backtracking".
func (m RecountMethod) String() string {
	switch m {
	case ByCost:
		return "by cost"
	case ByJoin:
		return "by the join"
	case ByBacktracking:
		return "by backtracking"
	}
	return fmt.Sprintf("RecountMethod(%d)", int(m))
}
