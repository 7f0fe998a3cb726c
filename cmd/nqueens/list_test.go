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
