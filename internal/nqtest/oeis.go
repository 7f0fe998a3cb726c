package nqtest

// The known counts of the n-queens problem, from the On-Line
// Encyclopedia of Integer Sequences: what a search must find.

// Total holds the solutions of the n×n board, n = 0, 1, ...: OEIS
// A000170, with a(0) = 1 for the empty board.
var Total = []uint64{
	1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
	2279184, 14772512, 95815104, 666090624, 4968057848, 39029188884,
	314666222712,
}

// Unique holds the fundamental solutions of the n×n board, those that no
// rotation or reflection maps onto each other: OEIS A002562, with
// a(0) = 1.
var Unique = []uint64{
	1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053,
	1846955, 11977939, 83263591, 621012754, 4878666808, 39333324973,
}

// Invariant90 holds the solutions of the n×n board that a quarter turn
// leaves unchanged: OEIS A033148, with a(0) = 1.
var Invariant90 = []uint64{1, 1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0, 64, 128, 0, 0, 480}

// Invariant180 returns the solutions of the n×n board, n < len(Invariant90),
// that a half turn leaves unchanged (OEIS A032522), from the others by
// Burnside's lemma, 8·Unique = Total + Invariant180 + 2·Invariant90, for
// n >= 2; the empty board and the lone queen are left unchanged by every
// turn.
func Invariant180(n int) uint64 {
	if n < 2 {
		return Total[n]
	}
	return 8*Unique[n] - Total[n] - 2*Invariant90[n]
}
