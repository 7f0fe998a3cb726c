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

// kernel writes the AVX2 clashesKx256vV for tables of width bits, 8, 4
// (clashesKnx256vV) or 9 (clashesKwx256vV), whose rows are V vectors of
// 256 bits: the row kernel of AVX-512 below, with AVX2's population
// count. AVX2 has none of its own: a byte's is looked up by its two
// halves (VPSHUFB), 6 instructions a vector. So the kernel takes the
// keys a round at a time, 8/gcd(8, V) keys, whose rows make a multiple
// of 8 vectors, and adds their bits up with carry-save adders (Harley
// and Seal's method): each 8 vectors go into three running vectors of
// ones, twos and fours, at 7 adders of 5 instructions, and out come
// eights, whose population is counted. The keys left over, fewer than a
// round's, are counted a key at a time.
//
// A kernel of short rows (vectors 0: clashesKx256s) takes rows of half a
// vector, 2 words, for blocks of up to 128 east half-boards, which a
// vector's row would pad to twice their words: each vector of a round
// holds the rows of two keys, ORed apart in its two halves (VEX's
// 128-bit instructions clear the upper half of what they write) and put
// together by VINSERTI128.
func kernel(k, width, vectors int, nibbles, lowHalves Mem) {
	name := kernelName(k, width, vectors)
	row := 32 * vectors // bytes
	if vectors == 0 {
		row = 16
	}
	tables, keys, left, offs, key := clashesHead(name, k, width, row, "AVX2 and BMI2")
	acc, lut, zero := YMM(), YMM(), YMM()
	// The mask of the bytes' low halves, in a register but where short
	// rows need every register they can have for two keys at once.
	var mask Op = lowHalves
	if vectors > 0 {
		mask = YMM()
	}
	VPXOR(acc, acc, acc)
	TESTQ(left, left)
	JZ(LabelRef(name + "_sum"))
	VMOVDQU(nibbles, lut)
	if vectors > 0 {
		VMOVDQU(lowHalves, mask)
	}
	VPXOR(zero, zero, zero)
	// count sets bytes to the population of each byte of x, or adds it
	// in, with lo and hi spare.
	count := func(x, lo, hi, bytes VecVirtual, first bool) {
		VPAND(mask, x, lo)
		VPSRLW(U8(4), x, hi)
		VPAND(mask, hi, hi)
		VPSHUFB(lo, lut, lo) // the count of each byte's low half
		VPSHUFB(hi, lut, hi) // and of its high half
		if first {
			VPADDB(lo, hi, bytes)
		} else {
			VPADDB(lo, bytes, bytes)
			VPADDB(hi, bytes, bytes)
		}
	}
	// query sets offs to the offsets of the rows of the next key, and
	// moves on to the key after it.
	query := func() {
		MOVQ(Mem{Base: keys}, key)
		if vectors == 0 {
			rowOffsets(key, offs, width, 1, 4)
		} else {
			rowOffsets(key, offs, width, vectors, 5)
		}
		ADDQ(U8(8), keys)
	}
	load := func(a, b Op) { VMOVDQU(a, b) }
	or := func(a, b, c Op) { VPOR(a, b, c) }
	// next queries the next key, or two of short rows, and passes each
	// vector of its row to add.
	next := func(add func(x VecVirtual)) {
		if vectors == 0 {
			x, y := YMM(), XMM()
			query()
			orOfRows(x.AsX(), tables, offs, width, row, 0, load, or)
			query()
			orOfRows(y, tables, offs, width, row, 0, load, or)
			VINSERTI128(U8(1), y, x, x)
			add(x)
			return
		}
		query()
		for i := range vectors {
			x := YMM()
			orOfRows(x, tables, offs, width, row, 32*i, load, or)
			add(x)
		}
	}

	// A round is the keys of 8 vectors, or of a multiple of 8 when a
	// row's vectors are not a power of 2, or 16 keys of short rows.
	round := 16
	if vectors > 0 {
		round = 8 / gcd(8, vectors)
	}
	ones, twos, fours := YMM(), YMM(), YMM()
	VPXOR(ones, ones, ones)
	VPXOR(twos, twos, twos)
	VPXOR(fours, fours, fours)
	CMPQ(left, U8(round))
	JB(LabelRef(name + "_rest"))
	Label(name + "_round")
	// csa adds a and b to the bits of sum, a carry-save adder: sum
	// becomes their sum's low bits and the carries are returned, in a.
	csa := func(sum, a, b VecVirtual) VecVirtual {
		u := YMM()
		VPXOR(sum, a, u)
		VPAND(sum, a, a)
		VPXOR(u, b, sum)
		VPAND(u, b, u)
		VPOR(u, a, a)
		return a
	}
	// The vector, the twos and the fours made that wait for their pair.
	var pending []VecVirtual
	var twos0, fours0 VecVirtual
	calls := round // of next: a key each, or two keys of short rows
	if vectors == 0 {
		calls = round / 2
	}
	for range calls {
		next(func(x VecVirtual) {
			pending = append(pending, x)
			if len(pending) < 2 {
				return
			}
			// Vectors 2m and 2m+1 of the 8 go into ones; two twos so made,
			// into twos; two fours, into fours; and the eights are counted.
			t := csa(ones, pending[0], pending[1])
			pending = pending[:0]
			if twos0 == nil {
				twos0 = t
				return
			}
			f := csa(twos, twos0, t)
			twos0 = nil
			if fours0 == nil {
				fours0 = f
				return
			}
			eights := csa(fours, fours0, f)
			fours0 = nil
			lo, hi := YMM(), YMM()
			count(eights, lo, hi, eights, true)
			VPSADBW(zero, eights, eights)
			VPSLLQ(U8(3), eights, eights)
			VPADDQ(eights, acc, acc)
		})
	}
	SUBQ(U8(round), left)
	CMPQ(left, U8(round))
	JAE(LabelRef(name + "_round"))
	// What ones, twos and fours hold, at 1, 2 and 4 a bit.
	for i, v := range []VecVirtual{ones, twos, fours} {
		lo, hi := YMM(), YMM()
		count(v, lo, hi, v, true)
		VPSADBW(zero, v, v)
		if i > 0 {
			VPSLLQ(U8(i), v, v)
		}
		VPADDQ(v, acc, acc)
	}
	TESTQ(left, left)
	JZ(LabelRef(name + "_sum"))

	Label(name + "_rest")
	query()
	// Each byte's count is at most 8 in a vector, 64 in a row of 8
	// vectors: the bytes of a row add up without carry, and VPSADBW adds
	// them up by 64-bit lane once a key.
	bytes := YMM()
	for i := range max(1, vectors) {
		x, lo, hi := YMM(), YMM(), YMM()
		if vectors == 0 {
			orOfRows(x.AsX(), tables, offs, width, row, 0, load, or) // the upper half cleared
		} else {
			orOfRows(x, tables, offs, width, row, 32*i, load, or)
		}
		count(x, lo, hi, bytes, i == 0)
	}
	VPSADBW(zero, bytes, bytes) // the counts of each 64-bit lane, added up
	VPADDQ(bytes, acc, acc)
	DECQ(left)
	JNZ(LabelRef(name + "_rest"))

	Label(name + "_sum")
	sum(acc)
}

// gcd returns the greatest common divisor of a and b.
func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// clashesHead begins the kernel name for k tables of width bits, whose
// rows are row bytes and whose instructions need needs: its text, its
// arguments in registers (tables, the keys and how many are left) and
// registers for the k rows' offsets and for a key.
func clashesHead(name string, k, width, row int, needs string) (tables, keys, left Register, offs []GPVirtual, key GPVirtual) {
	TEXT(name, NOSPLIT, "func(tables *uint64, keys []uint64) int")
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s returns the sum, over keys, of the bits set in the OR of", name),
		fmt.Sprintf("the rows of tables that the key's %d low %s pick: the row of", k, pieceName(width)),
		fmt.Sprintf("table c of value v starts at tables + (%dc+v)·%d bytes, %d words", 1<<width, row, row/8),
		fmt.Sprintf("long. It is clashesGo of gokernels.go, and needs %s.", needs),
	)
	tables = Load(Param("tables"), GP64())
	keys = Load(Param("keys").Base(), GP64())
	left = Load(Param("keys").Len(), GP64())
	offs = make([]GPVirtual, k)
	for i := range offs {
		offs[i] = GP64()
	}
	return tables, keys, left, offs, GP64()
}

// orOfRows sets x to the OR of the vectors at disp bytes into the rows
// that offs pick, one a table of width bits, the rows row bytes long:
// load reads the first, or ORs in the others.
func orOfRows(x Op, tables Register, offs []GPVirtual, width, row, disp int, load func(a, b Op), or func(a, b, c Op)) {
	for c, o := range offs {
		at := Mem{Base: tables, Index: o, Scale: 1, Disp: (c<<width)*row + disp}
		if c == 0 {
			load(at, x)
		} else {
			or(at, x, x)
		}
	}
}

// rowOffsets sets offs[c] to the offset in bytes of the row that table
// c's piece of key picks within its table, rows of vectors vectors of
// 2^scale bytes: the piece's value times the row's length.
func rowOffsets(key GPVirtual, offs []GPVirtual, width, vectors, scale int) {
	// A row of vectors·2^scale bytes is odd·2^shift bytes, odd its odd
	// factor: the piece's value rotated to bit shift and masked is its
	// value times 2^shift, and an LEA or IMUL times odd.
	shift := scale + bits.TrailingZeros(uint(vectors))
	odd := vectors >> bits.TrailingZeros(uint(vectors))
	for c, o := range offs {
		// Bits width·c up of the key, rotated right to bit shift and
		// masked, are the value of table c's piece times 2^shift; the bits
		// that wrap around from the top are masked off.
		RORXQ(U8((width*c-shift+64)%64), key, o)
		ANDQ(U32((1<<width-1)<<shift), o)
		switch odd {
		case 3:
			LEAQ(Mem{Base: o, Index: o, Scale: 2}, o)
		case 5:
			LEAQ(Mem{Base: o, Index: o, Scale: 4}, o)
		case 7:
			IMUL3Q(U8(7), o, o)
		}
	}
}

// rowKernel writes the AVX-512 clashesKx512vV for tables of width bits,
// 8 or 4 (clashesKnx512vV), whose rows are V vectors of 512 bits.
func rowKernel(k, width, vectors int) {
	name := rowKernelName(k, width, vectors)
	row := 64 * vectors // bytes
	tables, keys, left, offs, key := clashesHead(name, k, width, row, "AVX-512F, VPOPCNTDQ, BMI2 and AVX2")
	acc := ZMM()
	VPXORQ(acc, acc, acc)
	TESTQ(left, left)
	JZ(LabelRef(name + "_sum"))

	Label(name + "_key")
	MOVQ(Mem{Base: keys}, key)
	rowOffsets(key, offs, width, vectors, 6)
	vs := make([]VecVirtual, vectors)
	for i := range vs {
		vs[i] = ZMM()
	}
	for i, x := range vs {
		orOfRows(x, tables, offs, width, row, 64*i, func(a, b Op) { VMOVDQU64(a, b) }, func(a, b, c Op) { VPORQ(a, b, c) })
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

// pieceName names the pieces of width bits, 8, 4 or 9, that a key is read
// in, each picking a row of its table.
func pieceName(width int) string {
	switch width {
	case 4:
		return "nibbles"
	case 9:
		return "pieces of 9 bits"
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
