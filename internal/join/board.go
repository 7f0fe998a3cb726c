package join

import (
	"math"
	"math/bits"
	"sync/atomic"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/deal"
)

// minN and minOddN are the least even and odd boards the join counts,
// and maxN the largest, whose keys hold at most 2(n-2) diagonals, in 64
// bits: from minN on the join is faster than the constellations'
// backtracking, on one worker as on every core (at n = 15 the two tie).
const (
	minN    = 14
	minOddN = 17
	maxN    = 32
)

// Joins reports whether the join counts the n×n board.
func Joins(n int) bool {
	least := minN
	if n%2 == 1 {
		least = minOddN
	}
	return n >= least && n <= maxN
}

// The boards of a join, what each split of their rows stands for under
// the symmetries, and the runs of splits dealt out to shards.

// A Board is what a join counts: the n×n board, and on an odd board
// the queens of the middle row and column, which its splits leave out.
type Board struct {
	n int
	// rowQueen and colQueen, on an odd board, are the middle row's
	// queen's column and the middle column's queen's row, both n/2 for a
	// queen in the center; -1 on an even board.
	rowQueen, colQueen int
	// placements is the number of placements of the middle queens the
	// board stands for: 8, or 1 for the queen in the center and on an
	// even board.
	placements uint64
	keys       keyLayout
	// northQuarters keeps the north quarters of the east and the west
	// side for the board's joiners, if its halves have at most cachedHalf
	// rows: see quarterCache.
	northQuarters [2][]atomic.Pointer[northList]
	// runsLeft is the number of its runs of splits not yet counted: the
	// last one counted lets go of northQuarters.
	runsLeft atomic.Int64
	// maxQuarters is the most quarters a list may hold within the count's
	// memory limit.
	maxQuarters int
	// lists is the most quarters of a list of the board's splits, by half,
	// north and south, and by side, where liveMemory counted them (0 where
	// not): the room a joiner's lists take at once, so that they never
	// grow, whose old and new arrays would both be live while they are
	// copied.
	lists [2][2]int
}

// boards returns the boards that a join of the n×n board counts, n at
// least 4: the board itself if n is even; else the queen in the center,
// and one placement of each eight that symmetries make of two queens, one
// in the middle row and one in the middle column, that do not attack each
// other: the row's east of the middle and the column's south, farther.
func boards(n int) []*Board {
	m := n / 2
	var boards []*Board
	if n%2 == 0 {
		boards = []*Board{newBoard(n, -1, -1, 1)}
	} else {
		boards = []*Board{newBoard(n, m, m, 1)}
		for dy := 2; dy <= m; dy++ {
			for dx := 1; dx < dy; dx++ {
				boards = append(boards, newBoard(n, m+dx, m+dy, 8))
			}
		}
	}
	return boards
}

// newBoard returns the n×n board with the middle queens given, as
// Board holds them, that stands for placements placements of them.
func newBoard(n, rowQueen, colQueen int, placements uint64) *Board {
	b := &Board{n: n, rowQueen: rowQueen, colQueen: colQueen, placements: placements, maxQuarters: math.MaxInt}
	b.keys = newKeyLayout(n, b.rows(), rowQueen, colQueen)
	if m := n / 2; m <= cachedHalf {
		for s := range b.northQuarters {
			b.northQuarters[s] = make([]atomic.Pointer[northList], 1<<m)
		}
	}
	return b
}

// rows returns the rows that the board's splits share out: all of them
// but the middle row and the middle column queen's.
func (b *Board) rows() uint64 {
	if b.rowQueen < 0 {
		return board.FullRow(b.n)
	}
	return board.FullRow(b.n) &^ (1<<(b.n/2) | 1<<b.colQueen)
}

// eastCols returns the number of east columns that the splits fill: all
// but the middle row queen's.
func (b *Board) eastCols() int {
	if b.rowQueen > b.n/2 {
		return b.n/2 - 1
	}
	return b.n / 2
}

// splitWeights returns the number of splits that the split of rows r
// stands for: onLongest in the solutions with a queen on a longest
// diagonal, offLongest in the others, both 0 if other splits count them
// all.
func (b *Board) splitWeights(r uint64) (onLongest, offLongest uint64) {
	if b.rowQueen != b.colQueen { // no symmetry is left to the splits
		return 0, 1
	}
	n := b.n
	c := b.rows() &^ r
	rr, rc := board.ReverseRow(r, n), board.ReverseRow(c, n)
	if r > rr {
		return 0, 0
	}
	if b.rowQueen < 0 { // even: the reflection top to bottom for those on a longest diagonal
		onLongest = 2
		if r == rr {
			onLongest = 1
		}
	}
	if r <= c && r <= rc {
		// The set is {r, c, rr, rc}; c is never r, nor rr rc.
		offLongest = 2
		if rr != r && rr != c {
			offLongest = 4
		}
	}
	return onLongest, offLongest
}

// halves returns the rows of b's splits in its north half and in its
// south half.
func (b *Board) halves() (north, south uint64) {
	n, m := b.n, b.n/2
	return board.FullRow(m) & b.rows(), board.FullRow(n) &^ board.FullRow(n-m) & b.rows()
}

// Limit sets the most quarters a list of b's joiners may hold.
func (b *Board) Limit(maxQuarters int) { b.maxQuarters = maxQuarters }

// Hold records one more run of b's splits to count: a count holds each
// run it will count, so that the last one lets go of what the board
// keeps.
func (b *Board) Hold() { b.runsLeft.Add(1) }

// release records a run of b's splits counted: the last lets go of the
// north quarters its joiners kept.
func (b *Board) release() {
	if b.runsLeft.Add(-1) == 0 {
		for _, kept := range b.northQuarters {
			for i := range kept {
				kept[i].Store(nil)
			}
		}
	}
}

// A Run is the join's subproblem: a run of the splits of a board, count
// of them from first on, the splits of the board's rows in the order of
// the numbers whose bits pick them from the rows, eastCols bits set.
type Run struct {
	Board *Board
	first uint64
	count int
}

// Runs returns the join's subproblems of the n×n board, minN <= n <=
// maxN, that d deals to its shard. The splits of its boards are cut into
// runs, in their order, at least many of them if there are as many
// splits, and the runs are dealt out; only the shard's are made.
func Runs(n, many int, d deal.Shard) []Run {
	boards := boards(n)
	var splits uint64
	for _, b := range boards {
		splits += binomial(bits.OnesCount64(b.rows()), b.eastCols())
	}
	run := max(1, splits/uint64(many))
	var runs []Run
	index := uint64(0) // of the board's first run among all the runs
	for _, b := range boards {
		free, k := bits.OnesCount64(b.rows()), b.eastCols()
		total := binomial(free, k)
		boardRuns := (total + run - 1) / run
		for r := d.First(index) - index; r < boardRuns; r += uint64(d.Of) {
			first := r * run
			runs = append(runs, Run{Board: b, first: unrankSubset(first, k), count: int(min(run, total-first))})
		}
		index += boardRuns
	}
	return runs
}

// unrankSubset returns the subset of k bits that comes rank-th in
// increasing order, as nextSubset lists them: the largest bit c with
// C(c, k) <= rank is set, and the rest of the rank picks k-1 bits below.
func unrankSubset(rank uint64, k int) uint64 {
	var s uint64
	for ; k > 0; k-- {
		c := k - 1
		for binomial(c+1, k) <= rank {
			c++
		}
		s |= 1 << c
		rank -= binomial(c, k)
	}
	return s
}

// nextSubset returns the next larger number than s with as many bits set:
// Gosper's hack.
func nextSubset(s uint64) uint64 {
	low := s & -s // x & -x keeps only the lowest set bit
	ripple := s + low
	return ripple | ((s^ripple)>>2)/low
}

// spread returns the bits of mask that the low bits of s pick: bit i of s
// picks mask's i-th set bit.
func spread(s, mask uint64) uint64 {
	var r uint64
	for ; s != 0 && mask != 0; s >>= 1 {
		low := mask & -mask
		if s&1 != 0 {
			r |= low
		}
		mask ^= low
	}
	return r
}

// binomial returns n choose k.
func binomial(n, k int) uint64 {
	b := uint64(1)
	for i := 1; i <= k; i++ {
		b = b * uint64(n-k+i) / uint64(i)
	}
	return b
}

// Queens returns the queens the board holds before its splits, a column
// for each row or board.Free: on an odd board the middle row's and the
// middle column's, on an even board none.
func (b *Board) Queens() []int {
	q := make([]int, b.n)
	for i := range q {
		q[i] = board.Free
	}
	if b.rowQueen >= 0 {
		q[b.n/2], q[b.colQueen] = b.rowQueen, b.n/2
	}
	return q
}

// Rows returns the rows that the board's splits share out.
func (b *Board) Rows() uint64 { return b.rows() }

// Placements returns how many placements of the middle queens the board
// stands for: its counts are to be multiplied by it.
func (b *Board) Placements() uint64 { return b.placements }

// Splits calls yield with each split of the run, in order, until yield
// returns false: the rows whose queen stands in the east half, and the
// weights of the split's solutions with a queen on a longest diagonal and
// of the others, both 0 for a split that another counts.
func (r *Run) Splits(yield func(east, on, off uint64) bool) {
	s := r.first
	for range r.count {
		east := spread(s, r.Board.rows())
		on, off := r.Board.splitWeights(east)
		if !yield(east, on, off) {
			return
		}
		s = nextSubset(s)
	}
}
