// Package nqueens counts and lists the solutions of the n-queens problem:
// the ways to place n queens on an n×n chessboard so that no two attack
// each other along a row, a column or a diagonal. There are 92 on the
// ordinary 8×8 board (OEIS A000170), 12 of them fundamental: the others are
// their rotations and reflections (OEIS A002562).
//
// # Start here
//
// [Count] gives the number of solutions, the fastest way the package has
// at every n, and [CountUnique] the number of fundamental ones.
// [Enumerate] calls a function with each solution, a [Solution] holding
// the column of the queen of each row, and [Solutions] hands them out as
// an iterator. [Solution.Draw] draws a board.
//
// # The lesson
//
// The package keeps the methods of the articles it grew from side by
// side, each a [Strategy] of its own type whose documentation is its
// lesson: the method, what a node of the search costs, and its source.
// Read them in this order:
//
//  1. [Naive]: the board as a matrix of squares, each square tried
//     checked by a scan of the rows above: O(n·row) a node.
//  2. [Cached]: which columns and diagonals hold a queen remembered in
//     three arrays: O(n) a node.
//  3. [Bitwise]: Martin Richards' method, in the plain recursion of its
//     Enumerate: the attacked squares of a row in three bit masks, only
//     the free squares tried, O(1) a node. [Trace] shows its masks and
//     choices step by step on a board of up to [MaxTrace] squares a side.
//  4. [Flipped]: Bitwise with every bit inverted.
//  5. [Engine]: the package's own method, the one that Count runs on
//     every core.
//
// The first four walk the same tree, a node for each queen placed without
// attack: 2,056 nodes at n = 8, 856,188 at n = 12, about six times more
// with each n. They differ in what a node costs, which BenchmarkCount in
// the repository measures (ns/node): on one core of the Zen 3 of the
// README's table, about 130 ns for Naive at n = 10, 57 for Cached at
// n = 12, and 6 to 7 for Bitwise and Flipped at every n from 10 on,
// Naive's and Cached's growing with n. Engine walks a smaller tree, one member
// of each class of solutions, or none at all when it joins half-boards:
// 3 times faster than Bitwise at n = 12 and 8 times at 14, on one core.
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
//	                   count                      callback                     iterator
//	a whole board      Count,                     Enumerate,                   Solutions,
//	                   CountContext               EnumerateContext             SolutionsContext
//	one of each class  CountUnique,               EnumerateUnique,             UniqueSolutions,
//	                   CountUniqueContext         EnumerateUniqueContext       UniqueSolutionsContext
//	a partial board    CountCompletions,          EnumerateCompletions,        Completions,
//	                   CountCompletionsContext    EnumerateCompletionsContext  CompletionsContext
//
// The Context forms of the calls of a whole board take options: a count
// those of type [CountOption] ([WithWorkers], [WithProgress],
// [WithMemoryLimit]), a listing those of type [Option], of which
// WithWorkers is the one; the compiler refuses an option a call cannot
// use. A partial board is searched on one
// core, and so is a Strategy. Each call's doc says what it costs.
//
// # Long and sharded counts
//
// A count of a large board runs for hours or days, on many machines. The
// package shard in this module serves it: a count split into shards,
// each saving its state as it goes and resuming from it, the shards'
// counts added up, and a shard counted again by another method to check
// it. The command nqueens in the repository runs it, and docs/scale.md
// tells how far it reaches.
//
// # Concurrency
//
// Every function and Strategy of the package is safe to call from many
// goroutines at once: none keeps state between calls, and values passed
// in (a partial board) are copied before they are kept. A call runs its
// callbacks (visit, a progress report) on the caller's goroutine, one
// call at a time and never after it returns, even when the search itself
// runs on several workers. A callback may cancel the call's context,
// which stops the call as soon as the callback returns; it may also write
// into the Solution it is handed, which the search does not read again. A
// panic in a callback stops the call, with every worker stopped, on its
// way to the caller.
//
// # Beyond counting
//
// [Construct] builds one solution of a board of any size without a search.
// CountCompletions and EnumerateCompletions complete a partial board, some
// rows holding a queen and the rest [Free]. [Solution.Valid] and
// [Solution.Check] tell whether a board is a solution, and why not. A
// [Symmetry] turns or reflects a Solution; [Solution.Canonical] names its
// class, and EnumerateUnique lists one solution of each class with the
// class's size. [ParsePartial] and [ParseSolution] read the diagrams and
// column lists the package prints.
//
// # Limits
//
// Boards are searched with 64-bit masks, so n runs from 0 to [MaxN] = 64;
// other sizes get an error wrapping [ErrBoardSize]. The counts fit a uint64
// up to n = 28; from 29 on the total is past 2^64 ([ErrOverflow]). The cost of a
// count grows about sixfold with each n; its memory, past n = 20, with the
// longest lists of quarters of the join, and a count over its limit
// ([WithMemoryLimit], 4 GiB by default, from n = 25 or so) is refused
// before it starts. docs/engine.md and docs/scale.md in the repository
// have measured times and memory, with the machine named.
package nqueens
