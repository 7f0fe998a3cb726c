package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGeneratedCurrent runs kernelasm as go generate does, into a
// directory of its own, and wants the assembly and its declaration to be
// the backtracking package's as committed.
func TestGeneratedCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	out := t.TempDir()
	cmd := exec.Command("go", "run", ".", "-rows", "10", "-out", filepath.Join(out, "zkernel_amd64.s"),
		"-stubs", filepath.Join(out, "zkernel_amd64.go"), "-pkg", "backtrack")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("kernelasm: %v\n%s", err, b)
	}
	for _, name := range []string{"zkernel_amd64.s", "zkernel_amd64.go"} {
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		committed, err := os.ReadFile(filepath.Join("../../internal/backtrack", name))
		if err != nil || !bytes.Equal(got, committed) {
			t.Errorf("internal/backtrack/%s is stale (%v): run go generate ./internal/backtrack", name, err)
		}
	}
}
