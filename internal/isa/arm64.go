package isa

import "golang.org/x/sys/cpu"

// The features of arm64 that the kernels use, false on every other
// architecture: ASIMD, the NEON vector instructions, which every arm64
// processor that Go runs on has, and which the gate checks all the same,
// so that a set of kernels that needs more names it beside.
var ASIMD = Feature{"ASIMD", cpu.ARM64.HasASIMD}
