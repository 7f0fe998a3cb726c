// Package nqueens counts and lists the solutions of the n-queens problem:
// the ways to place n queens on an n×n chessboard so that no two attack
// each other along a row, a column or a diagonal. The 8×8 board has 92
// ([OEIS A000170]), 12 of them fundamental: the others are their
// rotations and reflections ([OEIS A002562]).
//
// # Start here
//
// [Count] gives the number of solutions, the fastest way the package has,
// and [CountUnique] the fundamental ones. [Solutions] hands out the
// solutions as an iterator and [Enumerate] to a callback, each a
// [Solution], which [Solution.Draw] draws. Every function is safe for
// concurrent use, and bad input gets an error, never a panic.
//
// # The lesson
//
// The package keeps the methods of the articles it grew from side by
// side, each a [Strategy] whose doc is its lesson: the method, what a
// node of the search costs, and its source. Read them in this order:
//
//  1. [Naive]: the board as a matrix, each square checked by a scan.
//  2. [Cached]: the columns and diagonals in use kept in arrays.
//  3. [Bitwise]: Martin Richards' bit masks; [Trace] shows them at work.
//  4. [Flipped]: Bitwise with every bit inverted.
//  5. [Engine]: the package's own method, which Count runs.
//
// # The calls
//
// A whole board, one solution of each class under the symmetries of the
// square, and a partial board each have a count, a callback and an
// iterator:
//
//   - [Count], [Enumerate], [Solutions];
//   - [CountUnique], [EnumerateUnique], [UniqueSolutions];
//   - [CountCompletions], [EnumerateCompletions], [Completions].
//
// Each has a form that a context stops, such as [CountContext].
// [Construct] builds one solution of any size without a search. Counts
// of days, in shards, belong to package
// [github.com/gonqueens/nqueens/shard].
// [docs/engine.md] tells how the engine counts, and [docs/scale.md] how
// far it reaches.
//
// [OEIS A000170]: https://oeis.org/A000170
// [OEIS A002562]: https://oeis.org/A002562
// [docs/engine.md]: https://github.com/gonqueens/nqueens/blob/main/docs/engine.md
// [docs/scale.md]: https://github.com/gonqueens/nqueens/blob/main/docs/scale.md
package nqueens
