package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The kernels that build what the matching kernels read: rows of tables
// ORed by doubling and the half-boards of spans, with AVX-512 or AVX2,
// and the rows of the single diagonals, with AVX-512.

// orKernel writes orRowsx512vV, which lays out the rows of a table by
// ORing rows of V vectors of 512 bits, or with AVX2 orRowsx256vV, of V
// vectors of 256 bits.
func orKernel(vectors int, wide bool) {
	name, size, needs := orKernelName(vectors, wide), 32, "AVX2"
	vec := YMM
	load := func(a, b Op) { VMOVDQU(a, b) }
	or := func(a, b, c Op) { VPOR(a, b, c) }
	if wide {
		size, needs, vec = 64, "AVX-512F", ZMM
		load = func(a, b Op) { VMOVDQU64(a, b) }
		or = func(a, b, c Op) { VPORQ(a, b, c) }
	}
	TEXT(name, NOSPLIT, "func(dst, src, row *uint64, rows int)")
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s sets each of rows rows of %d words from dst on to the", name, size/8*vectors),
		fmt.Sprintf("OR of the row as far from src and of row. It needs %s.", needs),
	)
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	row := Load(Param("row"), GP64())
	left := Load(Param("rows"), GP64())
	rs := make([]VecVirtual, vectors)
	for i := range rs {
		rs[i] = vec()
		load(Mem{Base: row, Disp: size * i}, rs[i])
	}
	TESTQ(left, left)
	JZ(LabelRef(name + "_done"))
	Label(name + "_row")
	x := vec()
	for i, r := range rs {
		or(Mem{Base: src, Disp: size * i}, r, x)
		load(x, Mem{Base: dst, Disp: size * i})
	}
	ADDQ(U32(size*vectors), src)
	ADDQ(U32(size*vectors), dst)
	DECQ(left)
	JNZ(LabelRef(name + "_row"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// pairsKernel writes pairsx512, which lists the half-boards of spans of
// south quarters: for each span, a north quarter's key broadcast to 8
// lanes, ORed with 8 south keys at a time (the last ones under a mask),
// the keys that share no bit with it compressed to the low lanes and
// stored whole, and the output moved on by how many they are.
func pairsKernel() {
	TEXT("pairsx512", NOSPLIT, "func(dst *uint64, keys []uint64, bounds []uint32, south *uint64) int")
	Pragma("noescape")
	Doc(
		"pairsx512 writes from dst on the keys of the half-boards of spans,",
		"keys[i] ORed with each key of south[bounds[2i]:bounds[2i+1]] with",
		"no bit in common, and returns how many; a span holds one key or",
		"more. It writes up to 8 keys past them, and needs AVX-512F, BMI2",
		"and POPCNT.",
	)
	spans("pairs", 8, ZMM, func() {}, func(key VecVirtual, at, n, dst GPVirtual) {
		// The lanes to read: the low min(n, 8) bits of a byte, as BZHI
		// keeps the bits of 0xff below its index.
		lanes, mask := GP64(), GP64()
		MOVQ(U32(8), lanes)
		CMPQ(n, lanes)
		CMOVQLT(n, lanes)
		MOVQ(U32(0xff), mask)
		BZHIQ(lanes, mask, mask)
		read, kept := K(), K()
		KMOVW(mask.As32(), read)
		x := ZMM()
		VMOVDQU64_Z(Mem{Base: at}, read, x)
		VPTESTNMQ(key, x, read, kept) // lanes read whose key shares no bit with the north one
		VPORQ(key, x, x)
		VPCOMPRESSQ_Z(x, kept, x)
		VMOVDQU64(x, Mem{Base: dst})
		KMOVW(kept, mask.As32())
		POPCNTL(mask.As32(), mask.As32())
		LEAQ(Mem{Base: dst, Index: mask, Scale: 8}, dst)
	})
}

// spans writes the body of a kernel that lists the half-boards of spans,
// its labels named from label: for each span, key is the north key in
// every lane of a vector that vec makes, and vector lists the
// half-boards of lanes south keys from at on, of the n left in the span,
// at dst, and moves dst on past them. setup runs once, before the spans.
func spans(label string, lanes int, vec func() VecVirtual, setup func(), vector func(key VecVirtual, at, n, dst GPVirtual)) {
	dst, ref := GP64(), GP64()
	Load(Param("dst"), dst)
	Load(Param("keys").Base(), ref)
	left := Load(Param("keys").Len(), GP64())
	bound := Load(Param("bounds").Base(), GP64())
	south := Load(Param("south"), GP64())
	first := GP64()
	MOVQ(dst, first)
	TESTQ(left, left)
	JZ(LabelRef(label + "_done"))
	setup()

	Label(label + "_span")
	key := vec()
	VPBROADCASTQ(Mem{Base: ref}, key)
	lo, n := GP64(), GP64()
	MOVL(Mem{Base: bound}, lo.As32())
	MOVL(Mem{Base: bound, Disp: 4}, n.As32())
	SUBQ(lo, n)
	at := GP64()
	LEAQ(Mem{Base: south, Index: lo, Scale: 8}, at)

	Label(label + "_vector")
	vector(key, at, n, dst)
	ADDQ(U32(8*lanes), at)
	SUBQ(U32(lanes), n)
	JG(LabelRef(label + "_vector"))

	ADDQ(U32(8), ref)
	ADDQ(U32(8), bound)
	DECQ(left)
	JNZ(LabelRef(label + "_span"))

	Label(label + "_done")
	SUBQ(first, dst)
	SHRQ(U8(3), dst)
	VZEROUPPER()
	Store(dst, ReturnIndex(0))
	RET()
}

// pairsKernel256 writes pairsx256, pairsx512 with AVX2: 4 keys of south
// at a time, read by a masked load (VPMASKMOVQ, which reads no lane
// past the span), those that share no bit with the north key (VPCMPEQQ
// of their AND with zero, VMOVMSKPD) moved to the front by VPERMD, whose
// indices a table holds for each mask of 4 lanes.
func pairsKernel256() {
	// lanes holds, for i from 0 to 4, a mask of the first i lanes of 4.
	lanes := GLOBL("pairsLanes", RODATA|NOPTR)
	for i := range 5 {
		for l := range 4 {
			if l < i {
				DATA(32*i+8*l, U64(^uint64(0)))
			} else {
				DATA(32*i+8*l, U64(0))
			}
		}
	}
	// moves holds, for each mask m of 4 lanes, the VPERMD indices that
	// bring the lanes of m, in their order, to the front: lane l is 32-bit
	// elements 2l and 2l+1.
	moves := GLOBL("pairsMoves", RODATA|NOPTR)
	for m := range 16 {
		to := 0
		for l := range 4 {
			if m>>l&1 != 0 {
				DATA(32*m+8*to, U32(2*l))
				DATA(32*m+8*to+4, U32(2*l+1))
				to++
			}
		}
		for ; to < 4; to++ {
			DATA(32*m+8*to, U32(0))
			DATA(32*m+8*to+4, U32(1))
		}
	}

	TEXT("pairsx256", NOSPLIT, "func(dst *uint64, keys []uint64, bounds []uint32, south *uint64) int")
	Pragma("noescape")
	Doc(
		"pairsx256 is pairsx512 with AVX2: it writes from dst on the keys of",
		"the half-boards of spans, keys[i] ORed with each key of",
		"south[bounds[2i]:bounds[2i+1]] with no bit in common, and returns how",
		"many; a span holds one key or more. It writes up to 4 keys past",
		"them, and needs AVX2, CMOV and POPCNT.",
	)
	zero := YMM()
	lanesAt, movesAt := GP64(), GP64()
	spans("pairs256", 4, YMM, func() {
		VPXOR(zero, zero, zero)
		LEAQ(lanes, lanesAt)
		LEAQ(moves, movesAt)
	}, func(key VecVirtual, at, n, dst GPVirtual) {
		// The lanes to read: the first min(n, 4).
		read, four := GP64(), GP64()
		MOVQ(U32(4), four)
		MOVQ(n, read)
		CMPQ(n, four)
		CMOVQGT(four, read)
		SHLQ(U8(5), read)
		mask, x, kept := YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: lanesAt, Index: read, Scale: 1}, mask)
		VPMASKMOVQ(Mem{Base: at}, mask, x)
		VPAND(key, x, kept)
		VPCMPEQQ(zero, kept, kept) // lanes whose key shares no bit with the north one
		VPAND(mask, kept, kept)    // and that were read
		m := GP64()
		VMOVMSKPD(kept, m.As32())
		VPOR(key, x, x)
		SHLQ(U8(5), m)
		move := YMM()
		VMOVDQU(Mem{Base: movesAt, Index: m, Scale: 1}, move)
		VPERMD(x, move, x) // the lanes of x, at the places move names
		VMOVDQU(x, Mem{Base: dst})
		SHRQ(U8(5), m)
		POPCNTL(m.As32(), m.As32())
		LEAQ(Mem{Base: dst, Index: m, Scale: 8}, dst)
	})
}

// transposeKernel writes transposex512, which lays out the rows of the
// single diagonals of a join's tables, 64 keys a word. Eight vectors hold
// the 64 keys; VPERMB turns each vector's 8 keys by 8 bytes into 8 bytes
// by 8 keys, and an 8×8 transpose of 64-bit lanes across the vectors
// (VPUNPCKLQDQ and VPUNPCKHQDQ, VPERMT2Q, VSHUFI64X2) gathers byte c of
// every key in vector c, key i in byte i. VPMOVB2M then takes the top bit
// of each byte, a row's word of 64 keys, and VPADDB shifts every byte
// left by one for the next bit.
func transposeKernel() {
	perm := GLOBL("transposeBytes", RODATA|NOPTR)
	for c := range 8 {
		for k := range 8 {
			DATA(8*c+k, U8(8*k+c)) // byte c of key k to byte k of lane c
		}
	}
	lanes := GLOBL("transposeLanes", RODATA|NOPTR)
	for i, v := range []uint64{0, 1, 8, 9, 4, 5, 12, 13, 2, 3, 10, 11, 6, 7, 14, 15} {
		DATA(8*i, U64(v))
	}

	dst, keys, left, bytes, rows := transposeHead("transposex512", "AVX-512F, AVX-512BW and AVX-512VBMI")
	p, lo, hi := ZMM(), ZMM(), ZMM()
	VMOVDQU64(perm, p)
	VMOVDQU64(lanes, lo)
	VMOVDQU64(lanes.Offset(64), hi)
	TESTQ(left, left)
	JZ(LabelRef("transpose_done"))

	Label("transpose_word")
	var a, b, c, d [8]VecVirtual
	for g := range 8 {
		a[g] = ZMM()
		VPERMB(Mem{Base: keys, Disp: 64 * g}, p, a[g]) // lane c: byte c of the vector's 8 keys
	}
	// Lanes 2l and 2l+1 of the pairs of vectors, then pairs of pairs of
	// lanes, then halves: vector c ends up with lane c of each vector.
	for g := 0; g < 8; g += 2 {
		b[g], b[g+1] = ZMM(), ZMM()
		VPUNPCKLQDQ(a[g+1], a[g], b[g])
		VPUNPCKHQDQ(a[g+1], a[g], b[g+1])
	}
	for _, g := range []int{0, 1, 4, 5} {
		c[g], c[g+2] = ZMM(), ZMM()
		VMOVDQA64(b[g], c[g])
		VPERMT2Q(b[g+2], lo, c[g])
		VMOVDQA64(b[g], c[g+2])
		VPERMT2Q(b[g+2], hi, c[g+2])
	}
	for g := range 4 {
		d[g], d[g+4] = ZMM(), ZMM()
		VSHUFI64X2(U8(0x44), c[g+4], c[g], d[g])
		VSHUFI64X2(U8(0xee), c[g+4], c[g], d[g+4])
	}
	word, at := GP64(), GP64()
	mask := K()
	for by := range 8 {
		if by > 0 {
			CMPQ(bytes, U8(by))
			JLE(LabelRef("transpose_next"))
		}
		for bit := 7; bit >= 0; bit-- {
			VPMOVB2M(d[by], mask) // bit 8·by+bit of the 64 keys
			KMOVQ(mask, word)
			MOVQ(Mem{Base: rows, Disp: 8 * (8*by + bit)}, at)
			MOVQ(word, Mem{Base: dst, Index: at, Scale: 8})
			if bit > 0 {
				VPADDB(d[by], d[by], d[by])
			}
		}
	}
	Label("transpose_next")
	transposeTail("transpose", dst, keys, left)
}

// transposeHead begins the transposing kernel name, whose instructions
// need needs: its text and its arguments in registers.
func transposeHead(name, needs string) (dst, keys, left, bytes, rows Register) {
	TEXT(name, NOSPLIT, "func(dst *uint64, keys *uint64, words int, bytes int, rows *[64]int)")
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s writes word w of the row of each diagonal d of the", name),
		"first bytes bytes of the keys, for w from 0 up to words, at dst +",
		"8(rows[d]+w) bytes: bit i of it is bit d of key 64w+i. It needs",
		needs+".",
	)
	return Load(Param("dst"), GP64()), Load(Param("keys"), GP64()), Load(Param("words"), GP64()),
		Load(Param("bytes"), GP64()), Load(Param("rows"), GP64())
}

// transposeTail ends a transposing kernel whose labels begin with
// label: it moves on to the next 64 keys and the next word of the rows,
// back to label_word while words are left, and returns at label_done.
func transposeTail(label string, dst, keys, left Register) {
	ADDQ(U32(512), keys)
	ADDQ(U32(8), dst)
	DECQ(left)
	JNZ(LabelRef(label + "_word"))

	Label(label + "_done")
	VZEROUPPER()
	RET()
}

// transposeKernel256 writes transposex256, transposex512 with AVX2, 32
// keys at a time, each word of a row in two halves. Eight vectors hold
// the 32 keys, 4 each; VPSHUFB pairs the bytes of a lane's 2 keys, and
// unpacking 16-, 32- and 64-bit units of pairs of vectors gathers byte c
// of every key in vector c, in the order of the lanes; VPERMQ and VPSHUFB
// put key i in byte i. VPMOVMSKB then takes the top bit of each byte,
// half a row's word, and VPADDB shifts every byte left by one for the
// next bit.
func transposeKernel256() {
	pairs := GLOBL("transposePairs", RODATA|NOPTR)
	for lane := range 2 {
		for i := range 8 {
			DATA(16*lane+2*i, U8(i))     // byte i of the lane's first key
			DATA(16*lane+2*i+1, U8(8+i)) // and of its second
		}
	}
	// Once the 64-bit units are in the order 0, 2, 1, 3 of the unpacking,
	// a lane holds keys 0, 1, 4, 5, ... 12, 13 of its 16 and then 2, 3, 6,
	// 7, ... 14, 15: these bytes put key i at byte i.
	order := GLOBL("transposeOrder", RODATA|NOPTR)
	for lane := range 2 {
		for i, b := range []int{0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15} {
			DATA(16*lane+i, U8(b))
		}
	}

	dst, keys, left, bytes, rows := transposeHead("transposex256", "AVX2")
	pair, put := YMM(), YMM()
	VMOVDQU(pairs, pair)
	VMOVDQU(order, put)
	TESTQ(left, left)
	JZ(LabelRef("transpose256_done"))

	Label("transpose256_word")
	for half := range 2 {
		var v [8]VecVirtual
		for k := range v {
			v[k] = YMM()
			VMOVDQU(Mem{Base: keys, Disp: 256*half + 32*k}, v[k])
			VPSHUFB(pair, v[k], v[k])
		}
		// 16-bit units, bytes c of 2 keys: c from 0 to 3 in low[p], from 4
		// to 7 in high[p], of the 4 keys of v[2p] then v[2p+1] (a lane's).
		var low, high [4]VecVirtual
		for p := range 4 {
			low[p], high[p] = YMM(), YMM()
			VPUNPCKLWD(v[2*p+1], v[2*p], low[p])
			VPUNPCKHWD(v[2*p+1], v[2*p], high[p])
		}
		var out [8]VecVirtual
		for g, units := range [][4]VecVirtual{low, high} {
			// 32-bit units of pairs, then 64-bit units of pairs of
			// pairs: byte c of 16 keys a 64-bit unit.
			aLo, aHi, bLo, bHi := YMM(), YMM(), YMM(), YMM()
			VPUNPCKLDQ(units[1], units[0], aLo)
			VPUNPCKHDQ(units[1], units[0], aHi)
			VPUNPCKLDQ(units[3], units[2], bLo)
			VPUNPCKHDQ(units[3], units[2], bHi)
			for i, ab := range [][2]VecVirtual{{aLo, bLo}, {aHi, bHi}} {
				c := 4*g + 2*i
				out[c], out[c+1] = YMM(), YMM()
				VPUNPCKLQDQ(ab[1], ab[0], out[c])
				VPUNPCKHQDQ(ab[1], ab[0], out[c+1])
			}
		}
		next := fmt.Sprintf("transpose256_half%d", half)
		word, at := GP64(), GP64()
		for by := range 8 {
			if by > 0 {
				CMPQ(bytes, U8(by))
				JLE(LabelRef(next))
			}
			x := out[by]
			VPERMQ(U8(0xd8), x, x) // 64-bit units 0, 2, 1, 3
			VPSHUFB(put, x, x)
			for bit := 7; bit >= 0; bit-- {
				VPMOVMSKB(x, word.As32()) // bit 8·by+bit of the 32 keys
				MOVQ(Mem{Base: rows, Disp: 8 * (8*by + bit)}, at)
				MOVL(word.As32(), Mem{Base: dst, Index: at, Scale: 8, Disp: 4 * half})
				if bit > 0 {
					VPADDB(x, x, x)
				}
			}
		}
		Label(next)
	}
	transposeTail("transpose256", dst, keys, left)
}
