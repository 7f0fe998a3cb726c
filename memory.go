package nqueens

import (
	"fmt"
	"math"
)

// The memory a count takes, as a model of its peak, so that a count that
// would take more than its limit is refused before it starts.
//
// A worker of the join keeps, at most: the tables of a block of east
// half-boards, 4 MiB for each 8 diagonals of the keys; the keys of a part
// of each side, as listed and sorted (partFor), and the starts of the
// sieve's values; and four lists of quarters, north and
// south on each side. The lists are the one part that grows with n beyond
// a bound of the join's making: the model puts the longest at 9·m!/2^m
// quarters for n = 2m and 2m+1, as the board of an odd n with its queen in
// the center splits 2m rows as the board of 2m does.
// The longest lists of all the sets of rows hold 92, 296, 1,174, 5,366 and
// 26,548 quarters for n = 12 to 20, and the longest found for n = 22 to
// 27, 143,140, 52,300, 788,698, 282,838, 4,684,690 and 1,752,879: the
// model is 1.2 to 2.5 times more. A board of halves of at most cachedHalf
// rows also keeps the north quarters of every set of rows, for each board
// that the workers have runs of at once: the 2^m lists of a side hold
// 0.31, 0.28, 0.24 and 0.21 times 2^m of the longest for n = 12 to 18
// (0.21 to 0.16 if odd), and the model takes 0.35. The constellations
// keep their list, up to n⁴/8 of them, and the shard's subproblems, each
// with its board. Go's collector lets the heap grow to twice what is live
// before it collects (GOGC=100): the peak is taken as twice the live
// memory, and baseBytes more for the runtime.

// DefaultMemoryLimit is the most memory a count may take, as
// [EstimateMemory] puts it, unless [WithMemoryLimit] says otherwise: 4 GiB.
const DefaultMemoryLimit = 4 << 30

const (
	baseBytes          = 16 << 20 // the runtime and the program around the count
	quarterBytes       = 16       // a quarter in a list
	listBytes          = 80       // a quarter in each of the four lists of a joiner: 16 north, 24 south
	constellationBytes = 112      // a constellation, with its pointer
	taskBytes          = 64       // a subproblem, with its pointer, besides its board
	keptShare          = 0.35     // the quarters a board keeps on a side, over 2^m longest lists
)

// longestList returns the most quarters that a list of a joiner of the
// n×n board holds, as the model puts it: 9·m!/2^m, m = n/2.
func longestList(n int) float64 {
	q := 9.0
	for i := 1; i <= n/2; i++ {
		q *= float64(i) / 2
	}
	return q
}

// memoryEstimate returns the peak memory of a count of the n×n board on
// workers workers, in bytes, as the model puts it: of the runs of the join
// if it joins, and else of shard of shards of the constellations. It also
// returns the longest list of quarters that the model assumes, 0 for the
// constellations.
func memoryEstimate(n int, runs []joinTask, shards, workers int) (bytes, quarters float64) {
	var live float64
	if len(runs) > 0 {
		b := runs[0].board
		quarters = longestList(n)
		tables := 8 * maxTables(b.keys.keyBits, blockKeys)
		keys := 4*8*partFor(n) + 3*8*batchKeys + 3*8*(3<<maxSieve+1) + 8<<maxSieve
		live = float64(min(workers, len(runs))) * (float64(tables+keys) + listBytes*quarters)
		if b.northQuarters[0] != nil {
			kept := float64(keptBoards(runs, workers)) * 2 * keptShare * float64(int(1)<<(n/2)) * quarters
			live += kept * quarterBytes
		}
	} else if n >= 4 {
		// The depth of the split makes at least as many subproblems as
		// wanted, and at most n times as many.
		cs := math.Pow(float64(n), 4) / 8
		subproblems := max(cs, float64(n)*float64(max(minTasks, tasksPerShard*shards)))
		live = cs*constellationBytes + (subproblems/float64(shards)+1)*float64(taskBytes+8*n)
	}
	return baseBytes + 2*live, quarters
}

// keptBoards returns the most boards that keep their quarters at once
// while workers count runs, handed out in order: the boards of any
// workers runs in a row. A board's runs come one after another.
func keptBoards(runs []joinTask, workers int) int {
	most := 0
	for i := range runs {
		boards := 1
		for k := i + 1; k < min(i+workers, len(runs)); k++ {
			if runs[k].board != runs[k-1].board {
				boards++
			}
		}
		most = max(most, boards)
	}
	return most
}

// checkMemory returns an error wrapping ErrMemory if a count of the n×n
// board on workers workers, whose estimate is bytes with lists of
// quarters up to quarters long, would take more than limit bytes, and
// else the most quarters that a list of its joiners may hold within the
// limit: the longest that the model assumes, and more if the limit has
// room for all of them to grow alike.
func checkMemory(n int, bytes, quarters float64, workers int, limit int64) (maxQuarters int, err error) {
	if bytes > float64(limit) {
		on := fmt.Sprintf("%d workers", workers)
		if workers == 1 {
			on = "1 worker"
		}
		return 0, fmt.Errorf("%w: counting n=%d on %s takes about %s, over the limit of %s: raise the limit, or count with fewer workers",
			ErrMemory, n, on, formatBytes(bytes), formatBytes(float64(limit)))
	}
	return int(min(quarters*float64(limit)/bytes, math.MaxInt32)), nil
}

// formatBytes writes a number of bytes in the largest of B, KiB, MiB and
// GiB that it reaches.
func formatBytes(b float64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", b/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.0f MiB", b/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.0f KiB", b/(1<<10))
	}
	return fmt.Sprintf("%.0f B", b)
}
