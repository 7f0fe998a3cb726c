package main

import "fmt"

// The matching kernel, written once for every instruction set with
// assembly: for each key, the row of each table that the key's piece
// picks, ORed a vector at a time, and counted as the instruction set
// counts; the sum over the keys returned. A row of up to isa.unroll() is
// read unrolled, by a kernel for its length; a longer one in a loop over
// its vectors, by one kernel for every length. A unit is what the kernel
// needs of a back end.

// A unit is an instruction set's back end for the matching kernel. Its
// vector registers are named by number, and each instruction names them
// by the size it reads and writes.
type unit interface {
	// head loads the kernel's arguments into registers: the tables'
	// address, the keys' and how many keys are left.
	head(fn *function) (tables, keys, left string)
	// prepare readies what offsets needs, for t tables of width bits
	// and rows of rowBytes, before the kernel's loops.
	prepare(fn *function, tables string, t, width, rowBytes int)
	// readKey reads the key at keys into key, and moves keys on to the
	// next.
	readKey(fn *function, keys, key string)
	// offsets sets offs[c] to where the row of table c that piece c of
	// key picks is, for row: the value of the piece, width bits from
	// width·c up, times rowBytes, from the table's first row or from the
	// tables'.
	offsets(fn *function, key string, offs []string, width, rowBytes int)
	// row sets the vector x, of size bytes, to the OR of the size bytes at
	// disp bytes into the rows that offs pick, rowBytes long, one of each
	// table of width bits.
	row(fn *function, x, tables string, offs []string, width, rowBytes, disp, size int)
	// while writes a loop that runs body while left holds least keys or
	// more, taking least from it each time.
	while(fn *function, left string, least int, label string, body func())
	// counter returns the counter of vectors of size bytes, made of pack
	// rows each.
	counter(fn *function, size, pack int) counter
	// vector returns the bytes of the vectors that the kernel reads rows
	// of rowBytes in, and how many rows make one: a row shorter than a
	// vector is read in a vector of its size, or packed into a whole one.
	vector(rowBytes int) (size, pack int)
	// insert sets the upper half of x, a vector of size bytes, to the
	// lower half of y.
	insert(fn *function, x, y string, size int)

	// addresses sets offs[c] to the address of the row of table c that
	// piece c of key picks, for rows of the kernel's argument words.
	addresses(fn *function, key, tables string, offs []string, width int)
	// eachVector writes a loop over the vectors of size bytes of the rows
	// that offs address, in which body gets each vector's OR, with i
	// spare.
	eachVector(fn *function, offs []string, i string, size int, body func(x string))
	// loopVector returns the bytes of the vectors of a looping kernel.
	loopVector() int

	// The kernels of orRows (lay.go).

	// arg loads the kernel's argument at from, a slot of its frame, into
	// the register to.
	arg(fn *function, from, to string)
	// orVector returns the bytes of the vectors that rows of rowBytes
	// are ORed in.
	orVector(rowBytes int) int
	// hold loads the row at row, rowBytes long, into vectors of size
	// bytes, and returns them.
	hold(fn *function, row string, rowBytes, size int) []string
	// orRow writes at dst the OR of the row at src and the vectors held,
	// of size bytes each, and moves dst and src on past the row.
	orRow(fn *function, dst, src string, held []string, size int)
	// ret returns from the kernel.
	ret(fn *function)
}

// A counter adds up the bits set of vectors.
type counter interface {
	// round returns the keys of a round, whose rows of n vectors each
	// the counter adds up together: 0 if it counts each key alone.
	round(n int) int
	// add adds the vector x of a round in, and frees it.
	add(x string)
	// flush adds what the rounds leave in the counter's own registers to
	// the sum.
	flush()
	// startKey starts a key counted alone, whose vectors key adds in
	// after it.
	startKey()
	// key adds the vector x, of size bytes, of a key counted alone in,
	// and frees it.
	key(x string, size int)
	// endKey ends a key counted alone.
	endKey()
	// sum writes the sum to the kernel's result and returns.
	sum()
}

// clashName returns the name of the kernel of s for t tables of width
// bits and rows of words words, or, for 0 words, the looping kernel.
func clashName(s *isa, width, t, words int) string {
	if words == 0 {
		return fmt.Sprintf("clashes%s%dx%d", s.ident, width, t)
	}
	return fmt.Sprintf("clashes%s%dx%dr%d", s.ident, width, t, words)
}

// clashDoc returns the doc of the kernel of s for t tables of width bits
// and rows of words words, or for 0, the looping kernel.
func clashDoc(s *isa, width, t, words int) string {
	rows := fmt.Sprintf("rows of %d words", words)
	if words == 0 {
		rows = "rows of the words given"
	}
	return fmt.Sprintf("%s is clashesGo for %d tables of %d, %s.", clashName(s, width, t, words), t, width, rows)
}

// clashSignature is the Go signature of every matching kernel, the
// clashKernel type of the join: words is the words of a row, which a
// kernel of one length need not read.
const clashSignature = "(tables []uint64, words int, keys []uint64) int"

// clashFrame is the bytes of a matching kernel's arguments and result.
const clashFrame = 64

// writeClash writes the kernel of s for t tables of width bits, rows of
// words words, unrolled, with the unit u.
func writeClash(fn *function, s *isa, u unit, width, t, words int) {
	tables, keys, left := u.head(fn)
	rowBytes := 8 * words
	u.prepare(fn, tables, t, width, rowBytes)
	offs, key := fn.gp.gets(t), fn.gp.get()
	size, pack := u.vector(rowBytes)
	n := rowBytes * pack / size // vectors of a key's row, or 1 for pack keys
	c := u.counter(fn, size, pack)
	// rows ORs the vectors of the next key's row, or of pack keys' into
	// one, and hands each to c.
	rows := func() {
		if pack == 1 {
			u.readKey(fn, keys, key)
			u.offsets(fn, key, offs, width, rowBytes)
			for i := range n {
				x := fn.vec.get()
				u.row(fn, x, tables, offs, width, rowBytes, i*size, size)
				c.add(x)
			}
			return
		}
		x := fn.vec.get()
		for p := range pack {
			y := x
			if p > 0 {
				y = fn.vec.get()
			}
			u.readKey(fn, keys, key)
			u.offsets(fn, key, offs, width, rowBytes)
			u.row(fn, y, tables, offs, width, rowBytes, 0, rowBytes)
			if p > 0 {
				u.insert(fn, x, y, size)
				fn.vec.put(y)
			}
		}
		c.add(x)
	}
	if round := c.round(n); round > 0 {
		u.while(fn, left, round, "round", func() {
			for range round / pack {
				rows()
			}
		})
		c.flush()
	}
	// The keys left, one at a time: a packed vector's rows read alone.
	u.while(fn, left, 1, "key", func() {
		u.readKey(fn, keys, key)
		u.offsets(fn, key, offs, width, rowBytes)
		size := min(size, rowBytes)
		c.startKey()
		for i := range rowBytes / size {
			x := fn.vec.get()
			u.row(fn, x, tables, offs, width, rowBytes, i*size, size)
			c.key(x, size)
		}
		c.endKey()
	})
	fn.gp.put(append(offs, key)...)
	c.sum()
}

// writeClashLoop writes the looping kernel of s for t tables of width
// bits, for rows of the words given, with the unit u: each key's rows'
// addresses worked out from the words, and its vectors read in a loop.
func writeClashLoop(fn *function, s *isa, u unit, width, t int) {
	tables, keys, left := u.head(fn)
	offs, key := fn.gp.gets(t), fn.gp.get()
	size := u.loopVector()
	c := u.counter(fn, size, 1)
	u.while(fn, left, 1, "key", func() {
		u.readKey(fn, keys, key)
		u.addresses(fn, key, tables, offs, width)
		c.startKey()
		u.eachVector(fn, offs, key, size, func(x string) { c.key(x, size) })
		c.endKey()
	})
	fn.gp.put(append(offs, key)...)
	c.sum()
}

// writeClashes writes every matching kernel of s to f, with u: for each
// width and number of tables, a kernel for each row of up to
// s.unroll() words, and the looping kernel for longer ones if s has any.
func writeClashes(f *asmFile, s *isa, u unit, features func(string, []string) []string, gp, vec []string) {
	rows, loop := s.unrolled()
	for _, width := range widths {
		for t := 1; t <= tablesOf(width); t++ {
			for _, words := range rows {
				fn := f.begin(s, clashesKind, clashName(s, width, t, words), features, gp, vec)
				writeClash(fn, s, u, width, t, words)
				fn.end(clashSignature, clashFrame, clashDoc(s, width, t, words))
			}
			if loop {
				fn := f.begin(s, clashesKind, clashName(s, width, t, 0), features, gp, vec)
				writeClashLoop(fn, s, u, width, t)
				fn.end(clashSignature, clashFrame, clashDoc(s, width, t, 0))
			}
		}
	}
}
