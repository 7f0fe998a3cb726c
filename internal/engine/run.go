package engine

import (
	"github.com/gonqueens/nqueens/internal/join"
	"github.com/gonqueens/nqueens/internal/recount"
)

// The join's runs of splits as subproblems: counted by a joiner of the
// package join, recounted by one that checks (join.NewCheckJoiner), or
// split by split by the plain backtracking of the package recount, with
// the split's weights.

// A joinRun is a run of the join's splits, a subproblem.
type joinRun struct{ r *join.Run }

// solve counts the run with w's joiner.
func (s joinRun) solve(w *worker) (Counts, bool) { return s.joined(w, join.NewJoiner) }

// joined counts the run with w's joiner, which newJoiner makes anew for
// another board.
func (s joinRun) joined(w *worker, newJoiner func(*join.Board) *join.Joiner) (Counts, bool) {
	if w.joiner == nil || w.joiner.Board() != s.r.Board {
		w.joiner = newJoiner(s.r.Board)
	}
	total, ok := w.joiner.CountRun(s.r, &w.poll)
	return Counts{Total: total}, ok
}

// recount counts the run again: for JoinRecount, with a joiner that
// checks; else split by split by plain backtracking, which keeps nothing
// of the join's.
func (s joinRun) recount(w *worker, how Recount) (Counts, bool) {
	if how == JoinRecount {
		return s.joined(w, func(b *join.Board) *join.Joiner { return join.NewCheckJoiner(b, w.checkOn) })
	}
	b := s.r.Board
	queens, rows := b.Queens(), b.Rows()
	split := recount.Split{Board: queens, Longest: len(queens)%2 == 0}
	var total uint64
	ok := true
	s.r.Splits(func(east, on, off uint64) bool {
		if on == 0 && off == 0 {
			return true
		}
		split.East, split.West = east, rows&^east
		var by [3]uint64
		by, ok = split.Count(&w.poll)
		total += off*by[0] + 2*on*by[1] + 4*on*by[2]
		return ok
	})
	return Counts{Total: total * b.Placements()}, ok
}

// begin holds the run's board, whose quarters its joiners keep until its
// last run is counted; a plain recount keeps none.
func (s joinRun) begin(how Recount) {
	if how != PlainRecount {
		s.r.Board.Hold()
	}
}

func (s joinRun) quick() bool { return false }
func (s joinRun) group() any  { return s.r.Board }
