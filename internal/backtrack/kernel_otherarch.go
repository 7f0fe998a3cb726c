//go:build !amd64 || purego

package backtrack

// fillTail counts the ways to fill the free rows of f from row d on, at
// most maxTail of them, given Richards' masks of row d, with the kernel of
// zkernel.go.
func (f *Frame) fillTail(d int, c, l, r uint64) uint64 {
	return f.tail(d, c, l, r)
}

// tailAsmRuns reports that no assembly fills the tails.
func tailAsmRuns() bool { return false }

// Kernel names the kernel that fills the tails, the Go one, which has no
// self-check to fail.
func Kernel() (name string, failed bool) { return "go", false }
