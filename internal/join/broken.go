//go:build nqueens_brokenkernel

package join

// init breaks, in a test build with the tag nqueens_brokenkernel, the
// matching kernels of the first set that the processor runs, as a fault
// that their self-check does not catch would: each counts a clash too
// few, where there is one, for a batch of 64 keys or more, which the
// self-check's 21 keys never are. A count then goes wrong, and a recount
// by the join on the next set finds it (the command's
// TestRecountCatchesAFault).
func init() {
	for i := range archKernels {
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
						if len(keys) >= 64 && n > 0 {
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
