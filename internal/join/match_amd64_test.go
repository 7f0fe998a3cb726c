//go:build !purego

package join

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gonqueens/nqueens/internal/isa"
)

// TestGates holds the feature lists that gate the kernels to the
// assembly: every feature that a kernel's Requires comment lists is in
// the gate of its kind.
func TestGates(t *testing.T) {
	asm, err := os.ReadFile("zmatch_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	needs := isa.Requires(asm)
	if len(needs) == 0 {
		t.Fatal("zmatch_amd64.s defines no kernel with its Requires comment")
	}
	for name, requires := range needs {
		var gate isa.Set
		switch {
		case strings.HasPrefix(name, "clashes") && strings.Contains(name, "x512"), strings.HasPrefix(name, "orRows"):
			gate = avx512Needs
		case strings.HasPrefix(name, "clashes") && strings.Contains(name, "x256"):
			gate = avx2Needs
		case name == "pairsx512":
			gate = pairsNeeds
		case name == "transposex512":
			gate = transposeNeeds
		default:
			t.Errorf("%s: a kernel of no known gate", name)
			continue
		}
		for _, f := range requires {
			if !slices.Contains(gate.Names(), f) {
				t.Errorf("%s requires %s, which its gate %v does not check", name, f, gate.Names())
			}
		}
	}
}

// TestJoinMatchAVX2 runs TestJoinMatch on the AVX2 kernels where the
// AVX-512 ones would be chosen, with the half-boards listed and the
// tables laid out in Go, as on a processor without AVX-512.
func TestJoinMatchAVX2(t *testing.T) {
	if !avx512Needs.Has() {
		t.Skip("TestJoinMatch ran the kernels this processor has")
	}
	defer func(k, m, s int, p, tr bool) {
		matchKernels, wordsMultiple, rowWords = k, m, s
		widePairs, wideTranspose = p, tr
	}(matchKernels, wordsMultiple, rowWords, widePairs, wideTranspose)
	matchKernels, wordsMultiple, rowWords = kernelsFor(false, true)
	widePairs, wideTranspose = false, false
	TestJoinMatch(t)
}

// TestClashKernels checks that the generated tables hold a kernel for
// every width, number of tables and length of a row: the generator's
// -tables and -vectors, maxTables and maxRowVectors agree.
func TestClashKernels(t *testing.T) {
	for narrow := range 2 {
		for ntables := 1; ntables <= maxTables; ntables++ {
			for v := 1; v <= 2*maxRowVectors; v++ {
				if avx2Kernels[narrow][ntables][v] == nil {
					t.Errorf("no AVX2 kernel of %d tables of width %d, rows of %d vectors: run go generate with -tables %d -vectors %d",
						ntables, 8>>narrow, v, maxTables, maxRowVectors)
				}
			}
			for v := 1; v <= maxRowVectors; v++ {
				if avx512Kernels[narrow][ntables][v] == nil {
					t.Errorf("no AVX-512 kernel of %d tables of width %d, rows of %d vectors: run go generate with -tables %d -vectors %d",
						ntables, 8>>narrow, v, maxTables, maxRowVectors)
				}
			}
		}
	}
}

// TestKernels checks every assembly kernel that the processor runs
// against clashesGo, on random tables and keys, on rows of each length
// they take.
func TestKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	check := func(name string, words, ntables, width int, kernel func(tables []uint64, keys []uint64) int) {
		tables := make([]uint64, ntables<<width*words)
		for i := range tables {
			tables[i] = r.Uint64() & r.Uint64()
		}
		keys := make([]uint64, r.IntN(50))
		for i := range keys {
			keys[i] = r.Uint64()
		}
		if got, want := kernel(tables, keys), clashesGo(tables, words, ntables, width, keys); got != want {
			t.Errorf("%s, %d words a row, %d keys: %d clashes, clashesGo %d", name, words, len(keys), got, want)
		}
	}
	for narrow, width := range []int{8, 4} {
		for ntables := 1; ntables <= maxTables; ntables++ {
			if avx512Needs.Has() {
				for v := 1; v <= maxRowVectors; v++ {
					check(fmt.Sprintf("AVX-512, %d tables of %d", ntables, width), 8*v, ntables, width, func(tables, keys []uint64) int {
						return avx512Kernels[narrow][ntables][v](&tables[0], keys)
					})
				}
			}
			if avx2Needs.Has() {
				for v := 1; v <= 2*maxRowVectors; v++ {
					check(fmt.Sprintf("AVX2, %d tables of %d", ntables, width), 4*v, ntables, width, func(tables, keys []uint64) int {
						return avx2Kernels[narrow][ntables][v](&tables[0], keys)
					})
				}
			}
		}
	}
}

// TestOrKernels checks the AVX-512 kernels that lay out tables against
// orRowsGo, on rows of each length they take.
func TestOrKernels(t *testing.T) {
	if matchKernels != avx512Kind {
		t.Skip("no AVX-512 kernel runs on this processor")
	}
	r := rand.New(rand.NewPCG(7, 8))
	for v := 1; v <= maxRowVectors; v++ {
		for _, rows := range []int{1, 2, 7, 127} {
			words := 8 * v
			src, row := make([]uint64, rows*words), make([]uint64, words)
			for i := range src {
				src[i] = r.Uint64()
			}
			for i := range row {
				row[i] = r.Uint64()
			}
			got, want := make([]uint64, rows*words), make([]uint64, rows*words)
			if !archOrRows(got, src, row) {
				t.Fatalf("no kernel ran for rows of %d words", words)
			}
			orRowsGo(want, src, row)
			if !slices.Equal(got, want) {
				t.Errorf("%d rows of %d words: the kernel's differ from orRowsGo's", rows, words)
			}
		}
	}
}

// TestPairsKernel checks pairsx512 against pairsGo, on spans of 1 to 40
// random keys, some of them the last keys of south, with north keys of
// few bits so that about half the pairs are kept.
func TestPairsKernel(t *testing.T) {
	if !widePairs {
		t.Skip("no AVX-512 kernel lists half-boards on this processor")
	}
	r := rand.New(rand.NewPCG(9, 10))
	south := make([]uint64, 1000)
	for i := range south {
		south[i] = r.Uint64() & r.Uint64() & r.Uint64()
	}
	for range 200 {
		var sp spanList
		most := 0
		for range r.IntN(20) {
			lo := r.IntN(len(south))
			hi := min(len(south), lo+1+r.IntN(40))
			a, b := r.IntN(64), r.IntN(64) // a north key of one or two bits
			sp.add(1<<a|1<<b, lo, hi)
			most += hi - lo
		}
		got, want := make([]uint64, most+8), make([]uint64, most+8)
		n, ok := archPairs(got, &sp, south)
		if !ok {
			t.Fatal("no kernel ran")
		}
		if m := pairsGo(want, &sp, south); n != m || !slices.Equal(got[:n], want[:m]) {
			t.Fatalf("%d spans: the kernel lists %d keys, %x; pairsGo %d, %x", len(sp.keys), n, got[:n], m, want[:m])
		}
	}
}

// TestTransposeKernel checks transposex512 against transposeGo, on 1 to
// 300 random keys (whole words and a last one cut short), 1 to 8 bytes
// of them, the rows of each diagonal at random places.
func TestTransposeKernel(t *testing.T) {
	if !wideTranspose {
		t.Skip("no AVX-512 kernel lays out tables on this processor")
	}
	r := rand.New(rand.NewPCG(11, 12))
	for range 100 {
		keys := make([]uint64, 1+r.IntN(300))
		for i := range keys {
			keys[i] = r.Uint64()
		}
		words, bytes := (len(keys)+63)/64, 1+r.IntN(8)
		var rows [64]int
		for d, at := range r.Perm(64) {
			rows[d] = at * words
		}
		got, want := make([]uint64, 64*words), make([]uint64, 64*words)
		if w := archTranspose(got, keys, bytes, &rows); w != words {
			t.Fatalf("%d keys: the kernel wrote %d words of %d", len(keys), w, words)
		}
		transposeGo(want, keys, words, bytes, 0, &rows)
		if !slices.Equal(got, want) {
			t.Fatalf("%d keys, %d bytes: the kernel's rows differ from transposeGo's", len(keys), bytes)
		}
	}
}
