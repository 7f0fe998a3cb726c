//go:build !purego

package nqueens

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
