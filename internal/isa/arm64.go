package isa

import "golang.org/x/sys/cpu"

// The features of arm64 that the kernels use, false on every other
// architecture.
var (
	// ASIMD is NEON, the vector instructions, which every arm64
	// processor that Go runs on has; the gate checks it all the same, so
	// that a set of kernels that needs more names it beside.
	ASIMD = Feature{"ASIMD", cpu.ARM64.HasASIMD}
)
