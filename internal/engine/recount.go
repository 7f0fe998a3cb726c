package engine

import "github.com/gonqueens/nqueens/internal/recount"

// A recount counts the subproblems of a count again with the plain
// backtracking of the package recount: a run of the join's splits split
// by split, with the split's weights; a constellation's subproblem square
// by square, each solution found weighed by the symmetries that fix its
// border as the count weighs it. The split, the subproblems and their
// deal to shards are the plan's, which both share. The searches of the
// solutions that a turn leaves unchanged, 2n quick subproblems, are run
// again by the same code.

// recountOf returns the counts of s, a run of splits or a constellation's
// subproblem, as the plain search finds them. It reports false if w.poll
// said to stop.
func (w *worker) recountOf(s *subproblem) (Counts, bool) {
	if r := s.run; r != nil {
		b := r.Board
		queens, rows := b.Queens(), b.Rows()
		split := recount.Split{Board: queens, Longest: len(queens)%2 == 0}
		var total uint64
		ok := true
		r.Splits(func(east, on, off uint64) bool {
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
	if len(s.c.fixers) == 0 {
		found, ok := recount.Board(s.board, nil, &w.poll)
		return Counts{Total: 8 * found, Unique: found}, ok
	}
	w.check.c, w.check.counts = s.c, Counts{}
	_, ok := recount.Board(s.board, w.check.visit, &w.poll)
	return w.check.counts, ok
}
