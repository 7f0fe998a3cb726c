package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// joinDir is the directory of the package whose files kernelgen writes.
const joinDir = "../../internal/join"

// TestGeneratedCurrent runs kernelgen into a directory of its own and
// wants every file it writes to be the join's as committed: a change to
// the description or a back end that was not generated fails here.
func TestGeneratedCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	out := t.TempDir()
	cmd := exec.Command("go", "run", ".", "-out", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("kernelgen: %v\n%s", err, b)
	}
	written, err := os.ReadDir(out)
	if err != nil || len(written) == 0 {
		t.Fatalf("kernelgen wrote %d files, %v", len(written), err)
	}
	for _, f := range written {
		got, err := os.ReadFile(filepath.Join(out, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		committed, err := os.ReadFile(filepath.Join(joinDir, f.Name()))
		if err != nil || !bytes.Equal(got, committed) {
			t.Errorf("internal/join/%s is stale (%v): run go generate ./internal/join", f.Name(), err)
		}
	}
}

// TestRows wants each instruction set's rows to be its halves of a
// vector, where short, and its whole vectors up to maxRowWords, and the
// row of w words the least of them that holds w.
func TestRows(t *testing.T) {
	want := map[string][]int{
		"avx512": {2, 4, 8, 16, 24, 32},
		"avx2":   {2, 4, 8, 12, 16, 20, 24, 28, 32},
		"neon":   {2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32},
	}
	for _, s := range isas {
		rows := s.rows()
		if w, ok := want[s.name]; ok && !slices.Equal(rows, w) {
			t.Errorf("%s takes rows of %v words, want %v", s.name, rows, w)
		}
		if s.name == "go" && len(rows) != maxRowWords {
			t.Errorf("the Go kernels take rows of %v words, want every length up to %d", rows, maxRowWords)
		}
		for w := 1; w <= maxRowWords; w++ {
			r := s.rowFor(w)
			if i := slices.Index(rows, r); r < w || i < 0 || i > 0 && rows[i-1] >= w {
				t.Errorf("%s: the row of %d words is %d, of %v", s.name, w, r, rows)
			}
		}
		unrolled, loop := s.unrolled()
		if last := unrolled[len(unrolled)-1]; last > s.unroll() || loop != (rows[len(rows)-1] > s.unroll()) {
			t.Errorf("%s unrolls rows of %v words, up to %d, and loops over longer: %v", s.name, unrolled, s.unroll(), loop)
		}
	}
}

// TestTablesOf wants a key's 64 bits cut into as many pieces of a width
// as they hold, up to maxTables.
func TestTablesOf(t *testing.T) {
	for width, want := range map[int]int{4: maxTables, 8: 8, 9: 7} {
		if got := tablesOf(width); got != want {
			t.Errorf("tablesOf(%d) = %d, want %d", width, got, want)
		}
	}
}
