package join

import (
	"flag"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gonqueens/nqueens/internal/board"
	"github.com/gonqueens/nqueens/internal/deal"
	"github.com/gonqueens/nqueens/internal/poll"
)

// joinCount counts the n×n board with the join on one goroutine, with
// its joiners as set changes them, and adds what their tables did to
// stats if it is not nil.
func joinCount(n int, set func(*Joiner), stats *tableStats) uint64 {
	var total uint64
	tasks := Runs(n, deal.Shard{Of: 1}.Want(), deal.Shard{Of: 1})
	var j *Joiner
	for i := range tasks {
		if j == nil || j.board != tasks[i].Board {
			if j != nil && stats != nil {
				stats.add(j.tables.stats)
			}
			j = NewJoiner(tasks[i].Board)
			set(j)
		}
		c, _ := j.CountRun(&tasks[i], &poll.Poller{})
		total += c
	}
	if j != nil && stats != nil {
		stats.add(j.tables.stats)
	}
	return total
}

// long runs the long tests, as in every package of the module.
var long = flag.Bool("nqueens.long", false, "run the long tests: larger boards")

// total holds the solutions of the n×n board, OEIS A000170.
var total = []uint64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512}

func TestJoin(t *testing.T) {
	maxN := 14
	if !testing.Short() {
		maxN = 16
	}
	// The kernels that check a count of this processor's, or the Go
	// ones where it has no other.
	own, _ := Kernels()
	check, ok := CheckKernels([]KernelNames{own})
	if !ok {
		check = goNames
	}
	for n := 4; n <= maxN; n++ {
		if got := joinCount(n, func(*Joiner) {}, nil); got != total[n] {
			t.Errorf("the join of n=%d counts %d, want %d", n, got, total[n])
		}
		// A joiner that checks another's count counts the same.
		if got := joinCount(n, func(j *Joiner) { *j = *NewCheckJoiner(j.board, check) }, nil); got != total[n] {
			t.Errorf("the join of n=%d by joiners that check counts %d, want %d", n, got, total[n])
		}
		// The splits too small to sieve sieved on north diagonals or not,
		// whatever the kernels that run.
		for _, from := range []uint64{0, math.MaxUint64} {
			if got := joinCount(n, func(j *Joiner) { j.northFrom = from }, nil); got != total[n] {
				t.Errorf("the join of n=%d, north sieve from %d, counts %d, want %d", n, from, got, total[n])
			}
		}
	}
	// Blocks and parts of a few half-boards, cut at any point of a north
	// quarter's pairs, the last ones not full, sieved or not, as deep as
	// the keys go.
	for _, size := range [][4]int{{1, 1, 1, 1}, {7, 3, 1 << 30, 1}, {100, 64, 1, 8}, {300, 64, 20, 1}, {1 << 17, 5, 1, 1}, {3, 1 << 21, 1, 2}} {
		for n := 4; n <= 12; n++ {
			got := joinCount(n, func(j *Joiner) {
				j.block, j.part, j.sieve = size[0], size[1], sieve{from: size[2], keys: size[3]}
			}, nil)
			if got != total[n] {
				t.Errorf("the join of n=%d in blocks of %d, parts of %d, sieved from %d keys into buckets of %d, counts %d, want %d",
					n, size[0], size[1], size[2], size[3], got, total[n])
			}
		}
	}
}

// TestJoinWeights checks that the splits of each symmetric board stand
// for every split once: those of the solutions off the longest diagonals,
// and on an even board those of the others.
func TestJoinWeights(t *testing.T) {
	for n := 4; n <= 16; n++ {
		b := boards(n)[0]
		rows := b.rows()
		k, free := b.eastCols(), bits.OnesCount64(rows)
		var weights, plains, splits uint64
		for s := uint64(1)<<k - 1; s <= board.FullRow(free); s = nextSubset(s) {
			on, off := b.splitWeights(spread(s, rows))
			weights += on
			plains += off
			splits++
		}
		want := binomial(free, k)
		if splits != want || plains != want || (n%2 == 0 && weights != want) {
			t.Errorf("n=%d: %d splits stand for %d, and %d of the solutions on a longest diagonal; want C(%d, %d) = %d",
				n, splits, plains, weights, free, k, want)
		}
	}
}

// TestUnrankSubset checks that the subsets of k bits of 12, as Runs
// starts its runs, come in nextSubset's order.
func TestUnrankSubset(t *testing.T) {
	for k := 1; k <= 12; k++ {
		rank := uint64(0)
		for s := uint64(1)<<k - 1; s <= board.FullRow(12); s = nextSubset(s) {
			if got := unrankSubset(rank, k); got != s {
				t.Fatalf("unrankSubset(%d, %d) = %#b, want %#b", rank, k, got, s)
			}
			rank++
		}
	}
}

// TestJoinMatch checks the sieve and the tables of the join against a
// plain loop over the pairs, on random keys of every density and width,
// at every depth of the sieve, the west side sieved alone on up to 2
// bits more, in tables of 8, 4 and 9 diagonals: with the assembly
// kernel, and with the Go one under -tags purego (tables of 9, and rows
// a stride apart, with the Go one everywhere); 200 trials, 80 with
// -short.
func TestJoinMatch(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	trials := 200
	if testing.Short() {
		trials = 80
	}
	for trial := range trials {
		m := 1 + r.IntN(16)
		keyBits := max(1, 4*m-4) + r.IntN(3)
		tb, block := newEastTables(kernels(), keyBits, block), 1+r.IntN(2000)
		var e, w sortedKeys
		keyMask := board.FullRow(keyBits)
		random := func() uint64 {
			k := r.Uint64() & keyMask
			for range r.IntN(3) {
				k &= r.Uint64() // sparser keys, as half-boards' are
			}
			return k
		}
		var eastKeys []uint64
		var westKeys [3][]uint64
		for range r.IntN(1200) { // up to 19 words: blocks of four and a tail
			eastKeys = append(eastKeys, random())
		}
		for range r.IntN(2500) { // few queries and narrow tables, many and wide ones
			k := r.IntN(3)
			westKeys[k] = append(westKeys[k], random())
		}
		weights := [3]uint64{1, 2, 4}
		var want uint64
		for k, keys := range westKeys {
			for _, e := range eastKeys {
				for _, w := range keys {
					if e&w == 0 {
						want += weights[k]
					}
				}
			}
		}
		var pad []uint64
		for s := range min(keyBits, 10) + 1 {
			// The west side alone sieved on x bits more.
			x := r.IntN(min(2, keyBits-s) + 1)
			// Or its large buckets sieved on up to deep bits more, down
			// to least keys.
			deep, least := 0, 1+r.IntN(64)
			if x == 0 {
				deep = r.IntN(min(3, keyBits-s) + 1)
			}
			shift := keyBits - s - x - deep
			e.sort(eastKeys, shift, s+x+deep)
			var tagged []uint64
			for k := range westKeys {
				for _, w := range westKeys[k] {
					tagged = append(tagged, w|tagFor(k, r))
				}
			}
			r.Shuffle(len(tagged), func(a, b int) { tagged[a], tagged[b] = tagged[b], tagged[a] })
			w.sort(tagged, shift, s+x+deep)
			if x > 0 {
				tb.reserve()
			}
			for _, width := range []int{8, 4, 9} {
				if ntables := (keyBits - s + width - 1) / width; ntables > maxTables || ntables*width > 64 {
					continue
				}
				if got, ok := matchSieved(&e, &w, &tb, sieve{least: least}, sieveCut{s: s, deep: deep, x: x, low: keyBits - s, block: block, width: width, weights: weights}, &pad, &poll.Poller{}); !ok || got != want {
					t.Fatalf("trial %d: %d east and %d west keys of %d bits in blocks of %d: the tables of %d, sieved on %d bits, the west side on %d more and buckets of %d keys on %d more, count %d pairs, the loop %d",
						trial, len(eastKeys), len(westKeys[0])+len(westKeys[1])+len(westKeys[2]), keyBits, block, width, s, x, 2*least, deep, got, want)
				}
			}
		}
	}
}

// TestCutRanges checks that the parts of a side hold at most their most
// keys, a value of more alone, and cover every value once.
func TestCutRanges(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		counts := make([]int, 1<<r.IntN(8))
		for v := range counts {
			counts[v] = r.IntN(50)
		}
		most := 1 + r.IntN(200)
		next := uint64(0)
		for _, rg := range cutRanges(counts, most) {
			keys := 0
			for _, c := range counts[rg.lo:rg.hi] {
				keys += c
			}
			if rg.lo != next || rg.hi <= rg.lo || keys > most && rg.hi-rg.lo > 1 {
				t.Fatalf("cutRanges(%v, %d) has %+v of %d keys after %d", counts, most, rg, keys, next)
			}
			next = rg.hi
		}
		if next != uint64(len(counts)) {
			t.Fatalf("cutRanges(%v, %d) ends at %d", counts, most, next)
		}
	}
}

// TestSurvey checks surveySide against a loop over each north quarter
// and the south quarters on the other columns, on random splits of
// n = 14 to 20 in their own order, the east side and the west one with
// each set of weights.
func TestSurvey(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for n := 14; n <= 20; n++ {
		bs := boards(n)
		for range 10 {
			b := bs[r.IntN(len(bs))]
			j := NewJoiner(b)
			rows := spread(unrankSubset(r.Uint64N(binomial(bits.OnesCount64(b.rows()), b.eastCols())), b.eastCols()), b.rows())
			if to := b.keys.splitOrder(rows, b.rows()); r.IntN(2) == 0 {
				j.order.set(&to, b.keys.keyBits)
				j.ordered = to != identity
			}
			for _, l := range []halfListing{
				{side: east, weights: [3]uint64{1, 0, 0}},
				{side: west, weights: [3]uint64{1, 2, 4}},
				{side: west, weights: [3]uint64{0, 2, 4}},
			} {
				sideRows := rows
				if l.side == west {
					sideRows = b.rows() &^ rows
				}
				l.north, l.south, _ = j.lists(l.side, sideRows, &poll.Poller{})
				got, halves, _ := j.surveySide(&l, &poll.Poller{})
				keyBits := b.keys.keyBits
				shift := keyBits - min(maxSieve, keyBits)
				want := make([]int, len(got))
				s, c := &b.keys.sides[l.side], &j.quarters[l.side]
				wantHalves := 0
				for _, nq := range l.north {
					key := j.northKey(nq)
					for span := range 2 {
						if k := int(nq.onLongest) + span; k > 2 || l.weights[k] == 0 {
							continue
						}
						at := 2*int(s.cols&^uint64(nq.cols)) + span
						for _, sk := range l.south[c.start[at]:c.start[at+1]] {
							if key&sk == 0 {
								want[(key|sk)<<tagBits>>(shift+tagBits)]++ // the top bits, but the tag
								wantHalves++
							}
						}
					}
				}
				if halves != wantHalves || !slices.Equal(got, want) {
					t.Errorf("n=%d, split %#x, side %d, weights %v: %d half-boards surveyed, the loop %d", n, rows, l.side, l.weights, halves, wantHalves)
				}
			}
		}
	}
}

// TestJoinSplits checks the sieve at every depth, and sides listed in
// parts, against a plain loop over the pairs of half-boards, on random
// splits of n = 20, 21 and 23 small enough for the loop; with
// -nqueens.long, of every n from 20 to 26, splits of up to 4·10^10 pairs
// (a few minutes).
func TestJoinSplits(t *testing.T) {
	if testing.Short() {
		t.Skip("lists splits of boards up to 26")
	}
	most, want := 4e7, 3 // pairs of a split, and splits of each n
	sizes := []int{20, 21, 23}
	if *long {
		most, want = 4e10, 1
		sizes = []int{20, 21, 22, 23, 24, 25, 26}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, n := range sizes {
		checked := 0
		runs := Runs(n, deal.Shard{Of: 1}.Want(), deal.Shard{Of: 1})
		for tried := 0; checked < want && tried < 200; tried++ {
			run := runs[r.IntN(len(runs))]
			j := NewJoiner(run.Board)
			split := spread(run.first, j.board.rows())
			on, off := j.board.splitWeights(split)
			if on == 0 && off == 0 {
				continue
			}
			e := halfListing{side: east, weights: [3]uint64{1, 0, 0}}
			e.north, e.south, _ = j.lists(east, split, &poll.Poller{})
			w := halfListing{side: west, weights: [3]uint64{off, 2 * on, 4 * on}}
			w.north, w.south, _ = j.lists(west, j.board.rows()&^split, &poll.Poller{})
			if float64(j.bound(west, 2, math.MaxInt)) > 100*most {
				continue // the loop would take too long
			}
			_, eastHalves, _ := j.surveySide(&e, &poll.Poller{})
			_, westHalves, _ := j.surveySide(&w, &poll.Poller{})
			if float64(eastHalves)*float64(westHalves) > most || eastHalves < 16 {
				continue
			}
			checked++
			// The plain loop, over the half-boards listed whole.
			j.part = eastHalves + westHalves
			j.list(&e, j.board.keys.keyBits, valueRange{0, 1}, j.part, &j.keys[east], false, &poll.Poller{})
			j.list(&w, j.board.keys.keyBits, valueRange{0, 1}, j.part, &j.keys[west], true, &poll.Poller{})
			var want uint64
			for k, keys := range j.keys[west] {
				for _, wk := range keys {
					for _, ek := range j.keys[east][0] {
						if ek&wk == 0 {
							want += w.weights[k]
						}
					}
				}
			}
			for depth := 0; depth <= maxSieve; depth++ {
				for _, part := range []int{j.part, eastHalves/3 + 1, westHalves/4 + 1 + r.IntN(100)} {
					// And its large buckets on up to 3 bits more, the
					// largest often on all of them.
					for _, deep := range []int{0, 3} {
						j.part, j.sieve = part, sieve{from: 1, keys: max(1, eastHalves>>(depth+1)), deep: deep, least: max(1, eastHalves>>(depth+3))}
						got, ok := j.count(split, &poll.Poller{})
						if s := j.sieve.bits(eastHalves, j.board.keys.keyBits); !ok || got != want {
							t.Errorf("n=%d, split %#x (%d east, %d west half-boards), sieved on %d bits and up to %d more in parts of %d: %d pairs, the loop %d",
								n, split, eastHalves, westHalves, s, deep, part, got, want)
						}
					}
				}
			}
		}
		if checked == 0 {
			t.Errorf("n=%d: no split small enough for the loop in 200 tries", n)
		}
	}
}

// TestJoinSplitSearch checks the join's counts of random splits of n = 18
// (22 with -nqueens.long) against a backtracking search that knows
// nothing of half-boards: of the solutions whose queens of the rows of a
// split stand in the east half and the others in the west, those with no
// east queen on a longest diagonal, each weighed as the split's weights
// say by the west queens on one.
func TestJoinSplitSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("searches splits of n = 18")
	}
	n := 18
	if *long {
		n = 22
	}
	b := boards(n)[0]
	j := NewJoiner(b)
	r := rand.New(rand.NewPCG(11, 12))
	for checked := 0; checked < 3; {
		var split uint64
		for bits.OnesCount64(split) != n/2 {
			split = r.Uint64() & board.FullRow(n)
		}
		on, off := b.splitWeights(split)
		if on == 0 && off == 0 {
			continue
		}
		checked++
		var byLongest [3]uint64
		splitSearch(n, split, 0, 0, 0, 0, 0, &byLongest)
		want := off*byLongest[0] + 2*on*byLongest[1] + 4*on*byLongest[2]
		if got, ok := j.count(split, &poll.Poller{}); !ok || got != want {
			t.Errorf("n=%d: the split %#x counts %d in the join, %d in a search", n, split, got, want)
		}
	}
}

// splitSearch adds to byLongest[k] the ways to fill rows row on of the
// n×n board, the queens of the rows of east in the east half off both
// longest diagonals and the others in the west, k of the west ones on a
// longest diagonal, given the columns and diagonals taken, as Richards'
// method keeps them, and longest, the west queens placed on one.
func splitSearch(n int, east uint64, row int, cols, left, right uint64, longest int, byLongest *[3]uint64) {
	if row == n {
		byLongest[longest]++
		return
	}
	half := board.FullRow(n / 2) // the west columns
	onEast := east>>row&1 != 0
	if onEast {
		half = board.FullRow(n) &^ half
	}
	diagonals := uint64(1)<<row | uint64(1)<<(n-1-row) // the squares of row on a longest diagonal
	if onEast {
		half &^= diagonals
	}
	for free := half &^ (cols | left | right); free != 0; free &= free - 1 {
		q := free & -free
		on := 0
		if q&diagonals != 0 {
			on = 1
		}
		splitSearch(n, east, row+1, cols|q, (left|q)<<1, (right|q)>>1, longest+on, byLongest)
	}
}

// TestTableWidth checks that tables are 4 diagonals wide exactly where
// the keys take at most maxTables of them and building tables of 8 would
// cost more than their queries save, a row a table a query and layRow
// rows a value a table.
func TestTableWidth(t *testing.T) {
	for keyBits := 1; keyBits <= 64; keyBits++ {
		wide, narrow := (keyBits+7)/8, (keyBits+3)/4
		for _, queries := range []int{0, 1, 100, 895, 896, 897, 1215, 1216, 1855, 1856, 1857, 5000, 1 << 20} {
			want := 8
			if narrow <= maxTables && layRow*narrow<<4+queries*narrow < layRow*wide<<8+queries*wide {
				want = 4
			}
			if got := tableWidth(keyBits, queries); got != want {
				t.Errorf("tableWidth(%d, %d) = %d, want %d", keyBits, queries, got, want)
			}
		}
		// matchStreamed takes the width for more than a batch of west
		// half-boards to be that for any number of them.
		if q := narrowQueries(keyBits); q >= batchKeys && q != math.MaxInt {
			t.Errorf("narrowQueries(%d) = %d: more than a batch of %d west half-boards may take tables of 4", keyBits, q, batchKeys)
		}
	}
}

// tagFor returns the bits of tag k, 0 to 2, from tagShift up: for 1,
// either a north or a south quarter's, at random.
func tagFor(k int, r *rand.Rand) uint64 {
	if k == 1 {
		return uint64(1+r.IntN(2)) << tagShift
	}
	return northTags[k]
}

// TestBound checks bound, which sums over the tally of the north
// quarters' columns, against the sum over the quarters themselves, on
// both sides of random splits: of boards whose joiners keep every north
// list (up to 19), asked twice, so that the second joiner takes the kept
// list, and of boards whose joiners list each one (20, 21).
func TestBound(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{8, 12, 15, 18, 20, 21} {
		runs := Runs(n, 100, deal.Shard{Of: 1})
		for range 8 {
			run := runs[r.IntN(len(runs))]
			split := spread(run.first+uint64(r.IntN(run.count)), run.Board.rows())
			for range 2 {
				j := NewJoiner(run.Board)
				for side, rows := range [2]uint64{split, j.board.rows() &^ split} {
					north, _, _ := j.lists(side, rows, &poll.Poller{})
					total := 0
					for _, c := range j.quarters[side].northCols {
						total += int(c.n)
					}
					if total != len(north) {
						t.Fatalf("n=%d, split %#x, side %d: its tally counts %d north quarters of %d", n, split, side, total, len(north))
					}
					for spans := 1; spans <= 2; spans++ {
						want := 0
						for _, nq := range north {
							want += j.spanQuarters(side, nq.cols, spans)
						}
						if got := j.bound(side, spans, math.MaxInt); got != want {
							t.Fatalf("n=%d, split %#x, side %d, %d spans: bound %d, want %d", n, split, side, spans, got, want)
						}
						if got := j.bound(side, spans, want/2+1); want > 0 && (got < want/2+1 || got > want) {
							t.Fatalf("n=%d, split %#x, side %d, %d spans: bound up to %d is %d of %d", n, split, side, spans, want/2+1, got, want)
						}
					}
				}
			}
		}
	}
}

// TestSortedKeys checks sortedKeys.sort against a stable sort by tag and
// value, on random tagged keys of up to 60 bits, sorted by 0 to 8 of
// their top bits, over a sortedKeys used before.
func TestSortedKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	var s sortedKeys
	for range 200 {
		keyBits := 1 + r.IntN(60)
		bits := r.IntN(min(keyBits, 8) + 1)
		shift := keyBits - bits
		keys := make([]uint64, r.IntN(2000))
		for i := range keys {
			keys[i] = r.Uint64()>>(64-keyBits) | tagFor(r.IntN(3), r)
		}
		value := func(k uint64) int { return tagOf(k)<<bits | int(k>>shift&(1<<bits-1)) }
		want := slices.Clone(keys)
		slices.SortStableFunc(want, func(a, b uint64) int { return value(a) - value(b) })
		s.sort(keys, shift, bits)
		if !slices.Equal(s.keys, want) {
			t.Fatalf("%d keys of %d bits by %d: sorted differently from %d on", len(keys), keyBits, bits, firstDifference(s.keys, want))
		}
		if len(s.starts) != 3<<bits+1 {
			t.Fatalf("%d keys of %d bits by %d: %d starts, want %d", len(keys), keyBits, bits, len(s.starts), 3<<bits+1)
		}
		for v := range 3 << bits {
			for i := s.starts[v]; i < s.starts[v+1]; i++ {
				if value(s.keys[i]) != v {
					t.Fatalf("%d keys of %d bits by %d: key %d, of value %d, is among those of %d", len(keys), keyBits, bits, i, value(s.keys[i]), v)
				}
			}
		}
		if s.starts[0] != 0 || s.starts[3<<bits] != len(keys) {
			t.Fatalf("%d keys of %d bits by %d: starts from %d to %d", len(keys), keyBits, bits, s.starts[0], s.starts[3<<bits])
		}
	}
}
