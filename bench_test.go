package nqueens

import (
	"context"
	"flag"
	"fmt"
	"testing"
)

// The benchmarks lay out the table of times of the article "Bitwise
// Optimization of N-Queens" (2024, JavaScript): strategies as rows, board
// sizes as columns. scripts/benchtable runs them and prints the README's
// table, which is
//
//	go test -run '^$' -bench '^BenchmarkCount$' -count 6 > bench.txt
//	go tool benchstat -row /strategy -col /n@num bench.txt

// -nqueens.upto lifts every strategy's limit to n, -nqueens.maxn caps
// it: -nqueens.upto 18 times naive up to 18 (hours), -nqueens.maxn 12
// keeps the engine at 12.
var (
	benchUpTo = flag.Int("nqueens.upto", 0, "time every strategy up to this board, beyond its own limit (0: each strategy's limit, about a minute in all)")
	benchMaxN = flag.Int("nqueens.maxn", 0, "time no strategy beyond this board (0: no cap)")
)

// benchSizes are the article's columns.
var benchSizes = []int{8, 10, 12, 14, 16, 18}

// benchLimits keep `go test -bench .` to about a minute: the largest board
// each strategy is timed on unless -nqueens.upto or -nqueens.maxn says
// otherwise.
var benchLimits = map[string]int{
	"naive":   10,
	"cached":  12,
	"bitwise": 14,
	"flipped": 14,
	"engine":  16,
	"listing": 14,
}

// treeNodes holds the size of the plain search tree that all four article
// strategies walk: one node per queen placed without attack. Knuth counts
// the root too: 2057 nodes for n = 8 (OEIS A319235) and 1141190303 for
// n = 16 (A319236). TestTreeNodes counts the small ones again.
var treeNodes = map[int]float64{
	8: 2056, 10: 35538, 12: 856188, 14: 27358552, 16: 1141190302,
}

// benchLimit returns the largest board the benchmarks time strategy
// name on (or the listing calls, "listing"), its own limit as the flags
// lift or cap it; a strategy without a limit of its own gets the naive
// board's.
func benchLimit(name string) int {
	limit, ok := benchLimits[name]
	if !ok {
		limit = benchLimits["naive"]
	}
	if *benchUpTo > 0 {
		limit = max(limit, *benchUpTo)
	}
	if *benchMaxN > 0 {
		limit = min(limit, *benchMaxN)
	}
	return limit
}

// BenchmarkCount times Count for each strategy and board size, and
// reports ns/node: the time per node of the plain search tree, which
// compares the strategies at every n (for the engine, which walks a
// smaller tree, it is the time per node it saves walking).
func BenchmarkCount(b *testing.B) {
	for _, s := range Strategies() {
		for _, n := range benchSizes {
			if n > benchLimit(s.String()) {
				continue
			}
			b.Run(fmt.Sprintf("strategy=%v/n=%d", s, n), func(b *testing.B) {
				for b.Loop() {
					if _, err := s.Count(n); err != nil {
						b.Fatal(err)
					}
				}
				if nodes, ok := treeNodes[n]; ok {
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/nodes, "ns/node")
				}
			})
		}
	}
}

// BenchmarkCountWorkers times the engine on 1, 2 and all cores.
func BenchmarkCountWorkers(b *testing.B) {
	for _, n := range []int{14, 16} {
		if n > benchLimit("engine") {
			continue
		}
		for _, k := range []int{1, 2, 0} {
			b.Run(fmt.Sprintf("n=%d/workers=%d", n, k), func(b *testing.B) {
				for b.Loop() {
					if _, err := CountContext(context.Background(), n, WithWorkers(k)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkCountSmall times Count beside every strategy on the boards of
// 4 to 12 squares a side, where Count must be as fast as the fastest of
// them (within 1.2 times):
//
//	go test -run '^$' -bench '^BenchmarkCountSmall$' -count 6 > small.txt
//	go tool benchstat -row /call -col /n@num small.txt
func BenchmarkCountSmall(b *testing.B) {
	calls := []struct {
		name  string
		count func(n int) (uint64, error)
	}{{"count", Count}}
	for _, s := range Strategies() {
		if s.String() != "naive" && s.String() != "cached" {
			calls = append(calls, struct {
				name  string
				count func(n int) (uint64, error)
			}{s.String(), s.Count})
		}
	}
	for n := 4; n <= 12; n++ {
		for _, c := range calls {
			b.Run(fmt.Sprintf("call=%s/n=%d", c.name, n), func(b *testing.B) {
				for b.Loop() {
					if _, err := c.count(n); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkEnumerate times the delivery of every solution to a callback
// and reports solutions per second.
func BenchmarkEnumerate(b *testing.B) {
	for _, s := range Strategies() {
		for _, n := range []int{8, 12} {
			if n > benchLimit(s.String()) {
				continue
			}
			b.Run(fmt.Sprintf("strategy=%v/n=%d", s, n), func(b *testing.B) {
				var solutions int
				for b.Loop() {
					if err := s.Enumerate(n, func(Solution) bool { solutions++; return true }); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(solutions)/b.Elapsed().Seconds(), "solutions/s")
			})
		}
	}
}

// BenchmarkListing times the listing calls on every core beside the counts
// they are measured against: Enumerate against Bitwise's Count,
// EnumerateUnique against CountUniqueContext on one worker, up to n = 14
// unless -nqueens.upto or -nqueens.maxn says otherwise:
//
//	go test -run '^$' -bench Listing -benchtime 1x -count 6 -nqueens.upto 16 > listing.txt
//	go tool benchstat -row /call -col /n@num listing.txt
func BenchmarkListing(b *testing.B) {
	calls := []struct {
		name string
		run  func(n int) error
	}{
		{"enumerate", func(n int) error { return Enumerate(n, func(Solution) bool { return true }) }},
		{"bitwise-count", func(n int) error { _, err := Bitwise{}.Count(n); return err }},
		{"unique", func(n int) error { return EnumerateUnique(n, func(Solution, int) bool { return true }) }},
		{"engine-1-worker", func(n int) error {
			_, err := CountUniqueContext(context.Background(), n, WithWorkers(1))
			return err
		}},
	}
	for _, n := range []int{12, 14, 16} {
		if n > benchLimit("listing") {
			continue
		}
		for _, c := range calls {
			b.Run(fmt.Sprintf("call=%s/n=%d", c.name, n), func(b *testing.B) {
				for b.Loop() {
					if err := c.run(n); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
