package shard

import (
	"fmt"
	"slices"
	"strings"

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
	// Kernels names the kernels that counted, as [Kernels] names those
	// of this processor: several, separated by "; ", for a count resumed
	// on other kernels than its State's, and "unknown" for the part of a
	// count resumed from a State of a format before kernels were named
	// (StateFormat 4). A recount by the join ([ByJoin]) runs on none of
	// them that the processor can replace ([Job.RecountKernels]). It is
	// "" in the counts of a recount, and in counts made by hand.
	Kernels string
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

// countsOf returns the engine's counts c as the package's, of shard id,
// counted on kernels. A shard of more than one holds no whole classes:
// its Unique is 0.
func countsOf(c engine.Counts, id ID, kernels string) Counts {
	if id.Of > 1 {
		c.Unique = 0
	}
	return Counts{Total: c.Total, Unique: c.Unique, Invariant90: c.Invariant90, Invariant180: c.Invariant180, Shard: id, Kernels: kernels}
}

// Kernels names the kernels that a count runs on this processor, as
// [Counts] records them: the join's matching, its listing of half-boards
// and its laying out of tables, and the search's filling of the last
// rows, as "match=avx2 pairs=avx2 transpose=avx2 tail=bmi2", "go" for
// the Go kernels. The processor chooses them, the first of each kind that
// it has every feature of and that passes a self-check against the Go
// ones; GODEBUG turns features off (cpu.avx512f=off selects the AVX2
// kernels, with cpu.avx2=off too the Go ones), and so does the purego
// build tag. Its first call makes the self-checks, about a millisecond.
func Kernels() string { return engine.CountKernels() }

// FirstOverflow is the least board size whose count passes 2^64, which a
// uint64 cannot hold: a whole count of it is refused at once with an
// error wrapping nqueens.ErrOverflow, and its shards, each of which
// holds less, add up exactly (Sum).
const FirstOverflow = engine.FirstOverflow

// FailedKernels names the kernels that this processor has every feature
// of but that failed their self-check, each as Kernels names a kernel
// ("match=avx2"): the next in line replaced each, and Kernels names that
// one. It is empty on a sound machine; a kernel in it says that the
// processor, or its build, computes wrongly, and that its counts deserve
// a recount elsewhere (Job.RecountKernels).
func FailedKernels() []string { return engine.FailedKernels() }

// withKernels returns the list of kernels list, "; "-separated, with set
// added unless it holds it already or set is "".
func withKernels(list, set string) string {
	switch {
	case set == "" || slices.Contains(strings.Split(list, engine.KernelsSep), set):
		return list
	case list == "":
		return set
	}
	return list + engine.KernelsSep + set
}
