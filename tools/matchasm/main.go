// Command matchasm writes the amd64 assembly of the join engine's matching
// kernel, zmatch_amd64.s, and its Go declarations, zmatch_amd64.go. It is
// run by go generate in the package's directory:
//
//	go run -C tools ./matchasm -out ../zmatch_amd64.s -stubs ../zmatch_amd64.go -pkg nqueens
//
// The kernel ORs k rows of a join's tables, word by word, and counts the
// bits set in the result: clashes of join.go, 256 bits at a time with AVX2.
// AVX2 has no population count of its own, so each byte's is looked up by
// its two halves in a 16-entry table (VPSHUFB), and VPSADBW adds the bytes
// of each 64-bit lane. One function for each k from 1 to maxRows, so that
// the row pointers stay in registers.
package main

import (
	"flag"
	"fmt"
	"strings"

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

	for k := 1; k <= *maxRows; k++ {
		kernel(k, nibbles, lowHalves)
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

// kernel writes orCountK.
func kernel(k int, nibbles, lowHalves Mem) {
	name := fmt.Sprintf("orCount%d", k)
	var params []string
	for i := range k {
		params = append(params, fmt.Sprintf("p%d", i))
	}
	TEXT(name, NOSPLIT, fmt.Sprintf("func(%s *uint64, words int) int", strings.Join(params, ", ")))
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s returns the number of bits set in the OR of the %d rows", name, k),
		"of words words that start at p0, p1, ...: clashes of join.go with",
		"AVX2 and POPCNT, which it needs.",
	)
	ptrs := make([]GPVirtual, k)
	for i := range ptrs {
		ptrs[i] = GP64()
		Load(Param(params[i]), ptrs[i])
	}
	n := Load(Param("words"), GP64())
	rem, total, off := GP64(), GP64(), GP64()
	MOVQ(n, rem)
	ANDQ(U8(3), rem) // the words left after the blocks of four
	SHRQ(U8(2), n)   // the blocks of four words
	XORQ(total, total)
	XORQ(off, off)

	lut, mask, acc, zero := YMM(), YMM(), YMM(), YMM()
	VMOVDQU(nibbles, lut)
	VMOVDQU(lowHalves, mask)
	VPXOR(acc, acc, acc)
	VPXOR(zero, zero, zero)
	at := func(i int) Mem { return Mem{Base: ptrs[i], Index: off, Scale: 1} }

	Label(name + "_blocks")
	TESTQ(n, n)
	JZ(LabelRef(name + "_sum"))
	v, lo, hi := YMM(), YMM(), YMM()
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
	DECQ(n)
	JMP(LabelRef(name + "_blocks"))

	Label(name + "_sum")
	high := XMM()
	VEXTRACTI128(U8(1), acc, high)
	VPADDQ(high, acc.AsX(), high)
	low := XMM()
	VPSHUFD(U8(0x4e), high, low) // the two 64-bit halves swapped
	VPADDQ(low, high, high)
	VMOVQ(high, total)

	x := GP64()
	Label(name + "_words")
	TESTQ(rem, rem)
	JZ(LabelRef(name + "_done"))
	MOVQ(at(0), x)
	for i := 1; i < k; i++ {
		ORQ(at(i), x)
	}
	POPCNTQ(x, x)
	ADDQ(x, total)
	ADDQ(U8(8), off)
	DECQ(rem)
	JMP(LabelRef(name + "_words"))

	Label(name + "_done")
	VZEROUPPER()
	Store(total, ReturnIndex(0))
	RET()
}
