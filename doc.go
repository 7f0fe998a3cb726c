// Package nqueens counts and lists the solutions of the n-queens problem:
// the ways to place n queens on an n×n chessboard so that no two attack
// each other along a row, a column or a diagonal. There are 92 on the
// ordinary 8×8 board (OEIS A000170), 12 of them fundamental: the others are
// their rotations and reflections (OEIS A002562).
//
// # Start here
//
// [Count] gives the number of solutions and [Enumerate] calls a function
// with each of them, a [Solution] holding the column of the queen of each
// row. Both use the package's engine on every core.
//
// The methods of the articles the package grew from are there to compare
// and to learn from: each is a [Strategy], with a Count and an Enumerate
// of its own, on one core. They walk the same search tree, a queen placed
// row by row from the top with every square of the row tried in turn, and
// differ in what a square costs:
//
//   - [Naive] keeps the board as an n×n matrix and, for every square
//     tried, scans its column and both diagonals above it: O(n) a square.
//   - [Cached] remembers which columns and diagonals hold a queen in three
//     boolean arrays: O(1) a square, still every square of a row tried.
//   - [Bitwise] is Martin Richards' method ("Backtracking Algorithms in
//     MCPL using Bit Patterns and Recursion", 1997): three bit masks hold
//     the squares attacked along a column and the two diagonals, and only
//     the free squares are ever tried.
//   - [Flipped] is Bitwise with every bit inverted ("Bitwise Optimization
//     of N-Queens", 2024): a set bit marks a free square, which saves a NOT
//     a node.
//   - [Engine] is the package's own method on one core, what Count uses
//     on all of them: it searches one member of each class of solutions
//     under the symmetries of the square, and from n = 14 on (17 if odd)
//     it joins half-boards instead of searching the whole board.
//
// Each strategy's doc says how it works; the examples of [Strategy] run
// them side by side, and bench_test.go in the repository times them.
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
// several cores: [CountContext] takes them all; the listings of a whole
// board take [WithWorkers] alone, and refuse the others with an error
// wrapping [ErrOption]. A partial board is searched on one core, and so is
// a Strategy. Each call's doc says what it costs.
//
// # Long and sharded counts
//
// A count of a large board runs for hours or days, on many machines. These
// names serve it, all through [CountContext]: [WithProgress] reports how
// far it has come; [WithSave] hands out a [State], a checkpoint, and
// [WithResume] goes on from one; [WithShard] counts one shard of a split
// into many, which [PlanVersion] names, whose [Counts] name their [Shard],
// and [SumShards] adds the shards up (or says, with a [ShardsError], which
// are missing); [EstimateMemory] tells the memory a count takes, and
// [WithMemoryLimit] refuses one over its limit; [WithRecount] counts a
// shard again by another method, to check its record. The command nqueens
// in the repository runs them, and docs/scale.md tells how far they reach.
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
// rows holding a queen and the rest [Free]. [Solution.Valid] and
// [Solution.Check] tell whether a board is a solution, and why not. A
// [Symmetry] turns or reflects a Solution; [Solution.Canonical] names its
// class, and Fundamental lists one solution of each class with the class's
// size. [ParsePartial] and [ParseSolution] read the diagrams and column
// lists the package prints.
//
// # Limits
//
// Boards are searched with 64-bit masks, so n runs from 0 to [MaxN] = 64;
// other sizes get an error wrapping [ErrBoardSize]. The counts fit a uint64
// up to at least n = 27, the largest board ever counted. The cost of a
// count grows about sixfold with each n; its memory, past n = 20, with the
// longest lists of quarters of the join, as [EstimateMemory] puts it, and a
// count over its limit ([WithMemoryLimit], 4 GiB by default) is refused
// before it starts. docs/engine.md and docs/scale.md in the repository
// have measured times and memory, with the machine named.
package nqueens
