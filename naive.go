package nqueens

// Naive is where the articles start: the board kept as an n×n matrix of
// squares, and queens placed row by row from the top. For each square of
// the row in turn the search puts a queen there and keeps it only if a
// scan of the rows above finds no queen in its column or on either of its
// diagonals: up to 3·row looks a square. Every node of the search tree,
// a queen placed without attack, tries all n squares of the row below
// it, so a node costs O(n·row), up to O(n²). The four strategies of the
// articles walk this same tree, 2,056 nodes for n = 8 and 856,188 for
// n = 12, and differ in what a node costs; Naive is the reference every
// other strategy is checked against.
//
// Source: the Board class, with its togglePiece and hasAnyQueenConflicts,
// of "Bitwise N-Queens" (2014, JavaScript), and the basic recursive
// backtracking of "Bitwise Optimization of N-Queens" (2024, JavaScript),
// whose table of times the package's benchmarks reproduce
// (BenchmarkCount; the README has the table). Both are blog posts that
// name no author and give no address of their own.
//
// Next: [Cached].
type Naive struct{}

// String returns "naive".
func (Naive) String() string { return "naive" }

// Count returns the number of solutions of the n×n board, as
// [Strategy] says.
func (Naive) Count(n int) (uint64, error) {
	if err := checkSize(n); err != nil {
		return 0, err
	}
	b := newNaiveBoard(n, nil)
	b.place(0)
	return b.count, nil
}

// Enumerate visits the solutions of the n×n board, as [Strategy] says.
func (Naive) Enumerate(n int, visit func(Solution) bool) error {
	if err := checkEnumerate(n, visit); err != nil {
		return err
	}
	b := newNaiveBoard(n, visit)
	b.place(0)
	return nil
}

// naiveBoard is the state of one naive search.
type naiveBoard struct {
	n      int
	square []bool // square[row*n+col] is true where a queen stands
	sol    Solution
	visit  func(Solution) bool // nil when only counting
	count  uint64
	nodes  uint64 // queens placed without attack: the nodes of the tree below the root
}

func newNaiveBoard(n int, visit func(Solution) bool) *naiveBoard {
	return &naiveBoard{n: n, square: make([]bool, n*n), sol: make(Solution, n), visit: visit}
}

// place fills row and the rows after it in every possible way. It reports
// whether the search should go on.
func (b *naiveBoard) place(row int) bool {
	if row == b.n {
		b.count++
		return b.visit == nil || b.visit(b.sol)
	}
	for col := range b.n {
		b.square[row*b.n+col] = true
		if !b.attacked(row, col) {
			b.nodes++
			b.sol[row] = col
			if !b.place(row + 1) {
				return false
			}
		}
		b.square[row*b.n+col] = false
	}
	return true
}

// attacked reports whether a queen above row stands in col or on one of
// the two diagonals through (row, col). Rows below are still empty.
func (b *naiveBoard) attacked(row, col int) bool {
	for r := row - 1; r >= 0; r-- {
		up := row - r // rows between r and row: the diagonals' offset
		if b.square[r*b.n+col] ||
			col-up >= 0 && b.square[r*b.n+col-up] ||
			col+up < b.n && b.square[r*b.n+col+up] {
			return true
		}
	}
	return false
}
