package join

//go:generate go run -C ../../tools ./kernelgen -out ../internal/join

import "github.com/gonqueens/nqueens/internal/isa"

// The types of the join's kernels, which tools/kernelgen writes from one
// description (its describe.go), with the sizes it writes in zsizes.go:
// a set of matching kernels for each instruction set, with the layout of
// the tables they read, and the kernels that list half-boards and
// transpose keys. kernels.go chooses among them.

// A clashKernel is clashes for one width, number of tables and row of
// words words; a kernel of one length need not read words. tables holds
// the ntables tables, and the kernel reads no word past them.
type clashKernel func(tables []uint64, words int, keys []uint64) int

// A stridedKernel is a clashKernel for rows stride words apart, a range
// of words of the words of longer rows (zkernels.go, for the Go kernels).
type stridedKernel func(tables []uint64, stride, words int, keys []uint64) int

// An orKernel is orRows for rows of one length: dst and src hold whole
// rows, as many as dst.
type orKernel func(dst, src, row []uint64)

// A layout is how a join lays out its tables for a set of kernels, and
// sieves its splits for them: the rows they take, and where the set
// differs from the others (kernelgen's description says why).
type layout struct {
	name string
	// rows[w] is the words of the row that w words of east half-boards
	// take: w or more, as the kernels' vectors make them.
	rows [maxRowWords + 1]uint8
	// smallBuckets: the large boards' sieve makes buckets of smallBucket
	// east half-boards on average, rather than the trie's (sieveFor).
	smallBuckets bool
	// northSieve: the splits too small to sieve are sieved on diagonals
	// of west north quarters (northsieve.go).
	northSieve bool
}

// A kernelSet is the matching kernels of an instruction set, with those
// of orRows, the layout they take, and what the processor needs to run
// them.
type kernelSet struct {
	name   string // the instruction set's
	layout *layout
	needs  isa.Set
	clash  *[len(widths)][maxTables + 1][maxRowWords + 1]clashKernel
	or     *[maxRowWords + 1]orKernel
}

// A pairsKind is a kernel that lists half-boards, pairsGo's signature,
// with what the processor needs to run it.
type pairsKind struct {
	name  string
	needs isa.Set
	run   func(dst, keys []uint64, bounds []uint32, south []uint64) int
}

// A transposeKind is a kernel that transposes keys, which archTranspose
// runs by its index, with what the processor needs to run it.
type transposeKind struct {
	name  string
	needs isa.Set
}

// widthIndex returns the index of the kernels of tables width diagonals
// wide in the kernels' tables, as widths orders them.
func widthIndex(width int) int {
	for i, w := range widths {
		if w == width {
			return i
		}
	}
	return -1
}
