package join

// The contract of the matching kernels, and the call of one. A west
// half-board clashes with the east half-boards that share a diagonal with
// it; the east ones are laid out in tables (table.go), and a kernel counts
// the clashes of many west half-boards at once. Every set of kernels
// (kernels.go) takes the rows its layout lays out, and the Go kernels
// take any.

// clashes returns the sum, over keys, of the bits set in the OR of the
// rows of tables that the key's ntables pieces of width bits (8, 4 or 9)
// pick, piece c picking the row of its value v in table c, at
// tables[(c<<width+v)·words:]: with the kernel of k for its width,
// ntables and words, else with clashesGo. An east half-board of a row's
// word clashes with the key when its bit is set in a row of one of the
// key's values.
func (k *kernelSet) clashes(tables []uint64, words, ntables, width int, keys []uint64) int {
	if i := widthIndex(width); len(keys) > 0 && i >= 0 && words > 0 && words <= maxRowWords &&
		ntables > 0 && ntables <= maxTables && len(tables) >= ntables<<width*words {
		if kernel := k.clash[i][ntables][words]; kernel != nil {
			return kernel(tables[:ntables<<width*words], words, keys)
		}
	}
	return clashesGo(tables, words, ntables, width, keys)
}

// clashesStrided is clashes over words words of each row, for rows
// stride words apart, as long as their tables' block makes them, of
// which tables starts at the first word to read: with a Go kernel of
// zkernels.go where tables holds as many words as tables of rows of
// maxRowWords words, else with clashesGoStrided. Rows stride words long
// take clashes.
func (k *kernelSet) clashesStrided(tables []uint64, stride, words, ntables, width int, keys []uint64) int {
	if stride == words {
		return k.clashes(tables, words, ntables, width, keys)
	}
	if i := widthIndex(width); len(keys) > 0 && i >= 0 && words > 0 && words <= stride && stride <= maxRowWords &&
		ntables > 0 && ntables <= maxTables && len(tables) >= ntables<<width*maxRowWords {
		if kernel := clashGoStrided[i][ntables][words]; kernel != nil {
			return kernel(tables, stride, words, keys)
		}
	}
	return clashesGoStrided(tables, stride, words, ntables, width, keys)
}

// orRows sets each row of dst to the OR of the row as far into src and
// of row, all of them len(row) words long: with the kernel of k for the
// rows' length, else with orRowsGo.
func (k *kernelSet) orRows(dst, src, row []uint64) {
	switch words := len(row); {
	case len(dst) == 0:
	case words <= maxRowWords && k.or[words] != nil && len(dst)%words == 0 && len(src) >= len(dst):
		k.or[words](dst, src[:len(dst)], row)
	default:
		orRowsGo(dst, src, row)
	}
}

// wordsFor returns the words of a row of the tables of keys east
// half-boards, 64 a word, as l lays them out; a block of more than
// 64·maxRowWords, which tests make, takes as many as it needs.
func (l *layout) wordsFor(keys int) int {
	if w := (keys + 63) / 64; w > maxRowWords {
		return w
	}
	return int(l.rows[(keys+63)/64])
}
