// Package recount counts the engine's subproblems again by plain
// backtracking, sharing nothing with the methods that counted them first:
// no key, sieve, table or matching kernel of the join, no frame or
// generated kernel of the constellations. It is slow, a search of the
// whole tree below each subproblem, and plain enough to trust: a check of
// a count, not a way to make one.
//
// Its board is a []int, a column for each row or board.Free, as in the
// package board; a split is given as plain values too (see Split), which
// the engine reads off the plan that both methods share.
package recount

import (
	"math/bits"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/work"
)

// pollEvery is how many nodes a search visits between two polls.
const pollEvery = 1 << 14

// A Split is one split of the rows of a join board, as plain values: the
// n×n board with the queens it holds already (a column for each row, or
// board.Free: on an odd board the middle row's and the middle column's),
// the rows whose queen stands in the east half, East, and those in the
// west, West. The east half is the columns from n-n/2 on, the west half
// those below n/2. Longest, on an even board, says that the east queens
// stand off both longest diagonals, and that the west ones are counted
// by how many of them stand on one.
type Split struct {
	Board      []int
	East, West uint64
	Longest    bool
}

// Count returns the ways to place the queens of s's rows, each east row's
// in an east column and each west row's in a west column, none attacking
// another or a queen of s.Board, by how many west queens stand on a
// longest diagonal (always 0 unless s.Longest). It reports false if p said
// to stop.
func (s Split) Count(p *work.Poller) (byLongest [3]uint64, ok bool) {
	n := len(s.Board)
	m := n / 2
	west := board.FullRow(m)
	east := board.FullRow(n) &^ board.FullRow(n-m)
	q := queens{n: n, p: p, by: &byLongest}
	for row, col := range s.Board {
		if col != board.Free {
			q.place(row, col)
		}
	}
	q.allow = make([]uint64, n)
	q.rows = q.rows[:0]
	for row := range n {
		switch {
		case s.East>>row&1 != 0:
			q.allow[row] = east
			if s.Longest {
				q.allow[row] &^= 1<<row | 1<<(n-1-row) // off both longest diagonals
			}
		case s.West>>row&1 != 0:
			q.allow[row] = west
		default:
			continue
		}
		q.rows = append(q.rows, row)
	}
	q.longest = s.Longest
	q.fill(0, 0)
	return byLongest, !q.halted
}

// Board returns the ways to fill the free rows of b, whose queens do not
// attack each other, calling visit with each, if visit is not nil, until
// it returns false. It reports false if p said to stop or visit to end.
// The solution passed to visit is reused.
func Board(b []int, visit func([]int) bool, p *work.Poller) (uint64, bool) {
	n := len(b)
	var found [3]uint64
	q := queens{n: n, p: p, by: &found, visit: visit, sol: make([]int, n)}
	q.allow = make([]uint64, n)
	for row, col := range b {
		if col != board.Free {
			q.place(row, col)
			q.sol[row] = col
			continue
		}
		q.allow[row] = board.FullRow(n)
		q.rows = append(q.rows, row)
	}
	q.fill(0, 0)
	return found[0], !q.halted
}

// queens is one plain search: the queens placed as sets of columns and of
// the two kinds of diagonal, each diagonal a bit of a pair of words, the
// free squares of a row read off them as a window of each.
type queens struct {
	n     int
	rows  []int    // the rows to fill, in order
	allow []uint64 // the columns each row's queen may take
	cols  uint64
	// Square (r, c) is on diagonal r+c and on anti-diagonal c-r+n-1.
	diag, anti [2]uint64
	longest    bool // count the west queens on a longest diagonal
	by         *[3]uint64
	visit      func([]int) bool
	sol        []int
	p          *work.Poller
	nodes      int
	halted     bool
}

// place puts a queen on (r, c), or takes it off: it flips its column and
// diagonals.
func (q *queens) place(r, c int) {
	q.cols ^= 1 << c
	d, a := r+c, c-r+q.n-1
	q.diag[d/64] ^= 1 << (d % 64)
	q.anti[a/64] ^= 1 << (a % 64)
}

// free returns the columns of row r that no queen attacks: column c's
// square lies on diagonal r+c and anti-diagonal c-r+n-1, bit c of the
// windows of the sets that start at bits r and n-1-r.
func (q *queens) free(r int) uint64 {
	return board.FullRow(q.n) &^ (q.cols | window(q.diag, r) | window(q.anti, q.n-1-r))
}

// window returns bits s to s+63 of the 128-bit set x.
func window(x [2]uint64, s int) uint64 {
	if s >= 64 {
		return x[1] >> (s - 64)
	}
	return x[0]>>s | x[1]<<(64-s) // a shift by 64 gives 0 in Go
}

// fill places a queen in each of q.rows from i on, onLongest west queens
// on a longest diagonal so far, one square at a time.
func (q *queens) fill(i, onLongest int) {
	if q.halted {
		return
	}
	if i == len(q.rows) {
		q.by[onLongest]++
		if q.visit != nil && !q.visit(q.sol) {
			q.halted = true
		}
		return
	}
	if q.nodes++; q.nodes%pollEvery == 0 && q.p.Stopped() {
		q.halted = true
		return
	}
	r := q.rows[i]
	for free := q.allow[r] & q.free(r); free != 0; free &= free - 1 {
		c := bits.TrailingZeros64(free)
		on := onLongest
		if q.longest && c < q.n/2 && (r == c || r+c == q.n-1) {
			on++
		}
		q.place(r, c)
		if q.sol != nil {
			q.sol[r] = c
		}
		q.fill(i+1, on)
		q.place(r, c)
		if q.halted {
			return
		}
	}
}
