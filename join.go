package nqueens

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync/atomic"
)

//go:generate go run -C tools ./matchasm -rows 8 -out ../zmatch_amd64.s -stubs ../zmatch_amd64.go -pkg nqueens

// The join engine counts a board without backtracking the whole of it.
// Each row's queen stands in the east or the west half of the board: a
// split is the set R of rows whose queen is in the east. An east
// half-board places queens on the rows of R and the east columns, one on
// each, none attacking another; a west half-board does the same on the
// other rows and the west columns. An east and a west half-board make a
// solution exactly when no diagonal holds a queen of each, so the count of
// a split is the number of such pairs, and the count of the board the sum
// over splits.
//
// An odd board has a middle row and a middle column, in neither half:
// their queens are placed first, and the rest of the board is joined
// around them. The eight symmetries of the square map the two queens' cells
// onto eight others unless they are one queen in the center, so one
// placement of each eight is counted, eight times.
//
// An east half-board is in turn a north quarter (its queens on the north
// half's rows) and a south quarter on the complementary east columns,
// whose diagonals do not meet: the quarters of a split's rows are listed
// once, and kept for the next splits, which share their south rows. A
// pair is counted without a loop over pairs: the east half-boards of a
// split are laid out by diagonal, bit i of word w set when half-board
// 64w+i holds that diagonal, and merged into tables of 8 diagonals each
// (4 for a split with few west half-boards); a west half-board then finds
// the east ones it clashes with by one OR of a table row per table, and
// the rest by a popcount.
//
// Symmetry cuts the work of an even board by about 8. The two longest
// diagonals, row = col and row+col = n-1, cross the board through
// opposite quarters, and each holds at most one queen. The transpose, row
// and column swapped, keeps the first pointwise and moves the second's
// queen between the north-east and the south-west quarter; the other
// diagonal reflection does the same with the roles swapped. So every
// solution with no queen of the east half on a longest diagonal stands for
// 2^k solutions, k the queens of its west half on one, and those are all:
// the join lists only east half-boards off both diagonals, and weighs a
// west one by 2^k. The reflection top to bottom maps such a pair onto
// another, on the rows R turned upside down, so one of R and its
// reflection is counted, twice. The reflection left to right keeps neither
// longest diagonal's queen in the west but keeps a solution with none on
// either: those, k = 0, are counted on one split of each set that
// reflections and complements make of R, times its size. The queen in the
// center of an odd board holds both longest diagonals, and its splits are
// counted that way too.

// minJoinN and minOddJoinN are the least even and odd boards the join
// engine counts: from there on it is the faster, on one worker as on
// every core (at n = 15 the two engines tie).
const (
	minJoinN    = 14
	minOddJoinN = 17
)

// joins reports whether CountContext counts the n×n board, whole or in
// shards, with the join engine: from minJoinN (minOddJoinN if odd) to
// maxJoinN.
func joins(n int) bool {
	least := minJoinN
	if n%2 == 1 {
		least = minOddJoinN
	}
	return n >= least && n <= maxJoinN
}

// A joinBoard is what a join counts: the n×n board, and on an odd board
// the queens of the middle row and column, which its splits leave out.
type joinBoard struct {
	n int
	// x and y, on an odd board, are the middle row's queen's column and
	// the middle column's queen's row, both n/2 for a queen in the center;
	// -1 on an even board.
	x, y int
	// weight is the number of placements of x and y it stands for: 8, or
	// 1 for the queen in the center and on an even board.
	weight uint64
	// northQuarters keeps the north quarters of the east and the west
	// side for the board's joiners, if its halves have at most cachedHalf
	// rows: see quarterCache.
	northQuarters [2][]atomic.Pointer[[]quarter]
	// left is the number of its runs of splits not yet counted: the last
	// one counted lets go of northQuarters.
	left atomic.Int64
	// maxQuarters is the most quarters a list may hold within the count's
	// memory limit.
	maxQuarters int
}

// joinBoards returns the boards that a join of the n×n board counts, n at
// least 4: the board itself if n is even; else the queen in the center,
// and one placement of each eight that symmetries make of two queens, one
// in the middle row and one in the middle column, that do not attack each
// other: x east of the middle and y south, y farther.
func joinBoards(n int) []joinBoard {
	m := n / 2
	var boards []joinBoard
	if n%2 == 0 {
		boards = []joinBoard{{n: n, x: -1, y: -1, weight: 1, maxQuarters: math.MaxInt}}
	} else {
		boards = []joinBoard{{n: n, x: m, y: m, weight: 1, maxQuarters: math.MaxInt}}
		for dy := 2; dy <= m; dy++ {
			for dx := 1; dx < dy; dx++ {
				boards = append(boards, joinBoard{n: n, x: m + dx, y: m + dy, weight: 8, maxQuarters: math.MaxInt})
			}
		}
	}
	if m <= cachedHalf {
		for i := range boards {
			for s := range boards[i].northQuarters {
				boards[i].northQuarters[s] = make([]atomic.Pointer[[]quarter], 1<<m)
			}
		}
	}
	return boards
}

// rows returns the rows that the board's splits share out: all of them
// but the middle row and the middle column queen's.
func (b *joinBoard) rows() uint64 {
	if b.x < 0 {
		return fullRow(b.n)
	}
	return fullRow(b.n) &^ (1<<(b.n/2) | 1<<b.y)
}

// eastCols returns the number of east columns that the splits fill: all
// but the middle row queen's.
func (b *joinBoard) eastCols() int {
	if b.x > b.n/2 {
		return b.n/2 - 1
	}
	return b.n / 2
}

// weights returns the number of splits that the split of rows r stands
// for: weight in the solutions with a queen on a longest diagonal and
// plain in the others, both 0 if other splits count them all.
func (b *joinBoard) weights(r uint64) (weight, plain uint64) {
	if b.x != b.y { // no symmetry is left to the splits
		return 0, 1
	}
	n := b.n
	c := b.rows() &^ r
	rr, rc := reverseRows(r, n), reverseRows(c, n)
	if r > rr {
		return 0, 0
	}
	if b.x < 0 { // even: the reflection top to bottom for those on a longest diagonal
		weight = 2
		if r == rr {
			weight = 1
		}
	}
	if r <= c && r <= rc {
		// The set is {r, c, rr, rc}; c is never r, nor rr rc.
		plain = 2
		if rr != r && rr != c {
			plain = 4
		}
	}
	return weight, plain
}

// A joinTask is a run of the splits of a board, count of them from first
// on: the splits of the board's rows, in the order of the numbers whose
// bits pick them from the rows, eastCols bits set.
type joinTask struct {
	board *joinBoard
	first uint64
	count int
}

// joinTasks returns the join's subproblems of the n×n board that shard of
// shards counts. The splits of its boards are cut into runs, in their
// order, at least many of them if there are as many splits; the runs are
// dealt out to the shards in turn, and only the shard's are made.
func joinTasks(n, many, shard, shards int) []joinTask {
	boards := joinBoards(n)
	var splits uint64
	for i := range boards {
		splits += binomial(bits.OnesCount64(boards[i].rows()), boards[i].eastCols())
	}
	run := max(1, splits/uint64(many))
	var tasks []joinTask
	index := uint64(0) // of the board's first run among all the runs
	for i := range boards {
		b := &boards[i]
		free, k := bits.OnesCount64(b.rows()), b.eastCols()
		total := binomial(free, k)
		runs := (total + run - 1) / run
		// The board's first run that falls to the shard, then every
		// shards-th.
		for r := (uint64(shard) + uint64(shards) - index%uint64(shards)) % uint64(shards); r < runs; r += uint64(shards) {
			first := r * run
			tasks = append(tasks, joinTask{board: b, first: unrankSubset(first, k), count: int(min(run, total-first))})
		}
		index += runs
	}
	return tasks
}

// unrankSubset returns the subset of k bits that comes rank-th in
// increasing order, as nextSubset lists them: the largest bit c with
// C(c, k) <= rank is set, and the rest of the rank picks k-1 bits below.
func unrankSubset(rank uint64, k int) uint64 {
	var s uint64
	for ; k > 0; k-- {
		c := k - 1
		for binomial(c+1, k) <= rank {
			c++
		}
		s |= 1 << c
		rank -= binomial(c, k)
	}
	return s
}

// nextSubset returns the next larger number than s with as many bits set:
// Gosper's hack.
func nextSubset(s uint64) uint64 {
	low := s & -s // x & -x keeps only the lowest set bit
	ripple := s + low
	return ripple | ((s^ripple)>>2)/low
}

// spread returns the bits of mask that the low bits of s pick: bit i of s
// picks mask's i-th set bit.
func spread(s, mask uint64) uint64 {
	var r uint64
	for ; s != 0 && mask != 0; s >>= 1 {
		low := mask & -mask
		if s&1 != 0 {
			r |= low
		}
		mask ^= low
	}
	return r
}

// binomial returns n choose k.
func binomial(n, k int) uint64 {
	b := uint64(1)
	for i := 1; i <= k; i++ {
		b = b * uint64(n-k+i) / uint64(i)
	}
	return b
}

// reverseRows returns the rows of r turned upside down on the n×n board.
func reverseRows(r uint64, n int) uint64 { return bits.Reverse64(r) >> (64 - n) }

// maxJoinChunks is the most tables of a key: 8 bits of it each, a table
// of 256 rows.
const maxJoinChunks = 8

// A joiner counts the splits of one board with scratch space it keeps.
type joiner struct {
	board        *joinBoard
	n, m         int
	north, south uint64 // the rows of each half, but the middle one and the middle column queen's
	east, west   side
	// The keys of the east half-boards of a split; of the west ones, as
	// queries, by how many of their queens stand on a longest diagonal.
	eastKeys []uint64
	westKeys [3][]uint64
	tables   []uint64
	width    int // the diagonals of a table: 8, or 4
	chunks   int // the tables of a bucket, one for each width bits of the keys but the top sieve
	// sieve is how many top bits of the keys sort the east half-boards of
	// a block into buckets, bucket b holding those whose top bits are b.
	// A west half-board clashes with every east one of a bucket that
	// shares a top bit with it: it is matched, by the tables, only against
	// the others. A block of at least sieveFrom east half-boards is
	// sieved, into buckets of sieveKeys of them or more on average:
	// sieveBlock and sieveMin.
	sieve                int
	sieveFrom, sieveKeys int
	buckets              []bucket
	// Scratch for the sorts by top bits: of the east half-boards of a
	// block, and of a batch of queries, with where each value starts.
	sorted, grouped []uint64
	starts, groups  []int
	// keyBits is how many diagonals the keys hold: those that queens of
	// two quarters can take.
	keyBits int
	// block is the most east half-boards laid out at once, blockKeys, and
	// batch the most west ones listed before they are matched, batchKeys.
	block, batch int
	// poll is where quarterPlace learns to stop, every halfPoll tries;
	// halted, that it did, and err why, if not for poll: a list of
	// quarters too long.
	poll   *poller
	tries  int
	halted bool
	err    error
}

// A side is the east or the west half of the board, as its quarters see
// it.
type side struct {
	base int    // its first column: bit i of a set of its columns is column base+i
	cols uint64 // the columns its queens fill
	// cells holds its squares, row r and column base+i at r·m+i; forbid,
	// the columns of each row that a queen of it may not take: those on a
	// diagonal of the middle queens, or for the east of an even board on a
	// longest diagonal.
	cells    []cell
	forbid   []uint64
	quarters quarterCache
}

// A cell is a square of the board: the key bits of a queen there, and
// whether it stands on a longest diagonal, as a west half-board of an
// even board counts them.
type cell struct {
	key  uint64
	long int
}

// maxJoinN is the largest board a joiner takes: its keys hold at most
// 2(n-2) diagonals, in 64 bits.
const maxJoinN = 32

// newJoiner returns a joiner of b.
func newJoiner(b *joinBoard) *joiner {
	n, m := b.n, b.n/2
	j := &joiner{board: b, n: n, m: m, north: fullRow(m), south: fullRow(n) &^ fullRow(n-m),
		block: blockKeys, batch: batchKeys, sieveFrom: sieveBlock, sieveKeys: sieveMin}
	j.north &= b.rows()
	j.south &= b.rows()
	j.east.base, j.west.base = n-m, 0
	j.east.cols, j.west.cols = fullRow(m), fullRow(m)
	// The middle queens' diagonals, bits row+col and row-col+n-1.
	var blockD, blockA uint64
	if b.x >= 0 {
		for _, q := range [2][2]int{{m, b.x}, {b.y, m}} {
			blockD |= 1 << (q[0] + q[1])
			blockA |= 1 << (q[0] - q[1] + n - 1)
		}
		if b.x > m {
			j.east.cols &^= 1 << (b.x - j.east.base)
		}
	}
	// The quarters that can take each diagonal, bit 2·side+half; those
	// two can take are in the keys. cells counts the squares of each side
	// on each diagonal, the sums first and the differences after.
	var onD, onA [2*MaxN - 1]uint
	var cells [2][2 * (2*MaxN - 1)]int
	sides := [2]*side{&j.east, &j.west}
	for i, s := range sides {
		s.quarters.byRows = b.northQuarters[i]
		s.forbid = make([]uint64, n)
		for r := range n {
			if b.rows()&(1<<r) == 0 {
				continue
			}
			half := 0
			if j.south&(1<<r) != 0 {
				half = 1
			}
			for c := range m {
				col := s.base + c
				d, a := r+col, r-col+n-1
				longest := r == col || r+col == n-1
				if s.cols&(1<<c) == 0 || blockD&(1<<d) != 0 || blockA&(1<<a) != 0 || (b.x < 0 && i == 0 && longest) {
					s.forbid[r] |= 1 << c
					continue
				}
				onD[d] |= 1 << (2*i + half)
				onA[a] |= 1 << (2*i + half)
				cells[i][d]++
				cells[i][2*MaxN-1+a]++
			}
		}
	}
	// The diagonals of the keys, the sums and then the differences, take
	// their bits in increasing order of the squares that each side has on
	// them, multiplied: the top bits, those that an east and a west
	// half-board hold together the most often, are the ones to sieve on.
	var keyed []int
	for d, on := range append(onD[:], onA[:]...) {
		if bits.OnesCount(on) >= 2 {
			keyed = append(keyed, d)
		}
	}
	slices.SortStableFunc(keyed, func(x, y int) int {
		return cells[0][x]*cells[1][x] - cells[0][y]*cells[1][y]
	})
	var keyD, keyA [2*MaxN - 1]uint64
	for bit, d := range keyed {
		if d < 2*MaxN-1 {
			keyD[d] = 1 << bit
		} else {
			keyA[d-(2*MaxN-1)] = 1 << bit
		}
	}
	j.keyBits = len(keyed)
	for i, s := range sides {
		s.cells = make([]cell, n*m)
		for r := range n {
			for c := range m {
				col := s.base + c
				cl := &s.cells[r*m+c]
				cl.key = keyD[r+col] | keyA[r-col+n-1]
				if b.x < 0 && i == 1 && (r == col || r+col == n-1) {
					cl.long = 1
				}
			}
		}
	}
	return j
}

// count returns the solutions of the split of rows r, times its weights.
// Its east half-boards are laid out in tables blockKeys at a time, and
// its west ones listed batchKeys at a time and matched against each
// block, so that its memory is bounded whatever the board. It polls p
// between queries, and reports false if p said to stop.
func (j *joiner) count(r uint64, p *poller) (uint64, bool) {
	weight, plain := j.board.weights(r)
	if weight == 0 && plain == 0 {
		return 0, true
	}
	eastNorth, eastSouth, ok := j.east.quarters.lists(j, &j.east, r, p)
	if !ok {
		return 0, false
	}
	next, ok := j.eastBlock(eastNorth, eastSouth, cursor{}, p)
	if !ok || len(j.eastKeys) == 0 {
		return 0, ok
	}
	westNorth, westSouth, ok := j.west.quarters.lists(j, &j.west, j.board.rows()&^r, p)
	if !ok {
		return 0, false
	}
	width := j.tableWidth(j.queryBound(westNorth, plain != 0))
	// A west half-board with k queens on a longest diagonal stands for 2^k.
	weights := [3]uint64{plain, 2 * weight, 4 * weight}
	var total uint64
	for len(j.eastKeys) > 0 {
		j.lay(width)
		count, ok := j.queries(westNorth, westSouth, weights, p)
		if !ok {
			return 0, false
		}
		total += count
		if next, ok = j.eastBlock(eastNorth, eastSouth, next, p); !ok {
			return 0, false
		}
	}
	return total, true
}

// countRun returns the solutions of the run of splits of t, times their
// weights; it reports false if p said to stop. The board's last run to be
// counted lets go of the quarters its joiners kept.
func (j *joiner) countRun(t *joinTask, p *poller) (uint64, bool) {
	var total uint64
	s := t.first
	for range t.count {
		c, ok := j.count(spread(s, j.board.rows()), p)
		if !ok {
			return 0, false
		}
		total += c
		s = nextSubset(s)
	}
	if j.board.left.Add(-1) == 0 {
		for _, kept := range j.board.northQuarters {
			for i := range kept {
				kept[i].Store(nil)
			}
		}
	}
	return total * j.board.weight, true
}

// match returns the number of pairs of an east key, as laid out in the
// tables, and a key of west with no bit in common, polling p about every
// matchPoll words of the tables read; it reports false if p said to stop.
// The queries are sorted by their top bits, and those with top bits q are
// matched against the buckets that have none of them.
func (j *joiner) match(west []uint64, p *poller) (uint64, bool) {
	queries, groups := j.group(west)
	var count uint64
	for b := range j.buckets {
		bk := &j.buckets[b]
		if len(bk.keys) == 0 {
			continue
		}
		per := max(1, matchPoll/max(1, bk.words*j.chunks)) // queries between two polls
		for q := range len(groups) - 1 {
			if b&q != 0 {
				continue // a top bit in common: every pair clashes
			}
			for rest := queries[groups[q]:groups[q+1]]; len(rest) > 0; {
				batch := rest[:min(len(rest), per)]
				rest = rest[len(batch):]
				count += uint64(len(batch)*len(bk.keys) - clashes(bk.tables, bk.words, j.chunks, j.width, batch))
				if p.stopped() {
					return 0, false
				}
			}
		}
	}
	return count, true
}

// group returns keys sorted by their top j.sieve bits, and where the keys
// of each value start, and where the last ends.
func (j *joiner) group(keys []uint64) ([]uint64, []int) {
	var sorted bool
	keys, j.groups, sorted = j.sortTop(j.grouped, j.groups, keys)
	if sorted {
		j.grouped = keys
	}
	return keys, j.groups
}

// sortTop returns keys sorted by their top j.sieve bits, in dst's memory,
// and in starts' where the keys of each value start, and where the last
// ends; and whether it sorted them into dst. Without a sieve it sorts
// nothing: every key has the value 0.
func (j *joiner) sortTop(dst []uint64, starts []int, keys []uint64) ([]uint64, []int, bool) {
	if j.sieve == 0 {
		return keys, append(starts[:0], 0, len(keys)), false
	}
	shift := j.keyBits - j.sieve
	starts = countingSort(starts, keys, shift, 1<<j.sieve)
	dst = slices.Grow(dst[:0], len(keys))[:len(keys)]
	sortInto(dst, keys, shift, starts)
	return dst, starts, true
}

// countingSort returns in starts, of values+1 entries, where the keys of
// each value of their bits from shift up start, in a sort by that value.
func countingSort(starts []int, keys []uint64, shift, values int) []int {
	starts = slices.Grow(starts[:0], values+1)[:values+1]
	clear(starts)
	for _, k := range keys {
		starts[k>>shift+1]++
	}
	for v := 1; v <= values; v++ {
		starts[v] += starts[v-1]
	}
	return starts
}

// sortInto writes keys into dst in order of their bits from shift up, as
// starts, from countingSort, says where each value starts.
func sortInto(dst, keys []uint64, shift int, starts []int) {
	next := starts[:len(starts)-1]
	for _, k := range keys {
		v := k >> shift
		dst[next[v]] = k
		next[v]++
	}
	// next, which is starts, moved each value's start to its end: move it
	// back by one value.
	copy(starts[1:], starts[:len(starts)-1])
	starts[0] = 0
}

// matchPoll is about how many words of the tables match reads between
// two polls, a query reading a row of each table: a tenth of a
// millisecond in Go, a few microseconds in assembly.
const matchPoll = 1 << 16

// clashesGo returns the sum, over keys, of the bits set in the OR of the
// rows of tables that the key's chunks chunks of width bits pick, the row
// of chunk c of value v at tables[(c<<width+v)·words:]. It is clashes
// wherever no assembly kernel runs.
func clashesGo(tables []uint64, words, chunks, width int, keys []uint64) int {
	n := 0
	var rows [maxJoinChunks][]uint64
	for _, key := range keys {
		for c := range chunks {
			v := int(key>>(width*c)) & (1<<width - 1)
			rows[c] = tables[(c<<width+v)*words:][:words]
		}
		for w := range words {
			var x uint64
			for _, r := range rows[:chunks] {
				x |= r[w]
			}
			n += bits.OnesCount64(x)
		}
	}
	return n
}

// tableWidth returns the width of the tables, in diagonals, for queries
// west half-boards: 8, or 4 where the keys take at most maxJoinChunks
// tables of 4 and building tables of 8 would cost more than their
// queries save. A query costs a row a table; building a table, a row a
// value.
func (j *joiner) tableWidth(queries int) int {
	wide, narrow := (j.keyBits+7)/8, (j.keyBits+3)/4
	if narrow <= maxJoinChunks && narrow<<4+queries*narrow < wide<<8+queries*wide {
		return 4
	}
	return 8
}

// A bucket is the east half-boards of a block whose keys have the same
// top bits, and their tables, in rows of words words.
type bucket struct {
	keys, tables []uint64
	words        int
}

// A block of at least sieveBlock east half-boards is sieved on its top
// bits, as many as make buckets of sieveMin or more on average, and at
// most maxSieve. The top bits of the keys are the diagonals that an east
// and a west half-board hold together the most often, each about one pair
// in five: five of them leave a west half-board to match against about a
// third of the east ones. A bucket of about a thousand keeps its tables,
// 64 KiB for each 8 diagonals, in the core's cache while every query
// that can match it is matched. A smaller block is not sieved: sorting its
// queries would cost more than it saves.
const (
	sieveBlock = 1 << 13
	sieveMin   = 1024
	maxSieve   = 5
)

// lay sorts the east half-boards of the block into buckets by their top
// bits, as many bits as make buckets of j.sieveKeys on average, up to
// maxSieve, if the block has j.sieveFrom or more, and builds the tables of
// each bucket, of width diagonals.
func (j *joiner) lay(width int) {
	j.sieve = 0
	for len(j.eastKeys) >= j.sieveFrom && j.sieve < min(maxSieve, j.keyBits) && len(j.eastKeys)>>(j.sieve+1) >= j.sieveKeys {
		j.sieve++
	}
	keys, starts, sorted := j.sortTop(j.sorted, j.starts, j.eastKeys)
	j.starts = starts
	if sorted {
		j.eastKeys, j.sorted = keys, j.eastKeys
	}
	// The tables of a bucket hold the bits below the top ones: a pair of
	// a bucket and a query that share no top bit shares none of them.
	j.width, j.chunks = width, (j.keyBits-j.sieve+width-1)/width
	size := 0
	for b := range 1 << j.sieve {
		size += j.chunks << width * wordsFor(j.starts[b+1]-j.starts[b])
	}
	if cap(j.tables) < size {
		// Twice as much, up to what the largest block can take: a block
		// a little larger than the last makes no garbage of the tables.
		j.tables = make([]uint64, max(size, min(2*cap(j.tables), maxTables(j.keyBits, j.block))))
	}
	j.buckets = j.buckets[:0]
	at := 0
	for b := range 1 << j.sieve {
		keys := j.eastKeys[j.starts[b]:j.starts[b+1]]
		words := wordsFor(len(keys))
		tables := j.tables[at : at+j.chunks<<width*words]
		at += len(tables)
		layTables(tables, keys, words, j.chunks, width)
		j.buckets = append(j.buckets, bucket{keys: keys, tables: tables, words: words})
	}
}

// wordsFor returns the words of a row of the tables of keys east
// half-boards, 64 a word, in a multiple of wordsMultiple for the kernels.
func wordsFor(keys int) int {
	return (keys + 64*wordsMultiple - 1) / (64 * wordsMultiple) * wordsMultiple
}

// maxTables returns the most words that the tables of a block of block
// east half-boards take, with keys of keyBits diagonals: in tables of 8,
// as many as the keys need unsieved, with rows as long as the block needs
// and wordsMultiple more for each of the most buckets.
func maxTables(keyBits, block int) int {
	return (keyBits + 7) / 8 << 8 * (wordsFor(block) + wordsMultiple<<maxSieve)
}

// layTables builds in tables the tables of keys, of width diagonals each,
// chunks of them: for each width diagonals c of the key and value v of
// them, the row, words words long, of the half-boards that hold any
// diagonal of v.
func layTables(tables, keys []uint64, words, chunks, width int) {
	// The rows of the single diagonals, 64 half-boards a word, 8
	// diagonals at a time.
	for c8 := range (chunks*width + 7) / 8 {
		for w := range words {
			var r [8]uint64
			for g := range 8 {
				// Byte k of x is byte c8 of key 8g+k: a matrix of 8 keys by
				// 8 diagonals, which transpose8 turns to 8 diagonals by 8
				// keys.
				var x uint64
				for k, key := range keys[min(64*w+8*g, len(keys)):min(64*w+8*g+8, len(keys))] {
					x |= key >> (8 * c8) & 0xff << (8 * k)
				}
				x = transpose8(x)
				for b := range r {
					r[b] |= x >> (8 * b) & 0xff << (8 * g)
				}
			}
			for b, row := range r {
				d := 8*c8 + b
				if d < chunks*width {
					tables[(d/width<<width+1<<(d%width))*words+w] = row
				}
			}
		}
	}
	for c := range chunks {
		t := tables[c<<width*words:][:1<<width*words]
		clear(t[:words]) // value 0: no diagonal, no clash
		// A value of several diagonals is its lowest one's row OR the rest's.
		for v := 3; v < 1<<width; v++ {
			low := v & -v // x & -x keeps only the lowest set bit
			if low == v {
				continue
			}
			dst, a, b := t[v*words:][:words], t[low*words:][:words], t[(v^low)*words:][:words]
			for w := range dst {
				dst[w] = a[w] | b[w]
			}
		}
	}
}

// transpose8 returns the 8×8 matrix of bits x, row i in byte i, turned
// over its diagonal: bit j of byte i becomes bit i of byte j. Each step
// swaps the off-diagonal blocks of the 2×2, 4×4 and then 8×8 blocks, by
// a masked exchange of the bits that lie 7, 14 and 28 places apart.
func transpose8(x uint64) uint64 {
	t := (x ^ x>>7) & 0x00aa00aa00aa00aa
	x ^= t ^ t<<7
	t = (x ^ x>>14) & 0x0000cccc0000cccc
	x ^= t ^ t<<14
	t = (x ^ x>>28) & 0x00000000f0f0f0f0
	return x ^ t ^ t<<28
}

// blockKeys is the most east half-boards a joiner lays out in tables at
// once, in buckets of a few thousand (see sieveBlock): 2,048 words a row
// and a few more for the buckets, 4.3 MiB a table of 8 diagonals, and at
// most 35 MiB for the 8 tables of the longest keys. A split with more is
// counted a block at a time, each block against every west half-board,
// listed again for each: the largest splits of n = 20 have 32,870 east
// half-boards, of n = 22 about 200,000.
const blockKeys = 1 << 17

// batchKeys is how many west half-boards a joiner lists before it matches
// them against the tables.
const batchKeys = 1 << 12

// A cursor is where the listing of a side's half-boards stands: at the
// north quarter north, and at the start'th of the south quarters that go
// with it.
type cursor struct{ north, start int }

// eastBlock lists in j.eastKeys the keys of the east half-boards from at
// on, up to j.block of them, and returns where the next block starts.
// An east half-board is a north quarter and a south quarter on
// complementary columns, whose diagonals do not meet: south holds the
// keys of the south quarters by their columns. It polls p every halfPoll
// half-boards or so, and reports false if p said to stop.
func (j *joiner) eastBlock(north []quarter, south []uint64, at cursor, p *poller) (cursor, bool) {
	s := &j.east
	j.eastKeys = j.eastKeys[:0]
	poll := halfPoll
	for at.north < len(north) {
		nq := north[at.north]
		i := 2 * int(s.cols&^uint64(nq.cols)) // east quarters have long 0
		span := south[s.quarters.start[i]:s.quarters.start[i+1]][at.start:]
		if room := j.block - len(j.eastKeys); len(span) > room {
			j.eastKeys = pairs(j.eastKeys, nq.key, span[:room])
			at.start += room
		} else {
			j.eastKeys = pairs(j.eastKeys, nq.key, span)
			at.north, at.start = at.north+1, 0
		}
		if len(j.eastKeys) == j.block {
			return at, true
		}
		if len(j.eastKeys) >= poll {
			if p.stopped() {
				return at, false
			}
			poll = len(j.eastKeys) + halfPoll
		}
	}
	return at, true
}

// queryBound returns the number of west half-boards that the north
// quarters of a split can make, at most: those with a queen on a longest
// diagonal, and those without if plain is set.
func (j *joiner) queryBound(north []quarter, plain bool) int {
	s := &j.west
	bound := 0
	for _, nq := range north {
		i := 2 * int(s.cols&^uint64(nq.cols))
		first := i
		if nq.long == 0 && !plain {
			first++ // no queen on a longest diagonal
		}
		bound += s.quarters.start[i+2] - s.quarters.start[first]
	}
	return bound
}

// queries matches the west half-boards of the split, north quarters
// against the keys of the south ones by their columns and long, with the
// east half-boards laid out in the tables, and returns the pairs that
// share no diagonal, each weighed by weights[k], k the queens of the west
// one on a longest diagonal: those with none only if weights[0] is not 0.
// It lists them j.batch at a time, by k, and matches a batch when it is
// full. It reports false if p said to stop.
func (j *joiner) queries(north []quarter, south []uint64, weights [3]uint64, p *poller) (uint64, bool) {
	s := &j.west
	for k := range j.westKeys {
		j.westKeys[k] = j.westKeys[k][:0]
	}
	var total uint64
	for _, nq := range north {
		i := 2 * int(s.cols&^uint64(nq.cols))
		for l := range 2 {
			k := int(nq.long) + l
			if weights[k] == 0 {
				continue
			}
			for span := south[s.quarters.start[i+l]:s.quarters.start[i+l+1]]; len(span) > 0; {
				room := min(len(span), j.batch-len(j.westKeys[k]))
				j.westKeys[k] = pairs(j.westKeys[k], nq.key, span[:room])
				span = span[room:]
				if len(j.westKeys[k]) == j.batch && !j.matchBatch(k, weights[k], &total, p) {
					return 0, false
				}
			}
		}
	}
	for k := range j.westKeys {
		if !j.matchBatch(k, weights[k], &total, p) {
			return 0, false
		}
	}
	return total, true
}

// matchBatch adds to total the pairs of the batch of west keys k with the
// east ones that share no diagonal, each weighed by weight, and empties
// the batch. It reports false if p said to stop.
func (j *joiner) matchBatch(k int, weight uint64, total *uint64, p *poller) bool {
	count, ok := j.match(j.westKeys[k], p)
	*total += count * weight
	j.westKeys[k] = j.westKeys[k][:0]
	return ok
}

// pairs appends to keys the key of each half-board that the north quarter
// of key k makes with a south quarter of key in south: those whose keys,
// and so diagonals, do not meet.
func pairs(keys []uint64, k uint64, south []uint64) []uint64 {
	n := len(keys)
	keys = slices.Grow(keys, len(south))
	out := keys[n : n+len(south)]
	i := 0
	for _, s := range south {
		// Written always, kept if it fits: no branch to mispredict.
		out[i] = k | s
		if k&s == 0 {
			i++
		}
	}
	return keys[:n+i]
}

// halfPoll is how many half-boards halves lists between two polls: a
// fraction of a millisecond.
const halfPoll = 1 << 12

// A quarter places queens on some rows of the north or the south half of
// a side, none attacking another.
type quarter struct {
	// key holds the diagonals taken that queens of another quarter can
	// take, as a half-board's key does: those a north and a south quarter
	// of a side can both take among them.
	key  uint64
	cols uint32 // the side's columns taken
	long int32  // the queens on a longest diagonal, as cell.long counts them
}

// A quarterCache keeps the quarters of a side on the rows of the last
// split asked for, north and south: the splits come in increasing order
// of rows, so their south rows, the high bits, change only now and then.
type quarterCache struct {
	// byRows, on boards of halves of at most cachedHalf rows, keeps the
	// north quarters of every set of rows listed, at byRows[rows], for
	// every joiner of the board: the north rows of the splits change from
	// one split to the next.
	byRows []atomic.Pointer[[]quarter]
	// The rows listed, and whether each list is whole: a list that a stop
	// cut short is listed again.
	northRows, southRows     uint64
	northListed, southListed bool
	north, found             []quarter
	// south holds the keys of the south quarters in order of the columns
	// they take and then of long: those that take cols, with long l, are
	// south[start[2cols+l]:start[2cols+l+1]].
	south []uint64
	start []int
}

// cachedHalf is the most rows of a half whose quarters a board keeps for
// every set of north rows: for n = 18, 1.4 million quarters of 16 bytes
// over both sides, and 8 times more with each row.
const cachedHalf = 9

// lists returns the quarters of side s on the north rows of r, and the
// keys of those on its south rows. It polls p every halfPoll quarters,
// and reports false if p said to stop.
func (c *quarterCache) lists(j *joiner, s *side, r uint64, p *poller) (north []quarter, south []uint64, ok bool) {
	nr, sr := r&j.north, r&j.south
	switch {
	case c.byRows != nil:
		kept := c.byRows[nr].Load()
		if kept == nil {
			list, ok := j.quartersOn(s, nr, nil, p)
			if !ok {
				return nil, nil, false
			}
			list = slices.Clip(list)
			// Another joiner may have kept the same list meanwhile.
			c.byRows[nr].CompareAndSwap(nil, &list)
			kept = c.byRows[nr].Load()
		}
		c.north = *kept
	case !c.northListed || nr != c.northRows:
		c.northListed = false
		if c.north, ok = j.quartersOn(s, nr, c.north[:0], p); !ok {
			return nil, nil, false
		}
		c.northRows, c.northListed = nr, true
	}
	if !c.southListed || sr != c.southRows {
		c.southListed = false
		if c.found, ok = j.quartersOn(s, sr, c.found[:0], p); !ok {
			return nil, nil, false
		}
		// A counting sort by columns and long.
		if len(c.start) != 2<<j.m+1 {
			c.start = make([]int, 2<<j.m+1)
		}
		clear(c.start)
		for _, q := range c.found {
			c.start[2*int(q.cols)+int(q.long)+1]++
		}
		for i := 1; i < len(c.start); i++ {
			c.start[i] += c.start[i-1]
		}
		c.south = slices.Grow(c.south[:0], len(c.found))[:len(c.found)]
		next := c.start[:len(c.start)-1]
		for _, q := range c.found {
			at := 2*int(q.cols) + int(q.long)
			c.south[next[at]] = q.key
			next[at]++
		}
		// next, which is start, moved each entry to its span's end: move
		// it back by one span.
		copy(c.start[1:], c.start[:len(c.start)-1])
		c.start[0] = 0
		c.southRows, c.southListed = sr, true
	}
	return c.north, c.south, true
}

// quartersOn appends to list every quarter of side s with a queen on each
// of rows and on no other row. It polls p every halfPoll squares it
// tries, and reports false if p said to stop.
func (j *joiner) quartersOn(s *side, rows uint64, list []quarter, p *poller) ([]quarter, bool) {
	var rs [MaxN/2 + 1]int
	k := 0
	for r := rows; r != 0; r &= r - 1 {
		rs[k] = bits.TrailingZeros64(r)
		k++
	}
	rs[k] = rs[max(k-1, 0)] // after the last row, no step down
	j.poll, j.halted, j.err = p, false, nil
	list = j.quarterPlace(s, rs[:k+1], 0, 0, 0, 0, 0, list)
	return list, !j.halted
}

// quarterPlace appends the quarters of side s that go on from the columns
// taken, cols, with a queen on each row of rows but the last, which is
// only the end of the last step down. Bit i of down and up is set when
// column base+i of the row rows[0] lies on a diagonal taken, row+col and
// row-col: as in the bitwise method, one step down a row moves the first
// by one column west and the second east, so a step of k rows shifts them
// by k. key and long are the quarter's so far. It sets j.halted, and
// gives up, if j.poll says to stop.
func (j *joiner) quarterPlace(s *side, rows []int, cols, down, up, key uint64, long int, list []quarter) []quarter {
	// Polled by squares tried, not quarters found: a search can try
	// many squares for few quarters.
	if j.tries++; j.tries%halfPoll == 0 && j.poll.stopped() {
		j.halted = true
	}
	if len(rows) == 1 {
		if len(list) >= j.board.maxQuarters {
			j.err = fmt.Errorf("%w: a list of more than %d quarters, which the limit has no room for", ErrMemory, j.board.maxQuarters)
			j.halted = true
			return list
		}
		return append(list, quarter{key: key, cols: uint32(cols), long: int32(long)})
	}
	r, step := rows[0], rows[1]-rows[0]
	cells := s.cells[r*j.m:][:j.m]
	for free := s.cols &^ (cols | down | up | s.forbid[r]); free != 0 && !j.halted; free &= free - 1 {
		bit := free & -free // x & -x keeps only the lowest set bit
		c := &cells[bits.TrailingZeros64(free)]
		list = j.quarterPlace(s, rows[1:], cols|bit, (down|bit)>>step, (up|bit)<<step, key|c.key, long+c.long, list)
	}
	return list
}
