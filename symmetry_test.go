package nqueens

import (
	"errors"
	"slices"
	"testing"
)

func TestTransforms(t *testing.T) {
	s := Solution{1, 3, 0, 2}
	tests := map[Symmetry]Solution{
		Identity:      {1, 3, 0, 2},
		Rotate90:      {1, 3, 0, 2}, // the solution of 4 is symmetric under a quarter turn
		Rotate180:     {1, 3, 0, 2},
		Rotate270:     {1, 3, 0, 2},
		MirrorColumns: {2, 0, 3, 1},
		MirrorRows:    {2, 0, 3, 1},
		Transpose:     {2, 0, 3, 1},
		AntiTranspose: {2, 0, 3, 1},
	}
	for g, want := range tests {
		got, err := s.Transform(g)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%d.Transform(%v) = %d, %v; want %d", s, g, got, err, want)
		}
	}
	// Every transform of every solution of 8 is a solution, and composing
	// a rotation four times gives the solution back.
	for s := range all(t, 8) {
		for _, g := range Symmetries() {
			img, err := s.Transform(g)
			if err != nil || !img.Valid() {
				t.Fatalf("%v.Transform(%v) = %v, %v: not a solution", s, g, img, err)
			}
		}
		r := slices.Clone(s)
		for range 4 {
			r, _ = r.Transform(Rotate90)
		}
		if !slices.Equal(r, s) {
			t.Errorf("four quarter turns of %v give %v", s, r)
		}
	}
	if _, err := (Solution{0, 0}).Transform(Rotate90); !errors.Is(err, ErrNotSolution) {
		t.Errorf("Transform of a non-permutation: error = %v, want ErrNotSolution", err)
	}
	for _, g := range []Symmetry{-1, 8} {
		if _, err := s.Transform(g); !errors.Is(err, ErrSymmetry) {
			t.Errorf("Transform(Symmetry(%d)): error = %v, want ErrSymmetry", int(g), err)
		}
	}
}
