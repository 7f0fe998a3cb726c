//go:build !purego

package nqueens

import "testing"

// TestJoinMatchAVX2 runs TestJoinMatch on the AVX2 kernels where the
// AVX-512 ones would be chosen.
func TestJoinMatchAVX2(t *testing.T) {
	if !useMatchAsm || !useMatchX512 {
		t.Skip("TestJoinMatch ran the kernels this processor has")
	}
	useMatchX512 = false
	defer func() { useMatchX512 = true }()
	TestJoinMatch(t)
}
