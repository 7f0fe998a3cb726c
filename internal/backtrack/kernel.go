package backtrack

import "github.com/gonqueens/nqueens/internal/poll"

// The kernels fill at most maxTail rows, a constant of zkernel.go; the
// two generators take it from here.
//go:generate go run gen_kernel.go -rows 10
//go:generate go run -C ../../tools ./kernelasm -rows 10 -out ../internal/backtrack/zkernel_amd64.s -stubs ../internal/backtrack/zkernel_amd64.go -pkg backtrack

// The counting kernel of the engine and of the completions: Richards'
// method over the free rows of a frame. The last maxTail rows are filled
// by a generated kernel, one loop per row: in Go (zkernel.go, from
// gen_kernel.go), and in assembly for amd64 (zkernel_amd64.s, from
// tools/kernelasm), chosen as hash/crc32 chooses: fillTail in
// kernel_amd64.go and kernel_otherarch.go, the Go one everywhere else
// and under the purego build tag. The rows above the tail are filled by
// countFrom, one call per queen, which looks at the stop flag between two
// queens. A tail runs to its end: maxTail rows with maxTail columns left
// are at most a few tens of thousands of nodes, well under a millisecond.

// Count returns the number of ways to fill the free rows of f. It reports
// false, with a partial count, if it gave up because p said to stop.
func (f *Frame) Count(p *poll.Poller) (uint64, bool) {
	f.asm = tailAsmRuns()
	return f.countFrom(0, 0, 0, 0, p)
}

// countFrom counts the ways to fill the free rows from d on, given
// Richards' masks c (columns), l and r (diagonals) of row d.
func (f *Frame) countFrom(d int, c, l, r uint64, p *poll.Poller) (uint64, bool) {
	if f.free-d <= maxTail {
		return f.fillTail(d, c, l, r), true
	}
	if p.Stopped() {
		return 0, false
	}
	var total uint64
	g := f.gap[d] % 64 // the modulus tells the compiler that the shifts need no check
	for free := f.allowed[d] &^ (c | l | r); free != 0; free &= free - 1 {
		bit := free & -free // x & -x keeps only the lowest set bit of x
		n, ok := f.countFrom(d+1, c|bit, (l|bit)<<g, (r|bit)>>g, p)
		total += n
		if !ok {
			return total, false
		}
	}
	return total, true
}
