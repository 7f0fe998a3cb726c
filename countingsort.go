package nqueens

import "slices"

// An order says where a counting sort puts an item of type T, and what it
// writes there.
type order[T, U any] interface {
	value(T) int // the item's place in the order, from 0
	out(T) U     // what the sort writes of the item
}

// countingSort writes what each item of src becomes, by's out, into dst's
// memory in increasing order of by's value, one of values values, stably;
// it returns them, and in starts' memory where each value's items start,
// and where the last ends: values+1 entries. It reads src twice, and
// allocates only where dst or starts is too short.
func countingSort[T, U any, O order[T, U]](dst []U, starts []int, src []T, values int, by O) ([]U, []int) {
	starts = slices.Grow(starts[:0], values+1)[:values+1]
	clear(starts)
	for _, x := range src {
		starts[by.value(x)+1]++
	}
	for v := 1; v <= values; v++ {
		starts[v] += starts[v-1]
	}
	dst = slices.Grow(dst[:0], len(src))[:len(src)]
	next := starts[:values]
	for _, x := range src {
		v := by.value(x)
		dst[next[v]] = by.out(x)
		next[v]++
	}
	// next, which is starts, moved each value's start to its end: move it
	// back by one value.
	copy(starts[1:], starts[:values])
	starts[0] = 0
	return dst, starts
}
