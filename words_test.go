package nqueens

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestWords keeps the words of the repository's Go files true to their
// code: a package's doc names its package, a doc comment begins with the
// name it documents ("Count returns", "A Step is"), a name in backquotes
// in a comment is declared somewhere, and a file that a comment names is
// in the repository. Generated files are left out, and the docs of
// examples, which say what they show.
func TestWords(t *testing.T) {
	fset := token.NewFileSet()
	var files []*ast.File
	var names []string // of the files, for their words
	var docs []string  // the Markdown files
	exists := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		exists[d.Name()] = true
		if strings.HasSuffix(path, ".md") {
			docs = append(docs, path)
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if expr, ok := strings.CutPrefix(c.Text, "//go:build "); ok {
					for _, tag := range buildTag.FindAllString(expr, -1) {
						exists["tag "+tag] = true
					}
				}
			}
		}
		if !ast.IsGenerated(f) {
			files, names = append(files, f), append(names, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				declared[id.Name] = true
			}
			return true
		})
	}
	for i, f := range files {
		at := func(n ast.Node) string { return fset.Position(n.Pos()).String() }
		dir := filepath.Dir(names[i])
		if doc := f.Doc.Text(); strings.HasPrefix(doc, "Package ") {
			if got := strings.Fields(doc)[1]; got != f.Name.Name {
				t.Errorf("%s: the doc of package %s says Package %s", names[i], f.Name.Name, got)
			}
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				// An example's doc says what it shows, under the name
				// it is an example of.
				if !strings.HasPrefix(d.Name.Name, "Example") {
					checkDocName(t, at(d), d.Doc, d.Name.Name)
				}
			case *ast.GenDecl:
				if !d.Lparen.IsValid() && len(d.Specs) == 1 {
					checkDocName(t, at(d), d.Doc, specNames(d.Specs[0])...)
					continue
				}
				for _, s := range d.Specs {
					checkDocName(t, at(s), specDoc(s), specNames(s)...)
				}
			}
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				checkCommentWords(t, at(c), c.Text, declared, exists)
				checkCommentRefs(t, at(c), c.Text, dir, declared, exists)
			}
		}
	}
	for _, name := range docs {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range docName.FindAllStringSubmatch(string(text), -1) {
			if !declared[m[2]+m[3]] {
				t.Errorf("%s: names `%s`, which no file declares", name, m[1])
			}
		}
	}
}

// docName is a name of the code that a Markdown file gives in backquotes:
// a test, benchmark, fuzz test or example, or an exported name of a
// package, as `shard.Job`.
var docName = regexp.MustCompile("`((?:[a-z]+\\.)?((?:Test|Benchmark|Fuzz|Example)[A-Z_][A-Za-z0-9_]*)|(?:shard|nqueens|engine|join)\\.([A-Z][A-Za-z0-9]*))`")

// docArticles are the words a doc comment may begin with before its name:
// "A Step is", "An Option configures".
var docArticles = []string{"", "A ", "An ", "The "}

// checkDocName reports a doc comment, if there is one, that does not
// begin with one of names.
func checkDocName(t *testing.T, at string, doc *ast.CommentGroup, names ...string) {
	t.Helper()
	text := doc.Text()
	if text == "" || len(names) == 0 || slices.Equal(names, []string{"_"}) {
		return
	}
	for _, article := range docArticles {
		for _, name := range names {
			if rest, ok := strings.CutPrefix(text, article+name); ok && (rest == "" || !isIdentRune(rest[0])) {
				return
			}
		}
	}
	first, _, _ := strings.Cut(text, "\n")
	t.Errorf("%s: the doc of %s begins %q", at, strings.Join(names, ", "), first)
}

// isIdentRune reports whether b may go on an identifier.
func isIdentRune(b byte) bool {
	return b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

// specNames returns the names a spec declares.
func specNames(s ast.Spec) []string {
	switch s := s.(type) {
	case *ast.TypeSpec:
		return []string{s.Name.Name}
	case *ast.ValueSpec:
		var names []string
		for _, n := range s.Names {
			names = append(names, n.Name)
		}
		return names
	}
	return nil
}

// specDoc returns the doc comment of a spec within a group.
func specDoc(s ast.Spec) *ast.CommentGroup {
	switch s := s.(type) {
	case *ast.TypeSpec:
		return s.Doc
	case *ast.ValueSpec:
		return s.Doc
	}
	return nil
}

var (
	// backquoted is a name in backquotes: `every`.
	backquoted = regexp.MustCompile("`([A-Za-z_][A-Za-z0-9_]*)`")
	// buildTag is a name in a build constraint, and tagsFlag the tags
	// that a comment gives to go's -tags.
	buildTag = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_.]*`)
	tagsFlag = regexp.MustCompile(`-tags[ =]([A-Za-z0-9_,]+)`)
	// fileName is the name of a file of Go, assembly or Markdown.
	fileName = regexp.MustCompile(`\b[A-Za-z0-9_]+\.(?:go|s|md)\b`)
)

// checkCommentWords reports, in the text of a comment, a name in
// backquotes that no file declares or uses, a build tag that no build
// constraint names, and a file name that is in no directory of the
// repository.
func checkCommentWords(t *testing.T, at, text string, declared, exists map[string]bool) {
	t.Helper()
	for _, m := range backquoted.FindAllStringSubmatch(text, -1) {
		if !declared[m[1]] {
			t.Errorf("%s: a comment names `%s`, which no file declares", at, m[1])
		}
	}
	for _, m := range tagsFlag.FindAllStringSubmatch(text, -1) {
		for tag := range strings.SplitSeq(m[1], ",") {
			if !exists["tag "+tag] {
				t.Errorf("%s: a comment names the build tag %s, which no file's build constraint names", at, tag)
			}
		}
	}
	for _, loc := range fileName.FindAllStringIndex(text, -1) {
		name := text[loc[0]:loc[1]]
		// pkg.go.dev and the like are addresses, not files.
		if next := loc[1]; next < len(text) && (text[next] == '.' || text[next] == '/') && next+1 < len(text) && isIdentRune(text[next+1]) {
			continue
		}
		if !exists[name] {
			t.Errorf("%s: a comment names the file %s, which the repository does not hold", at, name)
		}
	}
}

var (
	// camelCase is a word of Go in a comment's prose, not in backquotes:
	// a small letter first, a capital after it, as clashesGo.
	camelCase = regexp.MustCompile(`(^|[^A-Za-z0-9_.` + "`" + `/-])([a-z][a-z0-9]*[A-Z][A-Za-z0-9_]*)\b`)
	// pascalCase is an exported name of Go in a comment's prose, of two
	// words or more, each a capital and small letters: CountContext.
	pascalCase = regexp.MustCompile(`(^|[^A-Za-z0-9_.` + "`" + `/-])([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)\b`)
	// seeRef is a pointer to a name or a file: (see constellation).
	seeRef = regexp.MustCompile(`\(see ([A-Za-z_][A-Za-z0-9_.]*)\)`)
	// relPath is a path with a folder, or going up from one, and an
	// extension: docs/scale.md, or the same from a folder below the root.
	relPath = regexp.MustCompile(`(^|[\s(` + "`" + `'"])((?:\.\./|\./)+[A-Za-z0-9_][A-Za-z0-9_.-]*|[A-Za-z0-9_][A-Za-z0-9_.-]*(?:/[A-Za-z0-9_][A-Za-z0-9_.-]*)+)\.[a-z]+\b`)
	// diagram is a row of a drawn board: x and Q, as xQxx.
	diagram = regexp.MustCompile(`^[xQ]+$`)
)

// checkCommentRefs reports, in the text of a comment of a file in dir, a
// name of Go in the prose that no file declares (a function renamed, say),
// a pointer "(see x)" to a name that no file declares and to no file, and
// a path to a file or folder that is not there: a path is read from dir,
// or from a folder above it, as a command run there reads it, and from
// the repository's root.
func checkCommentRefs(t *testing.T, at, text, dir string, declared, exists map[string]bool) {
	t.Helper()
	if strings.Contains(text, "://") {
		text = urlText.ReplaceAllString(text, "")
	}
	// A Source: line names the code of an article, which is not ours.
	if !strings.HasPrefix(strings.TrimLeft(text, "/ \t"), "Source:") {
		for _, m := range camelCase.FindAllStringSubmatch(text, -1) {
			if !declared[m[2]] && !diagram.MatchString(m[2]) {
				t.Errorf("%s: a comment names %s, which no file declares", at, m[2])
			}
		}
		for _, m := range pascalCase.FindAllStringSubmatch(text, -1) {
			if !declared[m[2]] && !slices.Contains(proseWords, m[2]) {
				t.Errorf("%s: a comment names %s, which no file declares", at, m[2])
			}
		}
	}
	for _, m := range seeRef.FindAllStringSubmatch(text, -1) {
		if name := strings.TrimSuffix(m[1], "."); !declared[name] && !exists[name] {
			t.Errorf("%s: a comment points to %q, which no file declares and no file is", at, name)
		}
	}
	for _, m := range relPath.FindAllStringSubmatch(text, -1) {
		path := strings.TrimPrefix(m[0], m[1])
		if !pathThere(path, dir) {
			t.Errorf("%s: a comment names the path %s, which is not there from %s or above it", at, path, dir)
		}
	}
}

// proseWords are words of two capitals that comments write and Go does
// not declare: names of things outside the code.
var proseWords = []string{"JavaScript"}

// urlText is an address in a comment, whose path names no file of ours.
var urlText = regexp.MustCompile(`[a-z]+://\S+`)

// pathThere reports whether path names a file or folder from dir or from
// a folder above it, up to the repository's root.
func pathThere(path, dir string) bool {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, path)); err == nil {
			return true
		}
		if d == "." || d == "/" {
			return false
		}
	}
}
