//go:build !purego

package join

import (
	"testing"

	"golang.org/x/sys/cpu"
)

// TestJoinMatchAVX2 runs TestJoinMatch on the AVX2 kernels where the
// AVX-512 ones would be chosen.
func TestJoinMatchAVX2(t *testing.T) {
	if !cpu.X86.HasAVX512F || !cpu.X86.HasAVX512VPOPCNTDQ || !cpu.X86.HasAVX2 {
		t.Skip("TestJoinMatch ran the kernels this processor has")
	}
	defer func(k *[2][maxJoinChunks + 1]clashKernel, m int) { clashKernels, wordsMultiple = k, m }(clashKernels, wordsMultiple)
	clashKernels, wordsMultiple = kernelsFor(false, true)
	TestJoinMatch(t)
}

// TestClashKernels checks that the generated table holds a kernel for
// every width and number of tables up to maxJoinChunks: the generator's
// -rows and maxJoinChunks agree.
func TestClashKernels(t *testing.T) {
	for _, kernels := range []*[2][maxJoinChunks + 1]clashKernel{&avx2Kernels, &avx512Kernels} {
		for narrow, row := range kernels {
			for chunks := 1; chunks <= maxJoinChunks; chunks++ {
				if row[chunks] == nil {
					t.Errorf("no kernel of %d tables of width %d: run go generate with -rows %d", chunks, 8>>narrow, maxJoinChunks)
				}
			}
		}
	}
}
