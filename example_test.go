package nqueens_test

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"time"

	"github.com/gonqueens/nqueens"
)

// The package in three calls: count the solutions of a board, list them,
// and draw one.
func Example() {
	total, err := nqueens.Count(6)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(total, "solutions")
	solutions, err := nqueens.Solutions(6)
	if err != nil {
		fmt.Println(err)
		return
	}
	for s := range solutions {
		fmt.Println(s)
	}
	first, _ := nqueens.ParseSolution("[1 3 5 0 2 4]")
	fmt.Print(first.Draw())
	// Output:
	// 4 solutions
	// [1 3 5 0 2 4]
	// [2 5 1 4 0 3]
	// [3 0 4 1 5 2]
	// [4 2 0 5 3 1]
	// .Q....
	// ...Q..
	// .....Q
	// Q.....
	// ..Q...
	// ....Q.
}

// Bitwise's lesson in code: the masks of the fourth row of the 6×6 board
// from the queens of the first three, and the squares they leave free,
// bit c for column c, drawn column 0 first.
func Example_bitwise() {
	const n = 6
	all := uint64(1)<<n - 1 // the row's n squares
	var cols, right, left uint64
	for _, col := range []int{1, 3, 5} { // the queens of rows 0, 1 and 2
		bit := uint64(1) << col
		// OR the queen into its row's masks, then move the diagonals on a
		// row: down and to the right is a bit higher, down and to the left
		// a bit lower.
		cols, right, left = cols|bit, (right|bit)<<1, (left|bit)>>1
	}
	free := all &^ (cols | right | left)
	draw := func(mask uint64, mark byte) string {
		row := []byte("......")
		for c := range row {
			if mask>>c&1 != 0 {
				row[c] = mark
			}
		}
		return string(row)
	}
	fmt.Println(draw(cols, 'x'), "cols")
	fmt.Println(draw(right, 'x'), "right") // its bit 6 is past the board's edge
	fmt.Println(draw(left, 'x'), "left")
	fmt.Println(draw(free, 'o'), "free")
	fmt.Println("queen at column", bits.TrailingZeros64(free&-free)) // the lowest free square
	// Output:
	// .x.x.x cols
	// ....xx right
	// .x..x. left
	// o.o... free
	// queen at column 0
}

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

// CountContext counts on as many workers as it is told, and stops when
// its context is done.
func ExampleCountContext() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	total, err := nqueens.CountContext(ctx, 14, nqueens.WithWorkers(2))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(total)
	// Output: 365596
}

// CountUnique counts the solutions up to rotation and reflection: of the
// 92 of the 8×8 board, 12 are fundamental.
func ExampleCountUnique() {
	unique, err := nqueens.CountUnique(8)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(unique)
	// Output: 12
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
// in what they teach. Strategies lists them in the order to read them.
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
func ExampleNaive() {
	err := nqueens.Naive{}.Enumerate(6, func(s nqueens.Solution) bool {
		fmt.Print(s.Draw(), "\n")
		return false // the first one is enough
	})
	if err != nil {
		fmt.Println(err)
	}
	total, _ := nqueens.Naive{}.Count(6)
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
func ExampleCached() {
	for n := 4; n <= 8; n++ {
		naive, _ := nqueens.Naive{}.Count(n)
		cached, _ := nqueens.Cached{}.Count(n)
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
// where none of the masks has a bit, in column 0 and in 4 to 7.
func ExampleBitwise() {
	const n = 8
	all := uint64(1)<<n - 1
	queen := uint64(1) << 2
	// The column, and the diagonals one square to the right and left.
	cols, right, left := queen, queen<<1, queen>>1
	free := all &^ (cols | right | left)
	fmt.Println(columns(free))
	total, _ := nqueens.Bitwise{}.Count(n)
	fmt.Println(total)
	// Output:
	// [0 4 5 6 7]
	// 92
}

// Flipped keeps the free squares where Bitwise keeps the attacked ones:
// the same row after a queen in column 2 is the AND of its masks, with no
// NOT, and the two walk the same tree in the same order.
func ExampleFlipped() {
	const n = 8
	all := uint64(1)<<n - 1
	queen := uint64(1) << 2
	cols, right, left := all^queen, (all^queen)<<1|1, (all^queen)>>1|1<<(n-1)
	fmt.Println(columns(cols & right & left & all))
	var b, f []nqueens.Solution
	nqueens.Bitwise{}.Enumerate(n, func(s nqueens.Solution) bool {
		b = append(b, slices.Clone(s))
		return true
	})
	nqueens.Flipped{}.Enumerate(n, func(s nqueens.Solution) bool {
		f = append(f, slices.Clone(s))
		return true
	})
	fmt.Println(len(b), len(f), slices.EqualFunc(b, f, slices.Equal))
	// Output:
	// [0 4 5 6 7]
	// 92 92 true
}

// Engine is the package's own method on one core, the one Count runs on
// every core: the same count as Bitwise's, from a search of one member of
// each class of solutions, and from n = 14 on from a join of half-boards.
func ExampleEngine() {
	for _, n := range []int{12, 14} {
		bitwise, _ := nqueens.Bitwise{}.Count(n)
		engine, _ := nqueens.Engine{}.Count(n)
		all, _ := nqueens.Count(n)
		fmt.Println(n, bitwise, engine, all)
	}
	// Output:
	// 12 14200 14200 14200
	// 14 365596 365596 365596
}

// Trace shows Bitwise at work on the 4×4 board, up to its first
// solution: at each row the masks of the attacked squares (x), the
// squares left to try (o), and the queen placed on the lowest of them,
// or the way back when none is left.
func ExampleTrace() {
	err := nqueens.Trace(4, func(s nqueens.Step) bool {
		fmt.Println(s)
		return s.Row < 4 // until the first solution
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// row 0: cols .... right .... left .... free oooo: queen at column 0
	// row 1: cols x... right .x.. left .... free ..oo: queen at column 2
	// row 2: cols x.x. right ..xx left .x.. free ....: back to row 1
	// row 1: cols x... right .x.. left .... free ...o: queen at column 3
	// row 2: cols x..x right ..x. left ..x. free .o..: queen at column 1
	// row 3: cols xx.x right ..xx left xx.. free ....: back to row 2
	// row 2: cols x..x right ..x. left ..x. free ....: back to row 1
	// row 1: cols x... right .x.. left .... free ....: back to row 0
	// row 0: cols .... right .... left .... free .ooo: queen at column 1
	// row 1: cols .x.. right ..x. left x... free ...o: queen at column 3
	// row 2: cols .x.x right ...x left ..x. free o...: queen at column 0
	// row 3: cols xx.x right .x.. left .x.. free ..o.: queen at column 2
	// row 4: a solution, [1 3 0 2]
}

// Draw draws the board of a step: the queens placed, and in the row being
// filled what the masks attack (x), the squares left to try (o) and the
// queen placed.
func ExampleStep_Draw() {
	nqueens.Trace(4, func(s nqueens.Step) bool {
		if s.Row == 2 || s.Row == 3 && s.Queen != 0 {
			fmt.Println(s)
			fmt.Println(s.Draw())
		}
		return s.Row < 4
	})
	// Output:
	// row 2: cols x.x. right ..xx left .x.. free ....: back to row 1
	// Q...
	// ..Q.
	// xxxx
	// ....
	//
	// row 2: cols x..x right ..x. left ..x. free .o..: queen at column 1
	// Q...
	// ...Q
	// xQxx
	// ....
	//
	// row 2: cols x..x right ..x. left ..x. free ....: back to row 1
	// Q...
	// ...Q
	// x-xx
	// ....
	//
	// row 2: cols .x.x right ...x left ..x. free o...: queen at column 0
	// .Q..
	// ...Q
	// Qxxx
	// ....
	//
	// row 3: cols xx.x right .x.. left .x.. free ..o.: queen at column 2
	// .Q..
	// ...Q
	// Q...
	// xxQx
}

// A strategy's Enumerate visits the solutions in lexicographic order and
// stops when visit returns false; the Solution is reused, so a visit that
// keeps one copies it.
func ExampleStrategy_enumerate() {
	var kept []nqueens.Solution
	err := nqueens.Bitwise{}.Enumerate(6, func(s nqueens.Solution) bool {
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

// Solutions is an iterator: break stops the search. A bad size is an
// error, not an empty sequence.
func ExampleSolutions() {
	solutions, err := nqueens.Solutions(6)
	if err != nil {
		fmt.Println(err)
		return
	}
	for s := range solutions {
		fmt.Println(s)
		break
	}
	_, err = nqueens.Solutions(65)
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

// EnumerateUnique lists one solution of each class that the symmetries
// of the board map onto each other, with the size of its class.
func ExampleEnumerateUnique() {
	err := nqueens.EnumerateUnique(6, func(s nqueens.Solution, classSize int) bool {
		fmt.Println(s, classSize)
		return true
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output: [1 3 5 0 2 4] 4
}

// UniqueSolutions is EnumerateUnique as an iterator of pairs: the least
// member of each class and the size of the class.
func ExampleUniqueSolutions() {
	classes, err := nqueens.UniqueSolutions(8)
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

// SolutionsContext ends the loop when its context is done, even while
// the search looks for the next solution: ctx.Err() after the loop tells
// a stop from the end of the solutions.
func ExampleSolutionsContext() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	solutions, err := nqueens.SolutionsContext(ctx, 40, nqueens.WithWorkers(2))
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
	total, err := nqueens.CountContext(context.Background(), 12, nqueens.WithProgress(func(p nqueens.Progress) {
		last = p
	}))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(total, last.Done == last.Subproblems, last.Fraction())
	// Output: 14200 true 1
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
