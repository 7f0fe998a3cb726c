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
		case strings.HasPrefix(name, "clashes") && strings.Contains(name, "x512"), strings.HasPrefix(name, "orRowsx512"):
			gate = avx512Needs
		case strings.HasPrefix(name, "clashes") && strings.Contains(name, "x256"), strings.HasPrefix(name, "orRowsx256"):
			gate = avx2Needs
		case name == "pairsx512":
			gate = pairsNeeds
		case name == "pairsx256":
			gate = pairs256Needs
		case name == "transposex512":
			gate = transposeNeeds
		case name == "transposex256":
			gate = transpose256Needs
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
// AVX-512 ones would be chosen, as on a processor without AVX-512.
func TestJoinMatchAVX2(t *testing.T) {
	if !avx512Needs.Has() {
		t.Skip("TestJoinMatch ran the kernels this processor has")
	}
	defer func(k, m, s, sh int, p, tr bool) {
		matchKernels, wordsMultiple, rowWords, shortWords = k, m, s, sh
		widePairs, wideTranspose = p, tr
	}(matchKernels, wordsMultiple, rowWords, shortWords, widePairs, wideTranspose)
	matchKernels, wordsMultiple, rowWords, shortWords = kernelsFor(false, true)
	widePairs, wideTranspose = false, false
	TestJoinMatch(t)
}

// TestClashKernels checks that the generated tables hold a kernel for
// every width, number of tables and length of a row: the generator's
// -tables and -vectors, maxTables and maxRowVectors agree. The AVX2
// kernels take tables of 9 too, as many as a key's 64 bits hold.
func TestClashKernels(t *testing.T) {
	for i, width := range []int{8, 4, 9} {
		for ntables := 1; ntables <= maxTables && ntables*width <= 64; ntables++ {
			if avx2ShortKernels[i][ntables] == nil {
				t.Errorf("no AVX2 kernel of %d tables of width %d, short rows: run go generate", ntables, width)
			}
			for v := 1; v <= 2*maxRowVectors; v++ {
				if avx2Kernels[i][ntables][v] == nil {
					t.Errorf("no AVX2 kernel of %d tables of width %d, rows of %d vectors: run go generate with -tables %d -vectors %d",
						ntables, width, v, maxTables, maxRowVectors)
				}
			}
			for v := 1; v <= maxRowVectors && width != 9; v++ {
				if avx512Kernels[i][ntables][v] == nil {
					t.Errorf("no AVX-512 kernel of %d tables of width %d, rows of %d vectors: run go generate with -tables %d -vectors %d",
						ntables, width, v, maxTables, maxRowVectors)
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
		keys := make([]uint64, r.IntN(200))
		for i := range keys {
			keys[i] = r.Uint64()
		}
		if got, want := kernel(tables, keys), clashesGo(tables, words, ntables, width, keys); got != want {
			t.Errorf("%s, %d words a row, %d keys: %d clashes, clashesGo %d", name, words, len(keys), got, want)
		}
	}
	for i, width := range []int{8, 4, 9} {
		for ntables := 1; ntables <= maxTables && ntables*width <= 64; ntables++ {
			if avx512Needs.Has() && width != 9 {
				for v := 1; v <= maxRowVectors; v++ {
					check(fmt.Sprintf("AVX-512, %d tables of %d", ntables, width), 8*v, ntables, width, func(tables, keys []uint64) int {
						return avx512Kernels[i][ntables][v](&tables[0], keys)
					})
				}
			}
			if avx2Needs.Has() {
				check(fmt.Sprintf("AVX2, %d tables of %d", ntables, width), 2, ntables, width, func(tables, keys []uint64) int {
					return avx2ShortKernels[i][ntables](&tables[0], keys)
				})
				for v := 1; v <= 2*maxRowVectors; v++ {
					check(fmt.Sprintf("AVX2, %d tables of %d", ntables, width), 4*v, ntables, width, func(tables, keys []uint64) int {
						return avx2Kernels[i][ntables][v](&tables[0], keys)
					})
				}
			}
		}
	}
}

// TestOrKernels checks the kernels that lay out tables, AVX-512 and
// AVX2 where the processor runs them, against orRowsGo, on rows of each
// length they take.
func TestOrKernels(t *testing.T) {
	type kind struct {
		name    string
		runs    bool
		words   int // a vector's
		kernels []orKernel
	}
	kinds := []kind{
		{"AVX-512", matchKernels == avx512Kind, 8, orKernels[:]},
		{"AVX2", avx2Needs.Has(), 4, orKernels256[:]},
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, k := range kinds {
		if !k.runs {
			t.Logf("no %s kernel runs on this processor", k.name)
			continue
		}
		for v := 1; v < len(k.kernels); v++ {
			checkOrRows(t, r, k.name, k.words*v, func(dst, src, row []uint64) bool {
				k.kernels[v](&dst[0], &src[0], &row[0], len(dst)/len(row))
				return true
			})
		}
	}
}

// TestPairsKernel checks pairsx512 and pairsx256, where the processor
// runs them, against pairsGo.
func TestPairsKernel(t *testing.T) {
	kernels := map[string]func(dst *uint64, keys []uint64, bounds []uint32, south *uint64) int{}
	if widePairs {
		kernels["pairsx512"] = pairsx512
	}
	if avx2Pairs {
		kernels["pairsx256"] = pairsx256
	}
	if len(kernels) == 0 {
		t.Skip("no kernel lists half-boards on this processor")
	}
	r := rand.New(rand.NewPCG(9, 10))
	for name, kernel := range kernels {
		checkPairs(t, r, name, func(out []uint64, sp *spanList, south []uint64) (int, bool) {
			if len(sp.keys) == 0 {
				return 0, true
			}
			return kernel(&out[0], sp.keys, sp.bounds, &south[0]), true
		})
	}
}

// TestTransposeKernel checks transposex512 and transposex256, where the
// processor runs them, against transposeGo.
func TestTransposeKernel(t *testing.T) {
	kinds := []struct {
		name string
		runs *bool
	}{{"transposex512", &wideTranspose}, {"transposex256", &avx2Transpose}}
	defer func(wide, avx2 bool) { wideTranspose, avx2Transpose = wide, avx2 }(wideTranspose, avx2Transpose)
	r := rand.New(rand.NewPCG(11, 12))
	for i, k := range kinds {
		if !*k.runs {
			t.Logf("%s does not run on this processor", k.name)
			continue
		}
		// archTranspose runs the first kind the processor runs: those
		// before this one off.
		for _, other := range kinds[:i] {
			*other.runs = false
		}
		checkTranspose(t, r, k.name)
	}
}
