//go:build !purego

package backtrack

import "github.com/gonqueens/nqueens/internal/isa"

// tailNeeds is what the instructions of tailAsm need, as its Requires
// comment lists it (TestGate holds it to it). Every x86-64 processor
// since 2013 (Haswell, and AMD's since 2015) has it.
var tailNeeds = isa.Set{isa.BMI, isa.BMI2, isa.CMOV, isa.POPCNT}

// useAsm reports whether the processor runs tailAsm.
var useAsm = tailNeeds.Has()

// Kernel names the kernel that fills the tails on this processor.
func Kernel() string {
	if useAsm {
		return "bmi2"
	}
	return "go"
}

// fillTail counts the ways to fill the free rows of f from row d on, at
// most maxTail of them, given Richards' masks of row d: with the assembly
// kernel where the processor runs it, else with the Go one.
func (f *Frame) fillTail(d int, c, l, r uint64) uint64 {
	if rows := f.free - d; useAsm && rows >= 3 {
		return tailAsm(&f.allowed[d], &f.gap[d], rows, c, l, r)
	}
	return f.tail(d, c, l, r)
}
