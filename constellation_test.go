package nqueens

import (
	"context"
	"slices"
	"testing"
)

// TestSymmetryWeights checks the engine's counts against the plain
// enumeration: a solution is counted as unique when it is the least of its
// eight images, and each class has 8 / (images equal to it) members; it is
// left unchanged by a turn when its image is itself.
func TestSymmetryWeights(t *testing.T) {
	top := 14
	if testing.Short() {
		top = 11
	}
	for n := 1; n <= top; n++ {
		want := Counts{Shard: Shard{N: n, Of: 1, Plan: PlanVersion}}
		image := make(Solution, n)
		err := Bitwise.Enumerate(n, func(s Solution) bool {
			want.Total++
			least := true
			for _, g := range Symmetries() {
				g.transformInto(image, s)
				switch slices.Compare(image, s) {
				case -1:
					least = false
				case 0:
					switch g {
					case Rotate90:
						want.Invariant90++
					case Rotate180:
						want.Invariant180++
					}
				}
			}
			if least {
				want.Unique++
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		got, err := CountContext(context.Background(), n, WithWorkers(1))
		if err != nil || got != want {
			t.Errorf("CountContext(%d) = %+v, %v; plain enumeration gives %+v", n, got, err, want)
		}
	}
}
