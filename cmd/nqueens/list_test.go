package main

import (
	"strings"
	"testing"
)

func TestList(t *testing.T) {
	testOutputs(t, []output{
		{[]string{"list", "-limit", "1", "4"}, ".Q..\n...Q\nQ...\n..Q.\n"},
		{[]string{"list", "4"}, ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n"},
	})
}

// TestListLimitNote wants a note on stderr when the limit leaves solutions
// out, with their number where counting them is cheap.
func TestListLimitNote(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"list", "8"}, "nqueens: 10 of 92 shown; -limit 0 for all\n"},
		{[]string{"list", "-limit", "2", "4"}, ""},
		{[]string{"list", "-limit", "0", "6"}, ""},
		{[]string{"list", "-limit", "1", "20"}, "nqueens: the first 1 shown; -limit 0 for all\n"},
		{[]string{"complete", "-limit", "3", ".,.,.,.,.,.,.,."}, "nqueens: 3 of 92 shown; -limit 0 for all\n"},
	} {
		code, out, errOut := runCLI(t, noEnv, tt.args...)
		if code != 0 || out == "" || errOut != tt.want {
			t.Errorf("nqueens %s: exit %d, stderr %q; want %q", strings.Join(tt.args, " "), code, errOut, tt.want)
		}
	}
}

// TestSlowList wants a note for a listing that takes minutes or more, and
// none for one that does not.
func TestSlowList(t *testing.T) {
	for _, c := range []struct {
		n, limit int
		slow     bool
	}{
		{8, 0, false}, {20, 1, false}, {33, 10, false}, {34, 1, true}, {36, 1, true}, {28, 0, false}, {29, 0, true}, {64, 1, true},
	} {
		if note := slowList(c.n, c.limit); (note != "") != c.slow || c.slow && !strings.HasPrefix(note, "nqueens: list: ") {
			t.Errorf("slowList(%d, %d) = %q, want a note of list: %v", c.n, c.limit, note, c.slow)
		}
	}
}
