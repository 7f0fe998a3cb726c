//go:build !amd64 || purego

package nqueens

// clashes returns the sum, over keys, of the bits set in the OR of the
// rows of tables that the key's chunks chunks of width bits pick, with
// the Go kernel of join.go.
func clashes(tables []uint64, words, chunks, width int, keys []uint64) int {
	return clashesGo(tables, words, chunks, width, keys)
}

// wordsMultiple is the multiple of words that the rows of a join's tables
// take for the kernels: any.
const wordsMultiple = 1
