//go:build nqueens_brokenkernel

package join

// init breaks, in a test build with the tag nqueens_brokenkernel, the
// matching kernels of the last set that the processor runs before the Go
// ones (AVX2 on amd64, NEON on arm64), with a fault that no self-check
// sees: each counts a clash too few, where there is one, in a batch of
// more keys than the self-check's longest (checkKeys). It stands for a
// fault that shows in a count's own work alone, as a processor's that
// errs under load does. A count on that set goes wrong, and a recount by
// the join on any other set finds it (the command's
// TestRecountCatchesAFault).
func init() {
	for i := len(archKernels) - 1; i >= 0; i-- {
		if !archKernels[i].needs.Has() {
			continue
		}
		clash := *archKernels[i].clash
		for w := range clash {
			for t := range clash[w] {
				for r, kernel := range clash[w][t] {
					if kernel == nil {
						continue
					}
					clash[w][t][r] = func(tables []uint64, words int, keys []uint64) int {
						n := kernel(tables, words, keys)
						if len(keys) > checkKeys && n > 0 {
							n--
						}
						return n
					}
				}
			}
		}
		archKernels[i].clash = &clash
		return
	}
}
