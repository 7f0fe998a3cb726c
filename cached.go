package nqueens

// Cached is the articles' second step: the search of [Naive], which
// remembers in three arrays of booleans which columns and which diagonals
// hold a queen, so that a square costs one look in each instead of a
// scan. Square (row, col) lies on column col, on the diagonal row+col and
// on the anti-diagonal row-col+n-1, both numbered 0 to 2n-2; placing a
// queen sets the three, and taking it back clears them. Every node still
// tries all n squares of the row below it: O(n) a node, on the tree that
// Naive walks.
//
// Source: the version "with caching" of "Bitwise Optimization of
// N-Queens" (2024, JavaScript).
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
// on the diagonal row+col and on the anti-diagonal row-col+n-1; both
// indexes run from 0 to 2n-2.
type cachedBoard struct {
	n     int
	col   []bool // col[c]: column c holds a queen
	diag  []bool // diag[row+col]: that diagonal holds a queen
	anti  []bool // anti[row-col+n-1]: that anti-diagonal holds a queen
	sol   Solution
	visit func(Solution) bool // nil when only counting
	count uint64
}

func newCachedBoard(n int, visit func(Solution) bool) *cachedBoard {
	diagonals := max(2*n-1, 0)
	return &cachedBoard{
		n:     n,
		col:   make([]bool, n),
		diag:  make([]bool, diagonals),
		anti:  make([]bool, diagonals),
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
		d, a := row+col, row-col+c.n-1
		if c.col[col] || c.diag[d] || c.anti[a] {
			continue
		}
		c.col[col], c.diag[d], c.anti[a] = true, true, true
		c.sol[row] = col
		more := c.place(row + 1)
		c.col[col], c.diag[d], c.anti[a] = false, false, false
		if !more {
			return false
		}
	}
	return true
}
