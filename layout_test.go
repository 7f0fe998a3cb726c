package nqueens

import (
	"bytes"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
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

// doors lists the packages that users import, and the internal
// packages they may: the engine, the plain values of a board, and the
// quoting of text; and the command, which may import none, a client of
// the public packages that does nothing a Go program cannot. What the
// engine imports is its own business.
var doors = map[string][]string{
	".":           {"internal/engine", "internal/board", "internal/quote"},
	"shard":       {"internal/engine", "internal/board", "internal/quote"},
	"cmd/nqueens": nil,
}

// TestOneDoor checks that the public packages reach the engine's
// machinery through the engine alone.
func TestOneDoor(t *testing.T) {
	const module = "github.com/gonqueens/nqueens/"
	for dir, allowed := range doors {
		pkg, err := build.Default.ImportDir(dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range pkg.Imports {
			internal, ok := strings.CutPrefix(imp, module)
			if ok && strings.HasPrefix(internal, "internal/") && !slices.Contains(allowed, internal) {
				t.Errorf("%s imports %s: a public package reaches the engine's machinery through internal/engine alone, and the command through the public packages", dir, imp)
			}
		}
	}
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

// TestFilesOrdered wants the files of every package of the module in
// layers of their own: no file uses a name declared in a file that uses
// one of its own, however far round, a method or a field as much as a
// top-level name, so that each can be read after those it uses, the
// contract at the bottom and the front door on top.
// The files of amd64 are held, and those that every other architecture
// builds, and the purego build's.
func TestFilesOrdered(t *testing.T) {
	// One importer for all: it type-checks each package imported once.
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	amd64, arm64, purego := build.Default, build.Default, build.Default
	amd64.GOARCH, arm64.GOARCH = "amd64", "arm64"
	purego.GOARCH, purego.BuildTags = "amd64", []string{"purego"}
	dirs := modulePackages(t)
	misordered := map[string]bool{}
	for _, ctx := range []build.Context{amd64, arm64, purego} {
		for _, dir := range dirs {
			uses := fileUses(t, &ctx, fset, imp, dir)
			if loop := fileLoop(uses); loop != nil {
				t.Errorf("the files of %s for %s%v make a loop: %s", dir, ctx.GOARCH, ctx.BuildTags, strings.Join(loop, ", which uses "))
			}
			listed := filesListed(t, dir)
			for i, early := range listed {
				for _, late := range listed[i+1:] {
					if uses[early][late] && !misordered[early+" "+late] {
						misordered[early+" "+late] = true
						t.Errorf("%s lists its files from the bottom up, %s before %s, but %s uses %s", dir, early, late, early, late)
					}
				}
			}
		}
	}
}

// filesListed returns the files of Go that a comment of the package in
// dir lists "from the bottom up", in the order it names them, if one
// does.
func filesListed(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		if _, list, ok := strings.Cut(f.Doc.Text(), "from the bottom up"); ok {
			return goFileName.FindAllString(list, -1)
		}
	}
	return nil
}

// goFileName is the name of a file of Go.
var goFileName = regexp.MustCompile(`\b[A-Za-z0-9_]+\.go\b`)

// modulePackages returns the directories of the module's packages, those
// of nested modules and testdata left out.
func modulePackages(t *testing.T) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if path != "." {
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
		}
		if _, err := build.Default.ImportDir(path, 0); err == nil {
			dirs = append(dirs, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// fileUses maps each file of the package in dir that ctx builds to the
// files that declare the names it uses, parsed into fset and checked with
// imp: the package's top-level names, and the methods and fields of its
// types.
func fileUses(t *testing.T, ctx *build.Context, fset *token.FileSet, imp types.Importer, dir string) map[string]map[string]bool {
	t.Helper()
	pkg, err := ctx.ImportDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	path := strings.TrimSuffix("github.com/gonqueens/nqueens/"+strings.TrimPrefix(dir, "."), "/")
	conf := types.Config{Importer: imp}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	if _, err := conf.Check(path, fset, files, info); err != nil {
		t.Fatal(err)
	}
	uses := map[string]map[string]bool{}
	for id, obj := range info.Uses {
		if obj.Pkg() == nil || obj.Pkg().Path() != path || !declaredAtTop(obj) {
			continue // not a name of the package's top level, nor a method or field of one
		}
		from, to := filepath.Base(fset.Position(id.Pos()).Filename), filepath.Base(fset.Position(obj.Pos()).Filename)
		if from != to {
			if uses[from] == nil {
				uses[from] = map[string]bool{}
			}
			uses[from][to] = true
		}
	}
	return uses
}

// declaredAtTop reports whether obj is a name declared at its package's
// top level, or a method or a field, which a type of the top level, or a
// type inside one, has.
func declaredAtTop(obj types.Object) bool {
	switch o := obj.(type) {
	case *types.Func:
		if sig, ok := o.Type().(*types.Signature); ok && sig.Recv() != nil {
			return true
		}
	case *types.Var:
		if o.IsField() {
			return true
		}
	}
	return obj.Parent() == obj.Pkg().Scope()
}

// fileLoop returns a loop of files in uses, each using a name the next
// declares, the first again at the end, or nil if there is none.
func fileLoop(uses map[string]map[string]bool) []string {
	// A loop is a file that reaches itself.
	for start := range uses {
		seen := map[string]bool{}
		var path []string
		var reach func(f string) bool
		reach = func(f string) bool {
			for to := range uses[f] {
				if to == start {
					path = append(path, to)
					return true
				}
				if !seen[to] {
					seen[to] = true
					if reach(to) {
						path = append(path, to)
						return true
					}
				}
			}
			return false
		}
		if reach(start) {
			slices.Reverse(path)
			return append([]string{start}, path...)
		}
	}
	return nil
}

// maxRoom is the most lines a hand-written Go file takes: past it, a file
// has usually taken a second job, which wants a room of its own.
const maxRoom = 500

// TestRooms wants every hand-written Go file of the repository, tests
// aside, within maxRoom lines.
func TestRooms(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if lines := bytes.Count(b, []byte("\n")); lines > maxRoom && !bytes.HasPrefix(b, []byte("// Code generated")) {
			t.Errorf("%s is %d lines, over %d: give its second job a file of its own", path, lines, maxRoom)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Limits of a hand-written function of the module: a function longer, or
// of more parameters, does more than one thing, or wants a type of its
// own.
const (
	maxFuncLines  = 80
	maxFuncParams = 8
)

// TestFunctionsShort wants every function of the module that is written
// by hand and not a test's, of every architecture, at most maxFuncLines
// lines long, its comment aside, and of at most maxFuncParams
// parameters. Generated files are the generators'.
func TestFunctionsShort(t *testing.T) {
	fset := token.NewFileSet()
	for _, dir := range modulePackages(t) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			name := filepath.Join(dir, e.Name())
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			if ast.IsGenerated(f) {
				continue
			}
			for _, decl := range f.Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok || fn.Body == nil {
					continue
				}
				lines := fset.Position(fn.End()).Line - fset.Position(fn.Type.Pos()).Line + 1
				params := 0
				for _, p := range fn.Type.Params.List {
					params += max(len(p.Names), 1)
				}
				if lines > maxFuncLines || params > maxFuncParams {
					t.Errorf("%s: %s is %d lines long and takes %d parameters; want at most %d and %d",
						fset.Position(fn.Pos()), fn.Name.Name, lines, params, maxFuncLines, maxFuncParams)
				}
			}
		}
	}
}
