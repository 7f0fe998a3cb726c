package nqueens

import (
	"errors"
	"slices"
	"testing"

	"github.com/gonqueens/nqueens/internal/board"
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

// TestInternalTies holds the package's Symmetry, MaxN and Free, written
// out for its documentation, to the engine's: the same symmetries in the
// same order, the same largest board and the same mark of a free row.
func TestInternalTies(t *testing.T) {
	want := []Symmetry{Identity, Rotate90, Rotate180, Rotate270, MirrorColumns, MirrorRows, Transpose, AntiTranspose}
	if len(want) != len(board.Symmetries) {
		t.Fatalf("%d symmetries, the engine's %d", len(want), len(board.Symmetries))
	}
	for i, g := range board.Symmetries {
		if want[i] != Symmetry(g) {
			t.Errorf("%v is the engine's symmetry %d, which is %d", want[i], i, int(g))
		}
		// Each moves a solution as the engine's does.
		s := Solution{1, 3, 0, 2, 4}
		got, err := s.Transform(want[i])
		image := make([]int, len(s))
		g.TransformInto(image, s)
		if err != nil || !slices.Equal(got, image) {
			t.Errorf("%v turns %v into %v, %v; the engine's symmetry %d into %v", want[i], s, got, err, i, image)
		}
	}
	if MaxN != board.MaxN || Free != board.Free {
		t.Errorf("MaxN %d and Free %d, the engine's %d and %d", MaxN, Free, board.MaxN, board.Free)
	}
}
