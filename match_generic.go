//go:build !amd64 || purego

package nqueens

// clashes returns the sum, over keys, of the bits set in the OR of the
// rows of tables that the key's chunks bytes pick, with the Go kernel of
// join.go.
func clashes(tables []uint64, words, chunks int, keys []uint64) int {
	return clashesGo(tables, words, chunks, keys)
}
