//go:build !purego

package join

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestJoinMatchAVX2 runs TestJoinMatch on the AVX2 kernels where the
// AVX-512 ones would be chosen.
func TestJoinMatchAVX2(t *testing.T) {
	if !cpu.X86.HasAVX512F || !cpu.X86.HasAVX512VPOPCNTDQ || !cpu.X86.HasAVX2 {
		t.Skip("TestJoinMatch ran the kernels this processor has")
	}
	defer func(r *[2][maxJoinChunks + 1][maxRowVectors + 1]rowKernel, l *[2][maxJoinChunks + 1]clashKernel, m, s int) {
		rowKernels, loopKernels, wordsMultiple, rowWords = r, l, m, s
	}(rowKernels, loopKernels, wordsMultiple, rowWords)
	rowKernels, loopKernels, wordsMultiple, rowWords = kernelsFor(false, true)
	TestJoinMatch(t)
}

// TestClashKernels checks that the generated tables hold a kernel for
// every width, number of tables and, for AVX-512, length of a row: the
// generator's -rows and -vectors, maxJoinChunks and maxRowVectors agree.
func TestClashKernels(t *testing.T) {
	for narrow := range 2 {
		for chunks := 1; chunks <= maxJoinChunks; chunks++ {
			if avx2Kernels[narrow][chunks] == nil {
				t.Errorf("no AVX2 kernel of %d tables of width %d: run go generate with -rows %d", chunks, 8>>narrow, maxJoinChunks)
			}
			for v := 1; v <= maxRowVectors; v++ {
				if avx512Kernels[narrow][chunks][v] == nil {
					t.Errorf("no AVX-512 kernel of %d tables of width %d, rows of %d vectors: run go generate with -rows %d -vectors %d",
						chunks, 8>>narrow, v, maxJoinChunks, maxRowVectors)
				}
			}
		}
	}
}

// TestKernels checks every assembly kernel that the processor runs
// against clashesGo, on random tables and keys: the AVX-512 ones on rows
// of each length they take, the AVX2 ones on rows of 4 to 40 words.
func TestKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	check := func(name string, words, chunks, width int, kernel func(tables []uint64, keys []uint64) int) {
		tables := make([]uint64, chunks<<width*words)
		for i := range tables {
			tables[i] = r.Uint64() & r.Uint64()
		}
		keys := make([]uint64, r.IntN(50))
		for i := range keys {
			keys[i] = r.Uint64()
		}
		if got, want := kernel(tables, keys), clashesGo(tables, words, chunks, width, keys); got != want {
			t.Errorf("%s, %d words a row, %d keys: %d clashes, clashesGo %d", name, words, len(keys), got, want)
		}
	}
	for narrow, width := range []int{8, 4} {
		for chunks := 1; chunks <= maxJoinChunks; chunks++ {
			if cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasBMI2 {
				for v := 1; v <= maxRowVectors; v++ {
					check(fmt.Sprintf("AVX-512, %d tables of %d", chunks, width), 8*v, chunks, width, func(tables, keys []uint64) int {
						return avx512Kernels[narrow][chunks][v](&tables[0], keys)
					})
				}
			}
			if cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT {
				for words := 4; words <= 40; words += 4 {
					check(fmt.Sprintf("AVX2, %d tables of %d", chunks, width), words, chunks, width, func(tables, keys []uint64) int {
						return avx2Kernels[narrow][chunks](&tables[0], 8*words, keys)
					})
				}
			}
		}
	}
}

// TestOrKernels checks the AVX-512 kernels that lay out tables against
// orRowsGo, on rows of each length they take.
func TestOrKernels(t *testing.T) {
	if rowKernels == nil {
		t.Skip("no AVX-512 kernel runs on this processor")
	}
	r := rand.New(rand.NewPCG(7, 8))
	for v := 1; v <= maxRowVectors; v++ {
		for _, rows := range []int{1, 2, 7, 127} {
			words := 8 * v
			src, row := make([]uint64, rows*words), make([]uint64, words)
			for i := range src {
				src[i] = r.Uint64()
			}
			for i := range row {
				row[i] = r.Uint64()
			}
			got, want := make([]uint64, rows*words), make([]uint64, rows*words)
			if !archOrRows(got, src, row) {
				t.Fatalf("no kernel ran for rows of %d words", words)
			}
			orRowsGo(want, src, row)
			if !slices.Equal(got, want) {
				t.Errorf("%d rows of %d words: the kernel's differ from orRowsGo's", rows, words)
			}
		}
	}
}
