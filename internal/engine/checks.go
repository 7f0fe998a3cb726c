package engine

import (
	"fmt"

	"github.com/gonqueens/nqueens/internal/deal"
)

// The checks of counts: those of a whole board, completed by Burnside's
// lemma and checked by it, and those a state holds.

// Complete returns the counts of the whole n×n board c, with Unique from
// Burnside's lemma, as Sums.Complete does.
func (c Counts) Complete(n int) (Counts, error) {
	var s Sums
	s.Add(c)
	w, err := s.Complete(n)
	if err != nil {
		return Counts{}, err
	}
	// Invariant90 <= Invariant180 <= Total < 2^64, which Complete checks:
	// Unique is at most (Total + Total + 2·Total) / 8, half of Total.
	c.Unique = w.Unique.lo
	return c, nil
}

// Complete returns the counts of the whole n×n board s, with Unique from
// Burnside's lemma, (Total + Invariant180 + 2·Invariant90) / 8 for
// n >= 2. It is the one check of a whole board's counts: it returns an
// error if the lemma refuses them, as only a wrong or damaged count makes
// them (a wrong Total makes a sum that 8 does not divide 7 times in 8),
// if s.Unique is set and differs from the lemma's, or if more solutions
// are left unchanged by a quarter turn than by a half turn, or by a half
// turn than there are, or, for a board of fewer than 4 squares a side,
// if they are not its counts.
func (s Sums) Complete(n int) (Sums, error) {
	unique := s.Total // the empty board and the lone queen: every symmetry fixes them
	ok := true
	if n >= 2 {
		sum := s.Total.add(s.Invariant180).add(s.Invariant90).add(s.Invariant90)
		unique, ok = wide{sum.hi >> 3, sum.hi<<61 | sum.lo>>3}, sum.lo%8 == 0
	}
	// A solution that a quarter turn leaves unchanged, a half turn does too.
	if !ok || s.Unique != (wide{}) && s.Unique != unique || s.Invariant180.less(s.Invariant90) || s.Total.less(s.Invariant180) {
		return Sums{}, fmt.Errorf("total %v, unique %v, %v solutions a quarter turn leaves unchanged and %v a half turn does, which Burnside's lemma refuses",
			s.Total, s.Unique, s.Invariant90, s.Invariant180)
	}
	s.Unique = unique
	if known, ok := methodOf(n, nil).known(n, deal.Shard{Of: 1}); ok {
		// Boards too small for the lemma to check: their counts are known.
		var want Sums
		want.Add(known)
		if s != want {
			return Sums{}, fmt.Errorf("total %v, unique %v, invariant90 %v and invariant180 %v, but the %d×%d board has %+v",
				s.Total, s.Unique, s.Invariant90, s.Invariant180, n, n, known)
		}
	}
	return s, nil
}

// Check reports counts that no count could have made: counts with no
// subproblem done, beyond the whole board's for a board without
// subproblems; unique counts that the split cannot have made; and whole
// counts that Burnside's lemma refuses. The subproblems of constellations
// count whole classes of solutions under the 8 symmetries, of 1, 2, 4 or
// 8 members each; a join counts no classes, and a whole count gets
// Unique from Burnside's lemma once it is done.
func (t *State) Check() error {
	c := t.Counts
	m := methodOf(t.N, nil)
	done := t.DoneCount()
	if done == 0 {
		want, _ := m.known(t.N, deal.Shard{Index: t.Shard, Of: t.Shards}) // counted without subproblems
		if c != want {
			return fmt.Errorf("counts %+v with no subproblem done, want %+v", c, want)
		}
		return nil
	}
	whole := t.Shards == 1 && done == t.Subproblems
	switch {
	case m.classes():
		if c.Unique > c.Total || c.Total/8 > c.Unique || c.Total/8 == c.Unique && c.Total%8 != 0 {
			return fmt.Errorf("total %d and unique %d cannot go together", c.Total, c.Unique)
		}
	case !whole && c.Unique != 0:
		return fmt.Errorf("unique %d from a join before its end", c.Unique)
	}
	if whole {
		if got, err := c.Complete(t.N); err != nil || got.Unique != c.Unique {
			return fmt.Errorf("counts %+v that Burnside's lemma refuses", c)
		}
	}
	return nil
}
