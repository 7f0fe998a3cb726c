package join

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkClashes times clashes, on the kernel this processor runs, in
// ns a query: 4,096 keys against 5 tables of 8 diagonals, rows of 4 to
// 32 words; the keys' bytes random (rows=256: every row of each table is
// read, from the core's L2 once the tables outgrow its L1) or under 32
// (rows=32: an eighth of each table, which stays in L1).
func BenchmarkClashes(b *testing.B) {
	const ntables, width = 5, 8
	r := rand.New(rand.NewPCG(1, 2))
	for _, words := range []int{4, 8, 16, 32} {
		tables := make([]uint64, ntables<<width*words)
		for i := range tables {
			tables[i] = r.Uint64() | r.Uint64()
		}
		for _, rows := range []int{256, 32} {
			keys := make([]uint64, 4096)
			for i := range keys {
				for c := range ntables {
					keys[i] |= uint64(r.IntN(rows)) << (width * c)
				}
			}
			b.Run(fmt.Sprintf("words=%d/rows=%d", words, rows), func(b *testing.B) {
				for b.Loop() {
					clashes(tables, words, ntables, width, keys)
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
	tb := newEastTables(40, 1024)
	for _, width := range []int{8, 4} {
		tb.lay(keys, width, 40)
		if allocs := testing.AllocsPerRun(10, func() { tb.lay(keys, width, 40) }); allocs != 0 {
			t.Errorf("laying %d keys in tables of %d: %v allocations", len(keys), width, allocs)
		}
	}
}
