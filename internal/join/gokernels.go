package join

import "math/bits"

// The Go kernels that define what the others return: clashesGo and
// orRowsGo, which the generated ones of zkernels.go unroll, pairsGo and
// transposeGo; they run where no kernel of the processor's does
// (kernels.go).

// clashesGo is clashes in Go: the kernel that defines what the others
// return.
func clashesGo(tables []uint64, words, ntables, width int, keys []uint64) int {
	return clashesGoStrided(tables, words, words, ntables, width, keys)
}

// clashesGoStrided is clashesGo over words words of rows stride words
// apart.
func clashesGoStrided(tables []uint64, stride, words, ntables, width int, keys []uint64) int {
	n := 0
	var rows [maxTables][]uint64
	for _, key := range keys {
		for c := range ntables {
			v := int(key>>(width*c)) & (1<<width - 1)
			rows[c] = tables[(c<<width+v)*stride:][:words]
		}
		for w := range words {
			var x uint64
			for _, r := range rows[:ntables] {
				x |= r[w]
			}
			n += bits.OnesCount64(x)
		}
	}
	return n
}

// spanBatch is the most spans of south quarters that list gathers before
// it lists their half-boards.
const spanBatch = 1 << 10

// A spanList is spans of south quarters that north quarters meet: span
// i is the north quarter's key keys[i], tagged, and the south quarters
// south[bounds[2i]:bounds[2i+1]]; the half-boards it makes are the
// north key ORed with each of theirs that shares no bit with it.
type spanList struct {
	keys   []uint64
	bounds []uint32
}

// grow gives l room for the most spans that list gathers in a batch,
// spanBatch, one a north quarter.
func (l *spanList) grow() {
	if len(l.keys) < spanBatch {
		l.keys, l.bounds = make([]uint64, spanBatch), make([]uint32, 2*spanBatch)
	}
}

// pairsGo is pairs in Go: it writes to dst the keys of the half-boards
// of the spans of keys and bounds (spanList), dst room for all of them,
// and returns how many.
func pairsGo(dst, keys []uint64, bounds []uint32, south []uint64) int {
	i := 0
	for s, key := range keys {
		for _, k := range south[bounds[2*s]:bounds[2*s+1]] {
			// Written always, kept if it fits: no branch to mispredict.
			dst[i] = key | k
			if key&k == 0 {
				i++
			}
		}
	}
	return i
}

// orRowsGo is orRows in Go.
func orRowsGo(dst, src, row []uint64) {
	for at := 0; at < len(dst); at += len(row) {
		d, s := dst[at:][:len(row)], src[at:][:len(row)]
		for w, r := range row {
			d[w] = s[w] | r
		}
	}
}

// transposeGo writes the words from from up to words of the rows of the
// single diagonals of the first bytes bytes of keys, as layTables lays
// them out, 64 keys a word (a word past the keys is 0): the 64 keys of a
// word as a matrix of 64 bits by 64, turned over its diagonal, so that
// row d holds bit d of each key.
func transposeGo(tables, keys []uint64, words, bytes, from int, rows *[64]int) {
	var m [64]uint64
	for w := from; w < words; w++ {
		clear(m[copy(m[:], keys[min(64*w, len(keys)):]):])
		transpose64(&m)
		for d, row := range m[:8*bytes] {
			tables[rows[d]+w] = row
		}
	}
}

// transpose64 turns the matrix of bits m, row i in m[i], over its
// diagonal: bit j of m[i] becomes bit i of m[j]. It swaps the two
// off-diagonal blocks of 32 by 32 bits, then those of every 16 by 16
// block, and so on down to 1 by 1 (transposeRound).
func transpose64(m *[64]uint64) {
	transposeRound(m, 32, 0x00000000ffffffff)
	transposeRound(m, 16, 0x0000ffff0000ffff)
	transposeRound(m, 8, 0x00ff00ff00ff00ff)
	transposeRound(m, 4, 0x0f0f0f0f0f0f0f0f)
	transposeRound(m, 2, 0x3333333333333333)
	transposeRound(m, 1, 0x5555555555555555)
}

// transposeRound swaps the off-diagonal blocks of j by j bits of every
// block of 2j by 2j of m: the bits of row k that mask marks, shifted j
// places down, trade places with the bits of row k+j that it marks, for
// each k of a block's first j rows.
func transposeRound(m *[64]uint64, j uint, mask uint64) {
	for k := uint(0); k < 64; k = (k + j + 1) &^ j {
		lo, hi := k&63, (k+j)&63 // k+j < 64: the masks drop the bounds checks
		t := (m[lo]>>j ^ m[hi]) & mask
		m[lo] ^= t << j
		m[hi] ^= t
	}
}
