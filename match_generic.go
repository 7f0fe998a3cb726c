//go:build !amd64 || purego

package nqueens

// clashes returns the number of bits set in the OR of rows, all of one
// length, with the Go kernel of join.go.
func clashes(rows [][]uint64) int { return clashesGo(rows) }
