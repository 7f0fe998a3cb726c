package nqueens

import (
	"go/build"
	"slices"
	"strings"
	"testing"
)

// layers lists the module's packages of the library from the bottom up:
// the plain values of a board, the kernels' instruction sets and the
// sharing out of work; the frame's
// backtracking search and its kernels, the join, and the plain recount
// that checks them; the engine that plans, runs and lists; and the front
// door. A package may import those of the
// layers below its own, never one of its own layer or above: the compiler
// refuses a cycle, and this test the imports that would make one later.
var layers = [][]string{
	{"internal/board", "internal/isa", "internal/work"},
	{"internal/frame", "internal/join", "internal/recount"},
	{"internal/engine"},
	{"."},
}

// TestLayers checks that no package of the library imports one of its
// own layer or of a higher one.
func TestLayers(t *testing.T) {
	const module = "github.com/gonqueens/nqueens"
	layer := map[string]int{}
	for i, pkgs := range layers {
		for _, p := range pkgs {
			layer[strings.TrimSuffix(module+"/"+strings.TrimPrefix(p, "."), "/")] = i
		}
	}
	for path, i := range layer {
		dir := "." + strings.TrimPrefix(path, module)
		pkg, err := build.Default.ImportDir(dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range slices.Concat(pkg.Imports, pkg.TestImports) {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			j, ok := layer[imp]
			switch {
			case !ok:
				t.Errorf("%s imports %s, which has no layer: add it to layers", path, imp)
			case j >= i && imp != path:
				t.Errorf("%s imports %s, of layer %d, not below its own %d", path, imp, j, i)
			}
		}
	}
}
