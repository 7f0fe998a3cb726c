//go:build !amd64 || purego

package join

// No assembly kernel: clashes runs clashesGo.

// wordsMultiple is the multiple of words that the rows of a join's tables
// take for the kernels: any.
const wordsMultiple = 1

// archClashes reports that no assembly kernel runs.
func archClashes(tables []uint64, words, chunks, width int, keys []uint64) (int, bool) {
	return 0, false
}
