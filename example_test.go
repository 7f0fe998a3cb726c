package nqueens_test

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"time"

	"github.com/gonqueens/nqueens"
)

// Count is the call to make for the number of solutions.
func ExampleCount() {
	total, err := nqueens.Count(8)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(total)
	// Output: 92
}

// CountContext gives both counts from one search, and stops when its
// context is done.
func ExampleCountContext() {
	c, err := nqueens.CountContext(context.Background(), 10, nqueens.WithWorkers(2))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Total, "solutions,", c.Unique, "up to symmetry")
	// Output: 724 solutions, 92 up to symmetry
}

// Enumerate hands each solution to a function, which returns false to
// stop. The Solution is reused: clone it to keep it.
func ExampleEnumerate() {
	var first []nqueens.Solution
	err := nqueens.Enumerate(6, func(s nqueens.Solution) bool {
		first = append(first, slices.Clone(s))
		return len(first) < 3
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range first {
		fmt.Println(s) // the columns; s.Draw() draws the board
	}
	// Output:
	// [1 3 5 0 2 4]
	// [2 5 1 4 0 3]
	// [3 0 4 1 5 2]
}

// Draw draws a solution, the first of the 4×4 board; String, what fmt
// prints, lists its columns on one line.
func ExampleSolution_Draw() {
	s, err := nqueens.ParseSolution("1 3 0 2")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(s.Draw())
	fmt.Println(s)
	// Output:
	// .Q..
	// ...Q
	// Q...
	// ..Q.
	// [1 3 0 2]
}

// Every strategy counts the same solutions; they differ in speed, and
// in what they teach.
func ExampleStrategy() {
	for _, s := range nqueens.Strategies() {
		total, err := s.Count(9)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(s, total)
	}
	// Output:
	// naive 352
	// cached 352
	// bitwise 352
	// flipped 352
	// engine 352
}

// Naive is where the articles start: a board of squares, each square
// checked against the column and diagonals above it. Its four solutions
// of the 6×6 board are the reference the faster strategies must match.
func ExampleStrategy_naive() {
	err := nqueens.Naive.Enumerate(6, func(s nqueens.Solution) bool {
		fmt.Print(s.Draw(), "\n")
		return false // the first one is enough
	})
	if err != nil {
		fmt.Println(err)
	}
	total, _ := nqueens.Naive.Count(6)
	fmt.Println(total, "solutions")
	// Output:
	// .Q....
	// ...Q..
	// .....Q
	// Q.....
	// ..Q...
	// ....Q.
	//
	// 4 solutions
}

// Cached is the articles' second step: what a queen attacks is kept in
// three arrays, so a square costs one look-up instead of a scan, with the
// same answers as Naive.
func ExampleStrategy_cached() {
	for n := 4; n <= 8; n++ {
		naive, _ := nqueens.Naive.Count(n)
		cached, _ := nqueens.Cached.Count(n)
		fmt.Println(n, naive, cached)
	}
	// Output:
	// 4 2 2
	// 5 10 10
	// 6 4 4
	// 7 40 40
	// 8 92 92
}

// Bitwise keeps the attacked squares of the next row in three masks, a
// bit a column: after a queen in column 2 of an 8×8 board, row 1 is free
// where none of the masks has a bit. Flipped keeps the free squares
// instead, and ANDs its masks where Bitwise ORs and inverts.
func ExampleStrategy_bitwise() {
	const n = 8
	all := uint64(1)<<n - 1
	queen := uint64(1) << 2
	// Bitwise: the column, and the diagonals one square left and right.
	cols, left, right := queen, queen<<1, queen>>1
	free := all &^ (cols | left | right)
	// Flipped: the same masks, inverted.
	fcols, fleft, fright := all&^queen, all&^(queen<<1), all&^(queen>>1)
	flippedFree := fcols & fleft & fright
	fmt.Println(columns(free), columns(flippedFree))
	b, _ := nqueens.Bitwise.Count(n)
	f, _ := nqueens.Flipped.Count(n)
	fmt.Println(b, f)
	// Output:
	// [0 4 5 6 7] [0 4 5 6 7]
	// 92 92
}

// Flipped and Bitwise walk the same tree in the same order: their
// solutions come out alike, one for one.
func ExampleStrategy_flipped() {
	var b, f []nqueens.Solution
	nqueens.Bitwise.Enumerate(8, func(s nqueens.Solution) bool {
		b = append(b, slices.Clone(s))
		return true
	})
	nqueens.Flipped.Enumerate(8, func(s nqueens.Solution) bool {
		f = append(f, slices.Clone(s))
		return true
	})
	fmt.Println(len(b), len(f), slices.EqualFunc(b, f, slices.Equal))
	fmt.Println(f[0], f[91])
	// Output:
	// 92 92 true
	// [0 4 7 5 2 6 1 3] [7 3 0 2 5 1 6 4]
}

// Engine is the package's own method on one core, the one Count runs on
// every core: the same count as Bitwise's, from a search of one member of
// each class of solutions, and from n = 14 on from a join of half-boards.
func ExampleStrategy_engine() {
	for _, n := range []int{12, 14} {
		bitwise, _ := nqueens.Bitwise.Count(n)
		engine, _ := nqueens.Engine.Count(n)
		all, _ := nqueens.Count(n)
		fmt.Println(n, bitwise, engine, all)
	}
	// Output:
	// 12 14200 14200 14200
	// 14 365596 365596 365596
}

// A strategy's Enumerate visits the solutions in lexicographic order and
// stops when visit returns false; the Solution is reused, so a visit that
// keeps one copies it.
func ExampleStrategy_Enumerate() {
	var kept []nqueens.Solution
	err := nqueens.Bitwise.Enumerate(6, func(s nqueens.Solution) bool {
		kept = append(kept, slices.Clone(s))
		return len(kept) < 3
	})
	fmt.Println(kept, err)
	// Output: [[1 3 5 0 2 4] [2 5 1 4 0 3] [3 0 4 1 5 2]] <nil>
}

// columns lists the columns whose bits mask holds.
func columns(mask uint64) []int {
	var cols []int
	for ; mask != 0; mask &= mask - 1 {
		cols = append(cols, bits.TrailingZeros64(mask))
	}
	return cols
}

// Errors say what was wrong and what is allowed.
func ExampleCount_error() {
	_, err := nqueens.Count(65)
	fmt.Println(err)
	// Output: nqueens: board size 65 out of range [0, 64]
}

// Construct gives one solution of a board of any size at once, where a
// search would take forever.
func ExampleConstruct() {
	s, err := nqueens.Construct(8)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(s.Draw())
	big, err := nqueens.Construct(1_000_000)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(big), big.Valid())
	// Output:
	// .Q......
	// ...Q....
	// .....Q..
	// .......Q
	// ..Q.....
	// Q.......
	// ......Q.
	// ....Q...
	// 1000000 true
}

// CountCompletions counts the solutions that keep the queens already on
// the board; Free marks the rows still to fill.
func ExampleCountCompletions() {
	partial := []int{0, nqueens.Free, nqueens.Free, nqueens.Free, nqueens.Free, nqueens.Free, nqueens.Free, nqueens.Free}
	n, err := nqueens.CountCompletions(partial)
	fmt.Println(n, err)
	_, err = nqueens.CountCompletions([]int{0, 1, nqueens.Free, nqueens.Free})
	fmt.Println(err)
	// Output:
	// 4 <nil>
	// nqueens: invalid partial board: queens (0, 0) and (1, 1) attack each other
}

// Completions lists the completions of a partial board, here read from a
// diagram.
func ExampleCompletions() {
	partial, err := nqueens.ParsePartial(".Q...\n.....\n.....\n.....\n.....\n")
	if err != nil {
		fmt.Println(err)
		return
	}
	completions, err := nqueens.Completions(partial)
	if err != nil {
		fmt.Println(err)
		return
	}
	for s := range completions {
		fmt.Println(s)
	}
	// Output:
	// [1 3 0 2 4]
	// [1 4 2 0 3]
}

// All is an iterator: break stops the search. A bad size is an error,
// not an empty sequence.
func ExampleAll() {
	solutions, err := nqueens.All(6)
	if err != nil {
		fmt.Println(err)
		return
	}
	for s := range solutions {
		fmt.Println(s)
		break
	}
	_, err = nqueens.All(65)
	fmt.Println(err)
	// Output:
	// [1 3 5 0 2 4]
	// nqueens: board size 65 out of range [0, 64]
}

// EnumerateContext stops a search that takes too long, even before it
// finds a solution.
func ExampleEnumerateContext() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	err := nqueens.EnumerateContext(ctx, 40, func(s nqueens.Solution) bool { return true })
	fmt.Println(err)
	// Output: context deadline exceeded
}

// Fundamental lists one solution of each class that the symmetries of the
// board map onto each other, with the size of its class.
func ExampleFundamental() {
	err := nqueens.Fundamental(6, func(s nqueens.Solution, classSize int) bool {
		fmt.Println(s, classSize)
		return true
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output: [1 3 5 0 2 4] 4
}

// FundamentalSeq is Fundamental as an iterator of pairs: the least
// member of each class and the size of the class.
func ExampleFundamentalSeq() {
	classes, err := nqueens.FundamentalSeq(8)
	if err != nil {
		fmt.Println(err)
		return
	}
	total := 0
	for s, size := range classes {
		if total == 0 {
			fmt.Println(s, size)
		}
		total += size
	}
	fmt.Println(total)
	// Output:
	// [0 4 7 5 2 6 1 3] 8
	// 92
}

// AllContext ends the loop when its context is done, even while the
// search looks for the next solution: ctx.Err() after the loop tells a
// stop from the end of the solutions.
func ExampleAllContext() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	solutions, err := nqueens.AllContext(ctx, 40, nqueens.WithWorkers(2))
	if err != nil {
		fmt.Println(err)
		return
	}
	for range solutions {
	}
	fmt.Println(ctx.Err())
	// Output: context deadline exceeded
}

// Transform turns or reflects a solution.
func ExampleSolution_Transform() {
	s := nqueens.Solution{1, 3, 5, 0, 2, 4}
	turned, err := s.Transform(nqueens.Rotate90)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(turned)
	// Output: [2 5 1 4 0 3]
}

// Canonical names the class of a solution under the symmetries of the
// square: two solutions are one up to symmetry when their canonical forms
// are equal.
func ExampleSolution_Canonical() {
	a, b := nqueens.Solution{2, 5, 1, 4, 0, 3}, nqueens.Solution{4, 2, 0, 5, 3, 1}
	ca, size, err := a.Canonical()
	if err != nil {
		fmt.Println(err)
		return
	}
	cb, _, err := b.Canonical()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ca, size, slices.Equal(ca, cb))
	// Output: [1 3 5 0 2 4] 4 true
}

// ParsePartial reads a partial board as a diagram or as a column list,
// and says where text that is neither goes wrong.
func ExampleParsePartial() {
	for _, text := range []string{
		"..Q.\n....\n....\n....",
		"2, ., ., .",
		"2 . 9 .",
	} {
		partial, err := nqueens.ParsePartial(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		n, err := nqueens.CountCompletions(partial)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(partial, n, "completion")
	}
	// Output:
	// [2 -1 -1 -1] 1 completion
	// [2 -1 -1 -1] 1 completion
	// nqueens: cannot parse board: row 2: "9" is not a column from 0 to 3, nor '.' for a free row
}

// WithProgress reports how far a count has come, about ten times a second
// and once at the end: enough for a progress bar.
func ExampleWithProgress() {
	var last nqueens.Progress
	c, err := nqueens.CountContext(context.Background(), 12, nqueens.WithProgress(func(p nqueens.Progress) {
		last = p
	}))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Total, last.Done == last.Subproblems, last.Fraction())
	// Output: 14200 true 1
}

// WithSave and WithResume make a count that survives a crash: save the
// State as it comes, to a file say, and resume from what was saved last.
// Here the first count stops itself once a subproblem is done, as a
// Ctrl-C would.
func ExampleWithResume() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var saved []byte // a file, in a real program
	save := func(s nqueens.State) error {
		b, err := s.MarshalBinary()
		if err != nil {
			return err
		}
		saved = b
		if s.Done() > 0 {
			cancel()
		}
		return nil
	}
	_, err := nqueens.CountContext(ctx, 16, nqueens.WithWorkers(1), nqueens.WithSave(time.Millisecond, save))
	fmt.Println(err)

	var s nqueens.State
	if err := s.UnmarshalBinary(saved); err != nil {
		fmt.Println(err)
		return
	}
	c, err := nqueens.CountContext(context.Background(), 16, nqueens.WithResume(s))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Total, c.Unique, s.Done() < s.Subproblems())
	// Output:
	// context canceled
	// 14772512 1846955 true
}

// ParseSolution reads what String and Draw print, and checks the queens.
func ExampleParseSolution() {
	s, err := nqueens.ParseSolution("[1 3 0 2]")
	fmt.Println(s, err)
	_, err = nqueens.ParseSolution("0 1")
	fmt.Println(err)
	// Output:
	// [1 3 0 2] <nil>
	// nqueens: not a solution: row 1: the queen in column 1 is attacked along a diagonal
}

// WithShard counts one part of a search split across machines, and
// SumShards adds the parts up to the whole. Each part names its shard, so
// that SumShards can refuse a set with one missing or given twice. A shard
// has no unique count of its own: the sum gets it from the solutions that
// the turns leave unchanged.
func ExampleWithShard() {
	var shards []nqueens.Counts
	for i := range 3 {
		c, err := nqueens.CountContext(context.Background(), 16, nqueens.WithShard(i, 3))
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(c.Shard, c.Total, c.Unique)
		shards = append(shards, c)
	}
	_, err := nqueens.SumShards(shards[:2])
	fmt.Println(err)
	whole, err := nqueens.SumShards(shards)
	fmt.Println(whole.Total, whole.Unique, err)
	// Output:
	// n=16 shard 0 of 3 (plan 4) 5047036 0
	// n=16 shard 1 of 3 (plan 4) 4957790 0
	// n=16 shard 2 of 3 (plan 4) 4767686 0
	// nqueens: 1 of 3 shards missing: 2
	// 14772512 1846955 <nil>
}
