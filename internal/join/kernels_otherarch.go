//go:build !amd64 || purego

package join

// No kernel of the architecture's: the Go kernels run, which match.go
// states the hooks of.

// wordsMultiple, rowWords and shortWords are the Go kernels': a row is
// as many words as its east half-boards take.
const (
	wordsMultiple = 1
	rowWords      = goRowWords
	shortWords    = 0
)

// nineWide is true: the Go kernels match, whose queries cost their loads
// and ORs.
const nineWide = true

// smallBuckets is true: the Go kernels' queries cost each word of their
// rows, so that the large boards' sieve's small buckets pay.
const smallBuckets = true

// northSieve is true: the Go kernels' queries cost each word of their
// rows, so that sieving the splits too small to sieve on the diagonals
// of west north quarters pays (northsieve.go).
const northSieve = true

// archClashes reports that no assembly kernel runs.
func archClashes(tables []uint64, words, ntables, width int, keys []uint64) (int, bool) {
	return 0, false
}

// archOrRows reports that no assembly kernel runs.
func archOrRows(dst, src, row []uint64) bool { return false }

// archPairs reports that no assembly kernel runs.
func archPairs(out []uint64, sp *spanList, south []uint64) (int, bool) { return 0, false }

// archTranspose reports that no assembly kernel laid out a word.
func archTranspose(tables, keys []uint64, bytes int, rows *[64]int) int { return 0 }

// Kernels names the kernels that match, list half-boards and lay out
// tables: the Go ones.
func Kernels() (match, pairs, transpose string) { return "go", "go", "go" }
