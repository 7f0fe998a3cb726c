package backtrack

// The last rows of a search, which every tail kernel ends with: the last
// two, counted without a loop, and fewer.

// fewRows counts the ways to fill the last two rows of f or fewer, from
// row d on, given Richards' masks of row d.
func (f *Frame) fewRows(d int, c, l, r uint64) uint64 {
	switch f.free - d {
	case 0:
		return 1
	case 1:
		return nonZero(f.allowed[d] &^ (c | l | r)) // one column is left
	}
	g := f.gap[d] % 64
	next := f.allowed[d+1] &^ (c | l<<g | r>>g)
	if next == 0 {
		return 0
	}
	return lastTwo(f.allowed[d]&^(c|l|r), next, g)
}

// lastTwo counts the solutions of the last two rows: the squares of p, the
// free squares of the row before last, that leave a square of next free,
// where next holds the free squares of the last row, g rows below, before
// a queen goes into p's row. Two columns are left, so next has one or two
// squares, and p at most two; a queen on b leaves none of next free
// exactly when every square of next is b's column or one of its
// diagonals, g columns away.
func lastTwo(p, next uint64, g uint) uint64 {
	lo := next & -next
	hi := next ^ lo
	hi |= lo &^ -nonZero(hi) // one square: hi is lo
	blocks := (lo | lo<<g | lo>>g) & (hi | hi<<g | hi>>g)
	p &^= blocks
	return nonZero(p) + nonZero(p&(p-1)) // p has at most two bits
}

// nonZero returns 1 if x != 0 and 0 otherwise, without a branch: the top
// bit of x | -x is set exactly when x != 0.
func nonZero(x uint64) uint64 {
	return (x | -x) >> 63
}
