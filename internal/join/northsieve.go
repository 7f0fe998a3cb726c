package join

// The north sieve of the splits too small to sieve (matchStreamed). A
// diagonal that no south quarter of the west side holds is held by a
// west half-board just when its north quarter holds it: on such a
// diagonal, the west half-boards are sorted by sorting their north
// quarters, far fewer, and listed group by group, with no sort of their
// own. On up to two of them, d[0] and d[1] (Joiner.northDiagonals), the
// east half-boards are laid out in one block of tables in buckets by
// their value on the two, in the order 1, 0, 2, 3 (bit 0 for d[0], 1 for
// d[1]), each from a word of its own: the buckets that a west group
// shares no diagonal with are then a range of the words of every row, as
// a kernel of rows a stride apart reads (clashesStrided). Joiner.planNorth
// sieves on the diagonals that save the most words read, if any do.

// northOrder is the order of the buckets of the north sieve in the
// block: the buckets that share no bit with each value of the two
// diagonals are next to one another.
var northOrder = [4]int{1, 0, 2, 3}

// A northPlan is how a split too small to sieve is matched: the east
// keys laid out, padded, and for each group of the west north quarters,
// its quarters and the words of the block that it meets.
type northPlan struct {
	keys   []uint64
	north  [4][]quarter
	ranges [4]wordRange
	// Scratch space: the keys padded, the north quarters' values on the
	// diagonals, and the quarters sorted by them.
	padded []uint64
	values []uint8
	sorted []quarter
}

// whole sets plan to match the east keys with the west half-boards of
// north, unsieved, in tables laid out as l lays them.
func (plan *northPlan) whole(l *layout, eastKeys []uint64, north []quarter) {
	plan.keys, plan.north = eastKeys, [4][]quarter{north}
	plan.ranges[0] = wordRange{0, l.wordsFor(len(eastKeys)), len(eastKeys)}
}

// merge returns the counts of each value of both diagonals of the north
// sieve added up for the values of the first s of them.
func merge(counts [4]int, s int) [4]int {
	var m [4]int
	for v, c := range counts {
		m[v&(1<<s-1)] += c
	}
	return m
}

// value returns the value of key on the diagonals of the split's order
// d[0] and d[1]: bit i set if it holds d[i]. Bit 63 of a key, which no
// east key or north quarter's holds, stands for no diagonal.
func value(key uint64, d [2]int) int {
	return int(key>>d[0]&1) | int(key>>d[1]&1)<<1
}

// northLayout returns the first word of each bucket of east keys of
// those sizes, laid out in the order of northOrder, each from a word of
// its own (padBuckets), and the words of all of them.
func northLayout(sizes [4]int) (at [4]int, words int) {
	for _, b := range northOrder {
		at[b] = words
		words += (sizes[b] + 63) / 64
	}
	return at, words
}

// northRanges returns, for buckets of east keys of those sizes laid out
// as northLayout says, the words of the buckets that each value of the
// west half-boards' diagonals meets: those that share no bit with it.
func northRanges(sizes [4]int) (ranges [4]wordRange) {
	at, words := northLayout(sizes)
	for g := range ranges {
		r := wordRange{lo: words}
		for b, n := range sizes {
			if b&g == 0 && n > 0 {
				r.lo, r.hi, r.keys = min(r.lo, at[b]), max(r.hi, at[b]+(n+63)/64), r.keys+n
			}
		}
		if r.keys == 0 {
			r.lo = 0
		}
		ranges[g] = r
	}
	return ranges
}

// bucketSizes returns how many of keys take each value on the diagonals
// d, masked.
func bucketSizes(keys []uint64, d [2]int, mask int) [4]int {
	var sizes [4]int
	for _, k := range keys {
		sizes[value(k, d)&mask]++
	}
	return sizes
}

// padBuckets returns keys in the space of dst, bucket by bucket by their
// values on the diagonals d, masked, laid out as northLayout says, the
// gaps keys of no diagonal, up to the last key: sizes are the buckets'
// sizes.
func padBuckets(dst, keys []uint64, d [2]int, mask int, sizes [4]int) []uint64 {
	at, _ := northLayout(sizes)
	last := 0
	for v, n := range sizes {
		at[v] *= 64
		if n > 0 {
			last = max(last, at[v]+n)
		}
	}
	dst = append(dst[:0], make([]uint64, last)...)
	for _, k := range keys {
		v := value(k, d) & mask
		dst[at[v]] = k
		at[v]++
	}
	return dst
}
