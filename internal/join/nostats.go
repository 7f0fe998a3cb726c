//go:build !joinstats

package join

// statsOn is false: the counters of stats.go are compiled out.
const statsOn = false

// Stats reports false: the counters are not built in.
func Stats() (queries, pairs, words, lays uint64, ok bool) { return 0, 0, 0, 0, false }

func countQueries(queries, keys, words, ntables int) {}

func countLay() {}
