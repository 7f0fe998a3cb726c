// Command matchasm writes the amd64 assembly of the join engine's matching
// kernels, zmatch_amd64.s, their Go declarations, zmatch_amd64.go, and the
// table that picks one by width and number of tables, zmatchtable_amd64.go.
// It is run by go generate in the package's directory:
//
//	go run -C tools ./matchasm -tables 8 -vectors 4 -out ../internal/join/zmatch_amd64.s -stubs ../internal/join/zmatch_amd64.go -table ../internal/join/zmatchtable_amd64.go -pkg join
//
// A kernel takes the tables of a join (tables of 256 rows, one for each 8
// diagonals of a key, or of 16 rows for each 4, or for AVX2 of 512 rows
// for each 9) and a list of keys. For each key it ORs the row of each of
// its bytes (or nibbles, or pieces of 9 bits), word by word, counts the
// bits set in the result, and returns the sum over the keys: clashesGo of
// gokernels.go, with the rows' pointers worked out in registers and no
// call per key. One function for each number of tables k from 1 to
// maxTables, so that the row pointers stay in registers, and one for
// each length of a row, unrolled: a row's offset is the key's bits
// rotated and masked (RORX, AND), as its length is a power of 2 (or 3, 5
// or 7 times one, an LEA or IMUL more), and no loop runs over a row's
// words. A query costs its loads and a few instructions, where a loop
// over words of any length cost as much again in address arithmetic and
// branches. In two kinds:
//
//   - AVX2, rows of 1 to twice -vectors vectors of 256 bits, and short
//     rows of half a vector, two keys' rows to a vector. AVX2 has no
//     population count of its own, so each byte's is looked up by its
//     two halves in a 16-entry table (VPSHUFB) and VPSADBW adds the bytes
//     of each 64-bit lane; carry-save adders first add up the keys' ORed
//     vectors 8 at a time, so that one vector in 8 is counted.
//   - AVX-512, with its VPOPCNTQ, rows of 1 to -vectors vectors of 512
//     bits.
//
// And three AVX-512 kernels that build what the matching kernels read:
// orRowsx512vV, the rows of a table ORed by doubling; transposex512, the
// rows of the single diagonals of 64 keys at a time; and pairsx512, the
// keys of the half-boards of spans of quarters (pairsKernel,
// transposeKernel).
package main

import (
	"flag"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// maxTables is the most tables whose rows a kernel ORs: maxTables of the package,
// which the table's type takes, so that a table of another length does not
// compile.
var (
	maxTables  = flag.Int("tables", 8, "the most tables whose rows a kernel ORs")
	maxVectors = flag.Int("vectors", 4, "the most vectors of 512 bits a row of an AVX-512 kernel takes")
	table      = flag.String("table", "", "the Go file of the table of kernels to write")
)

func main() {
	flag.Parse() // avo's own flags (-out, -stubs, -pkg) are on the same set
	ConstraintExpr("!purego")

	// The population count of each 4-bit value, once for each 128-bit
	// lane, and the mask of a byte's low half.
	nibbles := GLOBL("popcountNibbles", RODATA|NOPTR)
	for lane := range 2 {
		for v := range 16 {
			DATA(16*lane+v, U8(popcount(v)))
		}
	}
	lowHalves := GLOBL("lowHalves", RODATA|NOPTR)
	for i := range 32 {
		DATA(i, U8(0x0f))
	}

	for _, width := range avx2Widths {
		for k := 1; k <= avx2Tables(width); k++ {
			for v := 0; v <= 2**maxVectors; v++ {
				kernel(k, width, v, nibbles, lowHalves)
			}
		}
	}
	for _, width := range avx512Widths {
		for k := 1; k <= *maxTables; k++ {
			for v := 1; v <= *maxVectors; v++ {
				rowKernel(k, width, v)
			}
		}
	}
	for v := 1; v <= *maxVectors; v++ {
		orKernel(v, true)
	}
	for v := 1; v <= 2**maxVectors; v++ {
		orKernel(v, false)
	}
	pairsKernel()
	pairsKernel256()
	transposeKernel()
	transposeKernel256()
	Generate()
	if *table != "" {
		writeTable(*table)
	}
}
