package main

import (
	"fmt"
	"math"
)

// The notes on stderr for work that takes minutes, or more than a
// lifetime: a count, a listing of every solution, and the first
// solutions of a large board in lexicographic order.

// endless returns the note of the command cmd for work of perSolution
// seconds a solution on a core on a shard of shards of the n×n board
// that no machine ends in a lifetime, or "": a listing of every solution
// takes longer still. The estimate is from below: n = 27's 2.3·10^17
// solutions, the most ever counted, about 6.6 times more with each n
// beyond, and at most 10.6 times fewer with each n below (the largest
// ratio of two counts in a row up to 27, OEIS A000170).
func endless(cmd string, n, shards int, perSolution float64) string {
	const lifetime = 100 // core-years a shard may take
	years := coreYears(n, shards, perSolution)
	if years < lifetime {
		return ""
	}
	what := fmt.Sprintf("n=%d", n)
	if shards > 1 {
		what = fmt.Sprintf("a shard of %d of n=%d", shards, n)
	}
	return fmt.Sprintf("nqueens: %s: %s takes at least %s core-years: it will not end in a lifetime (Ctrl-C stops it)", cmd, what, roughly(years))
}

// solutions returns the solutions of the n×n board, as endless estimates
// them.
func solutions(n int) float64 {
	const (
		solutions27 = 2.34e17 // OEIS A000170
		growth      = 6.6
		fall        = 10.6
	)
	if n < 27 {
		return solutions27 / math.Pow(fall, float64(27-n))
	}
	return solutions27 * math.Pow(growth, float64(n-27))
}

// coreYears returns the core-years, from below, that a shard of shards of
// the n×n board takes at perSolution seconds a solution.
func coreYears(n, shards int, perSolution float64) float64 {
	const coreYear = 365.25 * 24 * 3600
	return solutions(n) * perSolution / coreYear / float64(shards)
}

// roughly writes x, at least 1, to two significant digits: as a whole
// number below a million, 230 or 45000, and beyond as 2.3·10^8.
func roughly(x float64) string {
	exp := int(math.Floor(math.Log10(x)))
	mantissa := math.Round(x/math.Pow(10, float64(exp-1))) / 10 // 1.0 to 10.0
	if mantissa >= 10 {
		mantissa, exp = mantissa/10, exp+1
	}
	if exp < 6 {
		return fmt.Sprintf("%.0f", mantissa*math.Pow(10, float64(exp)))
	}
	return fmt.Sprintf("%.1f·10^%d", mantissa, exp)
}

// The seconds a solution costs on a core, from below: a count's, the
// join's pace where it is fastest (0.7 ns at n = 24 on a Zen 5 core,
// docs/measurements.md), and a recount's, the plain backtracking of verify
// (1.7 µs at n = 20 on a Zen 4 core, docs/scale.md).
const (
	countPerSolution   = 7e-10
	recountPerSolution = 1.5e-6
)

// firstSlow is the least n whose first solution in lexicographic order
// a search reaches only after billions of nodes or more: 2.3·10^9 at
// n = 34, 10^9 at 37 and over 10^10 at 36, where it is 2·10^5 at n = 20
// and 10^8 at 33.
const firstSlow = 34

// slowList returns a note for a listing of at most limit solutions (0:
// all) of the n×n board that takes minutes or more, or "": every
// solution of a board that count could not count in a lifetime, or the
// first ones from n = firstSlow on.
func slowList(n, limit int) string {
	switch {
	case limit == 0:
		return endless("list", n, 1, countPerSolution)
	case n < firstSlow:
		return ""
	}
	return fmt.Sprintf("nqueens: list: the search reaches the first solutions of n=%d in lexicographic order after billions of nodes or more, minutes to hours from n = %d on: construct %d prints one solution at once (Ctrl-C stops the listing)", n, firstSlow, n)
}
