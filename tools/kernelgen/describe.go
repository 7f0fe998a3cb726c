package main

// The description of the join's kernels, which every back end writes from.
//
// The matching kernel takes the tables of a block of east half-boards and
// a list of west half-boards' keys. A key is read in pieces of a width, 8
// or 9 diagonals, and table c has a row for each value v of piece c (the
// key's bits from width·c up), the half-boards of the block 64 a word:
// the row of value v of table c starts at word (c<<width + v)·words of
// the tables. For each key the kernel ORs the rows that its pieces pick,
// counts the bits set, and returns the sum over the keys: the pairs of
// the key and an east half-board that share a diagonal.
//
// Everything a back end chooses is here, made once for every instruction
// set: the widths and the most tables of each, the rows a kernel takes
// (whole vectors, and rows shorter than a vector), and the overrides of
// the layout that the join's tables and sieve take for them. An
// instruction set differs from the others only where its vector does,
// and where an override says why. What the join chooses with them, and
// the same for every set but where an override says, is the join's, in
// one file (internal/join/policy.go): which width a split's tables take,
// and the sieve's, the trie's and the north sieve's numbers.

// widths are the widths of a key's pieces, in the order of the kernels'
// first index: tables of 8 diagonals; of 4, for the splits of few west
// half-boards, whose tables cost more to lay out than their queries save;
// and of 9 where that takes fewer tables than 8 (a row less a query, for
// tables twice as long).
var widths = []int{8, 4, 9}

// maxTables is the most tables a kernel ORs: 8 pieces of 8 bits make a
// key of 64, and 7 of 9; 8 of 4, a key of 32.
const maxTables = 8

// maxRowWords is the most words of a row: a block of 2,048 east
// half-boards, whose tables stay in a core's L2 cache.
const maxRowWords = 32

// unrollVectors is the most vectors of a row read unrolled, by a kernel
// for each length; a longer row by one kernel for each width and number of
// tables, in a loop over its vectors, its words an argument. A loop took
// 1.25 times the time of unrolled AVX-512 kernels at rows of 2 vectors
// and 1.47 at 4 (BenchmarkClashes, the tables in L2), where a vector's
// instructions are few beside the loop's. An instruction set may unroll
// more or fewer (isa.unroll).
const unrollVectors = 4

// tablesOf returns the most tables of pieces of width bits: as many as a
// key's 64 bits hold, up to maxTables.
func tablesOf(width int) int { return min(maxTables, 64/width) }

// An isa is an instruction set that kernels are written for, and the
// layout of the tables they read.
type isa struct {
	// name is the instruction set's, as nqueens version prints it,
	// ident as its kernels' names spell it, and arch the GOARCH of its
	// assembly, "" for the Go kernels.
	name, ident, arch string
	// vector is the words of a vector: a row is a whole number of
	// vectors, or, where short, a half or a quarter of one, down to 2
	// words (128 bits, the least vector of every SIMD set).
	vector int
	short  bool
	// count is how the kernels add up the bits set of the rows ORed.
	count counting
	// unrollWords, if not 0, is the most words of a row read unrolled,
	// in the place of unrollVectors vectors, and unrollWhy says why.
	unrollWords int
	unrollWhy   string
	// The overrides of the layout, which a paired timing justifies.
	overrides overrides
}

// counting is how a kernel counts the bits set in a vector.
type counting int

const (
	// popcount: a population count of each 64-bit lane, added up
	// (AVX-512's VPOPCNTQ, Go's bits.OnesCount64).
	popcount counting = iota
	// carrySave: carry-save adders add the vectors up 8 at a time into
	// vectors of ones, twos and fours, and the eights are counted by
	// byte (Harley and Seal's method), where a vector's population costs
	// a table lookup of each half of each byte (AVX2).
	carrySave
	// bytewise: a population count of each byte, added up by byte for a
	// key's row and then across the vector (NEON's CNT and UADDLV).
	bytewise
)

// csaRound is the most vectors, and csaKeys the most keys, of a round of
// the carrySave count, and csaWords the longest row it adds up in
// rounds: rows of up to 8 words, which hold most of the words read.
// Longer ones, whose rounds of 2 keys took 0.91 times the time of keys
// counted alone at rows of 16 words, are counted alone, for fewer lines
// of assembly; short rows, packed two to a vector, take rounds of 4
// vectors, which took 1.03 to 1.04 times the time of rounds of 8.
const (
	csaRound = 8
	csaKeys  = 8
	csaWords = 8
)

// overrides are where an instruction set's layout differs from the rest.
type overrides struct {
	// smallBuckets: the large boards' sieve makes buckets of 128 east
	// half-boards on average rather than the trie's, where a query costs
	// each word of its rows.
	smallBuckets bool
	// northSieve: the splits too small to sieve are sieved on the
	// diagonals of west north quarters, reading a range of each row.
	northSieve bool
	// why says why, for the generated file's comment.
	why string
}

// isas are the instruction sets, in the order a processor tries them:
// each architecture's best first, the Go kernels last, which every
// architecture runs.
var isas = []*isa{
	{name: "avx512", ident: "AVX512", arch: "amd64", vector: 8, short: true, count: popcount},
	{name: "avx2", ident: "AVX2", arch: "amd64", vector: 4, short: true, count: carrySave},
	{name: "neon", ident: "NEON", arch: "arm64", vector: 2, count: bytewise, unrollWords: 4,
		unrollWhy: "no machine here times them, and a loop of post-indexed loads costs two instructions a vector"},
	{name: "go", ident: "Go", vector: 1, count: popcount, unrollWords: maxRowWords,
		unrollWhy: "a Go loop over a row checks its bounds and spills its registers around the fallback of a population count at GOAMD64=v1: 1.4 to 1.5 times the time at rows of 16 and 32 words", overrides: overrides{smallBuckets: true, northSieve: true,
			why: "the Go kernels' rows are as long as their half-boards, and each word of them costs a query its load, OR and count"}},
}

// rows returns the words of the rows that the kernels of s take, in
// order: halves of a vector down to 2 words where short, then every
// whole number of vectors up to maxRowWords.
func (s *isa) rows() []int {
	var rows []int
	if s.short {
		for w := 2; w < s.vector; w *= 2 {
			rows = append(rows, w)
		}
	}
	for w := s.vector; w <= maxRowWords; w += s.vector {
		rows = append(rows, w)
	}
	return rows
}

// unrolled returns the rows of s that take a kernel each, and whether
// longer ones take the looping kernel.
func (s *isa) unrolled() (rows []int, loop bool) {
	for _, r := range s.rows() {
		if r <= s.unroll() {
			rows = append(rows, r)
		} else {
			loop = true
		}
	}
	return rows, loop
}

// unroll returns the most words of a row that s reads unrolled.
func (s *isa) unroll() int {
	if s.unrollWords > 0 {
		return s.unrollWords
	}
	return unrollVectors * s.vector
}

// rowFor returns the words of the row that w words of half-boards take
// in s's layout: the least row of s of w words or more.
func (s *isa) rowFor(w int) int {
	for _, r := range s.rows() {
		if r >= w {
			return r
		}
	}
	return 0
}
