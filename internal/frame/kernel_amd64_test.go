//go:build !purego

package frame

func init() {
	if useAsm {
		tailKernels["amd64"] = func(f *Frame, d int, c, l, r uint64) uint64 {
			return tailAsm(&f.allowed[d], &f.gap[d], f.free-d, c, l, r)
		}
	}
}
