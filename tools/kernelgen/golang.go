package main

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// The Go back end, and the Go files: the Go kernels, which every
// architecture runs, and the layouts of every instruction set; and for
// each architecture with assembly, its kernel sets and the declarations
// of its kernels.

// goFile is a Go file being written.
type goFile struct{ strings.Builder }

func (b *goFile) p(format string, args ...any) { fmt.Fprintf(b, format, args...) }

// writeSizes writes zsizes.go: the description's sizes, which the types
// of the kernels take.
func writeSizes(b *goFile) {
	b.p("%s\npackage join\n\n", generatedBy)
	b.p("// maxTables is the most tables a kernel ORs, and maxRowWords the most\n")
	b.p("// words of a row: a block of 64·maxRowWords east half-boards.\n")
	b.p("const (\n\tmaxTables   = %d\n\tmaxRowWords = %d\n)\n\n", maxTables, maxRowWords)
	b.p("// widths are the widths of the tables' pieces, in the order of the\n")
	b.p("// kernels' first index (widthIndex).\n")
	b.p("var widths = [...]int{%s}\n\n", join(widths))
	var tables []int
	for _, w := range widths {
		tables = append(tables, tablesOf(w))
	}
	b.p("// tablesOfWidth is the most tables of each width of widths, in order:\n")
	b.p("// as many as a key's 64 bits hold, up to maxTables.\n")
	b.p("var tablesOfWidth = [...]int{%s}\n", join(tables))
}

// writeGo writes zkernels.go: the layout of each instruction set, the Go
// kernels and their tables.
func writeGo(b *goFile, goISA *isa) {
	b.p("%s\npackage join\n\nimport \"math/bits\"\n\n", generatedBy)
	b.p("// The layout of each instruction set's kernels: rows[w] is the words of\n")
	b.p("// the row that w words of half-boards take.\n")
	b.p("var (\n")
	for _, s := range isas {
		b.p("\tlayout%s = layout{name: %q, rows: [maxRowWords + 1]uint8{%s}", s.ident, s.name, join(rowTable(s)))
		if s.overrides.smallBuckets {
			b.p(", smallBuckets: true")
		}
		if s.overrides.northSieve {
			b.p(", northSieve: true")
		}
		b.p("}\n")
		if s.overrides.why != "" {
			b.p("\t// layout%s's overrides: %s.\n", s.ident, s.overrides.why)
		}
	}
	b.p(")\n\n")
	b.p("// layouts are every instruction set's layout.\n")
	b.p("var layouts = [...]*layout{")
	for i, s := range isas {
		if i > 0 {
			b.p(", ")
		}
		b.p("&layout%s", s.ident)
	}
	b.p("}\n\n")
	b.p("// goKernels are the Go kernels, at their layout.\n")
	b.p("var goKernels = kernelSet{name: \"go\", layout: &layoutGo, clash: &clashGo, or: &orGo}\n\n")
	rows := goISA.rows()
	clashTable(b, "clashGo", "the Go kernels", goISA)
	if goISA.overrides.northSieve {
		b.p("// clashGoStrided holds the Go kernels of rows a stride apart, as\n")
		b.p("// clashGo does: clashGoStrided[widthIndex(width)][ntables][words],\n")
		b.p("// for tables of 8 and 9.\n")
		b.p("var clashGoStrided = [%d][maxTables + 1][maxRowWords + 1]stridedKernel{\n", len(widths))
		for _, width := range widths {
			b.p("\t{\n")
			for t := 1; t <= tablesOf(width) && strided(width); t++ {
				b.p("\t\t%d: {", t)
				for i, r := range rows {
					if i > 0 {
						b.p(", ")
					}
					b.p("%d: %s", r, stridedName(width, t, r, goISA))
				}
				b.p("},\n")
			}
			b.p("\t},\n")
		}
		b.p("}\n\n")
	}
	orTable(b, "orGo", goISA, rows)
	for _, r := range rows {
		goOrKernel(b, goISA, r)
	}
	unrolled, loop := goISA.unrolled()
	for _, width := range widths {
		for t := 1; t <= tablesOf(width); t++ {
			for _, r := range unrolled {
				goKernel(b, goISA, width, t, r)
			}
			if loop {
				goLoopKernel(b, goISA, width, t)
			}
			if goISA.overrides.northSieve && strided(width) {
				for _, r := range unrolled {
					goStridedKernel(b, width, t, r)
				}
				if loop {
					goStridedLoopKernel(b, width, t)
				}
			}
		}
	}
}

// strided reports whether the Go kernels of rows a stride apart are
// written for tables of width diagonals: the wide ones, 8 and 9, for
// which the splits too small to sieve are sieved on north diagonals.
func strided(width int) bool { return width != 4 }

// rowTable returns, for each number of words w from 0 to maxRowWords, the
// words of the row of s that w words take.
func rowTable(s *isa) []int {
	rows := make([]int, maxRowWords+1)
	for w := 1; w <= maxRowWords; w++ {
		rows[w] = s.rowFor(w)
	}
	return rows
}

// join returns ns as a list of Go.
func join(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ", ")
}

// clashTable writes the table name of the matching kernels of s, for its
// rows: a kernel each up to unrollWords, the looping kernel beyond.
func clashTable(b *goFile, name, of string, s *isa) {
	rows := s.rows()
	b.p("// %s holds %s by width, number of tables and words of\n", name, of)
	b.p("// a row: %s[widthIndex(width)][ntables][words], nil for none.\n", name)
	b.p("var %s = [%d][maxTables + 1][maxRowWords + 1]clashKernel{\n", name, len(widths))
	for _, width := range widths {
		b.p("\t{\n")
		for t := 1; t <= tablesOf(width); t++ {
			b.p("\t\t%d: {", t)
			for i, r := range rows {
				if i > 0 {
					b.p(", ")
				}
				if r > s.unroll() {
					b.p("%d: %s", r, clashName(s, width, t, 0))
				} else {
					b.p("%d: %s", r, clashName(s, width, t, r))
				}
			}
			b.p("},\n")
		}
		b.p("\t},\n")
	}
	b.p("}\n\n")
}

// orTable writes the table name of the kernels of orRows of s, by words
// of a row.
func orTable(b *goFile, name string, s *isa, rows []int) {
	b.p("// %s holds the kernels of orRows of %s by words of a row.\n", name, s.name)
	b.p("var %s = [maxRowWords + 1]orKernel{", name)
	for i, r := range rows {
		if i > 0 {
			b.p(", ")
		}
		b.p("%d: %s", r, orRowsName(s, r))
	}
	b.p("}\n\n")
}

// goKernel writes the Go kernel of t tables of width diagonals and rows
// of r words. The tables are an array of a size the compiler knows, and
// the rows arrays in it: no index is checked. Each ORed word is counted
// at once: carry-save adders, which count one word in 8, took 1.2 times
// as long on amd64, where a population count is an instruction, and so
// did a loop over a row 4 words at a time, 1.06 times.
func goKernel(b *goFile, s *isa, width, t, r int) {
	name := clashName(s, width, t, r)
	b.p("func %s(tables []uint64, _ int, keys []uint64) int {\n", name)
	b.p("\ttb := (*[%d << %d * %d]uint64)(tables)\n", t, width, r)
	b.p("\tvar n uint64\n")
	b.p("\tfor _, key := range keys {\n")
	for c := range t {
		b.p("\t\tr%d := (*[%d]uint64)(tb[%d+%s:])\n", c, r, c<<width*r, pieceTimes(width, c, r))
	}
	goBody(b, t, r)
	b.p("\t}\n\treturn int(n)\n}\n\n")
}

// pieceTimes returns the Go expression of the value of piece c of key,
// width bits from width·c up, times r: for r a power of 2, the piece
// shifted to its place and masked, a shift and an AND, else the value
// times r.
func pieceTimes(width, c, r int) string {
	mask := 1<<width - 1
	if r&(r-1) != 0 {
		return fmt.Sprintf("int(key>>%d&%#x)*%d", width*c, mask, r)
	}
	s := bits.TrailingZeros(uint(r))
	switch shift := width*c - s; {
	case shift > 0:
		return fmt.Sprintf("int(key>>%d&%#x)", shift, mask<<s)
	case shift < 0:
		return fmt.Sprintf("int(key<<%d&%#x)", -shift, mask<<s)
	}
	return fmt.Sprintf("int(key&%#x)", mask<<s)
}

// goLoopKernel writes the Go kernel of t tables of width diagonals for
// rows of any words, in a loop over their words: each row a slice as
// long as the first, so that the compiler proves every index of the loop
// in range.
func goLoopKernel(b *goFile, s *isa, width, t int) {
	b.p("func %s(tables []uint64, words int, keys []uint64) int {\n", clashName(s, width, t, 0))
	goLoopBody(b, width, t, "words")
}

// goLoopBody writes the body of a looping Go kernel of t tables of width
// diagonals, whose rows are stride words apart: 4 words at a time, each
// row a slice as long as the first, so that the compiler proves every
// index in range, then the words left one at a time.
func goLoopBody(b *goFile, width, t int, stride string) {
	b.p("\tvar n uint64\n")
	b.p("\tfor _, key := range keys {\n")
	for c := range t {
		length := "words"
		if c > 0 {
			length = "len(r0)"
		}
		b.p("\t\tr%d := tables[(%d<<%d+int(key>>%d&%#x))*%s:][:%s]\n", c, c, width, width*c, 1<<width-1, stride, length)
	}
	or := func(i string) string {
		var rows []string
		for c := range t {
			rows = append(rows, fmt.Sprintf("r%d[%s]", c, i))
		}
		return "bits.OnesCount64(" + strings.Join(rows, "|") + ")"
	}
	b.p("\t\tw := 0\n")
	b.p("\t\tfor ; w+4 <= len(r0); w += 4 {\n")
	b.p("\t\t\tn += uint64(%s + %s +\n\t\t\t\t%s + %s)\n", or("w"), or("w+1"), or("w+2"), or("w+3"))
	b.p("\t\t}\n")
	b.p("\t\tfor ; w < len(r0); w++ {\n")
	b.p("\t\t\tn += uint64(%s)\n", or("w"))
	b.p("\t\t}\n\t}\n\treturn int(n)\n}\n\n")
}

// stridedName returns the name of the Go kernel of rows a stride apart
// that reads r words of them, or, for more than s unrolls, any number.
func stridedName(width, t, r int, s *isa) string {
	if r > s.unroll() {
		return fmt.Sprintf("clashesGoStrided%dx%d", width, t)
	}
	return fmt.Sprintf("clashesGoStrided%dx%dr%d", width, t, r)
}

// goStridedLoopKernel writes the Go kernel of t tables of width
// diagonals that reads words words of rows stride words apart, in a loop.
func goStridedLoopKernel(b *goFile, width, t int) {
	b.p("func %s(tables []uint64, stride, words int, keys []uint64) int {\n", stridedName(width, t, maxRowWords+1, &isa{unrollWords: maxRowWords}))
	goLoopBody(b, width, t, "stride")
}

// goStridedKernel writes the Go kernel of t tables of width diagonals
// that reads r words of rows stride words apart, from 1 to maxRowWords:
// a range of the words of longer rows. The tables are an array as large
// as rows of maxRowWords make, and the stride is cut to 1 to maxRowWords,
// so that the compiler proves every index in range.
func goStridedKernel(b *goFile, width, t, r int) {
	b.p("func %s(tables []uint64, stride, _ int, keys []uint64) int {\n", stridedName(width, t, r, &isa{unrollWords: maxRowWords}))
	b.p("\ttb := (*[%d << %d * %d]uint64)(tables)\n", t, width, maxRowWords)
	b.p("\ts := uint(stride-1)&%d + 1\n", maxRowWords-1)
	b.p("\tvar n uint64\n")
	b.p("\tfor _, key := range keys {\n")
	for c := range t {
		b.p("\t\tr%d := (*[%d]uint64)(tb[uint(%d<<%d+key>>%d&%#x)*s:])\n", c, r, c, width, width*c, 1<<width-1)
	}
	goBody(b, t, r)
	b.p("\t}\n\treturn int(n)\n}\n\n")
}

// goBody writes the loop body of a Go kernel of t tables with rows of r
// words, whose rows r0, r1, ... the kernel took: the words ORed and
// counted, 4 a line.
func goBody(b *goFile, t, r int) {
	for i := 0; i < r; i += 4 {
		var counts []string
		for j := i; j < min(i+4, r); j++ {
			var rows []string
			for c := range t {
				rows = append(rows, fmt.Sprintf("r%d[%d]", c, j))
			}
			counts = append(counts, "bits.OnesCount64("+strings.Join(rows, "|")+")")
		}
		b.p("\t\tn += uint64(%s)\n", strings.Join(counts, " + "))
	}
}

// goOrKernel writes the Go kernel of orRows of rows of r words: the row an
// array of a size the compiler knows, and each row of dst and src one,
// checked once.
func goOrKernel(b *goFile, s *isa, r int) {
	b.p("func %s(dst, src, row []uint64) {\n", orRowsName(s, r))
	b.p("\tw := (*[%d]uint64)(row)\n", r)
	b.p("\tfor at := 0; at+%d <= len(dst); at += %d {\n", r, r)
	b.p("\t\td, s := (*[%d]uint64)(dst[at:]), (*[%d]uint64)(src[at:])\n", r, r)
	for i := range r {
		b.p("\t\td[%d] = s[%d] | w[%d]\n", i, i, i)
	}
	b.p("\t}\n}\n\n")
}

// writeArch writes the Go file of arch, whose instruction sets are sets
// and whose assembly f holds: the kernel sets, best first, with the
// features they need; the kernels that list half-boards and transpose
// keys; and the declarations of the assembly.
func writeArch(b *goFile, arch string, sets []*isa, f *asmFile) {
	b.p("%s\n//go:build !purego\n\npackage join\n\n", generatedBy)
	needs := map[string][]string{}
	for _, fn := range f.funcs {
		needs[fn.name] = fn.needs
	}
	// gate returns the isa.Set of what the functions of names need.
	gate := func(names ...string) string {
		var all []string
		for _, n := range names {
			for _, f := range needs[n] {
				if !slices.Contains(all, f) {
					all = append(all, f)
				}
			}
		}
		slices.Sort(all)
		for i, f := range all {
			all[i] = "isa." + f
		}
		return "isa.Set{" + strings.Join(all, ", ") + "}"
	}
	b.p("import \"github.com/gonqueens/nqueens/internal/isa\"\n\n")
	b.p("// archKernels are the kernel sets of %s, as a processor tries them,\n", arch)
	b.p("// each gated on every feature its kernels' instructions use.\n")
	b.p("var archKernels = []kernelSet{\n")
	for _, s := range sets {
		var names []string
		for _, fn := range f.funcs {
			if fn.set == s && fn.kind == clashesKind {
				names = append(names, fn.name)
			}
		}
		for _, r := range s.rows() {
			names = append(names, orRowsName(s, r))
		}
		b.p("\t{name: %q, layout: &layout%s, needs: %s, clash: &clash%s, or: &or%s},\n", s.name, s.ident, gate(names...), s.ident, s.ident)
	}
	b.p("}\n\n")
	var pairs, transposes []asmFunc
	for _, fn := range f.funcs {
		switch fn.kind {
		case pairsKind:
			pairs = append(pairs, fn)
		case transposeKind:
			transposes = append(transposes, fn)
		}
	}
	b.p("// archPairs are the kernels of %s that list half-boards, as a\n", arch)
	b.p("// processor tries them.\n")
	b.p("var archPairs = []pairsKind{\n")
	for _, p := range pairs {
		b.p("\t{name: %q, needs: %s, run: %s},\n", p.set.name, gate(p.name), p.name)
	}
	b.p("}\n\n")
	b.p("// archTransposes are the kernels of %s that transpose keys, as a\n", arch)
	b.p("// processor tries them (archTranspose calls them).\n")
	b.p("var archTransposes = []transposeKind{\n")
	for _, t := range transposes {
		b.p("\t{name: %q, needs: %s},\n", t.set.name, gate(t.name))
	}
	b.p("}\n\n")
	b.p("// archTranspose runs kernel k of archTransposes: called directly, not\n")
	b.p("// through a variable, so that rows, which it does not keep, stays on\n")
	b.p("// the caller's stack.\n")
	b.p("func archTranspose(k int, dst, keys *uint64, words, bytes int, rows *[64]int) {\n")
	b.p("\tswitch k {\n")
	for i, t := range transposes {
		b.p("\tcase %d:\n\t\t%s(dst, keys, words, bytes, rows)\n", i, t.name)
	}
	b.p("\t}\n}\n\n")
	for _, s := range sets {
		clashTable(b, "clash"+s.ident, "the "+s.name+" kernels", s)
		orTable(b, "or"+s.ident, s, s.rows())
	}
	for _, fn := range f.funcs {
		for _, d := range fn.doc {
			b.p("// %s\n", d)
		}
		b.p("//go:noescape\nfunc %s%s\n\n", fn.name, fn.signature)
	}
}

// writeNoAsm writes the Go file of the builds without assembly: no kernel
// sets but the Go kernels.
func writeNoAsm(b *goFile, arches []string) {
	b.p("%s\n//go:build purego || !(%s)\n\npackage join\n\n", generatedBy, strings.Join(arches, " || "))
	b.p("// No kernel of an architecture's runs: the Go kernels do.\n")
	b.p("var (\n\tarchKernels    []kernelSet\n\tarchPairs      []pairsKind\n\tarchTransposes []transposeKind\n)\n\n")
	b.p("// archTranspose is never called: there is no kernel to run.\n")
	b.p("func archTranspose(k int, dst, keys *uint64, words, bytes int, rows *[64]int) {}\n")
}
