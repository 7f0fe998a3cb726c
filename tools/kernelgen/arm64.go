package main

import (
	"fmt"
	"math/bits"
	"strings"
)

// The arm64 back end: NEON (Advanced SIMD), which every arm64 processor
// has, in Go's assembler syntax.

// armGP are the general registers a kernel takes: neither R18, the
// platform's, nor R27, the assembler's, nor R28, the goroutine, nor the
// frame pointer and link register above.
var armGP = []string{"R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12",
	"R13", "R14", "R15", "R16", "R17", "R19", "R20", "R21", "R22", "R23", "R24", "R25", "R26"}

// armVec are the vector registers, by number: all 32, none of which
// Go's calling convention keeps.
var armVec = numbers(32)

// armFeatures returns what an instruction needs: ASIMD, the NEON
// instructions, for one of a vector register (V0 to V31, with an
// arrangement or a lane); nothing for the general ones.
func armFeatures(op string, args []string) []string {
	for _, a := range args {
		if strings.HasPrefix(a, "V") && len(a) > 1 && a[1] >= '0' && a[1] <= '9' || strings.HasPrefix(a, "[V") {
			return []string{"ASIMD"}
		}
	}
	return nil
}

// A neon is the arm64 back end of the matching kernel. The rows'
// addresses are worked out from a register for each table's first row.
type neon struct {
	tables   []string // the first row of each table
	rowBytes string   // the bytes of a row, where not a power of 2
	words    string   // a looping kernel's words of a row
}

func (a *neon) head(fn *function) (tables, keys, left string) {
	tables, keys, left, a.words = fn.gp.get(), fn.gp.get(), fn.gp.get(), fn.gp.get()
	fn.op("MOVD", "tables_base+0(FP)", tables)
	fn.op("MOVD", "words+24(FP)", a.words)
	fn.op("MOVD", "keys_base+32(FP)", keys)
	fn.op("MOVD", "keys_len+40(FP)", left)
	return tables, keys, left
}

// addresses works out the address of each row: tables + (c<<width +
// v)·words·8, the piece's value v by UBFX.
func (a *neon) addresses(fn *function, key, tables string, offs []string, width int) {
	for c, o := range offs {
		fn.op("UBFX", fmt.Sprintf("$%d", width*c), key, fmt.Sprintf("$%d", width), o)
		if c > 0 {
			fn.op("ADD", fmt.Sprintf("$%d", c<<width), o, o)
		}
		fn.op("MUL", a.words, o, o)
		fn.op("ADD", o+"<<3", tables, o)
	}
}

// eachVector reads a vector of each row at a time, moving each row's
// address on past it (LD1 with a post-index), words/2 times, counted in
// i.
func (a *neon) eachVector(fn *function, offs []string, i string, size int, body func(x string)) {
	fn.op("LSR", "$1", a.words, i)
	fn.label("vector")
	x := fn.vec.get()
	var t string
	for c, o := range offs {
		switch c {
		case 0:
			fn.op("VLD1.P", "16("+o+")", "[V"+x+".B16]")
		case 1:
			t = fn.vec.get()
			fallthrough
		default:
			fn.op("VLD1.P", "16("+o+")", "[V"+t+".B16]")
			fn.op("VORR", "V"+t+".B16", "V"+x+".B16", "V"+x+".B16")
		}
	}
	if t != "" {
		fn.vec.put(t)
	}
	body(x)
	fn.op("SUBS", "$1", i, i)
	fn.op("BNE", fn.ref("vector"))
}

func (a *neon) loopVector() int { return 16 }

// prepare sets a register to the first row of each of t tables, and one
// to the bytes of a row where they are not a power of 2.
func (a *neon) prepare(fn *function, tables string, t, width, rowBytes int) {
	a.tables = fn.gp.gets(t)
	for c, r := range a.tables {
		fn.op("ADD", fmt.Sprintf("$%d", c<<width*rowBytes), tables, r)
	}
	a.rowBytes = ""
	if rowBytes&(rowBytes-1) != 0 {
		a.rowBytes = fn.gp.get()
		fn.op("MOVD", fmt.Sprintf("$%d", rowBytes), a.rowBytes)
	}
}

func (a *neon) readKey(fn *function, keys, key string) {
	fn.op("MOVD.P", "8("+keys+")", key)
}

// offsets sets offs[c] to the address of the row that piece c of key
// picks: the piece's value (UBFX) times the row's bytes, a shift of an
// ADD's operand or a multiply-add, plus its table's first row.
func (a *neon) offsets(fn *function, key string, offs []string, width, rowBytes int) {
	for c, o := range offs {
		fn.op("UBFX", fmt.Sprintf("$%d", width*c), key, fmt.Sprintf("$%d", width), o)
		if a.rowBytes == "" {
			fn.op("ADD", fmt.Sprintf("%s<<%d", o, bits.TrailingZeros(uint(rowBytes))), a.tables[c], o)
		} else {
			fn.op("MADD", a.rowBytes, a.tables[c], o, o)
		}
	}
}

// row loads the 16 bytes of each row (FMOVQ, which takes an offset) and
// ORs them.
func (a *neon) row(fn *function, x, tables string, offs []string, width, rowBytes, disp, size int) {
	var t string
	for c, o := range offs {
		switch c {
		case 0:
			fn.op("FMOVQ", fmt.Sprintf("%d(%s)", disp, o), "F"+x)
		case 1:
			t = fn.vec.get()
			fallthrough
		default:
			fn.op("FMOVQ", fmt.Sprintf("%d(%s)", disp, o), "F"+t)
			fn.op("VORR", "V"+t+".B16", "V"+x+".B16", "V"+x+".B16")
		}
	}
	if t != "" {
		fn.vec.put(t)
	}
}

// while counts left down by least: it holds a multiple of least.
func (a *neon) while(fn *function, left string, least int, label string, body func()) {
	fn.op("CBZ", left, fn.ref(label+"_done"))
	fn.label(label)
	body()
	fn.op("SUBS", fmt.Sprintf("$%d", least), left, left)
	fn.op("BNE", fn.ref(label))
	fn.label(label + "_done")
}

func (a *neon) vector(rowBytes int) (size, pack int) { return 16, 1 }

func (a *neon) insert(fn *function, x, y string, size int) { panic("kernelgen: NEON packs no rows") }

// counter counts each byte's bits (CNT), adds them up over a key's row by
// byte (at most 8 a vector, 128 in a row of 16), and across the bytes
// (UADDLV) once a key.
func (a *neon) counter(fn *function, size, pack int) counter {
	c := &byteCounter{fn: fn, acc: fn.vec.get()}
	fn.op("VEOR", "V"+c.acc+".B16", "V"+c.acc+".B16", "V"+c.acc+".B16")
	return c
}

// A byteCounter counts a key's row by byte, and adds the sum of its
// bytes to the low 64-bit lane of acc.
type byteCounter struct {
	fn         *function
	acc, bytes string
}

func (c *byteCounter) round(n int) int { return 0 }
func (c *byteCounter) add(x string)    { panic("kernelgen: NEON kernels count a key at a time") }
func (c *byteCounter) flush()          {}

// startKey clears the key's bytes' counts.
func (c *byteCounter) startKey() {
	c.bytes = c.fn.vec.get()
	B := "V" + c.bytes + ".B16"
	c.fn.op("VEOR", B, B, B)
}

func (c *byteCounter) key(x string, size int) {
	X := "V" + x + ".B16"
	c.fn.op("VCNT", X, X)
	c.fn.op("VADD", X, "V"+c.bytes+".B16", "V"+c.bytes+".B16")
	c.fn.vec.put(x)
}

func (c *byteCounter) endKey() {
	c.fn.op("VUADDLV", "V"+c.bytes+".B16", "V"+c.bytes) // the sum of the bytes, the rest cleared
	c.fn.op("VADD", "V"+c.bytes+".D2", "V"+c.acc+".D2", "V"+c.acc+".D2")
	c.fn.vec.put(c.bytes)
}

func (c *byteCounter) sum() {
	total := c.fn.gp.get()
	c.fn.op("VMOV", "V"+c.acc+".D[0]", total)
	c.fn.op("MOVD", total, "ret+56(FP)")
	c.fn.op("RET")
}

// writeARM64 writes the NEON kernels to f: the matching kernels and those
// of orRows.
func writeARM64(f *asmFile, sets []*isa) {
	for _, s := range sets {
		writeClashes(f, s, &neon{}, armFeatures, armGP, armVec)
		writeOrRows(f, s, &neon{}, armFeatures, armGP, armVec)
	}
}

func (a *neon) arg(fn *function, from, to string) { fn.op("MOVD", from, to) }

func (a *neon) orVector(rowBytes int) int { return 16 }

// hold loads the row in V16 up, 4 vectors at a time (LD1 of 4
// registers).
func (a *neon) hold(fn *function, row string, rowBytes, size int) []string {
	vectors := rowBytes / size
	for i := 0; i < vectors; i += 4 {
		fn.op("VLD1.P", fmt.Sprintf("%d(%s)", 16*min(4, vectors-i), row), vectorList(16+i, min(4, vectors-i)))
	}
	held := make([]string, vectors)
	for i := range held {
		held[i] = fmt.Sprint(16 + i)
	}
	return held
}

// orRow reads the row at src into V0 to V3, 4 vectors at a time, ORs
// them with those held, and writes them, the loads and stores
// post-indexed.
func (a *neon) orRow(fn *function, dst, src string, held []string, size int) {
	for i := 0; i < len(held); i += 4 {
		n := min(4, len(held)-i)
		fn.op("VLD1.P", fmt.Sprintf("%d(%s)", 16*n, src), vectorList(0, n))
		for j := range n {
			fn.op("VORR", fmt.Sprintf("V%s.B16", held[i+j]), fmt.Sprintf("V%d.B16", j), fmt.Sprintf("V%d.B16", j))
		}
		fn.op("VST1.P", vectorList(0, n), fmt.Sprintf("%d(%s)", 16*n, dst))
	}
}

func (a *neon) ret(fn *function) { fn.op("RET") }

// vectorList names the n vector registers from from on, of 16 bytes, as
// LD1 and ST1 of several registers take them.
func vectorList(from, n int) string {
	regs := make([]string, n)
	for i := range regs {
		regs[i] = fmt.Sprintf("V%d.B16", from+i)
	}
	return "[" + strings.Join(regs, ", ") + "]"
}
