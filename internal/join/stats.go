//go:build joinstats

package join

import "sync/atomic"

// statsOn builds the join with its counters (go test -tags joinstats):
// what a count examines, for the table of docs/engine.md. Without the
// tag the counters are compiled out.
const statsOn = true

// Stats returns what the join examined since the program started, and
// true: the queries (west half-boards matched against a block of
// tables), the pairs of half-boards they examined, the words of table
// rows they read, and the blocks laid out in tables.
func Stats() (queries, pairs, words, lays uint64, ok bool) {
	return stats.Queries.Load(), stats.Pairs.Load(), stats.Words.Load(), stats.Lays.Load(), true
}

// stats counts what the join did since the program started.
var stats struct {
	Queries atomic.Uint64 // west half-boards matched against a block of tables
	Pairs   atomic.Uint64 // pairs of half-boards examined: each query times the block's east half-boards
	Words   atomic.Uint64 // words of a table row read, a row of each table a query
	Lays    atomic.Uint64 // blocks of east half-boards laid out in tables
}

// countQueries records queries west half-boards matched against a block
// of keys east ones, rows words long in ntables tables.
func countQueries(queries, keys, words, ntables int) {
	stats.Queries.Add(uint64(queries))
	stats.Pairs.Add(uint64(queries) * uint64(keys))
	stats.Words.Add(uint64(queries) * uint64(words) * uint64(ntables))
}

// countLay records a block laid out in tables.
func countLay() { stats.Lays.Add(1) }
