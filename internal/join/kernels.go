package join

import (
	"fmt"
	"slices"
	"sync"
)

// The choice of the join's kernels. tools/kernelgen writes them from one
// description (kernel.go states their types): the Go kernels
// (zkernels.go), which every architecture runs, and for each
// architecture with assembly its sets, best first, and the kernels that
// list half-boards and transpose keys (zkernels_amd64.go,
// zkernels_arm64.go; zkernels_noasm.go where there is none). This file
// reads them: it chooses, once, the first set of each kind that the
// processor has every feature of and that agrees with the Go kernels on
// a few known blocks, and names the choice.

// chosen is what the processor runs, chosen on first use (choose).
var chosen struct {
	once  sync.Once
	match *kernelSet
	// pairs and transpose index archPairs and archTransposes, -1 for
	// the Go kernels.
	pairs, transpose int
	// failed names the kernels that the processor runs but that failed
	// their self-check.
	failed []string
}

// kernels returns the matching kernels that the processor runs.
func kernels() *kernelSet {
	chosen.once.Do(choose)
	return chosen.match
}

// choose chooses the kernels of each kind that the processor runs.
func choose() {
	var failed []string
	chosen.match, failed = chooseMatch(archKernels)
	chosen.failed = append(chosen.failed, failed...)
	chosen.pairs, chosen.transpose = -1, -1
	for i, p := range archPairs {
		if !p.needs.Has() {
			continue
		}
		if err := checkPairs(p.run); err != nil {
			chosen.failed = append(chosen.failed, "pairs="+p.name)
			continue
		}
		chosen.pairs = i
		break
	}
	for i, t := range archTransposes {
		if !t.needs.Has() {
			continue
		}
		if err := checkTranspose(i); err != nil {
			chosen.failed = append(chosen.failed, "transpose="+t.name)
			continue
		}
		chosen.transpose = i
		break
	}
}

// KernelNames names a joiner's kernels of each kind, as the processor's
// sets name them ("avx512", "avx2", "neon") or "go" for the Go ones:
// those that match, list half-boards and transpose keys.
type KernelNames struct{ Match, Pairs, Transpose string }

// goNames names the Go kernels of every kind.
var goNames = KernelNames{"go", "go", "go"}

// checked holds the self-check of each set of archKernels that a
// processor runs, made once, on first need.
var checked struct {
	sync.Mutex
	err map[int]error
}

// passes reports whether set i of archKernels runs on this processor
// and passes its self-check: the set a count runs passed it already.
func passes(i int) bool {
	switch {
	case !archKernels[i].needs.Has():
		return false
	case &archKernels[i] == kernels():
		return true
	}
	checked.Lock()
	defer checked.Unlock()
	err, ok := checked.err[i]
	if !ok {
		if checked.err == nil {
			checked.err = map[int]error{}
		}
		err = archKernels[i].check()
		checked.err[i] = err
	}
	return err == nil
}

// CheckKernels returns the kernels of a joiner that checks a count made
// on the kernels of counted, each set of them a count ran on: of each
// kind, the first that the processor runs, that passes its self-check and
// that no set of counted names, else the Go one. It returns false where
// the matching kernels could only be some that counted: where every
// matching set that the processor runs, the Go one last, is named in
// counted. For no counted set, of kernels unknown, it returns the Go
// ones, which a count runs only where it has no other.
func CheckKernels(counted []KernelNames) (KernelNames, bool) {
	if len(counted) == 0 {
		return goNames, true
	}
	kernels() // the processor's own first, as a count chooses them
	names := goNames
	named := func(name string, of func(KernelNames) string) bool {
		return slices.ContainsFunc(counted, func(k KernelNames) bool { return of(k) == name })
	}
	match := func(k KernelNames) string { return k.Match }
	names.Match = ""
	for i := range archKernels {
		if passes(i) && !named(archKernels[i].name, match) {
			names.Match = archKernels[i].name
			break
		}
	}
	if names.Match == "" {
		if named("go", match) {
			return KernelNames{}, false
		}
		names.Match = "go"
	}
	for i, p := range archPairs {
		if p.needs.Has() && !named(p.name, func(k KernelNames) string { return k.Pairs }) && checkPairs(p.run) == nil {
			names.Pairs = archPairs[i].name
			break
		}
	}
	for i, t := range archTransposes {
		if t.needs.Has() && !named(t.name, func(k KernelNames) string { return k.Transpose }) && checkTranspose(i) == nil {
			names.Transpose = t.name
			break
		}
	}
	return names, true
}

// checkSet returns the kernels that names names, as CheckKernels gives
// them: the matching set, and the indices of archPairs and
// archTransposes, -1 for the Go ones.
func checkSet(names KernelNames) (*kernelSet, int, int) {
	k := &goKernels
	for i := range archKernels {
		if archKernels[i].name == names.Match {
			k = &archKernels[i]
		}
	}
	pairs := slices.IndexFunc(archPairs, func(p pairsKind) bool { return p.name == names.Pairs })
	transpose := slices.IndexFunc(archTransposes, func(t transposeKind) bool { return t.name == names.Transpose })
	return k, pairs, transpose
}

// chooseMatch returns the first of sets that the processor has every
// feature of and whose kernels pass their self-check, else the Go
// kernels, and the names of those that failed it.
func chooseMatch(sets []kernelSet) (*kernelSet, []string) {
	var failed []string
	for i := range sets {
		if !sets[i].needs.Has() {
			continue
		}
		if err := sets[i].check(); err != nil {
			failed = append(failed, "match="+sets[i].name)
			continue
		}
		return &sets[i], failed
	}
	return &goKernels, failed
}

// UseGoKernelsAt makes the join match with the Go kernels at the layout
// of the instruction set name, as a processor without that set tests it
// and counts what it examines: for tests, before any count.
func UseGoKernelsAt(name string) error {
	kernels()
	for _, l := range layouts {
		if l.name == name {
			chosen.match = &kernelSet{name: "go", layout: l, clash: goKernels.clash, or: goKernels.or}
			return nil
		}
	}
	return fmt.Errorf("no layout of an instruction set named %q", name)
}

// Kernels names the kernels this processor runs: those that match,
// list half-boards and lay out tables' single diagonals; and those that
// it would run but that failed their self-check, as "match=avx512". The
// matching kernels at another's layout are named "go@avx512".
func Kernels() (KernelNames, []string) {
	k := kernels()
	names := KernelNames{Match: k.name, Pairs: "go", Transpose: "go"}
	if k.layout.name != k.name {
		names.Match += "@" + k.layout.name
	}
	if chosen.pairs >= 0 {
		names.Pairs = archPairs[chosen.pairs].name
	}
	if chosen.transpose >= 0 {
		names.Transpose = archTransposes[chosen.transpose].name
	}
	return names, chosen.failed
}

// A checkRand is a xorshift generator of the self-checks' known blocks:
// the same blocks every run.
type checkRand uint64

func (r *checkRand) next() uint64 {
	*r ^= *r << 13
	*r ^= *r >> 7
	*r ^= *r << 17
	return uint64(*r)
}

// sparse returns a word of about 8 bits set, as a quarter's key holds:
// the AND of three.
func (r *checkRand) sparse() uint64 {
	a, b := r.next(), r.next()
	return a & b & r.next()
}

// checkBatches are the batches of keys that a matching kernel's
// self-check gives it, each the first keys of the same list: none, one,
// and one below, at and above every round a kernel takes its keys in (2,
// 4, 8 and 16: the carry-save rounds of the AVX2 kernels, and their
// packed short rows) and 64, where a fault of a loop's tail or of a long
// batch would show.
var checkBatches = [...]int{0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65}

// checkKeys is the keys of the longest batch of checkBatches.
const checkKeys = 65

// check compares each kernel of k with the Go kernels, on tables of
// random rows and on batches of keys that pick them (checkBatches), and
// on rows of random words laid out; it returns an error naming the first
// that differs.
func (k *kernelSet) check() error {
	r := checkRand(0x9e3779b97f4a7c15)
	most := 0
	for _, width := range widths {
		most = max(most, tablesFor(width)<<width*maxRowWords)
	}
	tables := make([]uint64, most)
	keys := make([]uint64, checkKeys)
	// upTo[i] is what the Go kernel counts for the first i keys.
	var upTo [checkKeys + 1]int
	for wi, width := range widths {
		// The values the keys' pieces take, whose rows are filled: the
		// least, the greatest, and two between.
		values := [4]uint64{0, 1, 5, 1<<width - 1}
		for t := 1; t <= tablesFor(width); t++ {
			for words := 1; words <= maxRowWords; words++ {
				kernel := k.clash[wi][t][words]
				if kernel == nil {
					continue
				}
				for c := range t {
					for _, v := range values {
						row := tables[(c<<width+int(v))*words:][:words]
						for i := range row {
							row[i] = r.next()
						}
					}
				}
				size := t << width * words
				for i := range keys {
					keys[i] = r.next() << (t * width % 64) // bits beyond the pieces, which the kernel leaves
					if t*width == 64 {
						keys[i] = 0
					}
					for c := range t {
						keys[i] |= values[r.next()%4] << (c * width)
					}
					upTo[i+1] = upTo[i] + goKernels.clashes(tables[:size], words, t, width, keys[i:i+1])
				}
				for _, batch := range checkBatches {
					if got, want := kernel(tables[:size], words, keys[:batch]), upTo[batch]; got != want {
						return fmt.Errorf("the %s kernel of %d tables of %d, rows of %d words, counts %d clashes of %d keys, the Go kernel %d",
							k.name, t, width, words, got, batch, want)
					}
				}
			}
		}
	}
	for words, kernel := range k.or {
		if kernel == nil {
			continue
		}
		dst, src, row := make([]uint64, 3*words), make([]uint64, 3*words), make([]uint64, words)
		for i := range src {
			src[i] = r.next()
		}
		for i := range row {
			row[i] = r.next()
		}
		kernel(dst, src, row)
		want := make([]uint64, len(dst))
		orRowsGo(want, src, row)
		for i := range dst {
			if dst[i] != want[i] {
				return fmt.Errorf("the %s kernel of orRows of rows of %d words writes %#x at word %d, the Go kernel %#x",
					k.name, words, dst[i], i, want[i])
			}
		}
	}
	return nil
}

// tablesFor returns the most tables of width diagonals, one of widths,
// as the description says (tablesOfWidth).
func tablesFor(width int) int { return tablesOfWidth[widthIndex(width)] }

// checkPairs compares the kernel run with pairsGo on spans of random
// keys, of every length up to two vectors and more.
func checkPairs(run func(dst, keys []uint64, bounds []uint32, south []uint64) int) error {
	r := checkRand(0x2545f4914f6cdd1d)
	south := make([]uint64, 80)
	for i := range south {
		south[i] = r.sparse()
	}
	var sp spanList
	at := uint32(0)
	for n := uint32(1); n <= 12; n++ {
		sp.keys = append(sp.keys, r.sparse())
		sp.bounds = append(sp.bounds, at, at+n)
		at += n - 1 // spans that overlap, as the south quarters of different north ones may
	}
	got, want := make([]uint64, len(south)*2+8), make([]uint64, len(south)*2+8)
	n, m := run(got, sp.keys, sp.bounds, south), pairsGo(want, sp.keys, sp.bounds, south)
	if n != m {
		return fmt.Errorf("a kernel lists %d half-boards, pairsGo %d", n, m)
	}
	for i := range n {
		if got[i] != want[i] {
			return fmt.Errorf("a kernel lists %#x as half-board %d, pairsGo %#x", got[i], i, want[i])
		}
	}
	return nil
}

// checkTranspose compares the transposing kernel k of archTransposes
// with transposeGo, on 150 random keys of 5 bytes: two words of keys and
// one cut short.
func checkTranspose(k int) error {
	r := checkRand(0x853c49e6748fea9b)
	const keys, bytes, words = 150, 5, 3
	ks := make([]uint64, keys)
	for i := range ks {
		ks[i] = r.next() >> (64 - 8*bytes)
	}
	var rows [64]int
	for d := range rows {
		rows[d] = d * words
	}
	got, want := make([]uint64, 8*bytes*words), make([]uint64, 8*bytes*words)
	last := make([]uint64, 64)
	copy(last, ks[128:])
	archTranspose(k, &got[0], &ks[0], 2, bytes, &rows)
	archTranspose(k, &got[2], &last[0], 1, bytes, &rows)
	transposeGo(want, ks, words, bytes, 0, &rows)
	for i := range got {
		if got[i] != want[i] {
			return fmt.Errorf("the %s kernel transposes word %d to %#x, transposeGo to %#x", archTransposes[k].name, i, got[i], want[i])
		}
	}
	return nil
}
