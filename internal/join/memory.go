package join

// The memory of the join, as a model of its peak, which the engine's
// model of a count adds up.
//
// A joiner keeps, at most: the tables of a block of east half-boards,
// 4 MiB for each 8 diagonals of the keys; the keys of a part of each side,
// as listed and sorted (partFor), and the starts of the sieve's values;
// and four lists of quarters, north and south on each side. The lists are
// the one part that grows with n beyond a bound of the join's making: the
// model puts the longest at 9·m!/2^m quarters for n = 2m and 2m+1, as the
// board of an odd n with its queen in the center splits 2m rows as the
// board of 2m does. The longest lists of all the sets of rows hold 92,
// 296, 1,174, 5,366 and 26,548 quarters for n = 12 to 20, and the longest
// found for n = 22 to 27, 143,140, 52,300, 788,698, 282,838, 4,684,690 and
// 1,752,879: the model is 1.2 to 2.5 times more. A board of halves of at
// most cachedHalf rows also keeps the north quarters of every set of
// rows, for each board that the workers have runs of at once: the 2^m
// lists of a side hold 0.31, 0.28, 0.24 and 0.21 times 2^m of the longest
// for n = 12 to 18 (0.21 to 0.16 if odd), and the model takes 0.35.

const (
	quarterBytes = 16   // a quarter in a list
	listBytes    = 80   // a quarter in each of the four lists of a joiner: 16 north, 24 south
	keptShare    = 0.35 // the quarters a board keeps on a side, over 2^m longest lists
)

// LongestList returns the most quarters that a list of a joiner of the
// n×n board holds, as the model puts it: 9·m!/2^m, m = n/2.
func LongestList(n int) float64 {
	q := 9.0
	for i := 1; i <= n/2; i++ {
		q *= float64(i) / 2
	}
	return q
}

// Memory returns the live memory, in bytes, of workers joiners counting
// runs, the subproblems of one count of the n×n board, as the model puts
// it, with lists of quarters of up to LongestList(n).
func Memory(n int, runs []Run, workers int) float64 {
	if len(runs) == 0 {
		return 0
	}
	b := runs[0].Board
	tables := 8 * maxTables(b.keys.keyBits, blockKeys)
	keys := 4*8*partFor(n) + 3*8*batchKeys + 3*8*(3<<maxSieve+1) + 8<<maxSieve
	live := float64(min(workers, len(runs))) * (float64(tables+keys) + listBytes*LongestList(n))
	if b.northQuarters[0] != nil {
		kept := float64(keptBoards(runs, workers)) * 2 * keptShare * float64(int(1)<<(n/2)) * LongestList(n)
		live += kept * quarterBytes
	}
	return live
}

// keptBoards returns the most boards that keep their quarters at once
// while workers count runs, handed out in order: the boards of any
// workers runs in a row. A board's runs come one after another.
func keptBoards(runs []Run, workers int) int {
	most := 0
	for i := range runs {
		boards := 1
		for k := i + 1; k < min(i+workers, len(runs)); k++ {
			if runs[k].Board != runs[k-1].Board {
				boards++
			}
		}
		most = max(most, boards)
	}
	return most
}
