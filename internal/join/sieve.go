package join

import (
	"math"
	"math/bits"
	"slices"

	"github.com/gonqueens/nqueens/internal/poll"
)

// The sieve of the join. The top bits of the keys are the diagonals that
// remove the most pairs of a sample of the split's half-boards, one after
// another (sample.go): a split's east half-boards are sorted into buckets by their top bits,
// and its west ones into groups, and a bucket is matched only against the
// groups that share none of its top bits, since every other pair clashes.
// Each bit keeps about three quarters of the pairs, so the sieve deepens
// with the split: a bit for each doubling of its east half-boards, about
// three for each two sizes of the board, keeping the buckets large enough
// for the tables to pay. A bucket's tables are laid out while the groups
// it meets are matched, and stay in the core's cache meanwhile.
//
// The buckets of a split differ in size by far: those of few top bits
// set are the largest, and they meet the most groups, so that they hold
// most of the pairs. On the largest boards a large bucket is sieved
// deeper, on bits below the split's: it is halved on the next bit while
// its halves keep a least size on average, and so is each half, a trie,
// so that a half that its bit leaves large is halved again and a small
// one is not. The kernels' short rows, halves of a vector, keep what a
// small bucket pads its rows with small.
//
// A side whose half-boards do not all fit in a part (partFor) is listed in
// parts: ranges of the values of its top bits, each of at most a part's
// half-boards but for a value that alone has more, which is cut where the
// listing stops. Each east part meets every west part; the west side is
// listed once if it fits, and again for each east part if not.

// below returns the bits below the top s of keys of keyBits diagonals on
// which a split's west side alone is sieved, at most sub, or where there
// are none, those on which its large buckets may be halved.
func (sv sieve) below(s, keyBits, sub int) (x, deep int) {
	if x = min(sub, maxSieve-s, keyBits-s); x > 0 {
		return x, 0
	}
	return 0, min(sv.deep, maxDeep-s, keyBits-s)
}

// bits returns the top bits to sieve a split of east half-boards on,
// with keys of keyBits diagonals.
func (sv sieve) bits(east, keyBits int) int {
	s := 0
	if east >= sv.from {
		for s < min(maxSieve, keyBits) && east>>(s+1) >= sv.keys {
			s++
		}
	}
	return s
}

// A valueRange is the values from lo up to hi, not hi, of the top bits of
// the keys.
type valueRange struct{ lo, hi uint64 }

// holds reports whether v is in r.
func (r valueRange) holds(v uint64) bool { return v-r.lo < r.hi-r.lo } // unsigned: v < lo wraps around

// cutRanges returns the ranges of values, in order, that count[v] keys of
// each value v make parts of at most most keys, a value of more keys its
// own range.
func cutRanges(count []int, most int) []valueRange {
	var rs []valueRange
	lo, keys := 0, 0
	for v, c := range count {
		if keys > 0 && keys+c > most {
			rs = append(rs, valueRange{uint64(lo), uint64(v)})
			lo, keys = v, 0
		}
		keys += c
	}
	return append(rs, valueRange{uint64(lo), uint64(len(count))})
}

// A sortedKeys is tagged keys sorted by their tag and then their top s
// bits, with where the keys of each value, tag<<s | top, start, and where
// the last ends.
type sortedKeys struct {
	keys   []uint64
	starts []int
}

// sort sets s to keys sorted by their tag and their bits bits from shift
// up: a counting sort, as quarterCache.sortSouth is of south keys.
func (s *sortedKeys) sort(keys []uint64, shift, bits int) {
	values := 3 << bits
	starts := slices.Grow(s.starts[:0], values+1)[:values+1]
	clear(starts)
	// A key's value is base[t], the first of its tag's, for its tag bits
	// t, plus its bits from shift up: shifts by a count the compiler
	// knows to be under 64, which it need not check.
	var base [1 << tagBits]int
	for t := range base {
		base[t] = tagOf(uint64(t)<<tagShift) << bits
	}
	at, mask := uint(shift)&63, uint64(1)<<bits-1
	count := starts[1:]
	for _, k := range keys {
		count[base[k>>tagShift]+int(k>>at&mask)]++
	}
	for v := 1; v <= values; v++ {
		starts[v] += starts[v-1]
	}
	sorted := slices.Grow(s.keys[:0], len(keys))[:len(keys)]
	next := starts[:values]
	for _, k := range keys {
		v := base[k>>tagShift] + int(k>>at&mask)
		sorted[next[v]] = k
		next[v]++
	}
	// next, which is starts, moved each value's start to its end: move it
	// back by one value.
	copy(starts[1:], starts[:values])
	starts[0] = 0
	s.keys, s.starts = sorted, starts
}

// A sieveCut is how a split is sieved (matchSieved): on the top s bits
// of its keys, which are bits low and up, the deep bits below them, and
// the x bits below those; with tables of block east half-boards of a
// bucket at a time, width diagonals wide; the west half-boards with k
// queens on a longest diagonal weighed by weights[k].
type sieveCut struct {
	s, deep, x, low int
	block, width    int
	weights         [3]uint64
}

// matchSieved returns the pairs of the east half-boards of e and the west
// ones of w, sorted by their top s+deep+x bits, with no diagonal in
// common, weighed, as cut says. The tables t, of keys whose top s bits
// are bits low and up, are laid out for block east half-boards of a
// bucket at a time, width diagonals wide. A bucket of the top s bits is
// halved on the deep bits below them while its halves keep sv.least keys
// on average (x is then 0), and a bucket meets the groups of its bits
// that share none of them. The x bits below the top s sieve the west side
// alone: a block's east half-boards are laid out by their values on them
// as the north sieve's are (northsieve.go), padded in the space of pad,
// and a west group reads the words of those it shares no bit with. It
// reports false if p said to stop.
func matchSieved(e, w *sortedKeys, t *eastTables, sv sieve, cut sieveCut, pad *[]uint64, p *poll.Poller) (uint64, bool) {
	s, deep, x, low, width, weights := cut.s, cut.deep, cut.x, cut.low, cut.width, cut.weights
	// The diagonals of the x bits, 63 for none, as value takes them.
	d := [2]int{63, 63}
	for i := range x {
		d[i] = low - x + i
	}
	mask := 1<<x - 1
	// A block leaves room for the padding of its buckets.
	blockKeys := max(1, cut.block-mask*64)
	var total uint64
	for top := range 1 << s {
		// The buckets of top, a trie: a bucket of a value b of the top
		// s+depth bits is halved on the next bit, up to deep bits, while
		// its halves keep sv.least east half-boards on average. The bits
		// of the sort below a bucket's, its keys and the groups it meets
		// take any values of. A stack of buckets to visit, each split
		// putting two in the place of one, holds at most deep+1.
		type node struct{ b, depth int }
		var stack [maxDeep + 1]node
		stack[0] = node{top, 0}
		for n := 1; n > 0; {
			n--
			b, depth := stack[n].b, stack[n].depth
			on, rest := s+depth, deep-depth
			lo, hi := e.starts[b<<rest<<x], e.starts[(b+1)<<rest<<x]
			if depth < deep && (hi-lo)>>1 >= sv.least {
				stack[n], stack[n+1] = node{b<<1 | 1, depth + 1}, node{b << 1, depth + 1}
				n += 2
				continue
			}
			bucket := e.keys[lo:hi]
			// The values that share no bit with b: the subsets of its
			// complement, q = (q-1) & free listing them all down to 0.
			free := (uint64(1)<<on - 1) &^ uint64(b)
			for len(bucket) > 0 {
				laid := bucket[:min(len(bucket), blockKeys)]
				bucket = bucket[len(laid):]
				keys, ranges := laid, [4]wordRange{{0, t.k.layout.wordsFor(len(laid)), len(laid)}}
				if x > 0 {
					sizes := bucketSizes(laid, d, mask)
					*pad = padBuckets(*pad, laid, d, mask, sizes)
					keys, ranges = *pad, northRanges(sizes)
				}
				isLaid := false
				for k, weight := range weights {
					if weight == 0 {
						continue
					}
					var count uint64
					for q := free; ; q = (q - 1) & free {
						for v := range mask + 1 {
							g := (k<<(s+deep)|int(q)<<rest)<<x | v
							if group := w.keys[w.starts[g]:w.starts[g+1<<rest]]; len(group) > 0 && ranges[v].keys > 0 {
								if !isLaid {
									t.lay(keys, width, low-depth)
									isLaid = true
								}
								c, ok := t.match(group, ranges[v], p)
								if !ok {
									return 0, false
								}
								count += c
							}
						}
						if q == 0 {
							break
						}
					}
					total += count * weight
				}
			}
		}
	}
	return total, true
}

// topCounts returns how many keys of each value of their top s bits a
// survey of more bits counted.
func topCounts(survey []int, s int) []int {
	counts := make([]int, 1<<s)
	shift := bits.Len(uint(len(survey))) - 1 - s
	for v, c := range survey {
		counts[v>>shift] += c
	}
	return counts
}

// sampleKeys is about the most half-boards of each side a sample holds:
// the pairs of 512 by 512 are enough to tell the best bits apart, and
// choosing them costs a split a fraction of a percent of its time.
const sampleKeys = 512

// samplerBytes is the most memory a sampler keeps: the keys of both
// sides, up to 6 times sampleKeys as sampled (sampleSide) before they are
// thinned; a bit for each pair of the samples; and for each of up to
// 2·maxDeep candidate bits, a bit for each west key and the index of each
// east key that holds it; and two orders of keys.
const samplerBytes = 2*8*6*sampleKeys + sampleKeys*sampleKeys/8 + 2*maxDeep*(sampleKeys/8+4*sampleKeys) + 2*8*8*256

// A sampler is the scratch space of the choice of a split's sieve bits.
type sampler struct {
	// The keys of the half-boards sampled of each side.
	eastKeys, westKeys []uint64
	// kept holds a bit for each pair of the samples kept by the bits
	// chosen so far, a row of words for each east key; has, for each
	// candidate bit, the west keys that hold it.
	kept, has []uint64
	// on holds, for each candidate bit, the east keys that hold it.
	on     [][]int32
	chosen []uint8
	// north maps the keys of north quarters to the order of a side's
	// south quarters, and back the keys sampled in it to the split's.
	north, back keyOrder
}

// choose returns up to most of the bits cands, one at a time the one
// whose clashes remove the most pairs of the sample that those before it
// kept, the first of cands where none removes any.
func (sm *sampler) choose(cands []uint8, most int) []uint8 {
	eastKeys, westKeys := sm.eastKeys, sm.westKeys
	words := (len(westKeys) + 63) / 64
	sm.has = slices.Grow(sm.has[:0], len(cands)*words)[:len(cands)*words]
	clear(sm.has)
	sm.on = slices.Grow(sm.on[:0], len(cands))[:len(cands)]
	for c, b := range cands {
		has := sm.has[c*words : (c+1)*words]
		for i, k := range westKeys {
			has[i/64] |= k >> b & 1 << (i % 64)
		}
		on := sm.on[c][:0]
		for i, k := range eastKeys {
			if k>>b&1 != 0 {
				on = append(on, int32(i))
			}
		}
		sm.on[c] = on
	}
	sm.kept = slices.Grow(sm.kept[:0], len(eastKeys)*words)[:len(eastKeys)*words]
	for i := range sm.kept {
		sm.kept[i] = math.MaxUint64
	}
	chosen := sm.chosen[:0]
	var taken uint64 // the candidates chosen, by index
	for len(chosen) < min(most, len(cands)) {
		best, removed := -1, 0
		for c := range cands {
			if taken>>c&1 != 0 {
				continue
			}
			has, r := sm.has[c*words:(c+1)*words], 0
			for _, e := range sm.on[c] {
				for w, k := range sm.kept[int(e)*words : (int(e)+1)*words] {
					r += bits.OnesCount64(k & has[w])
				}
			}
			if best < 0 || r > removed {
				best, removed = c, r
			}
		}
		if removed == 0 { // the sample tells none apart: the squares' order
			best = bits.TrailingZeros64(^taken)
		}
		taken |= 1 << best
		chosen = append(chosen, cands[best])
		has := sm.has[best*words : (best+1)*words]
		for _, e := range sm.on[best] {
			for w := range has {
				sm.kept[int(e)*words+w] &^= has[w]
			}
		}
	}
	sm.chosen = chosen
	return chosen
}
