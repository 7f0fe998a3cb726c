package main

import (
	"strings"
	"testing"
)

// TestTrace wants trace to print Bitwise's steps up to the solution asked
// for, or to the end of the search, and each board with -boards.
func TestTrace(t *testing.T) {
	code, out, errOut := runCLI(t, noEnv, "trace", "4")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || errOut != "" || len(lines) != 13 || lines[0] != "row 0: cols .... right .... left .... free oooo: queen at column 0" || lines[12] != "row 4: a solution, [1 3 0 2]" {
		t.Errorf("trace 4: exit %d, stdout %q, stderr %q; want 13 steps to the first solution", code, out, errOut)
	}
	code, out, _ = runCLI(t, noEnv, "trace", "-solutions", "0", "6")
	if code != 0 || strings.Count(out, "a solution") != 4 || !strings.HasSuffix(out, ": the search is done\n") {
		t.Errorf("trace -solutions 0 6: exit %d, %d solutions, ends %q; want the 4 solutions and the end of the search", code, strings.Count(out, "a solution"), out[max(0, len(out)-80):])
	}
	code, out, _ = runCLI(t, noEnv, "trace", "-boards", "-solutions", "2", "4")
	if code != 0 || !strings.HasSuffix(out, "row 4: a solution, [2 0 3 1]\n..Q.\nQ...\n...Q\n.Q..\n\n") {
		t.Errorf("trace -boards -solutions 2 4: exit %d, ends %q; want the second solution drawn", code, out[max(0, len(out)-80):])
	}
	for _, tt := range []struct{ args, want string }{
		{"trace 9", "board size 9 out of range [0, 8]"},
		{"trace -solutions -1 4", "-solutions -1 is negative"},
		{"trace", "trace needs the board size N"},
	} {
		if code, _, errOut := runCLI(t, noEnv, strings.Fields(tt.args)...); code != exitUsage || !strings.Contains(errOut, tt.want) {
			t.Errorf("nqueens %s: exit %d, stderr %q; want usage saying %q", tt.args, code, errOut, tt.want)
		}
	}
}
