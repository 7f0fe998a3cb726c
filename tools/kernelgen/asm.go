package main

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// The assembly files: text in Go's assembler syntax, written a function
// at a time, each with the features its instructions use, as its
// "Requires" comment lists them.

// An asmFile is an assembly file being written for one architecture.
type asmFile struct {
	arch  string
	out   bytes.Buffer
	funcs []asmFunc // in the order written, for the Go declarations
}

// An asmFunc is a function of an assembly file: its name, its Go
// signature, its doc, and the features its instructions need.
type asmFunc struct {
	name, signature string
	doc             []string
	needs           []string
	// set is the instruction set it is written for, and kind what it
	// does: a kind of the join's kernels (clashesKind and the rest).
	set  *isa
	kind string
}

// The kinds of kernel: matching keys against tables, ORing rows of
// tables, listing half-boards and transposing keys.
const (
	clashesKind   = "clashes"
	orRowsKind    = "orRows"
	pairsKind     = "pairs"
	transposeKind = "transpose"
)

// A function is the function being written: its text, its labels'
// prefix, the features its instructions need, and its free registers.
type function struct {
	file  *asmFile
	set   *isa
	kind  string
	name  string
	body  bytes.Buffer
	needs map[string]bool
	// features returns the features that an instruction, by its
	// mnemonic and operands, needs.
	features func(op string, args []string) []string
	gp, vec  regPool
}

// newAsmFile begins an assembly file for arch, built where purego is not
// set.
func newAsmFile(arch string) *asmFile {
	f := &asmFile{arch: arch}
	fmt.Fprintf(&f.out, "%s\n//go:build !purego\n\n#include \"textflag.h\"\n", generatedBy)
	return f
}

// begin begins the function name, whose instructions need the features
// that features returns, with the general and vector registers gp and
// vec.
func (f *asmFile) begin(s *isa, kind, name string, features func(string, []string) []string, gp, vec []string) *function {
	return &function{file: f, set: s, kind: kind, name: name, needs: map[string]bool{}, features: features,
		gp: newRegPool(gp), vec: newRegPool(vec)}
}

// op writes the instruction op with its operands, in Go's order (sources
// first, the destination last).
func (fn *function) op(op string, args ...string) {
	for _, f := range fn.features(op, args) {
		fn.needs[f] = true
	}
	if len(args) == 0 {
		fmt.Fprintf(&fn.body, "\t%s\n", op)
		return
	}
	fmt.Fprintf(&fn.body, "\t%-8s %s\n", op, strings.Join(args, ", "))
}

// label writes the label name_suffix, and returns it.
func (fn *function) label(suffix string) string {
	l := fn.name + "_" + suffix
	fmt.Fprintf(&fn.body, "\n%s:\n", l)
	return l
}

// ref returns the name of the label name_suffix, to jump to.
func (fn *function) ref(suffix string) string { return fn.name + "_" + suffix }

// end writes the function to its file, of the Go signature sig, frame
// bytes of arguments and results and the doc: the features it needs, then
// its text.
func (fn *function) end(sig string, frame int, doc ...string) {
	needs := make([]string, 0, len(fn.needs))
	for f := range fn.needs {
		needs = append(needs, f)
	}
	sort.Strings(needs)
	f := fn.file
	f.funcs = append(f.funcs, asmFunc{name: fn.name, signature: sig, doc: doc, needs: needs, set: fn.set, kind: fn.kind})
	fmt.Fprintf(&f.out, "\n// func %s%s\n", fn.name, sig)
	if len(needs) > 0 {
		fmt.Fprintf(&f.out, "// Requires: %s\n", strings.Join(needs, ", "))
	}
	fmt.Fprintf(&f.out, "TEXT ·%s(SB), NOSPLIT, $0-%d\n", fn.name, frame)
	f.out.Write(fn.body.Bytes())
}

// data writes the read-only table name of 64-bit words.
func (f *asmFile) data(name string, words []uint64) string {
	for i, w := range words {
		fmt.Fprintf(&f.out, "DATA %s<>+%d(SB)/8, $%#016x\n", name, 8*i, w)
	}
	fmt.Fprintf(&f.out, "GLOBL %s<>(SB), RODATA|NOPTR, $%d\n", name, 8*len(words))
	return name + "<>(SB)"
}

// bytesOf packs bs into 64-bit words, the first byte lowest.
func bytesOf(bs []byte) []uint64 {
	words := make([]uint64, (len(bs)+7)/8)
	for i, b := range bs {
		words[i/8] |= uint64(b) << (8 * (i % 8))
	}
	return words
}

// A regPool is the registers of a kind that a function has not taken.
type regPool struct {
	names []string
	taken []bool
}

func newRegPool(names []string) regPool {
	return regPool{names: names, taken: make([]bool, len(names))}
}

// get takes the first free register.
func (p *regPool) get() string {
	for i, t := range p.taken {
		if !t {
			p.taken[i] = true
			return p.names[i]
		}
	}
	panic("kernelgen: out of registers")
}

// gets takes n registers.
func (p *regPool) gets(n int) []string {
	regs := make([]string, n)
	for i := range regs {
		regs[i] = p.get()
	}
	return regs
}

// put frees the registers regs.
func (p *regPool) put(regs ...string) {
	for _, r := range regs {
		i := slices.Index(p.names, r)
		if i < 0 || !p.taken[i] {
			panic("kernelgen: freeing " + r + ", which is not taken")
		}
		p.taken[i] = false
	}
}
