// Package nqueens counts and lists the solutions of the n-queens problem:
// the ways to place n queens on an n×n chessboard so that no two attack
// each other along a row, a column or a diagonal. There are 92 on the
// ordinary 8×8 board (OEIS A000170), 12 of them fundamental: the others are
// their rotations and reflections (OEIS A002562).
//
// # Counting and listing
//
// [Count] and [CountUnique] give the numbers; [CountContext] gives both from one
// search, on every core, and can be cancelled, report its progress, save
// and resume, and count one shard of a search split across machines, which
// [SumShards] adds up. [Enumerate] calls a function with each solution, a
// [Solution] holding the column of the queen of each row.
//
// # Four methods and an engine
//
// The package keeps the methods of the articles it grew from as
// interchangeable strategies, each a value of the [Strategy] interface. They
// walk the same search tree, a queen placed row by row from the top with
// every square of the row tried in turn, and differ in what a square costs.
//
//   - Naive keeps the board as an n×n matrix and, for every square tried,
//     scans its column and both diagonals above it for a queen: O(n) per
//     square, n squares per row.
//   - Cached remembers which columns and which diagonals hold a queen in
//     three boolean arrays, so each square costs O(1). A square (row, col)
//     lies on diagonal row+col and anti-diagonal row-col+n-1.
//   - Bitwise is Martin Richards' method ("Backtracking Algorithms in MCPL
//     using Bit Patterns and Recursion", 1997). Bit c of a mask stands for
//     column c of the row being filled; three masks hold the squares
//     attacked from above along a column, a left diagonal and a right
//     diagonal. The free squares are ^(cols|left|right), taken lowest bit
//     first with x & -x, so a square that is attacked is never even
//     tried. Moving to the next row, the diagonal masks shift one bit left
//     and right, as the diagonals themselves move one square along.
//   - Flipped is Bitwise with every bit inverted, from the article "Bitwise
//     Optimization of N-Queens" (2024): a set bit marks a free square, so
//     the free squares are cols & left & right with no NOT, queens are
//     removed with XOR, and the squares that enter the diagonal masks at
//     the board's edge are set by hand.
//   - Engine is the package's own method. Of each class of solutions that
//     the rotations and reflections of the square map onto each other, it
//     searches about one member: it sorts solutions by their border (the
//     queens of the top and bottom rows and of the left and right
//     columns), searches one border of each class of borders (the
//     constellations of the NQueensFAF solver), and fills the rows between
//     with Richards' method, the border queens' attacks folded into a
//     static mask per row. Generated kernels fill the last rows, one loop
//     per row. It splits the search into thousands of subproblems for
//     every core. It is what Count, CountUnique and CountContext use.
//     From n = 14 on (17 if odd) to 32, it joins half-boards instead of
//     searching the whole board: for each way to choose the rows whose
//     queen stands in the east half, it lists the east and the west
//     half-boards, each from a north and a south quarter, and counts the
//     pairs whose diagonals are disjoint, 64 to 512 at a time with tables
//     of bit sets. On an odd board the queens of the middle row and column
//     are placed first. Burnside's lemma gives the fundamental count from
//     the solutions a quarter and a half turn leave unchanged, which every
//     count also searches.
//
// On a modern CPU Bitwise spends a few nanoseconds per node of the tree,
// Cached about n times more, Naive about n² times more; the tree itself
// grows about sixfold with each n. docs/engine.md and docs/scale.md in the
// repository have measured times.
//
// # Contexts, options and costs
//
// Every call that searches has two forms. The one named with the suffix
// Context takes a context.Context first and gives up when it is done,
// returning ctx.Err(): at once if ctx is done already, and else within a
// few milliseconds, with every goroutine it started stopped. The other is
// the same call with context.Background(), which cannot be stopped. A
// listing comes as a callback, which reuses its Solution for speed, and
// as an iterator, whose Solutions are the caller's to keep; an iterator
// checks its arguments when it is made, and its Context form ends the
// loop when ctx is done, so that ctx.Err() after the loop tells a stop
// from the end. The forms:
//
//	                   count                       callback                     iterator
//	a whole board      Count, CountUnique,         Enumerate,                   All, AllContext
//	                   CountContext                EnumerateContext
//	one of each class  (CountUnique)               Fundamental,                 FundamentalSeq,
//	                                               FundamentalContext           FundamentalSeqContext
//	a partial board    CountCompletions,           EnumerateCompletions,        Completions,
//	                   CountCompletionsContext     EnumerateCompletionsContext  CompletionsContext
//
// Options (With...) go to the Context forms of the calls that search on
// several cores: [CountContext] takes them all, which set its workers, its
// progress reports, its shard of a split, its saves and resumption, and
// its memory limit; the listings of a whole board take [WithWorkers]
// alone, and refuse the others with an error wrapping [ErrOption]. A
// partial board is searched on one core. A Strategy is the plain form
// only: it is there to compare and to learn from. Each call's doc says
// what it costs.
//
// # Concurrency
//
// Every function and Strategy of the package is safe to call from many
// goroutines at once: none keeps state between calls, and values passed in
// (a partial board, a [State]) are copied before they are kept. A call
// runs its callbacks (visit, a progress report, a save) on the caller's
// goroutine, one call at a time and never after it returns, even when
// the search itself runs on several workers. A callback may cancel the
// call's context, which stops it as any cancel does; it may also write
// into the Solution it is handed, which the search does not read again.
// A panic in a callback stops the call, with every worker stopped, on its
// way to the caller.
//
// # Beyond counting
//
// [Construct] builds one solution of a board of any size without a search.
// CountCompletions and EnumerateCompletions complete a partial board, some
// rows holding a queen and the rest [Free]. All and Completions give the
// solutions as iterators. [Solution.Valid] and [Solution.Check] tell whether a
// board is a solution, and why not. A [Symmetry] turns or reflects a Solution;
// [Solution.Canonical] names its class, and Fundamental lists one solution of
// each class with the class's size. [ParsePartial] and [ParseSolution] read the
// diagrams and column lists the package prints.
//
// # Limits
//
// Boards are searched with 64-bit masks, so n runs from 0 to [MaxN] = 64;
// other sizes get an error wrapping [ErrBoardSize]. The counts fit a uint64
// up to at least n = 27, the largest board ever counted, which took a
// year of FPGA clusters: two cores count n = 17 in about a second and
// n = 20 in under a minute and a half. A count takes memory too, tens of
// MiB up to n = 21 and, as [EstimateMemory] puts it, about a GiB a worker
// at n = 26 and half that at 27: one that
// would take more than its limit ([WithMemoryLimit], 4 GiB by default) is
// refused before it starts.
package nqueens
