package join

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// BenchmarkClashes times clashes, on the kernel this processor runs, in
// ns a query: 4,096 keys against 5 tables of 8 diagonals (width=8) or 4
// of 9 (width=9), as keys of 33 to 36 diagonals take, rows of 2 to 32
// words; each piece of a key random (rows=256 or 512: every row of each
// table is read, from the core's L2 once the tables outgrow its L1) or
// under an eighth of that (rows=32 or 64, which stays in L1).
func BenchmarkClashes(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, width := range []int{8, 9} {
		ntables := 5
		if width == 9 {
			ntables = 4
		}
		for _, words := range []int{2, 4, 8, 16, 32} {
			tables := make([]uint64, ntables<<width*words)
			for i := range tables {
				tables[i] = r.Uint64() | r.Uint64()
			}
			for _, rows := range []int{1 << width, 1 << width / 8} {
				keys := make([]uint64, 4096)
				for i := range keys {
					for c := range ntables {
						keys[i] |= uint64(r.IntN(rows)) << (width * c)
					}
				}
				b.Run(fmt.Sprintf("width=%d/words=%d/rows=%d", width, words, rows), func(b *testing.B) {
					k := kernels()
					for b.Loop() {
						k.clashes(tables, words, ntables, width, keys)
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(keys)), "ns/query")
				})
			}
		}
	}
}

// BenchmarkClashesStrided times clashesStrided in ns a query, as the
// north sieve reads rows (northsieve.go): 4,096 keys against 4 tables
// of 8 diagonals, words=W of rows stride=S words apart. S = W takes the
// kernels of whole rows, and S = W+1 those of rows a stride apart, with
// tables of about the same size in the core's caches: the ratio of the
// two is what a stride costs.
func BenchmarkClashesStrided(b *testing.B) {
	const ntables, width = 4, 8
	r := rand.New(rand.NewPCG(23, 24))
	tables, _ := randomTables(r, maxRowWords, ntables, width)
	keys := make([]uint64, 4096)
	for i := range keys {
		keys[i] = r.Uint64()
	}
	for _, words := range []int{4, 8, 16} {
		for _, stride := range []int{words, words + 1} {
			b.Run(fmt.Sprintf("words=%d/stride=%d", words, stride), func(b *testing.B) {
				for b.Loop() {
					goKernels.clashesStrided(tables, stride, words, ntables, width, keys)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(keys)), "ns/query")
			})
		}
	}
}

// TestLayAllocates checks that laying out the tables of a block, once
// they have their space, allocates nothing, on the kernels this
// processor runs.
func TestLayAllocates(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	keys := make([]uint64, 1000) // 15 words and a last one cut short
	for i := range keys {
		keys[i] = r.Uint64() & r.Uint64() >> 24
	}
	tb := newEastTables(kernels(), 40, 1024)
	for _, width := range []int{8, 4, 9} {
		tb.lay(keys, width, 40)
		if allocs := testing.AllocsPerRun(10, func() { tb.lay(keys, width, 40) }); allocs != 0 {
			t.Errorf("laying %d keys in tables of %d: %v allocations", len(keys), width, allocs)
		}
	}
}

// randomTables returns tables of ntables<<width rows of words words, and
// up to 200 keys, at random: rounds of any kernel's, and keys left over.
func randomTables(r *rand.Rand, words, ntables, width int) (tables, keys []uint64) {
	tables = make([]uint64, ntables<<width*words)
	for i := range tables {
		tables[i] = r.Uint64() & r.Uint64()
	}
	keys = make([]uint64, r.IntN(200))
	for i := range keys {
		keys[i] = r.Uint64()
	}
	return tables, keys
}

// TestGoStridedKernels checks every generated Go kernel of rows a stride
// apart against clashesGoStrided, on random tables, strides and keys,
// and clashesStrided on ranges of any row.
func TestGoStridedKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for wi, width := range widths {
		for ntables, kernels := range clashGoStrided[wi] {
			for words, kernel := range kernels {
				if kernel == nil {
					if width != 4 && ntables > 0 && words > 0 && ntables*width <= 64 {
						t.Errorf("no strided Go kernel for %d tables of %d, %d words a row", ntables, width, words)
					}
					continue
				}
				stride := words + r.IntN(maxRowWords-words+1)
				tables, keys := randomTables(r, maxRowWords, ntables, width)
				if got, want := kernel(tables, stride, words, keys), clashesGoStrided(tables, stride, words, ntables, width, keys); got != want {
					t.Errorf("strided Go kernel of %d tables of %d, %d words of rows %d apart, %d keys: %d clashes, clashesGoStrided %d",
						ntables, width, words, stride, len(keys), got, want)
				}
			}
		}
		// A range of rows of any length, from any word, read through
		// clashesStrided, against the words of each row copied out.
		for range 50 {
			ntables := 1 + r.IntN(tablesFor(width))
			stride := 1 + r.IntN(maxRowWords)
			lo := r.IntN(stride)
			words := 1 + r.IntN(stride-lo)
			tables, keys := randomTables(r, maxRowWords, ntables, width)
			copied := make([]uint64, ntables<<width*words)
			for row := range ntables << width {
				copy(copied[row*words:][:words], tables[row*stride+lo:])
			}
			if got, want := goKernels.clashesStrided(tables[lo:], stride, words, ntables, width, keys), clashesGo(copied, words, ntables, width, keys); got != want {
				t.Errorf("clashesStrided of %d tables of %d, words %d to %d of rows of %d, %d keys: %d clashes, want %d",
					ntables, width, lo, lo+words, stride, len(keys), got, want)
			}
		}
	}
}

// TestNorthRanges checks that the words that each value of the north
// sieve's diagonals meets hold just the buckets of the values that share
// no bit with it, whatever buckets are empty.
func TestNorthRanges(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for range 200 {
		var sizes [4]int
		for b := range sizes {
			if r.IntN(3) > 0 {
				sizes[b] = r.IntN(300)
			}
		}
		ranges := northRanges(sizes)
		// Bucket b's words, in the order of northOrder.
		var at [4]int
		next := 0
		for _, b := range northOrder {
			at[b] = next
			next += (sizes[b] + 63) / 64
		}
		for g, rg := range ranges {
			keys := 0
			for b, n := range sizes {
				in := rg.lo <= at[b] && at[b]+(n+63)/64 <= rg.hi
				if meets := b&g == 0; n > 0 && in != meets {
					t.Errorf("buckets of %v: value %d meets words %d to %d, which hold bucket %d: %v", sizes, g, rg.lo, rg.hi, b, in)
				}
				if b&g == 0 {
					keys += n
				}
			}
			if rg.keys != keys {
				t.Errorf("buckets of %v: value %d meets %d keys, want %d", sizes, g, rg.keys, keys)
			}
		}
	}
}

// testOrRows checks or, a kernel of orRows, against orRowsGo, on 1, 2,
// 7 and 127 random rows of words words.
func testOrRows(t *testing.T, r *rand.Rand, name string, words int, or orKernel) {
	t.Helper()
	for _, rows := range []int{1, 2, 7, 127} {
		src, row := make([]uint64, rows*words), make([]uint64, words)
		for i := range src {
			src[i] = r.Uint64()
		}
		for i := range row {
			row[i] = r.Uint64()
		}
		got, want := make([]uint64, rows*words), make([]uint64, rows*words)
		orRowsGo(want, src, row)
		if or(got, src, row); !slices.Equal(got, want) {
			t.Errorf("%s, %d rows of %d words: its rows differ from orRowsGo's", name, rows, words)
		}
	}
}

// testPairs checks list, a kernel that lists half-boards, against
// pairsGo, on spans of 1 to 40 random keys, some of them the last keys of
// south, with north keys of few bits so that about half the pairs are
// kept.
func testPairs(t *testing.T, r *rand.Rand, name string, list func(dst, keys []uint64, bounds []uint32, south []uint64) int) {
	t.Helper()
	south := make([]uint64, 1000)
	for i := range south {
		south[i] = r.Uint64() & r.Uint64() & r.Uint64()
	}
	for range 200 {
		var sp spanList
		most := 0
		for range 1 + r.IntN(20) {
			lo := r.IntN(len(south))
			hi := min(len(south), lo+1+r.IntN(40))
			a, b := r.IntN(64), r.IntN(64) // a north key of one or two bits: about half the pairs kept
			sp.keys = append(sp.keys, 1<<a|1<<b)
			sp.bounds = append(sp.bounds, uint32(lo), uint32(hi))
			most += hi - lo
		}
		want, got := make([]uint64, most+8), make([]uint64, most+8)
		m := pairsGo(want, sp.keys, sp.bounds, south)
		if n := list(got, sp.keys, sp.bounds, south); n != m || !slices.Equal(got[:n], want[:m]) {
			t.Fatalf("%s, %d spans: lists %d keys, %x; pairsGo %d, %x", name, len(sp.keys), n, got[:n], m, want[:m])
		}
	}
}

// testTranspose checks transposeWith, with the transposing kernel kind,
// against transposeGo, on 1 to 300 random keys (whole words and a last
// one cut short), 1 to 8 bytes of them, the rows of each diagonal at
// random places.
func testTranspose(t *testing.T, r *rand.Rand, name string, kind int) {
	t.Helper()
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
		laid := transposeWith(kind, got, keys, bytes, &rows)
		transposeGo(want, keys, words, bytes, 0, &rows)
		if laid > 0 && (laid != words || !slices.Equal(got, want)) {
			t.Fatalf("%s, %d keys, %d bytes: %d words of %d, its rows differ from transposeGo's", name, len(keys), bytes, laid, words)
		}
	}
}

// BenchmarkOrRows times orRows, on the kernel this processor runs, in ns
// a word written: the rows of values 129 to 256 of a table, rows of 4 to
// 32 words.
func BenchmarkOrRows(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, words := range []int{4, 8, 16, 32} {
		t := make([]uint64, 256*words)
		for i := range t {
			t[i] = r.Uint64()
		}
		b.Run(fmt.Sprintf("words=%d", words), func(b *testing.B) {
			k := kernels()
			for b.Loop() {
				k.orRows(t[129*words:], t[words:128*words], t[128*words:][:words])
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*127*words), "ns/word")
		})
	}
}

// BenchmarkPairs times pairs, on the kernel this processor runs, in ns a
// pair examined: spans of 1 to longest south quarters (12, as at n = 18,
// whose spans hold 6.4 on average, and 64), about half the pairs kept.
// It lists 64 batches of spans in turn, so that the branch predictor
// cannot learn where each span ends, as it does not in a count: over one
// batch listed again and again, the Go kernel took about 0.7 of the time
// at longest=12.
func BenchmarkPairs(b *testing.B) {
	for _, longest := range []int{12, 64} {
		r := rand.New(rand.NewPCG(7, 8))
		south := make([]uint64, 4096)
		for i := range south {
			south[i] = r.Uint64() & r.Uint64() & r.Uint64()
		}
		batches := make([]spanList, 64)
		most, examined := 0, 0
		for i := range batches {
			sp, spanned := &batches[i], 0
			for range spanBatch {
				lo := r.IntN(len(south))
				hi := min(len(south), lo+1+r.IntN(longest))
				a, c := r.IntN(64), r.IntN(64)
				sp.keys = append(sp.keys, 1<<a|1<<c)
				sp.bounds = append(sp.bounds, uint32(lo), uint32(hi))
				spanned += hi - lo
			}
			most, examined = max(most, spanned), examined+spanned
		}
		b.Run(fmt.Sprintf("longest=%d", longest), func(b *testing.B) {
			kernels()
			keys := make([]uint64, 0, most+8)
			for b.Loop() {
				for i := range batches {
					keys = pairs(keys[:0], &batches[i], south, most, chosen.pairs)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*examined), "ns/pair")
		})
	}
}
