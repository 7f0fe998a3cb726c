//go:build !purego

package frame

import "golang.org/x/sys/cpu"

// useAsm reports whether the processor has what tailAsm needs. Every x86-64
// processor since 2013 (Haswell, and AMD's since 2015) has.
var useAsm = cpu.X86.HasBMI1 && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT

// fillTail counts the ways to fill the free rows of f from row d on, at
// most maxTail of them, given Richards' masks of row d: with the assembly
// kernel where the processor runs it, else with the Go one.
func (f *Frame) fillTail(d int, c, l, r uint64) uint64 {
	if rows := f.free - d; useAsm && rows >= 3 {
		return tailAsm(&f.allowed[d], &f.gap[d], rows, c, l, r)
	}
	return f.tail(d, c, l, r)
}
