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
	"github.com/gonqueens/nqueens/internal/poll"
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
func (s Split) Count(p *poll.Poller) (byLongest [3]uint64, ok bool) {
	n := len(s.Board)
	m := n / 2
	west := board.FullRow(m)
	east := board.FullRow(n) &^ board.FullRow(n-m)
	q := queens{n: n, p: p, by: &byLongest}
	for row := range n {
		var allow, longest uint64
		switch {
		case s.East>>row&1 != 0:
			allow = east
			if s.Longest {
				allow &^= 1<<row | 1<<(n-1-row) // off both longest diagonals
			}
		case s.West>>row&1 != 0:
			allow = west
			if s.Longest {
				longest = (1<<row | 1<<(n-1-row)) & west
			}
		default:
			continue
		}
		q.add(row, allow&^board.AttackedBy(s.Board, row), longest)
	}
	q.fill(0, 0, 0, 0, 0)
	return byLongest, !q.halted
}

// Board returns the ways to fill the free rows of b, whose queens do not
// attack each other, calling visit with each, if visit is not nil, until
// it returns false. It reports false if p said to stop or visit to end.
// The solution passed to visit is reused.
func Board(b []int, visit func([]int) bool, p *poll.Poller) (uint64, bool) {
	n := len(b)
	var found [3]uint64
	q := queens{n: n, p: p, by: &found, visit: visit, sol: append([]int(nil), b...)}
	for row, col := range b {
		if col == board.Free {
			q.add(row, board.FullRow(n)&^board.AttackedBy(b, row), 0)
		}
	}
	q.fill(0, 0, 0, 0, 0)
	return found[0], !q.halted
}

// queens is one plain search, Richards' method over the rows to fill: the
// squares of each row that the queens given leave free, and the columns
// and diagonals that the queens placed attack, carried from row to row.
type queens struct {
	n     int
	rows  []int    // the rows to fill, in order
	allow []uint64 // of each of rows, the columns its queen may take
	// longest holds, of each of rows, the columns of its squares on a
	// longest diagonal that count: a west row's, for Split.Longest.
	longest []uint64
	by      *[3]uint64
	visit   func([]int) bool
	sol     []int
	p       *poll.Poller
	nodes   int
	halted  bool
}

// add appends row to the rows to fill, its queen in a column of allow.
func (q *queens) add(row int, allow, longest uint64) {
	q.rows = append(q.rows, row)
	q.allow = append(q.allow, allow)
	q.longest = append(q.longest, longest)
}

// fill places a queen in each of q.rows from i on, on longest diagonals
// so far, given the columns cols attacked in row q.rows[i] and the
// diagonals left and right attacked there, shifted one column a row.
func (q *queens) fill(i int, cols, left, right uint64, on int) {
	if i == len(q.rows) {
		q.by[on]++
		if q.visit != nil && !q.visit(q.sol) {
			q.halted = true
		}
		return
	}
	if q.nodes++; q.nodes%pollEvery == 0 && q.p.Stopped() {
		q.halted = true
		return
	}
	free := q.allow[i] &^ (cols | left | right)
	if i == len(q.rows)-1 && q.visit == nil {
		// The last row: each free square is a solution.
		q.by[on] += uint64(bits.OnesCount64(free &^ q.longest[i]))
		if l := free & q.longest[i]; l != 0 {
			q.by[on+1] += uint64(bits.OnesCount64(l))
		}
		return
	}
	gap := 0
	if i+1 < len(q.rows) {
		gap = q.rows[i+1] - q.rows[i]
	}
	for ; free != 0 && !q.halted; free &= free - 1 {
		bit := free & -free // x & -x keeps only the lowest set bit of x
		next := on
		if bit&q.longest[i] != 0 {
			next++
		}
		if q.sol != nil {
			q.sol[q.rows[i]] = bits.TrailingZeros64(bit)
		}
		q.fill(i+1, cols|bit, (left|bit)<<gap, (right|bit)>>gap, next)
	}
}
