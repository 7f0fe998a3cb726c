// Package join counts a board by joining half-boards, without
// backtracking the whole of it: the engine's method from n = 14 on (17 if
// odd) to 32. It speaks in plain values: a count is a uint64, a board its
// size and the middle queens of an odd one.
//
// Each row's queen stands in the east or the west half of the board: a
// split is the set R of rows whose queen is in the east. An east
// half-board places queens on the rows of R and the east columns, one on
// each, none attacking another; a west half-board does the same on the
// other rows and the west columns. An east and a west half-board make a
// solution exactly when no diagonal holds a queen of each, so the count of
// a split is the number of such pairs, and the count of the board the sum
// over splits.
//
// An odd board has a middle row and a middle column, in neither half:
// their queens are placed first, and the rest of the board is joined
// around them. The eight symmetries of the square map the two queens' cells
// onto eight others unless they are one queen in the center, so one
// placement of each eight is counted, eight times.
//
// An east half-board is in turn a north quarter (its queens on the north
// half's rows) and a south quarter on the complementary east columns,
// whose diagonals do not meet: the quarters of a split's rows are listed
// once, and kept for the next splits, which share their south rows
// (quarter.go). A pair is counted without a loop over pairs: the east
// half-boards of a split are laid out by diagonal in tables
// (table.go), and a west half-board finds the east ones it clashes
// with by one OR of a table row per table, and the rest by a popcount
// (match.go); a large split is first sieved on the diagonals that
// remove the most pairs of a sample of its own (sample.go, sieve.go).
//
// Symmetry cuts the work of an even board by about 8. The two longest
// diagonals, row = col and row+col = n-1, cross the board through
// opposite quarters, and each holds at most one queen. The transpose, row
// and column swapped, keeps the first pointwise and moves the second's
// queen between the north-east and the south-west quarter; the other
// diagonal reflection does the same with the roles swapped. So every
// solution with no queen of the east half on a longest diagonal stands for
// 2^k solutions, k the queens of its west half on one, and those are all:
// the join lists only east half-boards off both diagonals, and weighs a
// west one by 2^k. The reflection top to bottom maps such a pair onto
// another, on the rows R turned upside down, so one of R and its
// reflection is counted, twice. The reflection left to right keeps neither
// longest diagonal's queen in the west but keeps a solution with none on
// either: those, k = 0, are counted on one split of each set that
// reflections and complements make of R, times its size. The queen in the
// center of an odd board holds both longest diagonals, and its splits are
// counted that way too.
//
// The keys of half-boards are counted and kept in groups, each of one
// size with one name:
//
//   - a part: the most half-boards of one side of a split that a joiner
//     holds at once (partFor); a side with more is listed part by part,
//     a range of values of its top bits at a time;
//   - a block: the most east half-boards laid out in tables at once
//     (block);
//   - a bucket: the half-boards of a side whose top bits, the sieve's,
//     hold one value (sieve.go);
//   - a batch: the half-boards listed at a time before they are used,
//     to be matched (batchKeys) or surveyed (surveyBatch), and the spans
//     gathered at a time before their half-boards are listed (spanBatch);
//   - a span: the south quarters that one north quarter meets, a run of
//     a side's list of south quarters (spanList).
//
// A key is read in pieces of 8 bits, or 4 for a split of few west
// half-boards (tableWidth), or 9 where that takes fewer tables than 8
// (wideWidth), each of which picks a row of its table; a key takes at
// most maxTables tables.
//
// The files of the join, from the bottom up, each using only those
// before it: errors.go; key.go, the squares of each side and the bits of
// the keys; order.go, the order of a split's keys; quarter.go, the lists
// of quarters and of half-boards; board.go, the boards, the weights of
// their splits and the runs dealt to shards; zsizes.go and kernel.go, the
// kernels' sizes and types; policy.go, the numbers the join chooses with
// the kernels' layout (the tables' width, the sieve's, the trie's and the
// north sieve's); gokernels.go, the Go kernels that define the
// others; zkernels.go, the generated Go kernels and every instruction
// set's layout, and an architecture's generated file, its sets of
// kernels; match.go, which calls them, and kernels.go, which chooses
// among them and checks them; table.go, the tables of east half-boards;
// northsieve.go; sieve.go; joiner.go, the joiner and what it keeps;
// sample.go, the order of a sieved split's keys, chosen on a sample of its
// half-boards; list.go, the listing of a side's half-boards; survey.go; stats.go, what
// the joiners examined; join.go, which counts a split and a run of splits
// with them; and memory.go, which models what a joiner keeps.
package join
