package main

import (
	"fmt"
	"math/bits"
	"regexp"
	"slices"
)

// The amd64 back end: AVX-512 and AVX2, in Go's assembler syntax, with
// the features each instruction needs.

// x86GP are the general registers a kernel takes, in order: neither SP
// nor BP (the frame pointer), nor R14 and R15, which hold the goroutine
// and, when linked dynamically, the global offset table.
var x86GP = []string{"AX", "BX", "CX", "DX", "SI", "DI", "R8", "R9", "R10", "R11", "R12", "R13"}

// x86Vec are the vector registers a kernel takes, by number: the 16 that
// VEX instructions encode.
var x86Vec = numbers(16)

// numbers returns the names of n registers by number, "0" up.
func numbers(n int) []string {
	regs := make([]string, n)
	for i := range regs {
		regs[i] = fmt.Sprint(i)
	}
	return regs
}

// vreg names vector register r as a vector of size bytes: X, Y or Z.
func vreg(r string, size int) string {
	switch size {
	case 16:
		return "X" + r
	case 32:
		return "Y" + r
	case 64:
		return "Z" + r
	}
	panic(fmt.Sprintf("kernelgen: no vector of %d bytes", size))
}

// x86Register matches the name of a vector register.
var x86Register = regexp.MustCompile(`^([XYZ])[0-9]+$`)

// x86Features returns what the instruction op needs, by the widest vector
// register among its operands: AVX for VEX instructions of 128 bits, AVX2
// for the integer ones of 256, AVX-512F for EVEX ones (and AVX-512VL for
// those on vectors of 128 or 256 bits), and the extensions that some
// instructions belong to.
func x86Features(op string, args []string) []string {
	widest := byte(0)
	for _, a := range args {
		if m := x86Register.FindStringSubmatch(a); m != nil {
			widest = max(widest, m[1][0]) // X < Y < Z
		}
	}
	vex := func(int256 bool) []string {
		switch {
		case widest == 'Z':
			return []string{"AVX512F"}
		case widest == 'Y' && int256:
			return []string{"AVX", "AVX2"}
		}
		return []string{"AVX"}
	}
	evex := func(more ...string) []string {
		f := append([]string{"AVX512F"}, more...)
		if widest == 'X' || widest == 'Y' {
			f = append(f, "AVX512VL")
		}
		return f
	}
	switch op {
	case "RORXQ", "BZHIQ":
		return []string{"BMI2"}
	case "CMOVQLT", "CMOVQGT":
		return []string{"CMOV"}
	case "POPCNTL":
		return []string{"POPCNT"}
	case "VMOVDQU", "VMOVMSKPD", "VZEROUPPER", "VMOVQ", "VPSHUFD":
		return []string{"AVX"}
	case "MOVQ", "MOVL", "ADDQ", "SUBQ", "DECQ", "TESTQ", "CMPQ", "LEAQ", "ANDQ", "SHLQ", "SHRQ", "IMUL3Q", "IMULQ", "XORL",
		"JZ", "JNZ", "JB", "JAE", "JG", "JLE", "RET":
		return nil
	case "VPXOR", "VPAND", "VPOR", "VPADDQ", "VPCMPEQQ", "VPMOVMSKB", "VPUNPCKLWD", "VPUNPCKHWD",
		"VPUNPCKLDQ", "VPUNPCKHDQ", "VPUNPCKLQDQ", "VPUNPCKHQDQ", "VPSLLQ":
		return vex(true)
	case "VPADDB", "VPSHUFB", "VPSRLW", "VPSADBW":
		if widest == 'Z' {
			return []string{"AVX512BW", "AVX512F"}
		}
		return vex(true)
	case "VINSERTI128", "VEXTRACTI128", "VPERMD", "VPERMQ", "VPMASKMOVQ":
		return []string{"AVX", "AVX2"}
	case "VPBROADCASTQ":
		return vex(true)
	case "VPXORQ", "VPORQ", "VMOVDQU64", "VMOVDQU64.Z", "VMOVDQA64", "VEXTRACTI64X4", "VPCOMPRESSQ.Z",
		"VPTESTNMQ", "VPERMT2Q", "VSHUFI64X2", "KMOVW":
		return evex()
	case "VPOPCNTQ":
		return evex("AVX512VPOPCNTDQ")
	case "VPERMB":
		return evex("AVX512VBMI")
	case "VPMOVB2M", "KMOVQ":
		return evex("AVX512BW")
	}
	panic("kernelgen: no features known of " + op)
}

// An x86 is the amd64 back end of the matching kernel, for AVX-512 if
// wide, else for AVX2.
type x86 struct {
	wide               bool
	nibbles, lowHalves string // AVX2's tables of a nibble's population and of its mask
	// keys is the register of the keys' address, which a loop moves on
	// past the keys it read, next bytes past it the next key to read.
	keys string
	next int
}

func (x *x86) head(fn *function) (tables, keys, left string) {
	tables, keys, left = fn.gp.get(), fn.gp.get(), fn.gp.get()
	x.keys, x.next = keys, 0
	fn.op("MOVQ", "tables_base+0(FP)", tables)
	fn.op("MOVQ", "keys_base+32(FP)", keys)
	fn.op("MOVQ", "keys_len+40(FP)", left)
	return tables, keys, left
}

// addresses rotates each piece of the key to the bottom and masks it, and
// works out the address of its row: tables + (c<<width + v)·words·8.
func (x *x86) addresses(fn *function, key, tables string, offs []string, width int) {
	for c, o := range offs {
		fn.op("RORXQ", fmt.Sprintf("$%d", width*c), key, o)
		fn.op("ANDQ", fmt.Sprintf("$%#x", 1<<width-1), o)
		if c > 0 {
			fn.op("ADDQ", fmt.Sprintf("$%d", c<<width), o)
		}
		fn.op("IMULQ", "words+24(FP)", o)
		fn.op("LEAQ", fmt.Sprintf("(%s)(%s*8)", tables, o), o)
	}
}

// eachVector counts the words of the rows in i, a vector's at a time.
func (x *x86) eachVector(fn *function, offs []string, i string, size int, body func(x string)) {
	fn.op("XORL", i, i)
	fn.label("vector")
	v := fn.vec.get()
	x.rowAt(fn, v, offs, fmt.Sprintf("(%%s)(%s*8)", i), size)
	body(v)
	fn.op("ADDQ", fmt.Sprintf("$%d", size/8), i)
	fn.op("CMPQ", i, "words+24(FP)")
	fn.op("JB", fn.ref("vector"))
}

// loopVector reads a long row 64 bytes at a time with AVX-512, 32 with
// AVX2.
func (x *x86) loopVector() int {
	if x.wide {
		return 64
	}
	return 32
}

func (x *x86) prepare(fn *function, tables string, t, width, rowBytes int) {}

// readKey reads the next key of a round, which the loop's end moves keys
// past.
func (x *x86) readKey(fn *function, keys, key string) {
	fn.op("MOVQ", fmt.Sprintf("%d(%s)", x.next, keys), key)
	x.next += 8
}

// offsets rotates each piece of the key to its place and masks it:
// rowBytes is odd·2^shift bytes, and the piece's value rotated right to
// bit shift and masked is the value times 2^shift (the bits that wrap
// around from the top masked off), times odd by an LEA or IMUL.
func (x *x86) offsets(fn *function, key string, offs []string, width, rowBytes int) {
	shift := bits.TrailingZeros(uint(rowBytes))
	odd := rowBytes >> shift
	for c, o := range offs {
		fn.op("RORXQ", fmt.Sprintf("$%d", (width*c-shift+64)%64), key, o)
		fn.op("ANDQ", fmt.Sprintf("$%#x", (1<<width-1)<<shift), o)
		switch odd {
		case 1:
		case 3, 5, 9:
			fn.op("LEAQ", fmt.Sprintf("(%s)(%s*%d)", o, o, odd-1), o)
		default:
			fn.op("IMUL3Q", fmt.Sprintf("$%d", odd), o, o)
		}
	}
}

func (x *x86) row(fn *function, v, tables string, offs []string, width, rowBytes, disp, size int) {
	at := make([]string, len(offs))
	for c, o := range offs {
		at[c] = fmt.Sprintf("%d(%s)(%s*1)", c<<width*rowBytes+disp, tables, o)
	}
	x.or(fn, v, at, size)
}

// rowAt sets the vector v, of size bytes, to the OR of the vectors at the
// offs, each put in the format of its address.
func (x *x86) rowAt(fn *function, v string, offs []string, format string, size int) {
	at := make([]string, len(offs))
	for c, o := range offs {
		at[c] = fmt.Sprintf(format, o)
	}
	x.or(fn, v, at, size)
}

// or sets the vector v, of size bytes, to the OR of the vectors at the
// addresses at.
func (x *x86) or(fn *function, v string, at []string, size int) {
	load, or := vectorOps(size)
	r := vreg(v, size)
	for c, a := range at {
		if c == 0 {
			fn.op(load, a, r)
		} else {
			fn.op(or, a, r, r)
		}
	}
}

// while takes least from left before each round, and leaves when that
// borrows, putting it back: a SUBQ and a JAE a round. The keys' address
// moves on past the keys a round read.
func (x *x86) while(fn *function, left string, least int, label string, body func()) {
	k := fmt.Sprintf("$%d", least)
	fn.op("SUBQ", k, left)
	fn.op("JB", fn.ref(label+"_done"))
	fn.label(label)
	x.next = 0
	body()
	if x.next > 0 {
		fn.op("ADDQ", fmt.Sprintf("$%d", x.next), x.keys)
	}
	fn.op("SUBQ", k, left)
	fn.op("JAE", fn.ref(label))
	fn.label(label + "_done")
	fn.op("ADDQ", k, left)
}

// vector reads a row in vectors of up to 64 bytes with AVX-512, each of
// its size if shorter; with AVX2 in vectors of 32, two short rows of 16
// packed into one, for the carry-save adders.
func (x *x86) vector(rowBytes int) (size, pack int) {
	if x.wide {
		return min(rowBytes, 64), 1
	}
	if rowBytes < 32 {
		return 32, 32 / rowBytes
	}
	return 32, 1
}

func (x *x86) insert(fn *function, v, y string, size int) {
	fn.op("VINSERTI128", "$1", vreg(y, 16), vreg(v, 32), vreg(v, 32))
}

func (x *x86) counter(fn *function, size, pack int) counter {
	if x.wide {
		c := &popcounter{fn: fn, size: size, acc: fn.vec.get()}
		zero(fn, c.acc, size)
		return c
	}
	c := &csaCounter{fn: fn, x: x, pack: pack, acc: fn.vec.get(), lut: fn.vec.get(), zero: fn.vec.get()}
	zero(fn, c.acc, 32)
	zero(fn, c.zero, 32)
	fn.op("VMOVDQU", x.nibbles, vreg(c.lut, 32))
	// The mask of the bytes' low halves in a register, but where packed
	// short rows need every register they can have.
	c.mask = x.lowHalves
	if pack == 1 {
		m := fn.vec.get()
		fn.op("VMOVDQU", x.lowHalves, vreg(m, 32))
		c.mask = vreg(m, 32)
	}
	return c
}

// zero clears the vector r of size bytes.
func zero(fn *function, r string, size int) {
	if size == 64 {
		fn.op("VPXORQ", vreg(r, 64), vreg(r, 64), vreg(r, 64))
		return
	}
	fn.op("VPXOR", vreg(r, size), vreg(r, size), vreg(r, size))
}

// sumLanes writes the sum of the 64-bit lanes of the vector acc, of size
// bytes, to the kernel's result, at ret, and returns.
func sumLanes(fn *function, acc string, size int, ret string) {
	if size == 64 {
		y := fn.vec.get()
		fn.op("VEXTRACTI64X4", "$1", vreg(acc, 64), vreg(y, 32))
		fn.op("VPADDQ", vreg(acc, 32), vreg(y, 32), vreg(acc, 32))
		fn.vec.put(y)
	}
	if size >= 32 {
		h := fn.vec.get()
		fn.op("VEXTRACTI128", "$1", vreg(acc, 32), vreg(h, 16))
		fn.op("VPADDQ", vreg(acc, 16), vreg(h, 16), vreg(acc, 16))
		fn.vec.put(h)
	}
	h, total := fn.vec.get(), fn.gp.get()
	fn.op("VPSHUFD", "$0x4e", vreg(acc, 16), vreg(h, 16)) // the two 64-bit halves swapped
	fn.op("VPADDQ", vreg(acc, 16), vreg(h, 16), vreg(h, 16))
	fn.op("VMOVQ", vreg(h, 16), total)
	fn.op("VZEROUPPER")
	fn.op("MOVQ", total, ret)
	fn.op("RET")
}

// writeX86 writes the amd64 kernels of the instruction sets of amd64 to
// f: the matching kernels and those that lay out tables, of AVX-512 and
// AVX2, and the kernels that list half-boards and transpose keys.
func writeX86(f *asmFile, sets []*isa) {
	nibbles := make([]byte, 32)
	for i := range nibbles {
		nibbles[i] = byte(bits.OnesCount8(uint8(i % 16)))
	}
	lowHalves := slices.Repeat([]byte{0x0f}, 32)
	x := &x86{nibbles: f.data("popcountNibbles", bytesOf(nibbles)), lowHalves: f.data("lowHalves", bytesOf(lowHalves))}
	for _, s := range sets {
		u := *x
		// A vector of 8 words is a ZMM register: AVX-512's encodings and
		// mask registers; one of 4, AVX2's YMM.
		u.wide = s.vector == 8
		writeClashes(f, s, &u, x86Features, x86GP, x86Vec)
		writeOrRows(f, s, &u, x86Features, x86GP, x86Vec)
	}
	for _, s := range sets {
		if s.vector == 8 {
			writePairsWide(f, s)
		} else {
			writePairsNarrow(f, s)
		}
	}
	for _, s := range sets {
		if s.vector == 8 {
			writeTransposeWide(f, s)
		} else {
			writeTransposeNarrow(f, s)
		}
	}
}

// arg loads the argument at from into the register to.
func (x *x86) arg(fn *function, from, to string) { fn.op("MOVQ", from, to) }

// orVector ORs rows in vectors of up to 64 bytes with AVX-512, and 32
// with AVX2.
func (x *x86) orVector(rowBytes int) int {
	if x.wide {
		return min(rowBytes, 64)
	}
	return min(rowBytes, 32)
}

// hold loads the row a vector at a time.
func (x *x86) hold(fn *function, row string, rowBytes, size int) []string {
	held := fn.vec.gets(rowBytes / size)
	load, _ := vectorOps(size)
	for i, r := range held {
		fn.op(load, fmt.Sprintf("%d(%s)", size*i, row), vreg(r, size))
	}
	return held
}

// orRow ORs each vector of the row at src with one held, its load
// folded into the OR, and stores it.
func (x *x86) orRow(fn *function, dst, src string, held []string, size int) {
	load, or := vectorOps(size)
	v := fn.vec.get()
	X := vreg(v, size)
	for i, r := range held {
		fn.op(or, fmt.Sprintf("%d(%s)", size*i, src), vreg(r, size), X)
		fn.op(load, X, fmt.Sprintf("%d(%s)", size*i, dst))
	}
	fn.vec.put(v)
	rowBytes := fmt.Sprintf("$%d", size*len(held))
	fn.op("ADDQ", rowBytes, src)
	fn.op("ADDQ", rowBytes, dst)
}

// vectorOps returns the instructions that move a vector of size bytes
// unaligned and OR two: EVEX's for 64.
func vectorOps(size int) (move, or string) {
	if size == 64 {
		return "VMOVDQU64", "VPORQ"
	}
	return "VMOVDQU", "VPOR"
}

// ret clears the upper halves of the vector registers, so that the SSE
// code after it runs at full speed, and returns.
func (x *x86) ret(fn *function) {
	fn.op("VZEROUPPER")
	fn.op("RET")
}
