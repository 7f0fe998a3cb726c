package join

//go:generate go run gen_match.go -tables 8 -words 32
//go:generate go run -C ../../tools ./matchasm -tables 8 -vectors 4 -out ../internal/join/zmatch_amd64.s -stubs ../internal/join/zmatch_amd64.go -table ../internal/join/zmatchtable_amd64.go -pkg join

// The join's kernels: their contract, and the choice of a kernel. A west
// half-board clashes with the east half-boards that share a diagonal with
// it; the east ones are laid out in tables (table.go), and a kernel counts
// the clashes of many west half-boards at once. The Go kernels
// (gokernels.go, and zmatch.go, which gen_match.go writes) run on every
// architecture; an architecture with kernels of its own (amd64:
// kernels_amd64.go, with the assembly of zmatch_amd64.s, which
// tools/matchasm writes) runs them where the processor is able to, and
// kernels_otherarch.go stands for every other one, and for the purego
// build tag. An architecture's file defines, for the join's files:
//
//   - wordsMultiple, rowWords and shortWords: the multiple of words of
//     the rows of a join's tables, the most words of a row it lays out at
//     once, for the kernels that run (blockFor takes the block of east
//     half-boards from them), and the words of a short row, fewer than
//     the multiple, that a block of few east half-boards takes (0: none);
//   - nineWide: whether the wide tables of a join are 9 diagonals wide
//     where that takes fewer tables than 8 (wideWidth): where a query
//     costs its loads and ORs, a row a table, more than laying out the
//     tables' rows, twice as many a table, costs, as with the Go and the
//     AVX2 kernels (docs/engine.md has the figures);
//   - smallBuckets: whether the large boards' sieve makes small buckets,
//     as pays where a query costs each word of its rows (sieveFor);
//   - northSieve: whether the splits too small to sieve are sieved on
//     diagonals of west north quarters, which pays there too, with rows
//     as long as their half-boards (northsieve.go);
//   - archClashes(tables, words, ntables, width, keys) (n int, ok bool):
//     clashes with a kernel of its own, arguments checked, ok false where
//     none runs for them;
//   - archOrRows(dst, src, row) bool: orRows with a kernel of its own,
//     reporting whether one ran;
//   - archPairs(out, sp, south) (int, bool): pairs, the listing of
//     half-boards, likewise;
//   - archTranspose(tables, keys, bytes, rows) int: the words of the rows
//     of the single diagonals that a kernel of its own laid out, as
//     transposeGo lays them, all of them or none;
//   - Kernels() (match, pairs, transpose string): the names of the kernels
//     that run, "go" for the Go ones.
//
// Adding an architecture's kernels is adding its files, and its name to
// the build constraint of kernels_otherarch.go; the tests of every kernel
// against the Go one (TestArchKernels, TestGoKernels) run on every
// architecture.

// clashes returns the sum, over keys, of the bits set in the OR of the
// rows of tables that the key's ntables pieces of width bits (8, 4 or 9)
// pick, piece c picking the row of its value v in table c, at
// tables[(c<<width+v)·words:], words a multiple of wordsMultiple or
// shortWords: with the architecture's kernel where the processor runs
// one, else with a Go kernel, or clashesGo for rows no kernel takes. An
// east half-board of a row's word clashes with the key when its bit is
// set in a row of one of the key's values.
func clashes(tables []uint64, words, ntables, width int, keys []uint64) int {
	if len(keys) == 0 || words == 0 || ntables == 0 || ntables > maxTables ||
		len(tables) < ntables<<width*words || words%wordsMultiple != 0 && words != shortWords || (width != 8 && width != 4 && width != 9) {
		return clashesGo(tables, words, ntables, width, keys)
	}
	if n, ok := archClashes(tables, words, ntables, width, keys); ok {
		return n
	}
	if goRow(words) {
		if k := goKernels[widthIndex(width)][ntables][words]; k != nil {
			return k(tables, keys)
		}
	}
	return clashesGo(tables, words, ntables, width, keys)
}

// clashesStrided is clashes over words words of each row, for rows
// stride words apart, as long as their tables' block makes them, of
// which tables starts at the first word to read: with a generated Go
// kernel where tables holds as many words as tables of rows of goRowWords
// words, else with clashesGoStrided. Rows stride words long take
// clashes.
func clashesStrided(tables []uint64, stride, words, ntables, width int, keys []uint64) int {
	if stride == words {
		return clashes(tables, words, ntables, width, keys)
	}
	if len(keys) > 0 && goRow(words) && goRow(stride) && words <= stride && ntables > 0 && ntables <= maxTables &&
		(width == 8 || width == 9) && len(tables) >= ntables<<width*goRowWords {
		if k := goStridedKernels[widthIndex(width)][ntables][words]; k != nil {
			return k(tables, stride, keys)
		}
	}
	return clashesGoStrided(tables, stride, words, ntables, width, keys)
}

// goRow reports whether the generated Go kernels (zmatch.go) take rows of
// words words.
func goRow(words int) bool { return words > 0 && words <= goRowWords }
