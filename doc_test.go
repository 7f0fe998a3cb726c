package nqueens

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// publicDocs parses the package in dir with its tests, as pkg.go.dev
// reads it, and returns its docs and the names of all its examples.
func publicDocs(t *testing.T, dir, importPath string) (*doc.Package, []string) {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var files, tests []*ast.File
	for _, name := range names {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		if strings.HasSuffix(name, "_test.go") {
			tests = append(tests, f)
		}
	}
	p, err := doc.NewFromFiles(fset, files, importPath)
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, ex := range doc.Examples(tests...) {
		all = append(all, "Example"+ex.Name)
	}
	return p, all
}

// attachedExamples lists the examples that go/doc attaches to the
// package, a function, a type or a method: those pkg.go.dev shows.
func attachedExamples(p *doc.Package) []string {
	var names []string
	add := func(examples []*doc.Example) {
		for _, ex := range examples {
			names = append(names, "Example"+ex.Name)
		}
	}
	add(p.Examples)
	for _, f := range p.Funcs {
		add(f.Examples)
	}
	for _, typ := range p.Types {
		add(typ.Examples)
		for _, f := range typ.Funcs {
			add(f.Examples)
		}
		for _, m := range typ.Methods {
			add(m.Examples)
		}
	}
	return names
}

// TestExamplesShown wants every example of the public packages attached
// to a name, as pkg.go.dev shows it: go/doc drops an example of an
// interface's method, or one whose suffix starts with a capital.
func TestExamplesShown(t *testing.T) {
	for dir, path := range map[string]string{".": "github.com/gonqueens/nqueens", "shard": "github.com/gonqueens/nqueens/shard"} {
		p, all := publicDocs(t, dir, path)
		shown := attachedExamples(p)
		for _, name := range all {
			if !slices.Contains(shown, name) {
				t.Errorf("%s: %s attaches to no name: pkg.go.dev does not show it", path, name)
			}
		}
		if len(all) == 0 {
			t.Errorf("%s has no examples", path)
		}
	}
}

// TestOverview wants the package's overview, what godoc shows before the
// first name, to fit a screen or so, with a runnable Example of the
// package and one of Bitwise's masks.
func TestOverview(t *testing.T) {
	p, all := publicDocs(t, ".", "github.com/gonqueens/nqueens")
	var prose []string
	for _, line := range strings.Split(p.Doc, "\n") {
		if !strings.HasPrefix(line, "[") { // a link's definition is no prose
			prose = append(prose, line)
		}
	}
	if words := len(strings.Fields(strings.Join(prose, " "))); words > 320 {
		t.Errorf("the overview has %d words, want about 300 at most: move the rest to the names it is about, or to docs/", words)
	}
	for _, want := range []string{"Example", "Example_bitwise"} {
		if !slices.Contains(all, want) {
			t.Errorf("the package has no %s", want)
		}
	}
}

// TestLicense wants the BSD 3-clause license at the root, the kind that
// pkg.go.dev redistributes and shows the docs of.
func TestLicense(t *testing.T) {
	b, err := os.ReadFile("LICENSE")
	if err != nil {
		t.Fatalf("no license file: %v", err)
	}
	text := strings.Join(strings.Fields(string(b)), " ")
	for _, want := range []string{
		"Copyright 2026 The nqueens Authors.",
		"Redistribution and use in source and binary forms, with or without modification, are permitted provided that the following conditions are met:",
		"Redistributions of source code must retain the above copyright notice, this list of conditions and the following disclaimer.",
		"Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the following disclaimer in the documentation and/or other materials provided with the distribution.",
		"Neither the name of the copyright holder nor the names of its contributors may be used to endorse or promote products derived from this software without specific prior written permission.",
		`THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("LICENSE lacks %q: it is no longer the BSD 3-clause license", want)
		}
	}
}
