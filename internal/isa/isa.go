// Package isa names the instruction sets that the assembly kernels need,
// as the "Requires" comments of their generated assembly name them, and
// tells whether this processor runs them: a kernel's gate is the list of
// every feature its instructions use, so that a test can hold the list
// to the assembly. x/sys/cpu honours GODEBUG=cpu.avx512f=off (and
// cpu.avx2=off, ...), which turns a feature off here as on the processor.
// Each architecture's features are in a file of their own (x86.go); one
// that gains kernels adds its file beside it.
package isa

import (
	"bufio"
	"bytes"
	"strings"
)

// A Feature is an instruction set, named as the assembly names it, and
// whether the processor has it, with the registers it needs kept by the
// system.
type Feature struct {
	Name string
	Has  bool
}

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
