package nqueens

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestREADME checks what the README promises a user with a clone alone:
// its first block holds the two commands, and it and the documents of
// docs/ name only files of the repository, and link to documents that are
// there.
func TestREADME(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	_, first, _ := strings.Cut(readme, "```sh\n")
	first, _, _ = strings.Cut(first, "```")
	var cmds []string
	for _, line := range strings.Split(strings.TrimSpace(first), "\n") {
		cmd, _, _ := strings.Cut(line, "#")
		cmds = append(cmds, strings.TrimSpace(cmd))
	}
	if want := []string{"go run ./cmd/nqueens count 14", "go test ./..."}; strings.Join(cmds, "\n") != strings.Join(want, "\n") {
		t.Errorf("README's first commands are %q, want %q", cmds, want)
	}
	// The first screen says how to get the module today, from a clone,
	// and once it is published, and the license.
	top := readme[:min(len(readme), 2000)]
	for _, want := range []string{"The module is not published yet", "`replace`\ndirective", "`go install ./cmd/nqueens`", "go get github.com/gonqueens/nqueens\n", "(LICENSE)"} {
		if !strings.Contains(top, want) {
			t.Errorf("README's first screen does not say %q: the way to the module from a clone today, once published, and its license", want)
		}
	}
	// A code block reads without a scroll on a narrow screen.
	for i, block := range strings.Split(readme, "```")[1:] {
		if i%2 == 1 {
			continue // prose between two blocks
		}
		for _, line := range strings.Split(block, "\n")[1:] {
			if utf8.RuneCountInString(line) > 80 {
				t.Errorf("README.md has a code line of %d columns, want at most 80: %q", utf8.RuneCountInString(line), line)
			}
		}
	}
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) < 2 {
		t.Errorf("docs/ holds %q, want the engine's and the scale's documents", docs)
	}
	paths := regexp.MustCompile("(?:^|[ `(])((?:docs|scripts|deploy|tools|cmd|testdata|internal)/[A-Za-z0-9_./-]*[A-Za-z0-9_])")
	// "../x" is read from a folder of the repository (cd tools && ...
	// ../docs): x must be in the repository too.
	up := regexp.MustCompile(`\.\./([A-Za-z0-9_.-]+)`)
	links := regexp.MustCompile(`\]\(([A-Za-z0-9_./-]+\.md)\)`)
	for _, name := range append([]string{"README.md"}, docs...) {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		for _, m := range paths.FindAllStringSubmatch(text, -1) {
			if _, err := os.Stat(m[1]); err != nil {
				t.Errorf("%s names %s: %v", name, m[1], err)
			}
		}
		for _, m := range up.FindAllStringSubmatch(text, -1) {
			if _, err := os.Stat(m[1]); err != nil {
				t.Errorf("%s refers to ../%s, which a clone does not have", name, m[1])
			}
		}
		for _, m := range links.FindAllStringSubmatch(text, -1) {
			if _, err := os.Stat(filepath.Join(filepath.Dir(name), m[1])); err != nil {
				t.Errorf("%s links to %s: %v", name, m[1], err)
			}
		}
	}
	if lines := strings.Count(readme, "\n"); lines > 250 {
		t.Errorf("README.md is %d lines: a newcomer's door is under 250; move the long stories to docs/", lines)
	}
}

// TestREADMEBenchTable wants the README's table of the strategies to be
// what scripts/benchtable prints from the raw run it names.
func TestREADMEBenchTable(t *testing.T) {
	if testing.Short() {
		t.Skip("runs benchstat")
	}
	table, err := exec.Command("bash", "scripts/benchtable", "-in", "docs/bench.txt").Output()
	if err != nil {
		t.Fatalf("scripts/benchtable -in docs/bench.txt: %v", err)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), string(table)) {
		t.Errorf("README.md does not hold the table that scripts/benchtable -in docs/bench.txt prints:\n%s", table)
	}
}

// TestREADMEGo builds the README's Go snippet, as a program of a module
// of a user's that uses the library from a clone, the way the README
// says: a replace directive and go mod tidy. The snippet runs in main.
func TestREADMEGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, snippet, ok := strings.Cut(string(b), "```go\n")
	snippet, _, _ = strings.Cut(snippet, "```")
	if !ok || !strings.HasPrefix(snippet, `import "github.com/gonqueens/nqueens"`) {
		t.Fatalf("README.md has no Go snippet that imports the package")
	}
	body := strings.TrimPrefix(snippet, `import "github.com/gonqueens/nqueens"`)
	src := "package main\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\n\t\"github.com/gonqueens/nqueens\"\n)\n\nfunc main() {\n" + body + "}\n"
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, step := range [][]string{
		{"go", "mod", "init", "example.com/user"},
		{"go", "mod", "edit", "-replace", "github.com/gonqueens/nqueens=" + root},
	} {
		if out, err := runIn(dir, step...); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(step, " "), err, out)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, step := range [][]string{{"go", "mod", "tidy"}, {"go", "vet", "."}, {"go", "build", "-o", os.DevNull, "."}} {
		if out, err := runIn(dir, step...); err != nil {
			t.Fatalf("the README's snippet, %s: %v\n%s\n%s", strings.Join(step, " "), err, out, src)
		}
	}
}

// runIn runs a command in dir with the module proxy and the checksum
// database off: every module the snippet needs is the library's, in the
// module cache already, and checked against the library's go.sum when it
// came.
func runIn(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off")
	return cmd.CombinedOutput()
}
