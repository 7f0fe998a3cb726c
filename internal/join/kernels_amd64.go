//go:build !purego

package join

import "github.com/gonqueens/nqueens/internal/isa"

// The choice of the assembly kernels on amd64: AVX-512 with its
// population count (Intel's since 2019, AMD's since 2022), else AVX2
// (Intel's since 2013, AMD's since 2015), else none.

// The features that each kind of kernel of zmatch_amd64.s needs, every
// one its instructions use, as its Requires comments list them
// (TestGates holds them to it): the AVX-512 matching kernels end with
// AVX2 instructions that add up their lanes, so their gate has AVX2 too.
// The OR kernels run where the matching ones of their vectors do.
var (
	avx2Needs         = isa.Set{isa.AVX, isa.AVX2, isa.BMI2}
	avx512Needs       = isa.Set{isa.AVX, isa.AVX2, isa.AVX512F, isa.AVX512VPOPCNTDQ, isa.BMI2}
	pairsNeeds        = isa.Set{isa.AVX, isa.AVX512F, isa.BMI2, isa.CMOV, isa.POPCNT}
	pairs256Needs     = isa.Set{isa.AVX, isa.AVX2, isa.CMOV, isa.POPCNT}
	transposeNeeds    = isa.Set{isa.AVX, isa.AVX512F, isa.AVX512BW, isa.AVX512VBMI}
	transpose256Needs = isa.Set{isa.AVX, isa.AVX2}
)

// matchKernels is the kind of matching kernels the processor runs: those of
// avx512Kernels, of avx2Kernels, or none. wordsMultiple is the multiple
// of words that the rows of a join's tables take for them (their
// vector's words), rowWords the most words of a row that a joiner lays
// out (0: any), and shortWords the words of a short row, fewer than
// wordsMultiple, that the kernels take too, for a block of no more east
// half-boards (0: none).
var matchKernels, wordsMultiple, rowWords, shortWords = kernelsFor(avx512Needs.Has(), avx2Needs.Has())

// nineWide is whether wide tables are 9 diagonals wide: where the Go or
// the AVX2 kernels match, whose queries cost their loads and ORs, a row
// a table. The AVX2 kernels' rows are mostly of 8 words or fewer since
// the sieve halves large buckets, and their 4 tables of 9, where 8 take
// 5, stay in the core's L2 cache; the AVX-512 kernels were not timed
// with them (docs/engine.md).
var nineWide = matchKernels != avx512Kind

// smallBuckets is whether the large boards' sieve makes small buckets
// (sieveFor): where the Go kernels match, whose queries cost each word
// of their rows.
var smallBuckets = matchKernels == goKind

// northSieve is whether the splits too small to sieve are sieved on the
// diagonals of west north quarters (northsieve.go): where the Go kernels
// match, whose rows are as long as their half-boards and whose queries
// cost each word of them.
var northSieve = matchKernels == goKind

// The kinds of matching kernels.
const (
	goKind = iota
	avx2Kind
	avx512Kind
)

// Kernels names the kernels this processor runs: those that match, list
// half-boards and lay out tables' single diagonals.
func Kernels() (match, pairs, transpose string) {
	match, pairs, transpose = "go", "go", "go"
	switch matchKernels {
	case avx512Kind:
		match = "avx512"
	case avx2Kind:
		match = "avx2"
	}
	switch {
	case widePairs:
		pairs = "avx512"
	case avx2Pairs:
		pairs = "avx2"
	}
	switch {
	case wideTranspose:
		transpose = "avx512"
	case avx2Transpose:
		transpose = "avx2"
	}
	return match, pairs, transpose
}

// kernelsFor returns the kind of matching kernels to run, the multiple of
// words they take, the most words of a row laid out at once and the words
// of their short rows: the AVX-512 ones if wide, else the AVX2 ones if
// avx2, each for rows of up to maxRowVectors vectors of 512 bits, the
// AVX2 ones for short rows of half a vector too, else none: the Go
// kernels, whose rows are any number of words up to goRowWords.
func kernelsFor(wide, avx2 bool) (kind, multiple, most, short int) {
	switch {
	case wide:
		return avx512Kind, 8, 8 * maxRowVectors, 0
	case avx2:
		return avx2Kind, 4, 8 * maxRowVectors, 2
	}
	return goKind, 1, goRowWords, 0
}

// archClashes is clashes with the assembly kernel of its width, ntables
// and words, whose arguments clashes has checked; ok is false where the
// processor runs none for them: for tables of 9, only the AVX2 kernels
// of up to 7 tables, as many as a key's 64 bits hold, run.
func archClashes(tables []uint64, words, ntables, width int, keys []uint64) (n int, ok bool) {
	switch i, v := widthIndex(width), words/wordsMultiple; {
	case words > rowWords || width == 9 && (matchKernels != avx2Kind || ntables*9 > 64):
	case words == shortWords && matchKernels == avx2Kind:
		return avx2ShortKernels[i][ntables](&tables[0], keys), true
	case matchKernels == avx512Kind:
		return avx512Kernels[i][ntables][v](&tables[0], keys), true
	case matchKernels == avx2Kind:
		return avx2Kernels[i][ntables][v](&tables[0], keys), true
	}
	return 0, false
}

// archOrRows is orRows with the kernel of its rows' length, where the
// processor runs the AVX-512 or AVX2 matching kernels and one is made
// for it; it reports whether one ran.
func archOrRows(dst, src, row []uint64) bool {
	if len(src) < len(dst) || len(dst)%len(row) != 0 {
		return false
	}
	switch w := len(row); {
	case matchKernels == avx512Kind && w%8 == 0 && w/8 <= maxRowVectors:
		orKernels[w/8](&dst[0], &src[0], &row[0], len(dst)/w)
	case matchKernels == avx2Kind && w%4 == 0 && w/4 <= 2*maxRowVectors:
		orKernels256[w/4](&dst[0], &src[0], &row[0], len(dst)/w)
	default:
		return false
	}
	return true
}

// widePairs and avx2Pairs are whether the processor runs pairsx512 and
// pairsx256.
var widePairs, avx2Pairs = pairsNeeds.Has(), pairs256Needs.Has()

// archPairs is pairs with pairsx512, or else pairsx256, where the
// processor runs it: out has room for every key of the spans of sp and 8
// more, and every span lies in south; it reports whether one ran.
func archPairs(out []uint64, sp *spanList, south []uint64) (int, bool) {
	switch {
	case len(sp.keys) == 0:
		return 0, widePairs || avx2Pairs
	case widePairs:
		return pairsx512(&out[0], sp.keys, sp.bounds, &south[0]), true
	case avx2Pairs:
		return pairsx256(&out[0], sp.keys, sp.bounds, &south[0]), true
	}
	return 0, false
}

// wideTranspose and avx2Transpose are whether the processor runs
// transposex512 and transposex256.
var wideTranspose, avx2Transpose = transposeNeeds.Has(), transpose256Needs.Has()

// archTranspose writes, with transposex512, or else transposex256, where
// the processor runs it, the words of the rows of layTables's single
// diagonals of keys, 64 keys each, the last one's keys copied to a word
// of zeros first, and returns how many words it wrote: all, or none.
func archTranspose(tables, keys []uint64, bytes int, rows *[64]int) int {
	if len(keys) == 0 || bytes == 0 || !wideTranspose && !avx2Transpose {
		return 0
	}
	// The kernels are called directly, not through a variable, so that
	// rows and last, which they do not keep, stay on the stack.
	transpose := func(dst, keys *uint64, words int) {
		if wideTranspose {
			transposex512(dst, keys, words, bytes, rows)
		} else {
			transposex256(dst, keys, words, bytes, rows)
		}
	}
	words := len(keys) / 64
	if words > 0 {
		transpose(&tables[0], &keys[0], words)
	}
	if rest := keys[64*words:]; len(rest) > 0 {
		var last [64]uint64
		copy(last[:], rest)
		transpose(&tables[words], &last[0], 1)
		words++
	}
	return words
}
