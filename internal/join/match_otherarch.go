//go:build !amd64 || purego

package join

// No assembly kernel: clashes runs clashesGo.

// wordsMultiple is the multiple of words that the rows of a join's tables
// take for the kernels, any, and rowWords the most words of a row that a
// joiner lays out, any (0).
const (
	wordsMultiple = 1
	rowWords      = 0
)

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
