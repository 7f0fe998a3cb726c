// Command matchasm writes the amd64 assembly of the join engine's matching
// kernels, zmatch_amd64.s, and their Go declarations, zmatch_amd64.go. It
// is run by go generate in the package's directory:
//
//	go run -C tools ./matchasm -out ../zmatch_amd64.s -stubs ../zmatch_amd64.go -pkg nqueens
//
// A kernel takes the tables of a join (tables of 256 rows, one for each 8
// diagonals of a key, or of 16 rows for each 4) and a list of keys. For
// each key it ORs the row of each of its bytes (or nibbles), word by word, counts the bits set in the result, and
// returns the sum over the keys: clashesGo of join.go, with the rows'
// pointers worked out in registers and no call per key. One function for
// each number of tables k from 1 to maxRows, so that the row pointers stay
// in registers; in two kinds:
//
//   - AVX2, 256 bits at a time. AVX2 has no population count of its own,
//     so each byte's is looked up by its two halves in a 16-entry table
//     (VPSHUFB), and VPSADBW adds the bytes of each 64-bit lane.
//   - AVX-512, 512 bits at a time, with its VPOPCNTQ; the last words of
//     a row with loads masked to them.
package main

import (
	"flag"
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// maxRows is the most rows a kernel ORs: maxJoinChunks of the package.
var maxRows = flag.Int("rows", 8, "the most rows a kernel ORs")

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

	for _, wide := range []bool{false, true} {
		for _, width := range []int{8, 4} {
			for k := 1; k <= *maxRows; k++ {
				kernel(k, width, wide, nibbles, lowHalves)
			}
		}
	}
	Generate()
}

func popcount(v int) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
}

// kernel writes clashesK for tables of width bits, 8 or 4 (clashesKn),
// with AVX2 or, wide, with AVX-512 (clashesKx512, clashesKnx512).
func kernel(k, width int, wide bool, nibbles, lowHalves Mem) {
	name := fmt.Sprintf("clashes%d", k)
	chunk := "bytes"
	if width == 4 {
		name += "n"
		chunk = "nibbles"
	}
	needs, multiple := "AVX2 and POPCNT", "32"
	if wide {
		name += "x512"
		needs, multiple = "AVX-512F, VPOPCNTDQ and BMI2", "8"
	}
	TEXT(name, NOSPLIT, "func(tables *uint64, stride int, keys []uint64) int")
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s returns the sum, over keys, of the bits set in the OR of", name),
		fmt.Sprintf("the rows of tables that the key's %d low %s pick: the row of", k, chunk),
		fmt.Sprintf("chunk c of value v starts at tables + (%dc+v)·stride bytes, stride", 1<<width),
		"a multiple of "+multiple+". It is clashesGo of join.go, and needs "+needs+".",
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

	var acc VecVirtual
	var lut, mask, zero VecVirtual
	tail := K()
	if wide {
		acc = ZMM()
		VPXORQ(acc, acc, acc)
		// The words of a row past its last 512 bits: stride/8 mod 8.
		rest, bitsSet := GP64(), GP32()
		MOVQ(stride, rest)
		SHRQ(U8(3), rest)
		ANDQ(U8(7), rest)
		MOVL(U32(0xff), bitsSet)
		BZHIL(rest.As32(), bitsSet, bitsSet) // the low rest bits of 0xff
		KMOVW(bitsSet, tail)
	} else {
		acc = YMM()
		lut, mask, zero = YMM(), YMM(), YMM()
		VMOVDQU(nibbles, lut)
		VMOVDQU(lowHalves, mask)
		VPXOR(acc, acc, acc)
		VPXOR(zero, zero, zero)
	}

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

	if wide {
		v := ZMM()
		Label(name + "_block")
		CMPQ(off, I8(-64))
		JG(LabelRef(name + "_half"))
		VMOVDQU64(at(0), v)
		for i := 1; i < k; i++ {
			VPORQ(at(i), v, v)
		}
		VPOPCNTQ(v, v)
		VPADDQ(v, acc, acc)
		ADDQ(U8(64), off)
		JMP(LabelRef(name + "_block"))

		// Up to 7 words may be left. Loads masked to them read nothing
		// beyond.
		Label(name + "_half")
		TESTQ(off, off)
		JZ(LabelRef(name + "_next"))
		VMOVDQU64_Z(at(0), tail, v)
		for i := 1; i < k; i++ {
			VPORQ_Z(at(i), v, tail, v)
		}
		VPOPCNTQ(v, v)
		VPADDQ(v, acc, acc)
	} else {
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
	}

	Label(name + "_next")
	ADDQ(U8(8), keys)
	DECQ(left)
	JMP(LabelRef(name + "_key"))

	Label(name + "_sum")
	total := GP64()
	y := acc
	if wide {
		y = YMM()
		VEXTRACTI64X4(U8(1), acc, y)
		VPADDQ(acc.AsY(), y, y)
	}
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
