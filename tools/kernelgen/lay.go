package main

import "fmt"

// The kernel of orRows, written once for every instruction set with
// assembly, against the unit of its back end: a row of a table is held
// in vectors, and ORed into each row of another table, a row at a time,
// as the join lays out tables of 8 diagonals from those of their single
// diagonals (table.go's lay).

// orRowsName returns the name of s's kernel of orRows for rows of words
// words.
func orRowsName(s *isa, words int) string { return fmt.Sprintf("orRows%sr%d", s.ident, words) }

// orRowsSignature is the Go signature of every kernel of orRows, the
// orKernel type of the join: dst and src hold whole rows.
const orRowsSignature = "(dst, src, row []uint64)"

// orRowsDoc returns the doc of a kernel of orRows.
func orRowsDoc(s *isa, words int) []string {
	return []string{
		fmt.Sprintf("%s sets each of rows rows of %d words from dst on to", orRowsName(s, words), words),
		fmt.Sprintf("the OR of the row as far from src and of row, with %s.", s.name),
	}
}

// writeOrRows writes the kernels of orRows of s to f with u, one for
// each length of row that s takes.
func writeOrRows(f *asmFile, s *isa, u unit, features func(string, []string) []string, gp, vec []string) {
	for _, words := range s.rows() {
		fn := f.begin(s, orRowsKind, orRowsName(s, words), features, gp, vec)
		dst, src, row, left := fn.gp.get(), fn.gp.get(), fn.gp.get(), fn.gp.get()
		u.arg(fn, "dst_base+0(FP)", dst)
		u.arg(fn, "dst_len+8(FP)", left)
		u.arg(fn, "src_base+24(FP)", src)
		u.arg(fn, "row_base+48(FP)", row)
		size := u.orVector(8 * words)
		held := u.hold(fn, row, 8*words, size)
		// left counts the words of dst down, a row at a time.
		u.while(fn, left, words, "row", func() { u.orRow(fn, dst, src, held, size) })
		u.ret(fn)
		fn.end(orRowsSignature, 72, orRowsDoc(s, words)...)
	}
}
