package join

import (
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/gonqueens/nqueens/internal/isa"
)

// runnable returns the kernel sets that the processor runs, the Go
// kernels last.
func runnable() []*kernelSet {
	var sets []*kernelSet
	for i := range archKernels {
		if archKernels[i].needs.Has() {
			sets = append(sets, &archKernels[i])
		}
	}
	return append(sets, &goKernels)
}

// TestKernelSets checks every kernel of every set that the processor
// runs against the Go ones that define them, on random tables and keys:
// the matching kernels on every row of their layout, and every length of
// a looping kernel's, and the kernels of orRows; and that each set has a
// matching kernel for every row of its layout, width and number of
// tables.
func TestKernelSets(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, k := range runnable() {
		for wi, width := range widths {
			for ntables := 1; ntables <= tablesFor(width); ntables++ {
				for words := 1; words <= maxRowWords; words++ {
					kernel := k.clash[wi][ntables][words]
					if kernel == nil {
						if int(k.layout.rows[words]) == words {
							t.Errorf("%s: no kernel of %d tables of %d, rows of %d words, which its layout takes", k.name, ntables, width, words)
						}
						continue
					}
					tables, keys := randomTables(r, words, ntables, width)
					if got, want := kernel(tables, words, keys), clashesGo(tables, words, ntables, width, keys); got != want {
						t.Errorf("%s: the kernel of %d tables of %d, %d words a row, %d keys: %d clashes, clashesGo %d",
							k.name, ntables, width, words, len(keys), got, want)
					}
				}
			}
		}
		for words, or := range k.or {
			if or != nil {
				testOrRows(t, r, k.name+"'s kernel of orRows", words, or)
			}
		}
	}
}

// TestListKernels checks the kernels that list half-boards and transpose
// keys, those that the processor runs, against pairsGo and transposeGo.
func TestListKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for _, p := range archPairs {
		if p.needs.Has() {
			testPairs(t, r, p.name+"'s listing kernel", p.run)
		}
	}
	kernels()
	testPairs(t, r, "pairs", func(dst, keys []uint64, bounds []uint32, south []uint64) int {
		return len(pairs(dst[:0], &spanList{keys, bounds}, south, len(dst)-8, chosen.pairs))
	})
	for i, k := range archTransposes {
		if k.needs.Has() {
			testTranspose(t, r, k.name+"'s transposing kernel", i)
		}
	}
}

// TestLayouts checks that each layout takes, for any number of words, a
// row of its kernels of as many words or more, and its rows in the order
// of their lengths.
func TestLayouts(t *testing.T) {
	for _, l := range layouts {
		for w := 1; w <= maxRowWords; w++ {
			row := int(l.rows[w])
			if row < w || row > maxRowWords || int(l.rows[row]) != row || l.rows[w] < l.rows[w-1] {
				t.Errorf("%s: %d words take a row of %d", l.name, w, row)
			}
		}
	}
}

// TestGates holds each kernel's gate to its assembly: every feature that
// the Requires comment of a kernel of a set lists is one its set's gate
// checks.
func TestGates(t *testing.T) {
	if len(archKernels) == 0 && len(archPairs) == 0 {
		t.Skip("no assembly on this architecture")
	}
	asm, err := os.ReadFile("zkernels_" + runtime.GOARCH + ".s")
	if err != nil {
		t.Fatal(err)
	}
	needs := isa.Requires(asm)
	check := func(gate isa.Set, f any) {
		name := runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()
		name = name[strings.LastIndex(name, ".")+1:]
		requires, ok := needs[name]
		if !ok {
			t.Errorf("%s is no function of the assembly", name)
		}
		for _, f := range requires {
			if !slices.Contains(gate.Names(), f) {
				t.Errorf("%s requires %s, which its gate %v does not check", name, f, gate.Names())
			}
		}
	}
	for _, k := range archKernels {
		for _, byTables := range k.clash {
			for _, byWords := range byTables {
				for _, kernel := range byWords {
					if kernel != nil {
						check(k.needs, kernel)
					}
				}
			}
		}
		for _, or := range k.or {
			if or != nil {
				check(k.needs, or)
			}
		}
	}
	for _, p := range archPairs {
		check(p.needs, p.run)
	}
}

// TestCheckKernels checks that the kernels of a recount are none of
// those that made the count it checks, where the processor has others,
// and the Go ones for a count of kernels unknown.
func TestCheckKernels(t *testing.T) {
	if got, ok := CheckKernels(nil); !ok || got != goNames {
		t.Errorf("CheckKernels(nil) = %v, %v; want the Go kernels", got, ok)
	}
	own, _ := Kernels()
	runs := []KernelNames{goNames}
	for i := range archKernels {
		if passes(i) {
			runs = append(runs, KernelNames{archKernels[i].name, "", ""})
		}
	}
	for _, counted := range [][]KernelNames{{own}, {goNames}, runs[1:], {{"avx2", "avx2", "avx2"}}, {{"neon", "go", "go"}, own}} {
		got, ok := CheckKernels(counted)
		if !ok {
			if len(counted) < len(runs) {
				t.Errorf("CheckKernels(%v): none, where this processor runs %v", counted, runs)
			}
			continue
		}
		for _, c := range counted {
			if got.Match == c.Match || (got.Pairs == c.Pairs && got.Pairs != "go") || (got.Transpose == c.Transpose && got.Transpose != "go") {
				t.Errorf("CheckKernels(%v) = %v, which counted", counted, got)
			}
		}
		k, _, _ := checkSet(got)
		if k.name != got.Match {
			t.Errorf("checkSet(%v) matches on %s", got, k.name)
		}
	}
	if got, ok := CheckKernels(runs); ok {
		t.Errorf("CheckKernels(%v) = %v; want none, every set this processor runs counted", runs, got)
	}
}

// TestSelfCheck checks that a set whose kernel is broken fails its
// self-check, and that the next set in line replaces it and is named as
// failed: with the processor's own sets, each broken in turn where it
// runs, and with the Go kernels, broken, before themselves.
func TestSelfCheck(t *testing.T) {
	if err := goKernels.check(); err != nil {
		t.Fatalf("the Go kernels fail their self-check: %v", err)
	}
	// broken returns a copy of k whose kernel of ntables tables of the
	// first width and rows of words words counts a clash too many, on a
	// key with its top bit set.
	broken := func(k kernelSet, ntables, words int) kernelSet {
		return faulty(k, ntables, words, func(n int, keys []uint64) int {
			for _, key := range keys {
				n += int(key >> 63)
			}
			return n
		})
	}
	// long returns a copy of k whose kernel counts a clash too few in a
	// batch of 64 keys or more, as a fault of a long batch's loop would.
	long := func(k kernelSet, ntables, words int) kernelSet {
		return faulty(k, ntables, words, func(n int, keys []uint64) int {
			if len(keys) >= 64 && n > 0 {
				n--
			}
			return n
		})
	}
	sets := append([]kernelSet{}, archKernels...)
	for i := range sets {
		if !sets[i].needs.Has() {
			continue
		}
		for _, words := range []int{2, 8, maxRowWords} {
			words = int(sets[i].layout.rows[words])
			for fault, breaks := range map[string]func(kernelSet, int, int) kernelSet{"broken": broken, "broken in long batches": long} {
				try := slices.Clone(sets)
				try[i] = breaks(sets[i], 3, words)
				k, failed := chooseMatch(try[i:])
				want := "match=" + sets[i].name
				if k.layout == sets[i].layout || !slices.Contains(failed, want) {
					t.Errorf("%s %s at rows of %d words: chosen %s, failed %v; want another, and %s failed", sets[i].layout.name, fault, words, k.layout.name, failed, want)
				}
			}
		}
	}
	bad := broken(goKernels, 8, 5)
	if k, failed := chooseMatch([]kernelSet{bad, goKernels}); k.clash != goKernels.clash || !slices.Equal(failed, []string{"match=go"}) {
		t.Errorf("the Go kernels broken, then whole: chosen %s, failed %v; want the whole ones, the broken failed", k.layout.name, failed)
	}
	if err := bad.check(); err == nil {
		t.Error("the Go kernels broken pass their self-check")
	} else {
		t.Log(err)
	}
	if longBad := long(goKernels, 1, 1); longBad.check() == nil {
		t.Error("the Go kernels broken in batches of 64 keys pass their self-check")
	}
}

// faulty returns a copy of k whose kernel of ntables tables of the first
// width and rows of words words returns fault of its count and keys.
func faulty(k kernelSet, ntables, words int, fault func(n int, keys []uint64) int) kernelSet {
	clash := *k.clash
	good := clash[0][ntables][words]
	clash[0][ntables][words] = func(tables []uint64, words int, keys []uint64) int {
		return fault(good(tables, words, keys), keys)
	}
	k.clash = &clash
	return k
}

// TestJoinLayouts counts with the Go kernels at the layout of each
// instruction set, which is how a processor without that set tests it,
// and with that set's own kernels where the processor runs them: the
// counts are OEIS's, and each set's kernels examine what the Go kernels
// at its layout do, their counters the same.
func TestJoinLayouts(t *testing.T) {
	maxN := 15
	if testing.Short() {
		maxN = 13
	}
	for _, l := range layouts {
		atLayout := kernelSet{name: "go", layout: l, clash: goKernels.clash, or: goKernels.or}
		var own *kernelSet
		for _, k := range runnable() {
			if k.layout == l {
				own = k
			}
		}
		for n := 4; n <= maxN; n++ {
			var viaGo, viaOwn tableStats
			if got := joinCount(n, func(j *Joiner) { *j = *newJoiner(j.board, &atLayout, chosen.pairs, chosen.transpose) }, &viaGo); got != total[n] {
				t.Errorf("the join of n=%d with the Go kernels at the layout of %s counts %d, want %d", n, l.name, got, total[n])
			}
			if own == nil {
				continue
			}
			if got := joinCount(n, func(j *Joiner) { *j = *newJoiner(j.board, own, chosen.pairs, chosen.transpose) }, &viaOwn); got != total[n] {
				t.Errorf("the join of n=%d with the %s kernels counts %d, want %d", n, l.name, got, total[n])
			}
			if viaOwn != viaGo {
				t.Errorf("n=%d, the layout of %s: its kernels examine %+v, the Go kernels at its layout %+v", n, l.name, viaOwn, viaGo)
			}
		}
	}
}

// BenchmarkSelfCheck times the self-check of the kernels this processor
// runs, which their first use waits for.
func BenchmarkSelfCheck(b *testing.B) {
	k := kernels()
	for b.Loop() {
		if err := k.check(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/check")
}
