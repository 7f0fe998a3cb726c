package main

import (
	"fmt"
	"math/bits"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The kernels that count clashes: AVX2 and AVX-512, by number of tables
// and width of a key's pieces.

// kernel writes the AVX2 clashesK for tables of width bits, 8 or 4
// (clashesKn).
func kernel(k, width int, nibbles, lowHalves Mem) {
	name := kernelName(k, width)
	TEXT(name, NOSPLIT, "func(tables *uint64, stride int, keys []uint64) int")
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s returns the sum, over keys, of the bits set in the OR of", name),
		fmt.Sprintf("the rows of tables that the key's %d low %s pick: the row of", k, pieceName(width)),
		fmt.Sprintf("table c of value v starts at tables + (%dc+v)·stride bytes, stride", 1<<width),
		"a multiple of 32. It is clashesGo of match.go, and needs AVX2.",
	)
	tables := Load(Param("tables"), GP64())
	stride := Load(Param("stride"), GP64())
	keys := Load(Param("keys").Base(), GP64())
	left := Load(Param("keys").Len(), GP64())
	ptrs := make([]GPVirtual, k)
	for i := range ptrs {
		ptrs[i] = GP64()
	}
	key, off := GP64(), GP64()

	acc, lut, mask, zero := YMM(), YMM(), YMM(), YMM()
	VMOVDQU(nibbles, lut)
	VMOVDQU(lowHalves, mask)
	VPXOR(acc, acc, acc)
	VPXOR(zero, zero, zero)

	Label(name + "_key")
	TESTQ(left, left)
	JZ(LabelRef(name + "_sum"))
	MOVQ(Mem{Base: keys}, key)
	// Each row pointer points past its row's end, so that one negative
	// offset, counting up to zero, walks all the rows at once.
	for c, p := range ptrs {
		if width == 8 {
			MOVBQZX(key.As8(), p)
		} else {
			MOVQ(key, p)
			ANDQ(U8(1<<width-1), p)
		}
		ADDQ(U32(c<<width+1), p)
		IMULQ(stride, p)
		ADDQ(tables, p)
		if c < k-1 {
			SHRQ(U8(width), key)
		}
	}
	MOVQ(stride, off)
	NEGQ(off)
	at := func(i int) Mem { return Mem{Base: ptrs[i], Index: off, Scale: 1} }

	v, lo, hi := YMM(), YMM(), YMM()
	Label(name + "_block")
	VMOVDQU(at(0), v)
	for i := 1; i < k; i++ {
		VPOR(at(i), v, v)
	}
	VPAND(mask, v, lo)
	VPSRLW(U8(4), v, hi)
	VPAND(mask, hi, hi)
	VPSHUFB(lo, lut, lo) // the count of each byte's low half
	VPSHUFB(hi, lut, hi) // and of its high half
	VPADDB(lo, hi, lo)
	VPSADBW(zero, lo, lo) // the counts of each 64-bit lane, added up
	VPADDQ(lo, acc, acc)
	ADDQ(U8(32), off)
	JNZ(LabelRef(name + "_block"))

	ADDQ(U8(8), keys)
	DECQ(left)
	JMP(LabelRef(name + "_key"))

	Label(name + "_sum")
	sum(acc)
}

// rowKernel writes the AVX-512 clashesKx512vV for tables of width bits,
// 8 or 4 (clashesKnx512vV), whose rows are V vectors of 512 bits.
func rowKernel(k, width, vectors int) {
	name := rowKernelName(k, width, vectors)
	row := 64 * vectors // bytes
	TEXT(name, NOSPLIT, "func(tables *uint64, keys []uint64) int")
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s returns the sum, over keys, of the bits set in the OR of", name),
		fmt.Sprintf("the rows of tables that the key's %d low %s pick: the row of", k, pieceName(width)),
		fmt.Sprintf("table c of value v starts at tables + (%dc+v)·%d bytes, %d words", 1<<width, row, row/8),
		"long. It is clashesGo of match.go, and needs AVX-512F, VPOPCNTDQ, BMI2 and AVX2.",
	)
	tables := Load(Param("tables"), GP64())
	keys := Load(Param("keys").Base(), GP64())
	left := Load(Param("keys").Len(), GP64())
	offs := make([]GPVirtual, k)
	for i := range offs {
		offs[i] = GP64()
	}
	key := GP64()
	acc := ZMM()
	VPXORQ(acc, acc, acc)
	TESTQ(left, left)
	JZ(LabelRef(name + "_sum"))

	// A row's offset is its value times row bytes: a row of a power of 2
	// vectors is 2^scale bytes, a row of 3 is 3·2^scale, by one LEA more.
	scale := 6 + bits.TrailingZeros(uint(vectors))
	Label(name + "_key")
	MOVQ(Mem{Base: keys}, key)
	for c, o := range offs {
		// Bits width·c up of the key, rotated right to bit scale and
		// masked, are the value of table c's piece times 2^scale; the bits that
		// wrap around from the top are masked off.
		RORXQ(U8((width*c-scale+64)%64), key, o)
		ANDQ(U32((1<<width-1)<<scale), o)
		if vectors>>bits.TrailingZeros(uint(vectors)) == 3 {
			LEAQ(Mem{Base: o, Index: o, Scale: 2}, o)
		}
	}
	vs := make([]VecVirtual, vectors)
	for i := range vs {
		vs[i] = ZMM()
	}
	for i, x := range vs {
		for c, o := range offs {
			at := Mem{Base: tables, Index: o, Scale: 1, Disp: (c<<width)*row + 64*i}
			if c == 0 {
				VMOVDQU64(at, x)
			} else {
				VPORQ(at, x, x)
			}
		}
		VPOPCNTQ(x, x)
	}
	for _, x := range vs {
		VPADDQ(x, acc, acc)
	}
	ADDQ(U8(8), keys)
	DECQ(left)
	JNZ(LabelRef(name + "_key"))

	Label(name + "_sum")
	y := YMM()
	VEXTRACTI64X4(U8(1), acc, y)
	VPADDQ(acc.AsY(), y, y)
	sum(y)
}

func popcount(v int) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
}

// pieceName names the pieces of width bits, 8 or 4, that a key is read
// in, each picking a row of its table.
func pieceName(width int) string {
	if width == 4 {
		return "nibbles"
	}
	return "bytes"
}

// sum returns the sum of the four 64-bit lanes of y.
func sum(y VecVirtual) {
	total := GP64()
	high := XMM()
	VEXTRACTI128(U8(1), y.AsY(), high)
	VPADDQ(high, y.AsX(), high)
	low := XMM()
	VPSHUFD(U8(0x4e), high, low) // the two 64-bit halves swapped
	VPADDQ(low, high, high)
	VMOVQ(high, total)
	VZEROUPPER()
	Store(total, ReturnIndex(0))
	RET()
}
