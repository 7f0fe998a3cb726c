//go:build !purego

package nqueens

import "golang.org/x/sys/cpu"

// useMatchAsm reports whether the processor has what the orCount kernels
// need: AVX2 (Intel's since 2013, AMD's since 2015) and POPCNT.
var useMatchAsm = cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT

// clashes returns the number of bits set in the OR of rows, all of one
// length: with an assembly kernel of zmatch_amd64.s where the processor
// runs it, else with clashesGo.
func clashes(rows [][]uint64) int {
	if !useMatchAsm || len(rows[0]) == 0 {
		return clashesGo(rows)
	}
	w := len(rows[0])
	switch len(rows) {
	case 1:
		return orCount1(&rows[0][0], w)
	case 2:
		return orCount2(&rows[0][0], &rows[1][0], w)
	case 3:
		return orCount3(&rows[0][0], &rows[1][0], &rows[2][0], w)
	case 4:
		return orCount4(&rows[0][0], &rows[1][0], &rows[2][0], &rows[3][0], w)
	case 5:
		return orCount5(&rows[0][0], &rows[1][0], &rows[2][0], &rows[3][0], &rows[4][0], w)
	case 6:
		return orCount6(&rows[0][0], &rows[1][0], &rows[2][0], &rows[3][0], &rows[4][0], &rows[5][0], w)
	case 7:
		return orCount7(&rows[0][0], &rows[1][0], &rows[2][0], &rows[3][0], &rows[4][0], &rows[5][0], &rows[6][0], w)
	case 8:
		return orCount8(&rows[0][0], &rows[1][0], &rows[2][0], &rows[3][0], &rows[4][0], &rows[5][0], &rows[6][0], &rows[7][0], w)
	}
	return clashesGo(rows)
}
