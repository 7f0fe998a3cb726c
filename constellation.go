package nqueens

// The engine's split of the board. Every solution has a queen in its top
// row, one in its bottom row, one in its left column and one in its right
// column (a queen in a corner plays two of these parts). Those border
// queens, the solution's constellation, are placed first: each
// constellation leaves an independent subproblem, the rows in between.
//
// The eight symmetries of the board act on constellations as they act on
// solutions, so of each symmetry class of constellations only the least one
// needs to be searched. When no symmetry but the identity maps that
// constellation to itself, no symmetry maps any of its solutions to itself
// either: each solution stands for a class of 8, of which it is the only
// member found. The few constellations that some symmetry fixes are searched
// in full, and each solution found there is counted only if it is the least
// of its images under those symmetries, with the weight of its class.

// border is a constellation: where the four border queens stand.
type border struct {
	top    int // column of the queen in row 0
	bottom int // column of the queen in row n-1
	left   int // row of the queen in column 0
	right  int // row of the queen in column n-1
}

// squares returns the (row, col) squares of the border queens; a corner
// queen appears twice.
func (k border) squares(n int) [4][2]int {
	return [4][2]int{{0, k.top}, {n - 1, k.bottom}, {k.left, 0}, {k.right, n - 1}}
}

// transform returns the constellation that g maps k to.
func (k border) transform(n int, g Symmetry) border {
	var t border
	for _, sq := range k.squares(n) {
		r, c := g.point(n, sq[0], sq[1])
		if r == 0 {
			t.top = c
		}
		if r == n-1 {
			t.bottom = c
		}
		if c == 0 {
			t.left = r
		}
		if c == n-1 {
			t.right = r
		}
	}
	return t
}

func (k border) less(o border) bool {
	switch {
	case k.top != o.top:
		return k.top < o.top
	case k.bottom != o.bottom:
		return k.bottom < o.bottom
	case k.left != o.left:
		return k.left < o.left
	}
	return k.right < o.right
}

// consistent reports whether k can be the border of a board: a queen in a
// corner must play both of its parts, and no two queens attack each other.
func (k border) consistent(n int) bool {
	last := n - 1
	if (k.top == 0) != (k.left == 0) || (k.top == last) != (k.right == 0) ||
		(k.bottom == 0) != (k.left == last) || (k.bottom == last) != (k.right == last) {
		return false
	}
	sq := k.squares(n)
	for i := range sq {
		for j := range i {
			if sq[i] != sq[j] && attacks(sq[i][0], sq[i][1], sq[j][0], sq[j][1]) {
				return false
			}
		}
	}
	return true
}

// attacks reports whether queens on the distinct squares (r1, c1) and
// (r2, c2) attack each other.
func attacks(r1, c1, r2, c2 int) bool {
	dr, dc := r1-r2, c1-c2
	return dr == 0 || dc == 0 || dr == dc || dr == -dc
}

// stabilizer returns the symmetries other than the identity that map k to
// itself, and whether k is the least constellation of its class.
func (k border) stabilizer(n int) (fixing []Symmetry, least bool) {
	for _, g := range Symmetries()[1:] {
		t := k.transform(n, g)
		if t.less(k) {
			return nil, false
		}
		if t == k {
			fixing = append(fixing, g)
		}
	}
	return fixing, true
}

// board returns the partial board that holds just the queens of k.
func (k border) board(n int) []int {
	b := make([]int, n)
	for i := range b {
		b[i] = freeRow
	}
	b[0], b[n-1] = k.top, k.bottom
	b[k.left], b[k.right] = 0, n-1
	return b
}

// constellations calls yield with the board and the stabilizer of each
// least constellation of the n×n board, n >= 1, in a fixed order.
func constellations(n int, yield func(board []int, fixing []Symmetry)) {
	for top := range n {
		for bottom := range n {
			for left := range n {
				for right := range n {
					k := border{top, bottom, left, right}
					if !k.consistent(n) {
						continue
					}
					if fixing, least := k.stabilizer(n); least {
						yield(k.board(n), fixing)
					}
				}
			}
		}
	}
}
