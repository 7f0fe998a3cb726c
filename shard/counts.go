package shard

import (
	"fmt"

	"github.com/gonqueens/nqueens"
	"github.com/gonqueens/nqueens/internal/engine"
)

// Counts holds the counts of one shard of a board, or of the whole board,
// and names which: all solutions ([OEIS A000170]), those up to rotation
// and reflection ([OEIS A002562]), and those a quarter turn and a half
// turn leave unchanged ([OEIS A033148] and [OEIS A032522]).
//
// [OEIS A000170]: https://oeis.org/A000170
// [OEIS A002562]: https://oeis.org/A002562
// [OEIS A033148]: https://oeis.org/A033148
// [OEIS A032522]: https://oeis.org/A032522
type Counts struct {
	Total uint64 // all solutions
	// Unique is the solutions up to rotation and reflection of a whole
	// board, once its count is done. A shard of more
	// than one holds no whole classes of solutions in general, and a
	// count not done (a State's) not all of them: their Unique is 0, and
	// Sum gets the whole board's from the other counts.
	Unique uint64
	// Invariant90 and Invariant180 are the solutions that a quarter turn,
	// and a half turn, of the board leave unchanged. By Burnside's lemma they give Unique from Total, for
	// n >= 2: Unique = (Total + Invariant180 + 2·Invariant90) / 8.
	Invariant90, Invariant180 uint64
	// Shard names what was counted: the board, and which shard of which
	// split, shard 0 of 1 for a whole count. It is the zero ID in counts
	// made by hand, which Sum refuses.
	Shard ID
}

// An ID names what a [Counts] counted: shard Index of Of of the N×N
// board, split by plan Plan (the [PlanVersion] of the code that counted
// it). A whole count is shard 0 of 1.
type ID struct {
	N     int // the board size
	Index int // the shard counted, from 0
	Of    int // the number of shards of the split
	Plan  int // the PlanVersion of the split
}

// String returns id as "n=16 shard 2 of 5 (plan 4)".
func (id ID) String() string {
	return fmt.Sprintf("n=%d shard %d of %d (plan %d)", id.N, id.Index, id.Of, id.Plan)
}

// Check returns nil if a count can have made id, and else an error
// wrapping [ErrJob] that says why not: a board size out of range (which
// matches [nqueens.ErrBoardSize] too), a plan before the first, or a
// shard outside its split.
func (id ID) Check() error {
	if why := id.fault(); why != nil {
		return &idError{id, why}
	}
	return nil
}

// An idError is the error of ID.Check: id, and what is wrong with it.
type idError struct {
	id  ID
	why error
}

func (e *idError) Error() string {
	return fmt.Sprintf("shard: %v names no shard a count makes: %v", e.id, e.why)
}

func (e *idError) Unwrap() []error { return []error{ErrJob, e.why} }

// fault returns what is wrong with id, as Check says it, or nil.
func (id ID) fault() error {
	switch {
	case id.N < 0 || id.N > nqueens.MaxN:
		return engine.SizeError{N: id.N, Max: nqueens.MaxN}
	case id.Plan < 1:
		return fmt.Errorf("plan %d, want 1 or more", id.Plan)
	}
	return checkShard(id.Index, id.Of)
}

// engine returns c as the engine's counts.
func (c Counts) engine() engine.Counts {
	return engine.Counts{Total: c.Total, Unique: c.Unique, Invariant90: c.Invariant90, Invariant180: c.Invariant180}
}

// countsOf returns the engine's counts c as the package's, of shard id.
// A shard of more than one holds no whole classes: its Unique is 0.
func countsOf(c engine.Counts, id ID) Counts {
	if id.Of > 1 {
		c.Unique = 0
	}
	return Counts{Total: c.Total, Unique: c.Unique, Invariant90: c.Invariant90, Invariant180: c.Invariant180, Shard: id}
}
