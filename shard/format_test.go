package shard

import (
	"context"
	"encoding/binary"
	"testing"
)

// TestStateKinds holds the numbers by which the format names the kinds
// of count, 0 for a count, 1 for a recount by backtracking and 2 for one
// by the join, whatever order the engine gives its own.
func TestStateKinds(t *testing.T) {
	for _, tt := range []struct {
		job     Job
		byte    uint64
		recount bool
		method  RecountMethod
	}{
		{Job{N: 8}, 0, false, ByCost},
		{Job{N: 8, Recount: true, RecountBy: ByBacktracking}, 1, true, ByBacktracking},
		{Job{N: 21, Index: 5, Of: 1 << 20, Recount: true, RecountBy: ByJoin}, 2, true, ByJoin},
	} {
		var last State
		tt.job.Save = func(s State) error { last = s; return nil }
		if _, err := tt.job.Count(context.Background()); err != nil {
			t.Fatal(err)
		}
		b, err := last.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		rest := b[len(stateHead):]
		var field uint64
		for range fieldKind + 1 {
			v, n := binary.Uvarint(rest)
			field, rest = v, rest[n:]
		}
		var back State
		if err := back.UnmarshalBinary(b); err != nil {
			t.Fatal(err)
		}
		if recount, method := back.Recount(); field != tt.byte || recount != tt.recount || method != tt.method {
			t.Errorf("the state of %+v: kind %d, read back as %v %v; want %d, %v %v", tt.job, field, recount, method, tt.byte, tt.recount, tt.method)
		}
	}
}
