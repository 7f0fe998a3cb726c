// Package isa names the instruction sets that the assembly kernels need,
// as the "Requires" comments of their generated assembly name them, and
// tells whether this processor runs them: a kernel's gate is the list of
// every feature its instructions use, so that a test can hold the list
// to the assembly. x/sys/cpu honours GODEBUG=cpu.avx512f=off (and
// cpu.avx2=off, ...), which turns a feature off here as on the processor.
package isa

import (
	"bufio"
	"bytes"
	"strings"

	"golang.org/x/sys/cpu"
)

// A Feature is an instruction set, named as the assembly names it, and
// whether the processor has it, with the registers it needs kept by the
// system.
type Feature struct {
	Name string
	Has  bool
}

// The features the kernels use. CMOV is part of every amd64 processor.
var (
	AVX             = Feature{"AVX", cpu.X86.HasAVX}
	AVX2            = Feature{"AVX2", cpu.X86.HasAVX2}
	AVX512F         = Feature{"AVX512F", cpu.X86.HasAVX512F}
	AVX512BW        = Feature{"AVX512BW", cpu.X86.HasAVX512BW}
	AVX512VBMI      = Feature{"AVX512VBMI", cpu.X86.HasAVX512VBMI}
	AVX512VPOPCNTDQ = Feature{"AVX512VPOPCNTDQ", cpu.X86.HasAVX512VPOPCNTDQ}
	BMI             = Feature{"BMI", cpu.X86.HasBMI1}
	BMI2            = Feature{"BMI2", cpu.X86.HasBMI2}
	CMOV            = Feature{"CMOV", true}
	POPCNT          = Feature{"POPCNT", cpu.X86.HasPOPCNT}
)

// A Set is the features a kernel needs: all of them.
type Set []Feature

// Has reports whether the processor has every feature of s.
func (s Set) Has() bool {
	for _, f := range s {
		if !f.Has {
			return false
		}
	}
	return true
}

// Names returns the names of the features of s.
func (s Set) Names() []string {
	names := make([]string, len(s))
	for i, f := range s {
		names[i] = f.Name
	}
	return names
}

// Requires reads generated assembly and returns, for each function it
// defines, the features its "// Requires: A, B" comment lists.
func Requires(asm []byte) map[string][]string {
	needs := map[string][]string{}
	var pending []string
	sc := bufio.NewScanner(bytes.NewReader(asm))
	for sc.Scan() {
		line := sc.Text()
		if list, ok := strings.CutPrefix(line, "// Requires: "); ok {
			pending = strings.Split(list, ", ")
			continue
		}
		if rest, ok := strings.CutPrefix(line, "TEXT ·"); ok {
			name, _, _ := strings.Cut(rest, "(")
			needs[name] = pending
			pending = nil
		}
	}
	return needs
}
