package join

import "github.com/gonqueens/nqueens/internal/poll"

// The tables of the join: a block of east half-boards laid out by
// diagonal, and the west half-boards matched against them. Bit i of word
// w of the row of a diagonal is set when east half-board 64w+i holds it,
// and the rows are merged into tables of 8 diagonals (or 4, or 9), a row
// for each value of them: a west half-board finds the east ones it clashes
// with by one OR of a row per table, and the rest by a popcount
// (match.go).

// block is the most east half-boards a joiner lays out in tables at once:
// as many as the rows of the kernels take, 2,048 (320 KiB for the 5
// tables of the keys that most splits of n = 20 to 27 match, which stay
// in the core's L2 cache while every group of west half-boards that a
// bucket meets is matched against them).
const block = 64 * maxRowWords

// matchPoll is about how many words of the tables a match reads between
// two polls, a query reading a row of each table: a tenth of a
// millisecond in Go, a few microseconds in assembly.
const matchPoll = 1 << 16

// eastTables holds the tables of a bucket of east half-boards, whose keys
// hold keyBits diagonals below the sieve's, with the space it keeps.
type eastTables struct {
	k *kernelSet // the kernels that match, whose layout the tables take
	// transpose is the kernel of archTransposes that lays out the single
	// diagonals, -1 for transposeGo.
	transpose int
	keyBits   int
	// block is the most east half-boards laid out at once, for the size
	// of the tables.
	block   int
	width   int // the diagonals of a table: 8, 4 or 9
	ntables int // the tables, one for each width bits of the keys
	words   int // the words of a row
	keys    []uint64
	tables  []uint64
	stats   tableStats
}

// tableStats counts what a join's tables did: the west half-boards
// matched against a block (queries), the pairs of half-boards they
// examined (each query times the block's east half-boards), the words of
// table rows they read (a row of each table a query), and the blocks
// laid out.
type tableStats struct{ queries, pairs, words, lays uint64 }

// add adds the counts of o to s.
func (s *tableStats) add(o tableStats) {
	s.queries += o.queries
	s.pairs += o.pairs
	s.words += o.words
	s.lays += o.lays
}

// newEastTables returns the tables of at most block east half-boards
// with keys of keyBits diagonals, for the kernels k.
func newEastTables(k *kernelSet, keyBits, block int) eastTables {
	return eastTables{k: k, transpose: -1, keyBits: keyBits, block: block}
}

// lay builds the tables of keys, at most t.block of them, of width
// diagonals each (4, 8 or 9; tables of 8 are laid as wideWidth says),
// for their low bits: the bits of a key from bits up, the sieve's, are
// the same for all of keys and for every query matched against them, and
// none of them is in common.
func (t *eastTables) lay(keys []uint64, width, bits int) {
	if width == 8 {
		width = wideWidth(bits)
	}
	t.width, t.ntables, t.words, t.keys = width, (bits+width-1)/width, t.k.layout.wordsFor(len(keys)), keys
	size := t.ntables << width * t.words
	if cap(t.tables) < size {
		// Twice as much, up to what the largest block can take: a block
		// a little larger than the last makes no garbage of the tables.
		t.tables = make([]uint64, max(size, min(2*cap(t.tables), tablesWords(t.k.layout, t.keyBits, t.block))))
	}
	t.tables = t.tables[:size]
	layTables(t.k, t.transpose, t.tables, keys, t.words, t.ntables, width)
	t.stats.lays++
}

// A wordRange is the words from lo up to hi of each row of the tables,
// and how many east keys they hold: the others are padding, keys of no
// diagonal, which clash with none.
type wordRange struct{ lo, hi, keys int }

// match returns the number of pairs of an east key of the words of r of
// the tables and a key of west with no bit in common, polling p about
// every matchPoll words of the tables read; it reports false if p said
// to stop. Whole rows are read with the kernels of clashes, a range of
// them with those of clashesStrided, for which the tables have room
// (reserve).
func (t *eastTables) match(west []uint64, r wordRange, p *poll.Poller) (uint64, bool) {
	words := r.hi - r.lo
	q := uint64(len(west))
	t.stats.queries += q
	t.stats.pairs += q * uint64(r.keys)
	t.stats.words += q * uint64(words*t.ntables)
	if t.ntables == 0 || r.keys == 0 { // no bit left to clash on, or no key
		return uint64(len(west) * r.keys), true
	}
	tables := t.tables
	if words < t.words {
		tables = t.tables[r.lo:cap(t.tables)]
	}
	per := max(1, matchPoll/max(1, words*t.ntables)) // queries between two polls
	var count uint64
	for rest := west; len(rest) > 0; {
		batch := rest[:min(len(rest), per)]
		rest = rest[len(batch):]
		count += uint64(len(batch)*r.keys - t.k.clashesStrided(tables, t.words, words, t.ntables, t.width, batch))
		if p.Stopped() {
			return 0, false
		}
	}
	return count, true
}

// reserve gives the tables the room that clashesStrided's Go kernels
// read: tables of rows of maxRowWords words, past the first word of a
// range.
func (t *eastTables) reserve() {
	if need := tablesWords(t.k.layout, t.keyBits, t.block) + maxRowWords; cap(t.tables) < need {
		t.tables = make([]uint64, 0, need)
	}
}

// tablesWords returns the most words that the tables of a block of block
// east half-boards take, as l lays them out, with keys of keyBits
// diagonals: in tables of 8, or of 9, as many as the keys need unsieved
// or sieved on some of their bits, with rows as long as the block needs.
func tablesWords(l *layout, keyBits, block int) int {
	return max((keyBits+7)/8<<8, (keyBits+8)/9<<9) * l.wordsFor(block)
}

// layTables builds in tables the tables of keys, of width diagonals each,
// ntables of them, with the kernels of k and the transposing kernel
// transpose of archTransposes (-1: transposeGo): for each width
// diagonals c of the key and value v of them, the row, words words long,
// of the half-boards that hold any diagonal of v.
func layTables(k *kernelSet, transpose int, tables, keys []uint64, words, ntables, width int) {
	// The rows of the single diagonals, 64 half-boards a word: the
	// first word of diagonal d's row at rows[d], and that of the row of
	// value 0 of the first table past the diagonals (cleared below).
	var rows [64]int
	for d := range ntables * width {
		rows[d] = (d/width<<width + 1<<(d%width)) * words
	}
	bytes, keyWords := (ntables*width+7)/8, (len(keys)+63)/64
	laid := transposeWith(transpose, tables, keys, bytes, &rows)
	transposeGo(tables, keys, keyWords, bytes, laid, &rows)
	for _, at := range rows[:8*bytes] {
		clear(tables[at+keyWords : at+words]) // the words of no key
	}
	for c := range ntables {
		t := tables[c<<width*words:][:1<<width*words]
		clear(t[:words]) // value 0: no diagonal, no clash
		// The values from h+1 up to 2h, h a power of 2, are h OR the
		// values from 1 up to h: each is its row, the row of h ORed with
		// the one as far above it.
		for h := 1; h < 1<<width; h <<= 1 {
			k.orRows(t[(h+1)*words:(2*h)*words], t[words:h*words], t[h*words:][:words])
		}
	}
}

// transposeWith writes, with the transposing kernel kind of
// archTransposes, the words of the rows of layTables's single diagonals
// of keys, 64 keys each, the last one's keys copied to a word of zeros
// first, and returns how many words it wrote: all, or none for kind -1.
func transposeWith(kind int, tables, keys []uint64, bytes int, rows *[64]int) int {
	if len(keys) == 0 || bytes == 0 || kind < 0 {
		return 0
	}
	words := len(keys) / 64
	if words > 0 {
		archTranspose(kind, &tables[0], &keys[0], words, bytes, rows)
	}
	if rest := keys[64*words:]; len(rest) > 0 {
		var last [64]uint64
		copy(last[:], rest)
		archTranspose(kind, &tables[words], &last[0], 1, bytes, rows)
		words++
	}
	return words
}
