package join

import "math/bits"

//go:generate go run -C ../../tools ./matchasm -tables 8 -vectors 4 -out ../internal/join/zmatch_amd64.s -stubs ../internal/join/zmatch_amd64.go -table ../internal/join/zmatchtable_amd64.go -pkg join

// The join's matching kernels: the contract, the Go kernel that defines
// it, and the choice of a kernel. A west half-board clashes with the east
// half-boards that share a diagonal with it; the east ones are laid out in
// tables (table.go), and a kernel counts the clashes of many west
// half-boards at once. The assembly kernels of zmatch_amd64.s, generated
// by tools/matchasm with the table of zmatchtable_amd64.go, run where
// match_amd64.go finds the processor able to; clashesGo runs everywhere
// else, and under the purego build tag (match_otherarch.go).

// maxTables is the most tables a key takes, 8 of its bits each: the
// most rows a kernel ORs, -tables of the go:generate line above.
const maxTables = 8

// clashes returns the sum, over keys, of the bits set in the OR of the
// rows of tables that the key's ntables pieces of width bits (8 or 4)
// pick, piece c picking the row of its value v in table c, at
// tables[(c<<width+v)·words:],
// words a multiple of wordsMultiple: with an assembly kernel where the
// processor runs one, else with clashesGo. An east half-board of a row's
// word clashes with the key when its bit is set in a row of one of the
// key's values.
func clashes(tables []uint64, words, ntables, width int, keys []uint64) int {
	if len(keys) == 0 || words == 0 || ntables == 0 || ntables > maxTables ||
		len(tables) < ntables<<width*words || words%wordsMultiple != 0 || (width != 8 && width != 4) {
		return clashesGo(tables, words, ntables, width, keys)
	}
	if n, ok := archClashes(tables, words, ntables, width, keys); ok {
		return n
	}
	return clashesGo(tables, words, ntables, width, keys)
}

// clashesGo is clashes in Go: the kernel that defines what the others
// return.
func clashesGo(tables []uint64, words, ntables, width int, keys []uint64) int {
	n := 0
	var rows [maxTables][]uint64
	for _, key := range keys {
		for c := range ntables {
			v := int(key>>(width*c)) & (1<<width - 1)
			rows[c] = tables[(c<<width+v)*words:][:words]
		}
		for w := range words {
			var x uint64
			for _, r := range rows[:ntables] {
				x |= r[w]
			}
			n += bits.OnesCount64(x)
		}
	}
	return n
}
