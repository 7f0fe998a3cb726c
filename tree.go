package nqueens

import "math/bits"

// The engine searches, of each class of solutions that the eight
// symmetries of the board map onto each other, about one member. It sorts
// solutions by their border: the queens in the top row, the bottom row, the
// left column and the right column. A border queen's distance is how far it
// stands from the nearer end of its edge; a corner queen has distance 0.
//
// Corner trees. No solution has two queens in corners, and a solution with
// a queen in a corner has no symmetry, so its class has 8 members, two of
// them with the queen in the top-left corner: the solution and its
// transpose. The corner tree for b (2 <= b <= n-2) holds the solutions with
// queens at (0, 0) and (1, b) and none in column 1 above row b; of the two
// transposed members exactly one has this form, since the queen of column 1
// cannot stand at (b, 1), which (1, b) attacks. Each solution found counts
// 8 and 1.
//
// Side trees. Without a corner queen, take the least border distance t. Some
// member of the class has a border queen of distance t in the top row, on
// the left (column t): the side tree for t, 1 <= t < n-1-t, holds the
// solutions with a queen at (0, t) and every other border queen at distance
// t or more: no queen in the side columns above row t or below row n-1-t,
// and the bottom queen in columns t to n-1-t. When every other border queen
// is strictly farther than t, only the identity keeps the top queen at
// (0, t), so the solution is the one member of its class found and has no
// symmetry: it counts 8 and 1 with no further check. The rest, where
// another border queen ties with the top one, are rare; each of those is
// compared with its images (see symmetryCheck) and counted only if it is
// the least of them.

// A tree is one corner or side tree of the n×n board.
type tree struct {
	n      int
	corner bool
	t      int // side trees: the top queen's column; corner trees: the column of the queen in row 1
	// allowed[row] holds the squares of row that the tree's definition
	// leaves open, before any queen's attacks.
	allowed [MaxN]uint64
	// For side trees, rows t and n-1-t are where a side queen ties with the
	// top one, and strict holds the bottom row's squares that do not tie.
	strict uint64
}

// sides is the mask of the two side columns.
func sides(n int) uint64 {
	return 1 | topBit(n)
}

// trees returns the corner and side trees of the n×n board, n >= 4, in a
// fixed order.
func trees(n int) []*tree {
	var ts []*tree
	all, side := fullRow(n), sides(n)
	for b := 2; b <= n-2; b++ {
		tr := &tree{n: n, corner: true, t: b}
		for row := range n {
			tr.allowed[row] = all
		}
		for row := 2; row < b; row++ {
			tr.allowed[row] = all &^ 2 // column 1 stays empty above row b
		}
		ts = append(ts, tr)
	}
	for t := 1; t < n-1-t; t++ {
		tr := &tree{n: n, t: t}
		for row := range n {
			switch {
			case row < t || row > n-1-t:
				tr.allowed[row] = all &^ side
			default:
				tr.allowed[row] = all
			}
		}
		inner := fullRow(n-2*t) << t // columns t to n-1-t
		tr.allowed[n-1] = inner
		tr.strict = inner &^ (1<<t | 1<<(n-1-t))
		ts = append(ts, tr)
	}
	return ts
}

// root returns the task of the whole tree: its first rows placed.
func (tr *tree) root() task {
	n := tr.n
	board := make([]int, n)
	for i := range board {
		board[i] = Free
	}
	tk := task{tree: tr, board: board}
	if tr.corner {
		board[0], board[1] = 0, tr.t
		tk.place(0, 0)
		tk.place(1, tr.t)
	} else {
		board[0] = tr.t
		tk.place(0, tr.t)
	}
	return tk
}

// A task is a subproblem: a tree with its first rows placed. The search
// goes on from row with the masks of Richards' method.
type task struct {
	tree              *tree
	board             []int // the placed rows, Free below
	row               int   // the first free row
	cols, left, right uint64
	// check marks a subproblem whose every solution must be compared with
	// its images: one where a side queen ties with the top one.
	check bool
}

// place puts a queen in column col of the task's next row.
func (tk *task) place(row, col int) {
	bit := uint64(1) << col
	tk.board[row] = col
	tk.row = row + 1
	tk.cols |= bit
	tk.left = (tk.left | bit) << 1
	tk.right = (tk.right | bit) >> 1
}

// children calls yield with each task that places a queen in the next row
// of tk, following the tree's rules, until yield returns false; it reports
// whether yield always returned true. tk must have a free row. The
// children share tk's board, which holds each child's queen while yield
// runs and is restored when children returns: yield must copy the board to
// keep it.
func (tk *task) children(yield func(task) bool) bool {
	tr, row := tk.tree, tk.row
	free := tr.allowed[row] &^ (tk.cols | tk.left | tk.right)
	var tie uint64 // squares of this row that make a tie with the top queen
	if !tk.check {
		free, tie = tr.rule(row, tk.cols, free)
	}
	for cand := free | tie; cand != 0; cand &= cand - 1 {
		col := bitIndex(cand & -cand)
		child := *tk
		child.place(row, col)
		child.check = tk.check || tie&(1<<col) != 0
		if !yield(child) {
			tk.board[row] = Free
			return false
		}
	}
	tk.board[row] = Free
	return true
}

// rule applies the tree's rules to the free squares of row, given the
// columns taken above it. It returns the squares to search on and, apart,
// those where a queen would tie with the top one, whose solutions need a
// check. walk.step applies the same rules inline.
func (tr *tree) rule(row int, cols, free uint64) (rest, ties uint64) {
	if tr.corner {
		return free, 0
	}
	side := sides(tr.n)
	switch row {
	case tr.t:
		return free &^ side, free & side
	case tr.n - 1 - tr.t:
		switch cols & side {
		case side:
			return free, 0
		case 0:
			return 0, 0 // both side columns still empty: too late
		}
		return 0, free & side // the other side column, now or never
	case tr.n - 1:
		return free & tr.strict, free &^ tr.strict
	}
	return free, 0
}

// bitIndex returns the index of the single set bit of b.
func bitIndex(b uint64) int {
	return bits.TrailingZeros64(b)
}
