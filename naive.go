package nqueens

// The naive board: the "basic recursive backtracking" of the articles
// (seed 000's Board class, seed 002's first version). Queens stand on an
// n×n matrix of squares; the search puts a queen on each square of the
// current row in turn and keeps it only if a scan of its column and both
// diagonals above it finds no other queen. Each check costs O(n), and every
// node of the search tree tries all n squares of its row: O(n²) per node.

type naive struct{}

func (naive) Name() string { return "naive" }

// String returns the name, so that fmt prints the strategy by it.
func (s naive) String() string { return s.Name() }

func (naive) Count(n int) (uint64, error) {
	if err := checkSize(n); err != nil {
		return 0, err
	}
	b := newNaiveBoard(n, nil)
	b.place(0)
	return b.count, nil
}

func (naive) Enumerate(n int, visit func(Solution) bool) error {
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
