package shard

import (
	"fmt"

	"github.com/gonqueens/nqueens/internal/engine"
)

// A State is how far a count has come: which subproblems of its shard are
// done, and what they counted. A [Job]'s Save hands one out every so
// often, and its Resume takes it back so that a count goes on where it
// stopped, searching only the subproblems left. A State is small: a bit
// for each subproblem of the shard, for a whole count that joins
// half-boards 4,096 to 8,191 runs of splits (3,432 for n = 14) and 2n
// searches of the solutions that a turn leaves unchanged. Only a count
// makes one, and its methods read it; MarshalBinary writes it with a
// checksum, and MarshalText writes the same bytes in base64, so that
// encoding/json and other text formats keep all of it.
type State struct {
	plan  int          // the PlanVersion of the split
	state engine.State // the count's board, shard, subproblems and counts
	// kernels names the kernels that counted the subproblems done, as
	// Counts.Kernels does.
	kernels string
}

// Counts returns what the subproblems done counted, which name the count
// as their Shard (its board, shard and PlanVersion): the counts of the
// whole shard once Done equals Subproblems. As [Counts] says, Unique is 0
// until a whole board's count is done.
func (s State) Counts() Counts {
	t := &s.state
	c := t.Counts
	if t.Shards > 1 || t.DoneCount() < t.Subproblems {
		c.Unique = 0
	}
	return countsOf(c, ID{N: t.N, Index: t.Shard, Of: t.Shards, Plan: s.plan}, s.kernels)
}

// Recount reports whether s is the state of a recount ([Job.Recount]),
// and by which method: ByJoin or ByBacktracking.
func (s State) Recount() (bool, RecountMethod) {
	k, _ := kindOf(func(k kind) engine.Recount { return k.engine }, s.state.Recount)
	return k.recount, k.method
}

// Done returns the number of subproblems done.
func (s State) Done() int { return s.state.DoneCount() }

// Subproblems returns the number of subproblems of the count.
func (s State) Subproblems() int { return s.state.Subproblems }

// planMatches returns an error wrapping ErrStateMismatch if s is of
// another split plan than this package's.
func (s State) planMatches() error {
	if s.plan != PlanVersion {
		why := fmt.Sprintf("a state of split plan %d, but this count splits with plan %d", s.plan, PlanVersion)
		return engine.Public("shard", &engine.MismatchError{Why: why})
	}
	return nil
}

// resumable returns s's state for a count to go on from, or an error
// wrapping ErrJob for the zero State, which no count handed out,
// ErrStateMismatch for a State of another split plan, or ErrState for
// counts that no count made. The engine checks the rest against the count
// it plans.
func (s State) resumable() (*engine.State, error) {
	if s.state.Shards == 0 {
		return nil, fmt.Errorf("%w: a Resume of the zero State, which no count handed out: resume from a State that Save was given", ErrJob)
	}
	if err := s.planMatches(); err != nil {
		return nil, err
	}
	if err := s.state.Check(); err != nil {
		return nil, stateError("%v", err)
	}
	t := s.state.Clone()
	return &t, nil
}
