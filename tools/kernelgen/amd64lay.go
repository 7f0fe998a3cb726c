package main

import "fmt"

// The amd64 kernels that build what the matching kernels read: the keys
// of the half-boards of spans of quarters, and the rows of a table's
// single diagonals, with AVX-512 or AVX2.

// pairsSignature is the Go signature of the kernels that list
// half-boards.
// The run of the join's pairsKind: dst has room for every key of the
// spans and a vector more.
const pairsSignature = "(dst, keys []uint64, bounds []uint32, south []uint64) int"

// spans writes the body of a kernel that lists the half-boards of spans:
// for each span, key is the north key in every lane of a vector of size
// bytes, and vector lists the half-boards of the vector's lanes of south
// keys from at on, of the n left in the span, at dst, and moves dst on
// past them. setup runs once, before the spans.
func spans(fn *function, lanes, size int, setup func(), vector func(key, at, n, dst string)) {
	dst, ref, left, bound, south, first := fn.gp.get(), fn.gp.get(), fn.gp.get(), fn.gp.get(), fn.gp.get(), fn.gp.get()
	fn.op("MOVQ", "dst_base+0(FP)", dst)
	fn.op("MOVQ", "keys_base+24(FP)", ref)
	fn.op("MOVQ", "keys_len+32(FP)", left)
	fn.op("MOVQ", "bounds_base+48(FP)", bound)
	fn.op("MOVQ", "south_base+72(FP)", south)
	fn.op("MOVQ", dst, first)
	setup()
	key := fn.vec.get()
	n, at := fn.gp.get(), fn.gp.get()
	(&x86{}).while(fn, left, 1, "span", func() {
		lo := fn.gp.get()
		fn.op("VPBROADCASTQ", "("+ref+")", vreg(key, size))
		fn.op("MOVL", "("+bound+")", lo)
		fn.op("MOVL", "4("+bound+")", n)
		fn.op("SUBQ", lo, n)
		fn.op("LEAQ", fmt.Sprintf("(%s)(%s*8)", south, lo), at)
		fn.gp.put(lo)
		fn.label("vector")
		vector(key, at, n, dst)
		fn.op("ADDQ", fmt.Sprintf("$%d", 8*lanes), at)
		fn.op("SUBQ", fmt.Sprintf("$%d", lanes), n)
		fn.op("JG", fn.ref("vector"))
		fn.op("ADDQ", "$8", ref)
		fn.op("ADDQ", "$8", bound)
	})
	fn.op("SUBQ", first, dst)
	fn.op("SHRQ", "$3", dst)
	fn.op("VZEROUPPER")
	fn.op("MOVQ", dst, "ret+96(FP)")
	fn.op("RET")
}

// writePairsWide writes the pairs kernel of an instruction set of vectors
// of 8 words, AVX-512: for each span, a north quarter's key
// broadcast to 8 lanes, ORed with 8 south keys at a time (the last ones
// under a mask), the keys that share no bit with it compressed to the
// low lanes and stored whole, and the output moved on by how many they
// are.
func writePairsWide(f *asmFile, s *isa) {
	name := "pairs" + s.ident
	fn := f.begin(s, pairsKind, name, x86Features, x86GP, x86Vec)
	spans(fn, 8, 64, func() {}, func(key, at, n, dst string) {
		// The lanes to read: the low min(n, 8) bits of a byte, as BZHI
		// keeps the bits of 0xff below its index.
		lanes, mask := fn.gp.get(), fn.gp.get()
		fn.op("MOVQ", "$8", lanes)
		fn.op("CMPQ", n, lanes)
		fn.op("CMOVQLT", n, lanes)
		fn.op("MOVQ", "$0xff", mask)
		fn.op("BZHIQ", lanes, mask, mask)
		fn.op("KMOVW", mask, "K1")
		x := vreg(fn.vec.get(), 64)
		fn.op("VMOVDQU64.Z", "("+at+")", "K1", x)
		fn.op("VPTESTNMQ", vreg(key, 64), x, "K1", "K1") // lanes read whose key shares no bit with the north one
		fn.op("VPORQ", vreg(key, 64), x, x)
		fn.op("VPCOMPRESSQ.Z", x, "K1", x)
		fn.op("VMOVDQU64", x, "("+dst+")")
		fn.op("KMOVW", "K1", mask)
		fn.op("POPCNTL", mask, mask)
		fn.op("LEAQ", fmt.Sprintf("(%s)(%s*8)", dst, mask), dst)
		fn.gp.put(lanes, mask)
		fn.vec.put(num(x))
	})
	fn.end(pairsSignature, 104,
		name+" writes from dst on the keys of the half-boards of spans,",
		"keys[i] ORed with each key of south[bounds[2i]:bounds[2i+1]] with",
		"no bit in common, and returns how many; a span holds one key or",
		"more. It writes up to 8 keys past them.")
}

// writePairsNarrow writes that of vectors of 4 words, AVX2: 4 keys of south
// at a time, read by a masked load (VPMASKMOVQ, which reads no lane past
// the span), those that share no bit with the north key (VPCMPEQQ of
// their AND with zero, VMOVMSKPD) moved to the front by VPERMD, whose
// indices a table holds for each mask of 4 lanes.
func writePairsNarrow(f *asmFile, s *isa) {
	// lanes holds, for i from 0 to 4, a mask of the first i lanes of 4.
	var lanes []uint64
	for i := range 5 {
		for l := range 4 {
			if l < i {
				lanes = append(lanes, ^uint64(0))
			} else {
				lanes = append(lanes, 0)
			}
		}
	}
	lanesAt := f.data("pairsLanes", lanes)
	// moves holds, for each mask m of 4 lanes, the VPERMD indices that
	// bring the lanes of m, in their order, to the front: lane l is
	// 32-bit elements 2l and 2l+1.
	var moves []uint64
	for m := range 16 {
		to := 0
		for l := range 4 {
			if m>>l&1 != 0 {
				moves = append(moves, uint64(2*l)|uint64(2*l+1)<<32)
				to++
			}
		}
		for ; to < 4; to++ {
			moves = append(moves, 1<<32)
		}
	}
	movesAt := f.data("pairsMoves", moves)

	name := "pairs" + s.ident
	fn := f.begin(s, pairsKind, name, x86Features, x86GP, x86Vec)
	zeros, lanesReg, movesReg := fn.vec.get(), fn.gp.get(), fn.gp.get()
	spans(fn, 4, 32, func() {
		zero(fn, zeros, 32)
		fn.op("LEAQ", lanesAt, lanesReg)
		fn.op("LEAQ", movesAt, movesReg)
	}, func(key, at, n, dst string) {
		// The lanes to read: the first min(n, 4).
		read, four := fn.gp.get(), fn.gp.get()
		fn.op("MOVQ", "$4", four)
		fn.op("MOVQ", n, read)
		fn.op("CMPQ", n, four)
		fn.op("CMOVQGT", four, read)
		fn.op("SHLQ", "$5", read)
		mask, x, kept, move := vreg(fn.vec.get(), 32), vreg(fn.vec.get(), 32), vreg(fn.vec.get(), 32), vreg(fn.vec.get(), 32)
		K := vreg(key, 32)
		fn.op("VMOVDQU", fmt.Sprintf("(%s)(%s*1)", lanesReg, read), mask)
		fn.op("VPMASKMOVQ", "("+at+")", mask, x)
		fn.op("VPAND", K, x, kept)
		fn.op("VPCMPEQQ", vreg(zeros, 32), kept, kept) // lanes whose key shares no bit with the north one
		fn.op("VPAND", mask, kept, kept)               // and that were read
		m := read
		fn.op("VMOVMSKPD", kept, m)
		fn.op("VPOR", K, x, x)
		fn.op("SHLQ", "$5", m)
		fn.op("VMOVDQU", fmt.Sprintf("(%s)(%s*1)", movesReg, m), move)
		fn.op("VPERMD", x, move, x) // the lanes of x, at the places move names
		fn.op("VMOVDQU", x, "("+dst+")")
		fn.op("SHRQ", "$5", m)
		fn.op("POPCNTL", m, m)
		fn.op("LEAQ", fmt.Sprintf("(%s)(%s*8)", dst, m), dst)
		fn.gp.put(read, four)
		fn.vec.put(num(mask), num(x), num(kept), num(move))
	})
	fn.end(pairsSignature, 104,
		name+" writes from dst on the keys of the half-boards of spans,",
		"keys[i] ORed with each key of south[bounds[2i]:bounds[2i+1]] with",
		"no bit in common, and returns how many; a span holds one key or",
		"more. It writes up to 4 keys past them.")
}

// num returns the number of the vector register named r.
func num(r string) string { return r[1:] }

// transposeSignature is the Go signature of the transposing kernels.
const transposeSignature = "(dst *uint64, keys *uint64, words int, bytes int, rows *[64]int)"

// transposeDoc returns the doc of the transposing kernel name.
func transposeDoc(name string) []string {
	return []string{
		fmt.Sprintf("%s writes word w of the row of each diagonal d of the", name),
		"first bytes bytes of the keys, for w from 0 up to words, at dst +",
		"8(rows[d]+w) bytes: bit i of it is bit d of key 64w+i.",
	}
}

// transposeHead begins a transposing kernel: its arguments in registers.
func transposeHead(fn *function) (dst, keys, left, bytes, rows string) {
	dst, keys, left, bytes, rows = fn.gp.get(), fn.gp.get(), fn.gp.get(), fn.gp.get(), fn.gp.get()
	fn.op("MOVQ", "dst+0(FP)", dst)
	fn.op("MOVQ", "keys+8(FP)", keys)
	fn.op("MOVQ", "words+16(FP)", left)
	fn.op("MOVQ", "bytes+24(FP)", bytes)
	fn.op("MOVQ", "rows+32(FP)", rows)
	return dst, keys, left, bytes, rows
}

// writeTransposeWide writes the transposing kernel of vectors of 8 words,
// AVX-512, which lays out the rows of
// the single diagonals of a join's tables, 64 keys a word. Eight vectors
// hold the 64 keys; VPERMB turns each vector's 8 keys by 8 bytes into 8
// bytes by 8 keys, and an 8×8 transpose of 64-bit lanes across the
// vectors (VPUNPCKLQDQ and VPUNPCKHQDQ, VPERMT2Q, VSHUFI64X2) gathers
// byte c of every key in vector c, key i in byte i. VPMOVB2M then takes
// the top bit of each byte, a row's word of 64 keys, and VPADDB shifts
// every byte left by one for the next bit.
func writeTransposeWide(f *asmFile, s *isa) {
	var perm []byte
	for c := range 8 {
		for k := range 8 {
			perm = append(perm, byte(8*k+c)) // byte c of key k to byte k of lane c
		}
	}
	permAt := f.data("transposeBytes", bytesOf(perm))
	lanesAt := f.data("transposeLanes", []uint64{0, 1, 8, 9, 4, 5, 12, 13, 2, 3, 10, 11, 6, 7, 14, 15})

	// Its vectors are all EVEX instructions', which take all 32.
	name := "transpose" + s.ident
	fn := f.begin(s, transposeKind, name, x86Features, x86GP, numbers(32))
	dst, keys, left, bytes, rows := transposeHead(fn)
	p, lo, hi := vreg(fn.vec.get(), 64), vreg(fn.vec.get(), 64), vreg(fn.vec.get(), 64)
	fn.op("VMOVDQU64", permAt, p)
	fn.op("VMOVDQU64", lanesAt, lo)
	fn.op("VMOVDQU64", "transposeLanes<>+64(SB)", hi)
	word, at := fn.gp.get(), fn.gp.get()
	(&x86{}).while(fn, left, 1, "word", func() {
		var a, b, c, d [8]string
		for g := range 8 {
			a[g] = vreg(fn.vec.get(), 64)
			fn.op("VPERMB", fmt.Sprintf("%d(%s)", 64*g, keys), p, a[g]) // lane c: byte c of the vector's 8 keys
		}
		// Lanes 2l and 2l+1 of the pairs of vectors, then pairs of pairs
		// of lanes, then halves: vector c ends up with lane c of each.
		for g := 0; g < 8; g += 2 {
			b[g], b[g+1] = vreg(fn.vec.get(), 64), vreg(fn.vec.get(), 64)
			fn.op("VPUNPCKLQDQ", a[g+1], a[g], b[g])
			fn.op("VPUNPCKHQDQ", a[g+1], a[g], b[g+1])
			fn.vec.put(num(a[g]), num(a[g+1]))
		}
		for _, g := range []int{0, 1, 4, 5} {
			c[g], c[g+2] = vreg(fn.vec.get(), 64), vreg(fn.vec.get(), 64)
			fn.op("VMOVDQA64", b[g], c[g])
			fn.op("VPERMT2Q", b[g+2], lo, c[g])
			fn.op("VMOVDQA64", b[g], c[g+2])
			fn.op("VPERMT2Q", b[g+2], hi, c[g+2])
			fn.vec.put(num(b[g]), num(b[g+2]))
		}
		for g := range 4 {
			d[g], d[g+4] = vreg(fn.vec.get(), 64), vreg(fn.vec.get(), 64)
			fn.op("VSHUFI64X2", "$0x44", c[g+4], c[g], d[g])
			fn.op("VSHUFI64X2", "$0xee", c[g+4], c[g], d[g+4])
			fn.vec.put(num(c[g]), num(c[g+4]))
		}
		for by := range 8 {
			if by > 0 {
				fn.op("CMPQ", bytes, fmt.Sprintf("$%d", by))
				fn.op("JLE", fn.ref("next"))
			}
			for bit := 7; bit >= 0; bit-- {
				fn.op("VPMOVB2M", d[by], "K1") // bit 8·by+bit of the 64 keys
				fn.op("KMOVQ", "K1", word)
				fn.op("MOVQ", fmt.Sprintf("%d(%s)", 8*(8*by+bit), rows), at)
				fn.op("MOVQ", word, fmt.Sprintf("(%s)(%s*8)", dst, at))
				if bit > 0 {
					fn.op("VPADDB", d[by], d[by], d[by])
				}
			}
		}
		fn.label("next")
		fn.op("ADDQ", "$512", keys)
		fn.op("ADDQ", "$8", dst)
		for _, r := range d {
			fn.vec.put(num(r))
		}
	})
	fn.op("VZEROUPPER")
	fn.op("RET")
	fn.end(transposeSignature, 40, transposeDoc(name)...)
}

// writeTransposeNarrow writes that of vectors of 4 words, AVX2, 32
// keys at a time, each word of a row in two halves. Eight vectors hold
// the 32 keys, 4 each; VPSHUFB pairs the bytes of a lane's 2 keys, and
// unpacking 16-, 32- and 64-bit units of pairs of vectors gathers byte c
// of every key in vector c, in the order of the lanes; VPERMQ and
// VPSHUFB put key i in byte i. VPMOVMSKB then takes the top bit of each
// byte, half a row's word, and VPADDB shifts every byte left by one for
// the next bit.
func writeTransposeNarrow(f *asmFile, s *isa) {
	var pairs []byte
	for range 2 {
		for i := range 8 {
			pairs = append(pairs, byte(i), byte(8+i)) // byte i of the lane's first key, and of its second
		}
	}
	pairsAt := f.data("transposePairs", bytesOf(pairs))
	// Once the 64-bit units are in the order 0, 2, 1, 3 of the unpacking,
	// a lane holds keys 0, 1, 4, 5, ... 12, 13 of its 16 and then 2, 3,
	// 6, 7, ... 14, 15: these bytes put key i at byte i.
	var order []byte
	for range 2 {
		order = append(order, 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15)
	}
	orderAt := f.data("transposeOrder", bytesOf(order))

	name := "transpose" + s.ident
	fn := f.begin(s, transposeKind, name, x86Features, x86GP, x86Vec)
	dst, keys, left, bytes, rows := transposeHead(fn)
	pair, put := vreg(fn.vec.get(), 32), vreg(fn.vec.get(), 32)
	fn.op("VMOVDQU", pairsAt, pair)
	fn.op("VMOVDQU", orderAt, put)
	word, at := fn.gp.get(), fn.gp.get()
	(&x86{}).while(fn, left, 1, "word", func() {
		for half := range 2 {
			var v [8]string
			for k := range v {
				v[k] = vreg(fn.vec.get(), 32)
				fn.op("VMOVDQU", fmt.Sprintf("%d(%s)", 256*half+32*k, keys), v[k])
				fn.op("VPSHUFB", pair, v[k], v[k])
			}
			// 16-bit units, bytes c of 2 keys: c from 0 to 3 in low[p],
			// from 4 to 7 in high[p], of the 4 keys of v[2p] then v[2p+1].
			var low, high [4]string
			for p := range 4 {
				low[p], high[p] = vreg(fn.vec.get(), 32), v[2*p+1]
				fn.op("VPUNPCKLWD", v[2*p+1], v[2*p], low[p])
				fn.op("VPUNPCKHWD", v[2*p+1], v[2*p], high[p])
				fn.vec.put(num(v[2*p]))
			}
			var out [8]string
			for g, units := range [][4]string{low, high} {
				// 32-bit units of pairs, then 64-bit units of pairs of
				// pairs: byte c of 16 keys a 64-bit unit.
				aLo, aHi, bLo, bHi := vreg(fn.vec.get(), 32), vreg(fn.vec.get(), 32), vreg(fn.vec.get(), 32), vreg(fn.vec.get(), 32)
				fn.op("VPUNPCKLDQ", units[1], units[0], aLo)
				fn.op("VPUNPCKHDQ", units[1], units[0], aHi)
				fn.op("VPUNPCKLDQ", units[3], units[2], bLo)
				fn.op("VPUNPCKHDQ", units[3], units[2], bHi)
				for _, u := range units {
					fn.vec.put(num(u))
				}
				for i, ab := range [][2]string{{aLo, bLo}, {aHi, bHi}} {
					c := 4*g + 2*i
					out[c], out[c+1] = vreg(fn.vec.get(), 32), vreg(fn.vec.get(), 32)
					fn.op("VPUNPCKLQDQ", ab[1], ab[0], out[c])
					fn.op("VPUNPCKHQDQ", ab[1], ab[0], out[c+1])
					fn.vec.put(num(ab[0]), num(ab[1]))
				}
			}
			next := fmt.Sprintf("half%d", half)
			for by := range 8 {
				if by > 0 {
					fn.op("CMPQ", bytes, fmt.Sprintf("$%d", by))
					fn.op("JLE", fn.ref(next))
				}
				x := out[by]
				fn.op("VPERMQ", "$0xd8", x, x) // 64-bit units 0, 2, 1, 3
				fn.op("VPSHUFB", put, x, x)
				for bit := 7; bit >= 0; bit-- {
					fn.op("VPMOVMSKB", x, word) // bit 8·by+bit of the 32 keys
					fn.op("MOVQ", fmt.Sprintf("%d(%s)", 8*(8*by+bit), rows), at)
					fn.op("MOVL", word, fmt.Sprintf("%d(%s)(%s*8)", 4*half, dst, at))
					if bit > 0 {
						fn.op("VPADDB", x, x, x)
					}
				}
			}
			fn.label(next)
			for _, r := range out {
				fn.vec.put(num(r))
			}
		}
		fn.op("ADDQ", "$512", keys)
		fn.op("ADDQ", "$8", dst)
	})
	fn.op("VZEROUPPER")
	fn.op("RET")
	fn.end(transposeSignature, 40, transposeDoc(name)...)
}
