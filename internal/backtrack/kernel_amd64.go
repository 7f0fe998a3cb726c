//go:build !purego

package backtrack

import (
	"sync"

	"github.com/gonqueens/nqueens/internal/isa"
)

// tailNeeds is what the instructions of tailAsm need, as its Requires
// comment lists it (TestGate holds it to it). Every x86-64 processor
// since 2013 (Haswell, and AMD's since 2015) has it.
var tailNeeds = isa.Set{isa.BMI, isa.BMI2, isa.CMOV, isa.POPCNT}

// asmTail is tailAsm for the rows of f from row d on.
func asmTail(f *Frame, d int, c, l, r uint64) uint64 {
	return tailAsm(&f.allowed[d], &f.gap[d], f.free-d, c, l, r)
}

// tail is the choice of the kernel that fills the tails, made on first
// use: whether tailAsm runs, where the processor has every feature of
// tailNeeds and tailAsm agrees with the Go kernel on a few known frames;
// failed if it did not.
var tail struct {
	once        sync.Once
	asm, failed bool
}

// tailAsmRuns reports whether tailAsm fills the tails.
func tailAsmRuns() bool {
	tail.once.Do(func() {
		if tailNeeds.Has() {
			tail.failed = checkTail(asmTail) != nil
			tail.asm = !tail.failed
		}
	})
	return tail.asm
}

// Kernel names the kernel that fills the tails on this processor, and
// reports whether the assembly one failed its self-check.
func Kernel() (name string, failed bool) {
	if tailAsmRuns() {
		return "bmi2", false
	}
	return "go", tail.failed
}

// fillTail counts the ways to fill the free rows of f from row d on, at
// most maxTail of them, given Richards' masks of row d: with the assembly
// kernel where it runs (f.asm), else with the Go one.
func (f *Frame) fillTail(d int, c, l, r uint64) uint64 {
	if rows := f.free - d; f.asm && rows >= 3 {
		return tailAsm(&f.allowed[d], &f.gap[d], rows, c, l, r)
	}
	return f.tail(d, c, l, r)
}
