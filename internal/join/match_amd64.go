//go:build !purego

package join

import "golang.org/x/sys/cpu"

// The choice of the assembly kernels on amd64: AVX-512 with its
// population count (Intel's since 2019, AMD's since 2022), else AVX2
// (Intel's since 2013, AMD's since 2015), else none.

// clashKernels holds the kernels of zmatchtable_amd64.go that the
// processor runs, nil if none; wordsMultiple is the multiple of words
// that the rows of a join's tables take for them: 4 for the AVX2 ones,
// which read 4 at a time, 1 for the AVX-512 ones, which mask the last.
var clashKernels, wordsMultiple = kernelsFor(cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasBMI2,
	cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT)

// A clashKernel is clashes for one width and number of tables, with the
// row of chunk c of value v at tables + (c<<width+v)·stride bytes.
type clashKernel func(tables *uint64, stride int, keys []uint64) int

// kernelsFor returns the kernels to run, and the multiple of words they
// take: AVX-512 ones if wide, else AVX2 ones if avx2, else none.
func kernelsFor(wide, avx2 bool) (*[2][maxJoinChunks + 1]clashKernel, int) {
	switch {
	case wide:
		return &avx512Kernels, 1
	case avx2:
		return &avx2Kernels, 4
	}
	return nil, 1
}

// archClashes is clashes with the assembly kernel of its width and chunks,
// whose arguments clashes has checked; ok is false where the processor
// runs none.
func archClashes(tables []uint64, words, chunks, width int, keys []uint64) (n int, ok bool) {
	if clashKernels == nil {
		return 0, false
	}
	narrow := 0
	if width == 4 {
		narrow = 1
	}
	return clashKernels[narrow][chunks](&tables[0], 8*words, keys), true
}
