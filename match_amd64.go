//go:build !purego

package nqueens

import "golang.org/x/sys/cpu"

// clashKernels holds the kernels of zmatch_amd64.s that the processor
// runs, by table width (8 or 4 bits: index 0 or 1) and number of tables:
// AVX-512 with its population count (Intel's since 2019, AMD's since
// 2022), else AVX2 (Intel's since 2013, AMD's since 2015), else none.
// wordsMultiple is the multiple of words that the rows of a join's tables
// take for them: 4 for the AVX2 ones, which read 4 at a time, 1 for the
// AVX-512 ones, which mask the last.
var clashKernels, wordsMultiple = kernelsFor(cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasBMI2,
	cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT)

type clashKernel func(tables *uint64, stride int, keys []uint64) int

// kernelsFor returns the kernels to run, and the multiple of words they
// take: AVX-512 ones if wide, else AVX2 ones if avx2, else none.
func kernelsFor(wide, avx2 bool) (*[2][maxJoinChunks + 1]clashKernel, int) {
	switch {
	case wide:
		return &[2][maxJoinChunks + 1]clashKernel{
			{nil, clashes1x512, clashes2x512, clashes3x512, clashes4x512, clashes5x512, clashes6x512, clashes7x512, clashes8x512},
			{nil, clashes1nx512, clashes2nx512, clashes3nx512, clashes4nx512, clashes5nx512, clashes6nx512, clashes7nx512, clashes8nx512},
		}, 1
	case avx2:
		return &[2][maxJoinChunks + 1]clashKernel{
			{nil, clashes1, clashes2, clashes3, clashes4, clashes5, clashes6, clashes7, clashes8},
			{nil, clashes1n, clashes2n, clashes3n, clashes4n, clashes5n, clashes6n, clashes7n, clashes8n},
		}, 4
	}
	return nil, 1
}

// clashes returns the sum, over keys, of the bits set in the OR of the
// rows of tables that the key's chunks chunks of width bits (8 or 4)
// pick, the row of chunk c of value v at tables[(c<<width+v)·words:],
// words a multiple of wordsMultiple: with an assembly kernel where the processor runs
// one, else with clashesGo.
func clashes(tables []uint64, words, chunks, width int, keys []uint64) int {
	if clashKernels == nil || len(keys) == 0 || words == 0 || chunks == 0 || chunks > maxJoinChunks ||
		len(tables) < chunks<<width*words || words%wordsMultiple != 0 || (width != 8 && width != 4) {
		return clashesGo(tables, words, chunks, width, keys)
	}
	narrow := 0
	if width == 4 {
		narrow = 1
	}
	return clashKernels[narrow][chunks](&tables[0], 8*words, keys)
}
