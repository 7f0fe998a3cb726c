package nqueens

import (
	"go/build"
	"slices"
	"strings"
	"testing"
)

// layers lists the module's packages from the bottom up: the plain
// values of a board, the kernels' instruction sets and the sharing out of
// work; the frame's backtracking search and its kernels, the join, and
// the plain recount that checks them; the engine that plans, runs and
// lists; the front door; the long and sharded counts, over the front
// door's types; and the command. A package may import those of the
// layers below its own, never one of its own layer or above: the compiler
// refuses a cycle, and this test the imports that would make one later.
var layers = [][]string{
	{"internal/board", "internal/deal", "internal/isa", "internal/poll", "internal/quote"},
	{"internal/backtrack", "internal/join", "internal/recount"},
	{"internal/engine"},
	{"."},
	{"shard"},
	{"cmd/nqueens"},
}

// testOnly lists the packages that only tests import: what the tests of
// several packages share, which the library never holds.
var testOnly = []string{"internal/nqtest"}

// TestLayers checks that no package of the module imports one of its own
// layer or of a higher one, and that only tests import the packages of
// testOnly, which import nothing of the module.
func TestLayers(t *testing.T) {
	const module = "github.com/gonqueens/nqueens"
	path := func(p string) string { return strings.TrimSuffix(module+"/"+strings.TrimPrefix(p, "."), "/") }
	layer := map[string]int{}
	for i, pkgs := range layers {
		for _, p := range pkgs {
			layer[path(p)] = i
		}
	}
	tests := map[string]bool{}
	for _, p := range testOnly {
		tests[path(p)] = true
		layer[path(p)] = -1
	}
	for pkgPath, i := range layer {
		dir := "." + strings.TrimPrefix(pkgPath, module)
		pkg, err := build.Default.ImportDir(dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range slices.Concat(pkg.Imports, pkg.TestImports, pkg.XTestImports) {
			if !strings.HasPrefix(imp, module) || imp == pkgPath {
				continue
			}
			j, ok := layer[imp]
			switch {
			case !ok:
				t.Errorf("%s imports %s, which has no layer: add it to layers", pkgPath, imp)
			case tests[imp] && slices.Contains(pkg.Imports, imp):
				t.Errorf("%s imports %s, which is for tests alone", pkgPath, imp)
			case i < 0 && !tests[imp]:
				t.Errorf("%s, for tests alone, imports %s", pkgPath, imp)
			case !tests[imp] && j >= i && !slices.Contains(pkg.XTestImports, imp):
				t.Errorf("%s imports %s, of layer %d, not below its own %d", pkgPath, imp, j, i)
			}
		}
	}
}
