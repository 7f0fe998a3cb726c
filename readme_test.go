package nqueens

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestREADME checks what the README promises a user with a clone alone:
// its first block holds the two commands, every file of the repository it
// names is there, and it needs nothing outside the repository.
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
	paths := regexp.MustCompile("(?:^|[ `(])((?:docs|scripts|deploy|tools|cmd|testdata)/[A-Za-z0-9_./-]*[A-Za-z0-9_])")
	for _, m := range paths.FindAllStringSubmatch(readme, -1) {
		if _, err := os.Stat(m[1]); err != nil {
			t.Errorf("README names %s: %v", m[1], err)
		}
	}
	// "../x" is read from a folder of the repository (cd tools && ...
	// ../docs): x must be in the repository too.
	up := regexp.MustCompile(`\.\./([A-Za-z0-9_.-]+)`)
	for _, m := range up.FindAllStringSubmatch(readme, -1) {
		if _, err := os.Stat(m[1]); err != nil {
			t.Errorf("README refers to ../%s, which a clone does not have", m[1])
		}
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
