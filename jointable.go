package nqueens

// The tables of the join: a block of east half-boards laid out by
// diagonal, sieved into buckets by the top bits of their keys, and the
// west half-boards matched against them. Bit i of word w of the row of a
// diagonal is set when east half-board 64w+i holds it, and the rows are
// merged into tables of 8 diagonals (or 4), a row for each value of them:
// a west half-board finds the east ones it clashes with by one OR of a
// row per table, and the rest by a popcount (match.go).

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

// matchPoll is about how many words of the tables match reads between
// two polls, a query reading a row of each table: a tenth of a
// millisecond in Go, a few microseconds in assembly.
const matchPoll = 1 << 16

// eastTables holds the tables of a block of east half-boards, whose keys
// hold keyBits diagonals, with scratch space it keeps.
type eastTables struct {
	keyBits int
	// block is the most east half-boards laid out at once, for the size
	// of the tables.
	block  int
	width  int // the diagonals of a table: 8, or 4
	chunks int // the tables of a bucket, one for each width bits of the keys but the top sieve
	// sieve is how many top bits of the keys sort the east half-boards of
	// a block into buckets, bucket b holding those whose top bits are b.
	// A west half-board clashes with every east one of a bucket that
	// shares a top bit with it: it is matched, by the tables, only against
	// the others. A block of at least sieveFrom east half-boards is
	// sieved, into buckets of sieveKeys of them or more on average:
	// sieveBlock and sieveMin.
	sieve                int
	sieveFrom, sieveKeys int
	tables               []uint64
	buckets              []bucket
	// Scratch for the sorts by top bits: of the east half-boards of a
	// block, and of a batch of queries, with where each value starts.
	sorted, grouped []uint64
	starts, groups  []int
}

// newEastTables returns the tables of blocks of at most block east
// half-boards with keys of keyBits diagonals.
func newEastTables(keyBits, block int) eastTables {
	return eastTables{keyBits: keyBits, block: block, sieveFrom: sieveBlock, sieveKeys: sieveMin}
}

// tableWidth returns the width of the tables, in diagonals, for queries
// west half-boards: 8, or 4 where the keys take at most maxJoinChunks
// tables of 4 and building tables of 8 would cost more than their
// queries save. A query costs a row a table; building a table, a row a
// value.
func tableWidth(keyBits, queries int) int {
	wide, narrow := (keyBits+7)/8, (keyBits+3)/4
	if narrow <= maxJoinChunks && narrow<<4+queries*narrow < wide<<8+queries*wide {
		return 4
	}
	return 8
}

// lay sorts the east half-boards of keys into buckets by their top bits,
// as many bits as make buckets of t.sieveKeys on average, up to maxSieve,
// if there are t.sieveFrom or more, and builds the tables of each bucket,
// of width diagonals. The buckets hold keys, or t's sorted copy of them,
// until the next lay.
func (t *eastTables) lay(keys []uint64, width int) {
	t.sieve = 0
	for len(keys) >= t.sieveFrom && t.sieve < min(maxSieve, t.keyBits) && len(keys)>>(t.sieve+1) >= t.sieveKeys {
		t.sieve++
	}
	var starts []int
	keys, starts = t.sortTop(&t.sorted, t.starts, keys)
	t.starts = starts
	// The tables of a bucket hold the bits below the top ones: a pair of
	// a bucket and a query that share no top bit shares none of them.
	t.width, t.chunks = width, (t.keyBits-t.sieve+width-1)/width
	size := 0
	for b := range 1 << t.sieve {
		size += t.chunks << width * wordsFor(t.starts[b+1]-t.starts[b])
	}
	if cap(t.tables) < size {
		// Twice as much, up to what the largest block can take: a block
		// a little larger than the last makes no garbage of the tables.
		t.tables = make([]uint64, max(size, min(2*cap(t.tables), maxTables(t.keyBits, t.block))))
	}
	t.buckets = t.buckets[:0]
	at := 0
	for b := range 1 << t.sieve {
		keys := keys[t.starts[b]:t.starts[b+1]]
		words := wordsFor(len(keys))
		tables := t.tables[at : at+t.chunks<<width*words]
		at += len(tables)
		layTables(tables, keys, words, t.chunks, width)
		t.buckets = append(t.buckets, bucket{keys: keys, tables: tables, words: words})
	}
}

// match returns the number of pairs of an east key, as laid out in the
// tables, and a key of west with no bit in common, polling p about every
// matchPoll words of the tables read; it reports false if p said to stop.
// The queries are sorted by their top bits, and those with top bits q are
// matched against the buckets that have none of them.
func (t *eastTables) match(west []uint64, p *poller) (uint64, bool) {
	queries, groups := t.sortTop(&t.grouped, t.groups, west)
	t.groups = groups
	var count uint64
	for b := range t.buckets {
		bk := &t.buckets[b]
		if len(bk.keys) == 0 {
			continue
		}
		per := max(1, matchPoll/max(1, bk.words*t.chunks)) // queries between two polls
		for q := range len(groups) - 1 {
			if b&q != 0 {
				continue // a top bit in common: every pair clashes
			}
			for rest := queries[groups[q]:groups[q+1]]; len(rest) > 0; {
				batch := rest[:min(len(rest), per)]
				rest = rest[len(batch):]
				count += uint64(len(batch)*len(bk.keys) - clashes(bk.tables, bk.words, t.chunks, t.width, batch))
				if p.stopped() {
					return 0, false
				}
			}
		}
	}
	return count, true
}

// sortTop returns keys sorted by their top t.sieve bits, in *dst's
// memory, which it keeps there, and in starts' memory where the keys of
// each value start, and where the last ends. Without a sieve it sorts
// nothing, and returns keys: every key has the value 0.
func (t *eastTables) sortTop(dst *[]uint64, starts []int, keys []uint64) ([]uint64, []int) {
	if t.sieve == 0 {
		return keys, append(starts[:0], 0, len(keys))
	}
	*dst, starts = countingSort(*dst, starts, keys, 1<<t.sieve, byTopBits{shift: t.keyBits - t.sieve})
	return *dst, starts
}

// byTopBits orders keys by their bits from shift up.
type byTopBits struct{ shift int }

func (b byTopBits) value(k uint64) int { return int(k >> b.shift) }
func (byTopBits) out(k uint64) uint64  { return k }

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
