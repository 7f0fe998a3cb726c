package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestComplete(t *testing.T) {
	testOutputs(t, []output{
		{[]string{"complete", "-count", ".,.,.,.,.,.,.,."}, "92\n"},
		{[]string{"complete", "1,.,.,."}, ".Q..\n...Q\nQ...\n..Q.\n"},
		{[]string{"complete", "-count", "--", "-1,.,.,."}, "2\n"},
		{[]string{"complete", "-1,.,.,.", "-count"}, "2\n"},
		{[]string{"complete", "-limit", "1", ".,.,.,."}, ".Q..\n...Q\nQ...\n..Q.\n"},
	})
	// A file holds a board in either form.
	file := filepath.Join(t.TempDir(), "partial.txt")
	if err := os.WriteFile(file, []byte(".Q..\n....\n....\n....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	testOutputs(t, []output{{[]string{"complete", file}, ".Q..\n...Q\nQ...\n..Q.\n"}})
}
