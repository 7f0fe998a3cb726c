// Package board holds what every layer of the engine says of a board, in
// plain values: its size limit, rows as bit masks, squares and their
// attacks, and the eight symmetries of the square. A board is a []int, the
// column of each row's queen or Free.
package board

import "math/bits"

// MaxN is the largest board searched: one bit of a uint64 per column.
const MaxN = 64

// Free marks a row without a queen.
const Free = -1

// FullRow returns the mask of an n-square row: its low n bits set.
func FullRow(n int) uint64 {
	return ^uint64(0) >> (64 - n) // a shift by 64 or more gives 0 in Go
}

// ReverseRow returns the n low bits of x mirrored, bit c to bit n-1-c:
// the columns of a row turned left to right, or a set of rows upside down.
func ReverseRow(x uint64, n int) uint64 { return bits.Reverse64(x) >> (64 - n) }

// Attacks reports whether queens on the distinct squares (r1, c1) and
// (r2, c2) attack each other.
func Attacks(r1, c1, r2, c2 int) bool {
	dr, dc := r1-r2, c1-c2
	return dr == 0 || dc == 0 || dr == dc || dr == -dc
}

// AttackedBy returns the squares of row that the queens of board attack:
// their columns, and the columns their diagonals cross row at.
func AttackedBy(board []int, row int) uint64 {
	var attacked uint64
	for r, c := range board {
		if c == Free {
			continue
		}
		dist := row - r
		if dist < 0 {
			dist = -dist
		}
		attacked |= 1 << c
		if c+dist < len(board) {
			attacked |= 1 << (c + dist)
		}
		if c-dist >= 0 {
			attacked |= 1 << (c - dist)
		}
	}
	return attacked
}
