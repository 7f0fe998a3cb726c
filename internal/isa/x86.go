package isa

import "golang.org/x/sys/cpu"

// The features of amd64 that the kernels use, false on every other
// architecture but CMOV, which every amd64 processor has.
var (
	AVX             = Feature{"AVX", cpu.X86.HasAVX}
	AVX2            = Feature{"AVX2", cpu.X86.HasAVX2}
	AVX512F         = Feature{"AVX512F", cpu.X86.HasAVX512F}
	AVX512BW        = Feature{"AVX512BW", cpu.X86.HasAVX512BW}
	AVX512VBMI      = Feature{"AVX512VBMI", cpu.X86.HasAVX512VBMI}
	AVX512VL        = Feature{"AVX512VL", cpu.X86.HasAVX512VL}
	AVX512VPOPCNTDQ = Feature{"AVX512VPOPCNTDQ", cpu.X86.HasAVX512VPOPCNTDQ}
	BMI             = Feature{"BMI", cpu.X86.HasBMI1}
	BMI2            = Feature{"BMI2", cpu.X86.HasBMI2}
	CMOV            = Feature{"CMOV", true}
	POPCNT          = Feature{"POPCNT", cpu.X86.HasPOPCNT}
)
