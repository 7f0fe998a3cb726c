package nqueens

import (
	"math/bits"
	"runtime"
)

// The engine's inner loop: Richards' method made iterative over the rows of
// one task, with the rules of its tree applied at the three rows where they
// bite. Everything else is a handful of bit operations per node.

// pollInterval is how many dead ends the inner loop runs into between two
// looks at its stop flag: a fraction of a millisecond of work.
const pollInterval = 1 << 14

// search adds up the solutions of tk into w.counts, walking with s. A task
// that needs no check counts each solution it finds for its class of 8; a
// check task (tk.check) hands each to w.check. search reports false if it
// saw w.stop set before it was done.
func (w *worker) search(s *walk, tk *task) bool {
	tr := tk.tree
	n, y0 := tr.n, tk.row
	if y0 == n {
		if tk.check {
			return w.check.visit(tk.board)
		}
		w.counts.Total += 8
		w.counts.Unique++
		return true
	}
	s.tk = tk
	for row := y0; row < n; row++ {
		s.allowed[row-y0] = tr.allowed[row]
	}
	last := uint(n - 1 - y0)
	s.last, s.special, s.strict = last, 1<<last, fullRow(n)
	s.top, s.rule, s.side = noDepth, noDepth, sides(n)
	switch {
	case tk.check:
		s.strict = 0 // every solution goes to the check
	case !tr.corner:
		s.strict = tr.strict
		if d := tr.t - y0; d >= 0 {
			s.top = uint(d)
			s.special |= 1 << d
		}
		if d := n - 1 - tr.t - y0; d >= 0 {
			s.rule = uint(d)
			s.special |= 1 << d
		}
	}
	s.cols[0], s.left[0], s.right[0] = tk.cols, tk.left, tk.right
	s.d, s.found, s.budget = 0, 0, pollInterval
	s.p = s.allowed[0] &^ (tk.cols | tk.left | tk.right)
	if s.special&1 != 0 {
		s.p = w.special(s, 0, tk.cols, tk.left, tk.right, s.p)
		if last == 0 {
			s.found, s.p = uint64(bits.OnesCount64(s.p)), 0
		}
	}
	for {
		j, nc, nl, nr, np, ev := s.step()
		switch ev {
		case walkDone:
			w.counts.Total += 8 * s.found
			w.counts.Unique += s.found
			return true
		case walkPoll:
			if w.stop.Load() {
				return false
			}
			// Let the goroutines that would stop us run: with every P
			// busy searching, a cancel could otherwise wait for the
			// scheduler to preempt a worker, 10 ms.
			runtime.Gosched()
			continue
		}
		s.cols[j] = nc
		np = w.special(s, j, nc, nl, nr, np)
		if j == last {
			s.found += (np | -np) >> 63
			continue
		}
		if np != 0 {
			s.todo[s.d] = s.p
			s.d = j
			s.cols[j], s.left[j], s.right[j] = nc, nl, nr
			s.p = np
		}
	}
}

// A walk is the state of the inner loop over the rows of one task: the
// masks of Richards' method for each depth d (row tk.row+d), and where it
// stands.
type walk struct {
	tk                *task // the task being searched
	cols, left, right [MaxN]uint64
	allowed           [MaxN]uint64 // the squares the tree leaves open at each depth
	todo              [MaxN]uint64 // the squares still to try at each depth above d
	special           uint64       // bit d set: depth d has a rule, or is the last
	strict            uint64       // the last row's squares counted without a check
	last              uint         // the depth of the last row
	top, rule         uint         // side trees: the depths of rows t and n-1-t, or noDepth
	side              uint64       // the side columns
	d                 uint         // the current depth
	p                 uint64       // the squares still to try at depth d
	found             uint64       // solutions counted so far
	budget            int          // dead ends left until the next poll
}

// noDepth is a depth that no row has.
const noDepth = MaxN

// Why step returned.
const (
	walkDone    = iota // the whole task is searched
	walkPoll           // pollInterval dead ends since the last return
	walkSpecial        // a queen was placed above a row with a square to check
)

// step runs the inner loop until the task is done, until it is time to
// look at the stop flag, or until it places a queen above a row with a
// square that needs a check (walkSpecial): one where a queen would tie with
// the top one, or any solution of a check task. It applies the side
// trees' rules itself. On walkSpecial it returns that row's depth j,
// Richards' masks for it and its free squares, with the queen's own depth
// saved so that the caller can go on.
//
// step calls nothing, so that the compiler keeps the loop's state in
// registers; a row is entered only if it has a free square, and the last
// row is never entered: one free square there is one solution.
func (s *walk) step() (j uint, nc, nl, nr, np uint64, why int) {
	// Only what every node needs is kept in locals: the rest is read from
	// s on the rare paths, so that the loop's state fits in registers.
	d, p, found, special, budget := s.d, s.p, s.found, s.special, s.budget
	for {
		for p != 0 {
			bit := p & -p // x & -x keeps only the lowest set bit of x
			p ^= bit
			i := d % MaxN // d < MaxN; the modulus lets the compiler drop bounds checks
			nc = s.cols[i] | bit
			nl = (s.left[i] | bit) << 1
			nr = (s.right[i] | bit) >> 1
			j = (d + 1) % MaxN
			np = s.allowed[j] &^ (nc | nl | nr)
			if np == 0 {
				continue // a dead end, whatever the row's rule
			}
			if special>>j&1 != 0 {
				// The rules, where they need no check; special does the rest.
				tie := true
				switch j {
				case s.last:
					if np&^s.strict == 0 {
						found += (np | -np) >> 63 // the top bit of x | -x is set exactly when x != 0
						continue
					}
				case s.top:
					tie = np&s.side != 0
				case s.rule:
					switch nc & s.side {
					case s.side:
						tie = false
					case 0:
						continue // both side columns still empty: too late
					default:
						tie = np&s.side != 0
						if !tie {
							continue // the other side column cannot be taken
						}
					}
				}
				if tie {
					s.d, s.p, s.found, s.budget = d, p, found, budget
					return j, nc, nl, nr, np, walkSpecial
				}
			}
			s.todo[i] = p
			d++
			s.cols[j], s.left[j], s.right[j] = nc, nl, nr
			p = np
		}
		if d == 0 {
			s.d, s.p, s.found = d, p, found
			return 0, 0, 0, 0, 0, walkDone
		}
		d--
		p = s.todo[d%MaxN]
		if budget--; budget == 0 {
			s.d, s.p, s.found, s.budget = d, p, found, pollInterval
			return 0, 0, 0, 0, 0, walkPoll
		}
	}
}

// special applies the rule of the side tree, if any, for the row at depth
// d of the walk s, to that row's free squares free, given Richards' masks
// for it. The squares where a queen ties with the top one, and in a check
// task every solution, go to the check: the solutions through a tie above
// the last row are searched as a check task of their own. special returns
// the squares left to the walk. s.cols[0:d+1] holds the columns taken
// before each row, which give the queens the walk has placed.
func (w *worker) special(s *walk, d uint, cols, left, right, free uint64) uint64 {
	tk := s.tk
	tr := tk.tree
	row := tk.row + int(d)
	var ties uint64
	if tk.check {
		ties, free = free, 0
	} else {
		free, ties = tr.rule(row, cols, free)
	}
	if ties == 0 {
		return free
	}
	board := w.board[:tr.n]
	if row < tr.n-1 {
		board = w.tieBoard[:tr.n] // the leaves of the tie task fill w.board
	}
	copy(board, tk.board)
	for i := range d {
		board[tk.row+int(i)] = bitIndex(s.cols[i+1] ^ s.cols[i])
	}
	for ; ties != 0; ties &= ties - 1 {
		bit := ties & -ties
		board[row] = bitIndex(bit)
		if row == tr.n-1 {
			w.check.visit(board)
			continue
		}
		w.tieTask = task{tree: tr, board: board, row: row + 1, check: true,
			cols: cols | bit, left: (left | bit) << 1, right: (right | bit) >> 1}
		w.search(&w.tieWalk, &w.tieTask)
	}
	return free
}
