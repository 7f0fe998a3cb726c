package nqueens

import (
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"testing"
)

// layers lists the package's files from the bottom up: the package comment
// and the errors, the types and the contract every strategy implements;
// the strategies of the articles and the small features beside them; the
// engine's layers (the stop flag and the deal of work to shards, frames
// and their kernels, the constellations and the solutions a turn leaves
// unchanged, the join from its matching kernels up, the subproblems, the
// memory model, the plan of a count, saved state, options, workers); and
// the front door on top. A file may use the names of its own layer and of
// the layers below it, never those of a layer above.
var layers = [][]string{
	{"doc.go", "errors.go"},
	{"solution.go"},
	{"strategy.go"},
	{"naive.go", "cached.go", "bitwise.go", "flipped.go", "construct.go", "parse.go", "symmetry.go"},
	{"poll.go", "shard.go"},
	{"frame.go"},
	{"kernel.go", "kernel_amd64.go", "kernel_generic.go", "zkernel.go", "zkernel_amd64.go"},
	{"constellation.go", "invariant.go"},
	{"match.go", "match_amd64.go", "match_otherarch.go", "zmatch_amd64.go", "zmatchtable_amd64.go"},
	{"joinkey.go"},
	{"joinquarter.go"},
	{"joinboard.go"},
	{"jointable.go"},
	{"joinsieve.go"},
	{"join.go"},
	{"subproblems.go"},
	{"memory.go"},
	{"plan.go"},
	{"state.go"},
	{"options.go"},
	{"engine.go", "listing.go"},
	{"completion.go", "enumerate.go", "nqueens.go"},
}

// TestLayers checks that no file of the package reaches up into a higher
// layer, and that every file has its place in layers.
func TestLayers(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the package from source")
	}
	layer := map[string]int{}
	for i, files := range layers {
		for _, f := range files {
			layer[f] = i
		}
	}
	pkg, err := build.Default.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range pkg.GoFiles {
		if _, ok := layer[name]; !ok {
			t.Errorf("%s has no layer: add it to layers", name)
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	self, err := conf.Check(pkg.ImportPath, fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[2]string]bool{}
	for id, obj := range info.Uses {
		// The package's own names: those of the package scope, and the
		// methods and fields of its types.
		if obj.Pkg() != self || obj.Parent() != self.Scope() && !isMember(obj) {
			continue
		}
		from := filepath.Base(fset.Position(id.Pos()).Filename)
		to := filepath.Base(fset.Position(obj.Pos()).Filename)
		if layer[to] > layer[from] && !seen[[2]string{from, obj.Name()}] {
			seen[[2]string{from, obj.Name()}] = true
			t.Errorf("%s uses %s of %s, a higher layer", from, obj.Name(), to)
		}
	}
	if !slices.Contains(pkg.GoFiles, "nqueens.go") {
		t.Error("no nqueens.go: the layers are of another package")
	}
}

// isMember reports whether obj is a method or a struct field.
func isMember(obj types.Object) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Signature().Recv() != nil
	case *types.Var:
		return obj.IsField()
	}
	return false
}
