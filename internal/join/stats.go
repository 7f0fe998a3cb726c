package join

import "sync/atomic"

// stats is what the join examined since the program started, for the
// table of docs/measurements.md: each joiner's tables count what they do
// (tableStats), and the joiner adds what they counted of each run of
// splits here.
var stats struct{ queries, pairs, words, lays atomic.Uint64 }

// Stats returns what the join examined since the program started: the
// queries (west half-boards matched against a block of tables), the pairs
// of half-boards they examined, the words of table rows they read, and
// the blocks laid out in tables.
func Stats() (queries, pairs, words, lays uint64) {
	return stats.queries.Load(), stats.pairs.Load(), stats.words.Load(), stats.lays.Load()
}

// report adds what j's tables counted since its last report to the
// join's counts.
func (j *Joiner) report() {
	now := j.tables.stats
	stats.queries.Add(now.queries - j.reported.queries)
	stats.pairs.Add(now.pairs - j.reported.pairs)
	stats.words.Add(now.words - j.reported.words)
	stats.lays.Add(now.lays - j.reported.lays)
	j.reported = now
}
