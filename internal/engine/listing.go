package engine

import (
	"context"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/gonqueens/nqueens/internal/backtrack"
	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/poll"
)

// Listing on every core, in order. The board is split by the queens of its
// first rows into subtrees, the roots, taken in lexicographic order; the
// workers search the roots ahead of the caller, each into a channel of its
// own, and the caller's goroutine visits what they found root after root,
// so the solutions come out in lexicographic order as one search gives
// them. A worker runs at most inflight roots ahead of the caller and blocks
// when its channel is full: memory stays bounded whatever the board.

// A listing is one ordered search of the n×n board.
type listing struct {
	n int
	// allowed returns the squares of row that the search may use, given
	// the queens of board placed so far (always row 0's, for a row below
	// it); nil allows every square. It rules out subtrees, never reorders.
	allowed func(b []int, row int) uint64
	// classes has the workers pass on only the solutions that are the
	// least of their class under the board.Symmetries, tagged with the size of
	// the class, as Fundamental lists them.
	classes bool
}

// rootRows returns how many rows the roots of a listing of the n×n board
// place: enough for thousands of roots, each small enough that a worker
// searches it whole ahead of the caller (some 7,000 solutions at n = 16),
// one row deeper for each n beyond, which keeps them as small up to
// n = 21, far beyond a listing anyone waits for.
func rootRows(n int) int { return min(n, max(3, min(n-13, 8))) }

// batchLen is how many bytes of solutions a worker hands over at once,
// and slotBatches how many batches a root may hold ahead of the caller:
// 256 KiB, a whole root for every n.
const (
	batchLen    = 1 << 12
	slotBatches = 64
)

// A rootIter lists the roots of a listing in lexicographic order, one at a
// time, as the workers claim them.
type rootIter struct {
	l     *listing
	depth int
	board []int
	free  [board.MaxN]uint64 // the squares of each root row still to try
	row   int                // the row to fill next; -1 once every root is out
}

func newRootIter(l *listing) *rootIter {
	it := &rootIter{l: l, depth: rootRows(l.n), board: make([]int, l.n)}
	for i := range it.board {
		it.board[i] = board.Free
	}
	if it.depth > 0 {
		it.free[0] = it.allowed(0)
	}
	return it
}

// allowed returns the squares of row free given the queens above it.
func (it *rootIter) allowed(row int) uint64 {
	free := board.FullRow(it.l.n) &^ board.AttackedBy(it.board, row)
	if it.l.allowed != nil {
		free &= it.l.allowed(it.board, row)
	}
	return free
}

// next fills root with the next root and reports whether there was one.
func (it *rootIter) next(root []int) bool {
	if it.depth == 0 { // the 0×0 board: its one root is the empty board
		it.depth, it.row = -1, -1
		return true
	}
	for it.row >= 0 {
		if it.free[it.row] == 0 {
			it.board[it.row] = board.Free
			it.row--
			continue
		}
		bit := it.free[it.row] & -it.free[it.row] // x & -x keeps only the lowest set bit
		it.free[it.row] ^= bit
		it.board[it.row] = bits.TrailingZeros64(bit)
		if it.row == it.depth-1 {
			copy(root, it.board)
			return true
		}
		it.row++
		it.free[it.row] = it.allowed(it.row)
	}
	return false
}

// A batch is what a worker hands the caller: solutions of a root, n+1
// bytes each (the columns, then the tag); last closes the root, and end
// says that there is no root beyond the last one.
type batch struct {
	b         []byte
	last, end bool
}

// list visits, on the caller's goroutine, each solution of the search in
// lexicographic order with its tag (the size of its class, or 0), until
// visit returns false or ctx is done; workersOf(workers) goroutines search
// ahead. It returns ctx.Err() if ctx stopped it, visit's cancel included,
// with every worker stopped.
func (l *listing) list(ctx context.Context, workers int, visit func([]int, int) bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	r := newListRun(l, workersOf(workers))
	defer poll.StopWhenDone(ctx, &r.stop)()
	r.start()
	// However list returns, by a panic in visit included, no worker
	// outlives it.
	defer r.end()
	return r.drain(ctx, visit)
}

// A listRun is a listing under way: its workers search the roots in
// order, ahead of the caller, who drains them. Root k goes through slot
// k % inflight. A worker takes a token before it claims a root, and the
// caller gives it back once it has drained the root: the roots claimed
// and not yet drained are consecutive, at most inflight of them, and the
// lowest always has its worker.
type listRun struct {
	l                 *listing
	workers, inflight int
	slots             []chan batch
	tokens            chan struct{}
	stop              atomic.Bool
	current           atomic.Int64 // the root the caller drains
	wg                sync.WaitGroup
	mu                sync.Mutex // guards roots and claimed
	roots             *rootIter
	claimed           int
	done              chan struct{}
	// free holds the batches drained, for the workers to fill again: as
	// many as can be in the slots and in the workers' hands.
	free chan []byte
}

// newListRun returns the run of l on workers workers, not started.
func newListRun(l *listing, workers int) *listRun {
	inflight := 2 * workers
	r := &listRun{l: l, workers: workers, inflight: inflight, slots: make([]chan batch, inflight),
		tokens: make(chan struct{}, inflight), roots: newRootIter(l), done: make(chan struct{}),
		free: make(chan []byte, inflight*slotBatches+workers)}
	for i := range r.slots {
		r.slots[i] = make(chan batch, slotBatches)
	}
	for range inflight {
		r.tokens <- struct{}{}
	}
	return r
}

// claim returns the index of the next root and fills root with it, or
// reports that there is none.
func (r *listRun) claim(root []int) (int, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	k := r.claimed
	r.claimed++
	return k, r.roots.next(root)
}

// start starts r's workers.
func (r *listRun) start() {
	r.wg.Add(r.workers)
	for range r.workers {
		go func() {
			defer r.wg.Done()
			w := listWorker{l: r.l, poll: poll.Poller{Stop: &r.stop, Yield: r.workers >= runtime.GOMAXPROCS(0)},
				current: &r.current, done: r.done, free: r.free}
			w.poll.Each = w.flush
			root := make([]int, r.l.n)
			for {
				select {
				case <-r.tokens:
				case <-r.done:
					return
				}
				k, ok := r.claim(root)
				w.k, w.slot = k, r.slots[k%r.inflight]
				if !ok {
					w.send(batch{end: true})
					return
				}
				if !w.search(root) {
					return
				}
			}
		}()
	}
}

// end stops r's workers, and waits until they have.
func (r *listRun) end() {
	r.stop.Store(true)
	close(r.done)
	r.wg.Wait()
}

// drain visits the solutions of r's roots in order, as list does.
func (r *listRun) drain(ctx context.Context, visit func([]int, int) bool) error {
	n := r.l.n
	rec := n + 1 // the columns, then the tag
	s := make([]int, n)
	for k := 0; ; k++ {
		r.current.Store(int64(k))
		for last := false; !last; {
			var f batch
			select {
			case f = <-r.slots[k%r.inflight]:
			case <-ctx.Done():
				return ctx.Err()
			}
			if f.end {
				return nil
			}
			for at := 0; at < len(f.b); at += rec {
				for i := range s {
					s[i] = int(f.b[at+i])
				}
				if !visit(s, int(f.b[at+n])) {
					return nil
				}
				if err := ctx.Err(); err != nil { // visit may cancel ctx
					return err
				}
			}
			select {
			case r.free <- f.b[:0]:
			default: // never full, as it holds every batch there is
			}
			last = f.last
		}
		r.tokens <- struct{}{}
	}
}

// A listWorker searches roots, one after another.
type listWorker struct {
	l     *listing
	poll  poll.Poller
	frame backtrack.Frame
	allow [board.MaxN]uint64
	image []int  // scratch for the symmetry check
	out   []byte // the batch being filled
	k     int    // the root searched
	slot  chan<- batch
	// current is the root the caller drains.
	current *atomic.Int64
	done    <-chan struct{}
	free    chan []byte // batches to fill again
}

// search hands the solutions under root to w.slot in batches, the last
// one marked. It reports false if it was stopped first.
func (w *listWorker) search(root []int) bool {
	l := w.l
	allow := w.allow[:l.n]
	for row := range allow {
		allow[row] = board.FullRow(l.n)
		if l.allowed != nil && root[row] == board.Free {
			allow[row] = l.allowed(root, row)
		}
	}
	w.frame.SetupAllowed(root, allow)
	w.out = w.newBatch()
	return w.frame.Enumerate(w.found, &w.poll) && w.send(batch{b: w.out, last: true})
}

// found adds s to the batch, if the listing keeps it, and hands the batch
// over when it is full.
func (w *listWorker) found(s []int) bool {
	tag := 0
	if w.l.classes {
		if tag = w.classSize(s); tag == 0 {
			return true
		}
	}
	for _, col := range s {
		w.out = append(w.out, byte(col))
	}
	w.out = append(w.out, byte(tag))
	if len(w.out)+len(s)+1 > batchLen {
		if !w.send(batch{b: w.out}) {
			return false
		}
		w.out = w.newBatch()
	}
	return true
}

// flush hands over the solutions held back if the caller waits for them:
// a board whose solutions are far apart would otherwise keep the first of
// them until a batch is full, seconds later at n = 32.
func (w *listWorker) flush() {
	if len(w.out) > 0 && int64(w.k) == w.current.Load() && len(w.slot) == 0 && w.send(batch{b: w.out}) {
		w.out = w.newBatch()
	}
}

// newBatch returns an empty batch, one drained before if there is one.
func (w *listWorker) newBatch() []byte {
	select {
	case b := <-w.free:
		return b
	default:
		return make([]byte, 0, batchLen)
	}
}

// send hands f over, and reports false if the listing stopped first.
func (w *listWorker) send(f batch) bool {
	select {
	case w.slot <- f:
		return true
	case <-w.done:
		return false
	}
}

// classSize returns the size of the class of s under the board.Symmetries of
// the square if s is its least member, and 0 if an image of s is less.
func (w *listWorker) classSize(s []int) int {
	if len(w.image) != len(s) {
		w.image = make([]int, len(s))
	}
	if least, same := board.LeastAmong(s, w.image, board.Symmetries[:]); least {
		return board.ClassSize(same)
	}
	return 0
}

// cornerNearest returns the allowed squares of a search for the least
// members of the classes of solutions: those whose top queen is at least
// as near a corner as the queens of the bottom row, of the first column
// and of the last. Every image of a solution begins with the column of one
// of those four queens, counted from the left or the right, so a solution
// that breaks the rule has a lesser image.
func cornerNearest(n int) func(b []int, row int) uint64 {
	all := board.FullRow(n)
	edges := uint64(1) | 1<<max(n-1, 0) // the first and last columns
	return func(b []int, row int) uint64 {
		if row == 0 {
			return board.FullRow((n + 1) / 2) // the left half, middle included
		}
		d := b[0] // the top queen's distance to its corner
		switch {
		case row == n-1:
			return board.FullRow(n-2*d) << d // columns d to n-1-d
		case row < d || row > n-1-d:
			return all &^ edges // the side columns' queens stand in rows d to n-1-d
		}
		return all
	}
}

// Enumerate visits, on the caller's goroutine, each solution of the n×n
// board in lexicographic order, until visit returns false or ctx is done,
// on workers goroutines as Config.Workers takes them: from minListN on the
// workers search ahead of visit; on smaller boards, or one worker, the
// caller's goroutine searches alone. The solution passed to visit is
// reused. It returns ctx.Err() if ctx stopped it.
func Enumerate(ctx context.Context, n, workers int, visit func([]int) bool) error {
	if n < minListN || workersOf(workers) == 1 {
		return backtrack.EnumerateBoard(ctx, empty(n), visit)
	}
	l := listing{n: n}
	return l.list(ctx, workers, func(s []int, _ int) bool { return visit(s) })
}

// minListN is the least board Enumerate lists on several workers: on
// smaller ones, handing solutions over costs more than it saves.
const minListN = 12

// Fundamental visits, on the caller's goroutine, the least member of each
// class of solutions of the n×n board under the symmetries of the square,
// with the size of its class, in lexicographic order, until visit returns
// false or ctx is done, on workers goroutines ahead of visit, as
// Config.Workers takes them. The solution
// passed to visit is reused. It returns ctx.Err() if ctx stopped it.
func Fundamental(ctx context.Context, n, workers int, visit func([]int, int) bool) error {
	l := listing{n: n, allowed: cornerNearest(n), classes: true}
	return l.list(ctx, workers, visit)
}
