package nqueens

// The cached board: seed 002's "with caching". Instead of scanning the
// board, the search remembers which columns and diagonals hold a queen in
// three boolean arrays, so each check costs O(1). Every node still tries
// all n squares of its row: O(n) per node.

type cached struct{}

func (cached) Name() string { return "cached" }

// String returns the name, so that fmt prints the strategy by it.
func (s cached) String() string { return s.Name() }

func (cached) Count(n int) (uint64, error) {
	if err := checkSize(n); err != nil {
		return 0, err
	}
	c := newCachedBoard(n, nil)
	c.place(0)
	return c.count, nil
}

func (cached) Enumerate(n int, visit func(Solution) bool) error {
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
