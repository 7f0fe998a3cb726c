package engine

import (
	"math/bits"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/deal"
	"github.com/gonqueens/nqueens/internal/poll"
)

// Solutions that a symmetry leaves unchanged, and the fundamental count
// they give (Counts.Complete): how a count that joins, which yields totals
// alone, gets its unique count. By Burnside's lemma the classes of
// solutions under the
// eight symmetries of the square number the mean, over the eight, of the
// solutions each leaves unchanged. For n >= 2 no reflection leaves a
// solution unchanged: a queen and its image off the mirror line share a
// row, a column or a diagonal, and two queens on the line share the line.
// So with A the solutions a quarter turn leaves unchanged and B those a
// half turn does:
//
//	Unique = (Total + B + 2A) / 8
//
// A count that yields Total alone gets Unique from two searches over a
// quarter and a half of the board, tiny beside the count itself.

// countInvariant returns the number of solutions of the n×n board, n >= 1,
// that g, a rotation, maps onto itself and that hold the first row's queen
// in column col: the sum over every col is all of them. It places queens
// an orbit at a time: a queen and its images under g, g², ..., which such
// a solution holds together. The search visits about the square root of
// the board's tree for a half turn and its fourth root for a quarter turn.
// It polls p every invariantPoll nodes, and reports false if p said to stop.
func countInvariant(n int, g board.Symmetry, col int, p *poll.Poller) (uint64, bool) {
	f := orbitSearch{n: n, g: g, board: make([]int, n), poll: p}
	for i := range f.board {
		f.board[i] = board.Free
	}
	count := f.place(0, 1<<col)
	return count, !f.halted
}

// invariantPoll is how many nodes an orbitSearch visits between two
// polls: about a tenth of a millisecond, a node placing an orbit of up to
// four queens on 128-bit diagonal sets.
const invariantPoll = 1 << 11

// An orbitSearch fills a board orbit by orbit.
type orbitSearch struct {
	n     int
	g     board.Symmetry
	board []int
	cols  uint64
	// The diagonals taken, as sets of up to 2n-1 bits: bit row+col of
	// diag, and bit col-row+n-1 of anti.
	diag, anti [2]uint64
	poll       *poll.Poller
	nodes      int
	halted     bool
}

// place returns the number of ways to fill the rows from row down, given
// the orbits placed, with the queen of row in one of the columns of only,
// or 0 once the poller said to stop.
func (f *orbitSearch) place(row int, only uint64) uint64 {
	for row < f.n && f.board[row] != board.Free {
		row++
	}
	if row == f.n {
		return 1
	}
	if f.nodes++; f.nodes%invariantPoll == 0 && f.poll.Stopped() {
		f.halted = true
	}
	var count uint64
	// Both rotations take square (row, c) to (n-1-row, n-1-c) in two
	// steps or one: a queen goes only where both squares are free.
	free := f.free(row) & board.ReverseRow(f.free(f.n-1-row), f.n) & only
	if f.g == board.Rotate180 {
		if row == f.n-1-row {
			return free >> row & 1 // the middle square, its own image
		}
		// A queen and its image attack each other in column n/2, on the
		// diagonal col = n-1-row and on the anti-diagonal col = row.
		free &^= 1<<row | 1<<(f.n-1-row)
		if f.n%2 == 1 {
			free &^= 1 << (f.n / 2)
		}
	}
	for ; free != 0 && !f.halted; free &= free - 1 {
		col := bits.TrailingZeros64(free)
		var orbit [4][2]int
		k := 2
		if f.g == board.Rotate180 {
			orbit[0], orbit[1] = [2]int{row, col}, [2]int{f.n - 1 - row, f.n - 1 - col}
		} else if k = f.orbit(row, col, &orbit); k == 0 {
			continue
		}
		for _, p := range orbit[:k] {
			f.flip(p[0], p[1])
		}
		count += f.place(row+1, board.FullRow(f.n))
		for _, p := range orbit[:k] {
			f.flip(p[0], p[1])
			f.board[p[0]] = board.Free
		}
	}
	return count
}

// orbit fills orbit with the distinct images of (row, col), a free
// square, under the powers of g and returns how many there are, or 0 if
// they cannot all stand on the board together with the queens placed.
func (f *orbitSearch) orbit(row, col int, orbit *[4][2]int) int {
	orbit[0] = [2]int{row, col}
	k := 1
	for r, c := f.g.Point(f.n, row, col); r != row || c != col; r, c = f.g.Point(f.n, r, c) {
		for _, p := range orbit[:k] {
			if p[0] == r || p[1] == c || p[0]+p[1] == r+c || p[0]-p[1] == r-c {
				return 0 // two queens of the orbit attack each other
			}
		}
		if f.board[r] != board.Free || f.cols>>c&1 != 0 || bit(f.diag, r+c) || bit(f.anti, c-r+f.n-1) {
			return 0
		}
		orbit[k] = [2]int{r, c}
		k++
	}
	return k
}

// free returns the columns of row that no queen attacks: square (row, c)
// lies on diagonal row+c and on anti-diagonal c-row+n-1, bit c of the
// windows of the sets that start there.
func (f *orbitSearch) free(row int) uint64 {
	return board.FullRow(f.n) &^ (f.cols | window(f.diag, row) | window(f.anti, f.n-1-row))
}

// window returns bits s to s+63 of the 128-bit set x.
func window(x [2]uint64, s int) uint64 {
	if s >= 64 {
		return x[1] >> (s - 64)
	}
	return x[0]>>s | x[1]<<(64-s) // a shift by 64 gives 0 in Go
}

// bit reports whether bit i of the 128-bit set x is set.
func bit(x [2]uint64, i int) bool { return x[i/64]>>(i%64)&1 != 0 }

// flip puts a queen on square (r, c), or takes it off: it toggles the
// square's column and diagonals, and sets its row's column.
func (f *orbitSearch) flip(r, c int) {
	f.board[r] = c
	f.cols ^= 1 << c
	d, a := r+c, c-r+f.n-1
	f.diag[d/64] ^= 1 << (d % 64)
	f.anti[a/64] ^= 1 << (a % 64)
}

// An invariantSearch searches the solutions of the n×n board that the
// rotation g leaves unchanged, with the first row's queen in column col.
type invariantSearch struct {
	n, col int
	g      board.Symmetry
}

// solve searches the solutions that s.g leaves unchanged with the first
// row's queen in column s.col.
func (s *invariantSearch) solve(w *worker) (Counts, bool) {
	count, ok := countInvariant(s.n, s.g, s.col, &w.poll)
	if s.g == board.Rotate90 {
		return Counts{Invariant90: count}, ok
	}
	return Counts{Invariant180: count}, ok
}

// recount is solve: the search is plain backtracking, 2n quick
// subproblems run again by the same code.
func (s *invariantSearch) recount(w *worker, _ Recount) (Counts, bool) { return s.solve(w) }

func (s *invariantSearch) begin(Recount) {}
func (s *invariantSearch) quick() bool   { return true }
func (s *invariantSearch) group() any    { return nil }

// invariantSearches returns the searches of the solutions that a quarter
// and a half turn leave unchanged that d deals to its shard, one for each
// rotation and each column of the first row's queen, 2n in all, as
// subproblems, with room for more more: every method's subproblems but
// those of a small board begin with them.
func invariantSearches(n int, d deal.Shard, more int) []subproblem {
	searches := make([]invariantSearch, 0, (2*n+d.Of-1)/d.Of)
	for i := d.First(0); i < uint64(2*n); i += uint64(d.Of) {
		g := board.Rotate90
		if i >= uint64(n) {
			g = board.Rotate180
		}
		searches = append(searches, invariantSearch{n: n, col: int(i) % n, g: g})
	}
	sub := make([]subproblem, len(searches), len(searches)+more)
	for i := range searches {
		sub[i] = &searches[i]
	}
	return sub
}
