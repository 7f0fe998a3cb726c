package nqueens

// Cached is the articles' second step: the search of [Naive], which
// remembers in three arrays of booleans which columns and which diagonals
// hold a queen, so that a square costs one look in each instead of a
// scan. Square (row, col) lies on column col; on the diagonal that runs
// down and to the right through it, parallel to the main diagonal, where
// row-col is the same, numbered row-col+n-1; and on the one that runs
// down and to the left, where row+col is the same, numbered row+col: both
// from 0 to 2n-2. Placing a queen sets the three, and taking it back
// clears them. Every node still tries all n squares of the row below it:
// O(n) a node, on the tree that Naive walks. [Bitwise] keeps the same
// three facts for the row being filled alone, as the bits of its masks
// cols, right and left.
//
// Source: the version "with caching" of "Bitwise Optimization of
// N-Queens" (2024, JavaScript).
//
// Next: [Bitwise].
type Cached struct{}

// String returns "cached".
func (Cached) String() string { return "cached" }

// Count returns the number of solutions of the n×n board, as
// [Strategy] says.
func (Cached) Count(n int) (uint64, error) {
	if err := checkSize(n); err != nil {
		return 0, err
	}
	c := newCachedBoard(n, nil)
	c.place(0)
	return c.count, nil
}

// Enumerate visits the solutions of the n×n board, as [Strategy] says.
func (Cached) Enumerate(n int, visit func(Solution) bool) error {
	if err := checkEnumerate(n, visit); err != nil {
		return err
	}
	c := newCachedBoard(n, visit)
	c.place(0)
	return nil
}

// cachedBoard is the state of one cached search. A square (row, col) lies
// on the diagonal down and to the right row-col+n-1 and on the one down
// and to the left row+col; both indexes run from 0 to 2n-2.
type cachedBoard struct {
	n     int
	col   []bool // col[c]: column c holds a queen
	right []bool // right[row-col+n-1]: that diagonal, down and to the right, holds a queen
	left  []bool // left[row+col]: that diagonal, down and to the left, holds a queen
	sol   Solution
	visit func(Solution) bool // nil when only counting
	count uint64
}

func newCachedBoard(n int, visit func(Solution) bool) *cachedBoard {
	diagonals := max(2*n-1, 0)
	return &cachedBoard{
		n:     n,
		col:   make([]bool, n),
		right: make([]bool, diagonals),
		left:  make([]bool, diagonals),
		sol:   make(Solution, n),
		visit: visit,
	}
}

// place fills row and the rows after it in every possible way. It reports
// whether the search should go on.
func (c *cachedBoard) place(row int) bool {
	if row == c.n {
		c.count++
		return c.visit == nil || c.visit(c.sol)
	}
	for col := range c.n {
		r, l := row-col+c.n-1, row+col
		if c.col[col] || c.right[r] || c.left[l] {
			continue
		}
		c.col[col], c.right[r], c.left[l] = true, true, true
		c.sol[row] = col
		more := c.place(row + 1)
		c.col[col], c.right[r], c.left[l] = false, false, false
		if !more {
			return false
		}
	}
	return true
}
