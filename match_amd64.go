//go:build !purego

package nqueens

import "golang.org/x/sys/cpu"

// The kernels of zmatch_amd64.s the processor runs: AVX-512 with its
// population count (Intel's since 2019, AMD's since 2022), else AVX2
// (Intel's since 2013, AMD's since 2015).
var (
	useMatchX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ
	useMatchAsm  = cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT
)

// clashes returns the sum, over keys, of the bits set in the OR of the
// rows of tables that the key's chunks bytes pick, the row of byte c of
// value v at tables[(256c+v)·words:], words a multiple of 4: with an
// assembly kernel where the processor runs one, else with clashesGo.
func clashes(tables []uint64, words, chunks int, keys []uint64) int {
	if len(keys) == 0 || words == 0 || chunks > maxJoinChunks || !useMatchAsm ||
		len(tables) < chunks<<8*words || words%4 != 0 {
		return clashesGo(tables, words, chunks, keys)
	}
	t, stride := &tables[0], 8*words
	if useMatchX512 {
		switch chunks {
		case 1:
			return clashes1x512(t, stride, keys)
		case 2:
			return clashes2x512(t, stride, keys)
		case 3:
			return clashes3x512(t, stride, keys)
		case 4:
			return clashes4x512(t, stride, keys)
		case 5:
			return clashes5x512(t, stride, keys)
		case 6:
			return clashes6x512(t, stride, keys)
		case 7:
			return clashes7x512(t, stride, keys)
		case 8:
			return clashes8x512(t, stride, keys)
		}
	}
	switch chunks {
	case 1:
		return clashes1(t, stride, keys)
	case 2:
		return clashes2(t, stride, keys)
	case 3:
		return clashes3(t, stride, keys)
	case 4:
		return clashes4(t, stride, keys)
	case 5:
		return clashes5(t, stride, keys)
	case 6:
		return clashes6(t, stride, keys)
	case 7:
		return clashes7(t, stride, keys)
	case 8:
		return clashes8(t, stride, keys)
	}
	return clashesGo(tables, words, chunks, keys)
}
